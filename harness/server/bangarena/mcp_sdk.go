package bangarena

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// MCPImplementation names the MCP implementation serving /mcp: the official
// Go SDK.
const MCPImplementation = "go-sdk"

// mcpHandler builds the MCP server with the official Go SDK (stateless
// streamable HTTP, JSON answers): no session outlives a request, so nothing
// is left behind when a client vanishes. Tool outputs are the REST answers;
// an error answer is the REST error body with isError true.
func (s *Server) mcpHandler() http.Handler {
	srv := mcp.NewServer(&mcp.Implementation{Name: "umpire-bangarena", Version: ref.ProtocolVersion}, nil)
	d := map[string]string{}
	for _, t := range toolDescriptions() {
		d[t[0]] = t[1]
	}
	hdr := func(req *mcp.CallToolRequest) http.Header {
		if req == nil || req.Extra == nil {
			return nil
		}
		return req.Extra.Header
	}
	mcp.AddTool(srv, &mcp.Tool{Name: ToolGetRules, Description: d[ToolGetRules]},
		func(_ context.Context, _ *mcp.CallToolRequest, in RulesInput) (*mcp.CallToolResult, any, error) {
			return sdkReply(s.toolRules(in))
		})
	mcp.AddTool(srv, &mcp.Tool{Name: ToolGetObservation, Description: d[ToolGetObservation]},
		func(_ context.Context, req *mcp.CallToolRequest, in SeatInput) (*mcp.CallToolResult, any, error) {
			return sdkReply(s.toolObservation(in, hdr(req)))
		})
	mcp.AddTool(srv, &mcp.Tool{Name: ToolListLegalActions, Description: d[ToolListLegalActions]},
		func(_ context.Context, req *mcp.CallToolRequest, in SeatInput) (*mcp.CallToolResult, any, error) {
			return sdkReply(s.toolLegal(in, hdr(req)))
		})
	mcp.AddTool(srv, &mcp.Tool{Name: ToolGetDecisionRequest, Description: d[ToolGetDecisionRequest]},
		func(_ context.Context, req *mcp.CallToolRequest, in SeatInput) (*mcp.CallToolResult, any, error) {
			return sdkReply(s.toolRequest(in, hdr(req)))
		})
	if !s.faults.on(FaultMCPMissingTool) {
		mcp.AddTool(srv, &mcp.Tool{Name: ToolSubmitDecision, Description: d[ToolSubmitDecision]},
			func(_ context.Context, req *mcp.CallToolRequest, in SubmitInput) (*mcp.CallToolResult, any, error) {
				return sdkReply(s.toolSubmit(in, hdr(req)))
			})
	}
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv },
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})
}

// sdkReply turns a REST reply into a tool result: the same JSON, with
// isError set for an error body.
func sdkReply(rp reply) (*mcp.CallToolResult, any, error) {
	b, err := appendBody(nil, rp.body)
	if err != nil {
		return nil, nil, err
	}
	if rp.isError() {
		return &mcp.CallToolResult{IsError: true}, json.RawMessage(b), nil
	}
	return nil, json.RawMessage(b), nil
}
