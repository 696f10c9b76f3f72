package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tidwall/gjson"
)

// DialectMCPSnakeArgs names the MCP tools' arguments its own way: room_id,
// seat_id (a string), agent_token, action_id, command_id,
// observation_version and args, as each tool's published input schema
// says. §12 names the tools, not their arguments (I-BA-M1).
const DialectMCPSnakeArgs Dialect = "mcp-snake-args"

// snakeSeatInput is the input of the seat tools in DialectMCPSnakeArgs.
type snakeSeatInput struct {
	RoomID string `json:"room_id" jsonschema:"the room id"`
	SeatID string `json:"seat_id" jsonschema:"your seat number, as a string"`
	Token  string `json:"agent_token,omitempty" jsonschema:"your seat's agent token (or the x-agent-token header)"`
}

// snakeSubmitInput is the input of arena_submit_decision in
// DialectMCPSnakeArgs.
type snakeSubmitInput struct {
	snakeSeatInput
	ActionID           string         `json:"action_id" jsonschema:"the actionId of one item of legalActions"`
	CommandID          string         `json:"command_id" jsonschema:"a unique id of this command (idempotency key)"`
	ObservationVersion *int           `json:"observation_version,omitempty" jsonschema:"the observationVersion the decision is based on"`
	Args               map[string]any `json:"args,omitempty" jsonschema:"args merged over the item's argsSchema"`
}

// seat converts the input to umpire's names; ok is false for a seat that
// is no number.
func (in snakeSeatInput) seat() (SeatInput, bool) {
	n, err := strconv.Atoi(in.SeatID)
	return SeatInput{RoomID: in.RoomID, Seat: n, Token: in.Token}, err == nil
}

// addSnakeTools registers the four seat tools with the dialect's argument
// names; each answers as its umpire-named twin.
func (s *Server) addSnakeTools(srv *mcp.Server, d map[string]string, hdr func(*mcp.CallToolRequest) http.Header) {
	badSeat := func() (*mcp.CallToolResult, any, error) {
		return sdkReply(errReply(http.StatusUnprocessableEntity, CodeBadSeat, "seat_id must be a seat number"))
	}
	for name, answer := range map[string]func(SeatInput, http.Header) reply{
		ToolGetObservation: s.toolObservation, ToolListLegalActions: s.toolLegal, ToolGetDecisionRequest: s.toolRequest,
	} {
		mcp.AddTool(srv, &mcp.Tool{Name: name, Description: d[name]},
			func(_ context.Context, req *mcp.CallToolRequest, in snakeSeatInput) (*mcp.CallToolResult, any, error) {
				si, ok := in.seat()
				if !ok {
					return badSeat()
				}
				return sdkReply(answer(si, hdr(req)))
			})
	}
	if s.faults.on(FaultMCPMissingTool) {
		return
	}
	mcp.AddTool(srv, &mcp.Tool{Name: ToolSubmitDecision, Description: d[ToolSubmitDecision]},
		func(_ context.Context, req *mcp.CallToolRequest, in snakeSubmitInput) (*mcp.CallToolResult, any, error) {
			si, ok := in.seat()
			if !ok {
				return badSeat()
			}
			return sdkReply(s.toolSubmit(SubmitInput{RoomID: si.RoomID, Seat: si.Seat, Token: si.Token, ActionID: in.ActionID,
				CommandID: in.CommandID, ObservationVersion: in.ObservationVersion, Args: in.Args}, hdr(req)))
		})
}

// dialectRequest returns the DecisionRequest q as observe sends it in the
// server's dialects, or nil when no dialect rewrites answers: the MCP tools
// answer what their REST twins answer (I-BA-M1), dialects included.
func (s *Server) dialectRequest(roomID string, q Request) json.RawMessage {
	if !s.dialects.rewrites() {
		return nil
	}
	b, err := appendBody(nil, q)
	if err != nil {
		return nil
	}
	_, out := s.rewrite("/api/ai/rooms/"+roomID+"/observe", http.StatusOK, b)
	return out
}

// dialectLegal is arena_list_legal_actions' answer cut from a rewritten
// DecisionRequest raw (FaultMCPLegalShort applied).
func (s *Server) dialectLegal(raw json.RawMessage) any {
	var items []json.RawMessage
	_ = json.Unmarshal([]byte(gjson.GetBytes(raw, "legalActions").Raw), &items)
	if s.faults.on(FaultMCPLegalShort) && len(items) > 0 {
		items = items[:len(items)-1]
	}
	if items == nil {
		items = []json.RawMessage{}
	}
	return map[string]any{"observationVersion": json.RawMessage(gjson.GetBytes(raw, "observationVersion").Raw),
		"decisionId": json.RawMessage(gjson.GetBytes(raw, "decisionId").Raw), "legalActions": items}
}
