package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
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
	if s.dialects.on(DialectMCPSnakeArgs) {
		s.addSnakeTools(srv, d, hdr)
	} else {
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
	}
	return singleCalls(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv },
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true}))
}

// singleCalls refuses a JSON-RPC batch (a body that is an array) with a
// JSON-RPC error and passes single messages on. MCP no longer has batches
// (protocol 2025-06-18), and an answer to a batch is built whole in memory:
// a 1 MiB body of small calls would hold thousands of observations at once.
// The body is already capped (MaxBodyBytes).
func singleCalls(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Method != http.MethodPost {
			h.ServeHTTP(w, req)
			return
		}
		body, err := io.ReadAll(req.Body)
		if err != nil {
			http.Error(w, "request body too large or unreadable", http.StatusRequestEntityTooLarge)
			return
		}
		if t := bytes.TrimLeft(body, " \t\r\n"); len(t) > 0 && t[0] == '[' {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"JSON-RPC batches are not accepted: send one message per request"}}`)
			return
		}
		req.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, req)
	})
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
