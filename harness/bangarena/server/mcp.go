package server

import (
	"encoding/json"
	"net/http"

	"github.com/tidwall/gjson"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// SeatInput is the input of the MCP tools that read a seat's state.
type SeatInput struct {
	RoomID string `json:"roomId" jsonschema:"the room id"`
	Seat   int    `json:"seat" jsonschema:"your seat number"`
	Token  string `json:"token,omitempty" jsonschema:"your seat's agent token (or the x-agent-token header)"`
}

// RulesInput is the input of arena_get_rules (all optional).
type RulesInput struct {
	RoomID string `json:"roomId,omitempty" jsonschema:"a room id (not needed)"`
}

// SubmitInput is the input of arena_submit_decision: the decision body of
// §12 plus roomId and token.
type SubmitInput struct {
	RoomID             string         `json:"roomId" jsonschema:"the room id"`
	Seat               int            `json:"seat" jsonschema:"your seat number"`
	Token              string         `json:"token,omitempty" jsonschema:"your seat's agent token (or the x-agent-token header)"`
	ActionID           string         `json:"actionId" jsonschema:"the actionId of one item of legalActions"`
	CommandID          string         `json:"commandId" jsonschema:"a unique id of this command (idempotency key)"`
	ObservationVersion *int           `json:"observationVersion,omitempty" jsonschema:"the observationVersion the decision is based on"`
	BasedOnVersion     *int           `json:"basedOnVersion,omitempty" jsonschema:"alias of observationVersion"`
	Args               map[string]any `json:"args,omitempty" jsonschema:"args merged over the item's argsSchema"`
}

// LegalList is the output of arena_list_legal_actions.
type LegalList struct {
	ObservationVersion int               `json:"observationVersion"`
	DecisionID         *string           `json:"decisionId"`
	LegalActions       []ref.LegalAction `json:"legalActions"`
}

// MCP tool names.
const (
	ToolGetRules           = "arena_get_rules"
	ToolGetObservation     = "arena_get_observation"
	ToolListLegalActions   = "arena_list_legal_actions"
	ToolGetDecisionRequest = "arena_get_decision_request"
	ToolSubmitDecision     = "arena_submit_decision"
)

func argsJSON(m map[string]any) json.RawMessage {
	if m == nil {
		return nil
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil
	}
	return b
}

// tokenOf takes the token from the tool input, else from the HTTP header.
func tokenOf(h http.Header, token string) string {
	if token != "" || h == nil {
		return token
	}
	return h.Get("x-agent-token")
}

// toolDescriptions holds the description of each tool, in listing order.
func toolDescriptions() [][2]string {
	return [][2]string{
		{ToolGetRules, "The BangArena rules summary: versions, ids of roles, cards, characters and commands, and umpire's rule catalogue."},
		{ToolGetObservation, "Your seat's PlayerView (the observation of the current DecisionRequest)."},
		{ToolListLegalActions, "The legalActions of your pending decision (empty when none is pending)."},
		{ToolGetDecisionRequest, "Your seat's whole DecisionRequest, as GET /api/ai/rooms/{roomId}/observe answers it."},
		{ToolSubmitDecision, "Answer your pending decision with one actionId of legalActions and a unique commandId."},
	}
}

// Tool answers: the REST answers, with the error body for an error.

func (s *Server) toolRules(RulesInput) reply {
	if s.dialects.rewrites() {
		// As GET /api/arena/rules answers it in the server's dialects.
		if b, err := json.Marshal(RulesSummary()); err == nil {
			_, out := s.rewrite("/api/arena/rules", http.StatusOK, b)
			return reply{http.StatusOK, json.RawMessage(out)}
		}
	}
	return reply{http.StatusOK, RulesSummary()}
}

func (s *Server) toolObservation(in SeatInput, h http.Header) reply {
	rp := s.observe(in.RoomID, in.Seat, tokenOf(h, in.Token))
	if q, ok := rp.body.(Request); ok {
		rp.body = q.Observation
		if raw := s.dialectRequest(in.RoomID, q); raw != nil {
			rp.body = json.RawMessage(gjson.GetBytes(raw, "observation").Raw)
		}
	}
	return rp
}

func (s *Server) toolLegal(in SeatInput, h http.Header) reply {
	rp := s.observe(in.RoomID, in.Seat, tokenOf(h, in.Token))
	if q, ok := rp.body.(Request); ok {
		rp.body = LegalList{ObservationVersion: q.ObservationVersion, DecisionID: q.DecisionID, LegalActions: s.mcpLegal(q.LegalActions)}
		if raw := s.dialectRequest(in.RoomID, q); raw != nil {
			rp.body = s.dialectLegal(raw)
		}
	}
	return rp
}

func (s *Server) toolRequest(in SeatInput, h http.Header) reply {
	rp := s.observe(in.RoomID, in.Seat, tokenOf(h, in.Token))
	if q, ok := rp.body.(Request); ok {
		if raw := s.dialectRequest(in.RoomID, q); raw != nil {
			rp.body = raw
		}
	}
	return rp
}

func (s *Server) toolSubmit(in SubmitInput, h http.Header) reply {
	seat := in.Seat
	body, err := json.Marshal(Decision{Seat: &seat, ActionID: in.ActionID, CommandID: in.CommandID,
		ObservationVersion: in.ObservationVersion, BasedOnVersion: in.BasedOnVersion, Args: argsJSON(in.Args)})
	if err != nil {
		return errReply(http.StatusUnprocessableEntity, CodeMalformed, "cannot encode the decision: %v", err)
	}
	return s.decide(in.RoomID, tokenOf(h, in.Token), body)
}
