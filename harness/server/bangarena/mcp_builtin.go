package bangarena

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// mcpProtocolVersions are the MCP protocol revisions this handler speaks,
// newest first.
func mcpProtocolVersions() []string { return []string{"2025-06-18", "2025-03-26", "2024-11-05"} }

// builtinMCPHandler is a minimal MCP server over streamable HTTP in stateless
// mode with JSON answers — the wire the official SDK speaks with
// StreamableHTTPOptions{Stateless: true, JSONResponse: true}: one JSON-RPC
// request per POST, initialize, ping, tools/list and tools/call. Tool
// outputs are the REST answers (structuredContent and a text copy); an
// error answer is the REST error body with isError true.
func (s *Server) builtinMCPHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, req.Body, MaxBodyBytes))
		if err != nil {
			writeRPC(w, http.StatusBadRequest, rpcError(nil, -32700, "cannot read the body"))
			return
		}
		var m struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Method  string          `json:"method"`
			Params  json.RawMessage `json:"params"`
		}
		if err := json.Unmarshal(body, &m); err != nil {
			writeRPC(w, http.StatusBadRequest, rpcError(nil, -32700, "parse error: "+err.Error()))
			return
		}
		if m.JSONRPC != "2.0" || m.Method == "" {
			if len(m.ID) == 0 {
				w.WriteHeader(http.StatusAccepted) // a response or stray notification: nothing to answer
				return
			}
			writeRPC(w, http.StatusBadRequest, rpcError(m.ID, -32600, "invalid request"))
			return
		}
		if len(m.ID) == 0 || bytes.Equal(m.ID, []byte("null")) {
			w.WriteHeader(http.StatusAccepted) // notifications (initialized, cancelled, …)
			return
		}
		result, rerr := s.mcpCall(m.Method, m.Params, req.Header)
		if rerr != nil {
			writeRPC(w, http.StatusOK, rpcError(m.ID, rerr.Code, rerr.Message))
			return
		}
		writeRPC(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": result})
	})
}

type rpcErr struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func rpcError(id json.RawMessage, code int, msg string) map[string]any {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return map[string]any{"jsonrpc": "2.0", "id": id, "error": rpcErr{code, msg}}
}

func writeRPC(w http.ResponseWriter, status int, v any) {
	b, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

func (s *Server) mcpCall(method string, params json.RawMessage, h http.Header) (any, *rpcErr) {
	switch method {
	case "initialize":
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_ = json.Unmarshal(params, &p)
		v := mcpProtocolVersions()[0]
		if slices.Contains(mcpProtocolVersions(), p.ProtocolVersion) {
			v = p.ProtocolVersion
		}
		return map[string]any{
			"protocolVersion": v,
			"capabilities":    map[string]any{"tools": map[string]any{"listChanged": false}},
			"serverInfo":      map[string]any{"name": "umpire-bangarena", "version": ref.ProtocolVersion},
		}, nil
	case "ping":
		return map[string]any{}, nil
	case "tools/list":
		var tools []map[string]any
		for _, t := range toolDescriptions() {
			if t[0] == ToolSubmitDecision && s.faults.on(FaultMCPMissingTool) {
				continue
			}
			tools = append(tools, map[string]any{"name": t[0], "description": t[1], "inputSchema": json.RawMessage(toolInputSchema(t[0]))})
		}
		return map[string]any{"tools": tools}, nil
	case "tools/call":
		var p struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		if err := json.Unmarshal(params, &p); err != nil || p.Name == "" {
			return nil, &rpcErr{-32602, "tools/call needs params {name, arguments}"}
		}
		if p.Name == ToolSubmitDecision && s.faults.on(FaultMCPMissingTool) {
			return nil, &rpcErr{-32602, fmt.Sprintf("unknown tool %q", p.Name)}
		}
		rp, ok := s.dispatchTool(p.Name, p.Arguments, h)
		if !ok {
			return nil, &rpcErr{-32602, fmt.Sprintf("unknown tool %q", p.Name)}
		}
		b, err := json.Marshal(rp.body)
		if err != nil {
			return nil, &rpcErr{-32603, "cannot encode the tool output"}
		}
		return map[string]any{
			"content":           []map[string]any{{"type": "text", "text": string(b)}},
			"structuredContent": json.RawMessage(b),
			"isError":           rp.isError(),
		}, nil
	}
	return nil, &rpcErr{-32601, fmt.Sprintf("method %q not found", method)}
}

// dispatchTool decodes a tool's arguments and calls it; ok is false for an
// unknown tool. Arguments of the wrong shape give a malformed error body.
func (s *Server) dispatchTool(name string, args json.RawMessage, h http.Header) (reply, bool) {
	if len(bytes.TrimSpace(args)) == 0 || bytes.Equal(bytes.TrimSpace(args), []byte("null")) {
		args = json.RawMessage("{}")
	}
	bad := func(err error) reply {
		return errReply(http.StatusUnprocessableEntity, CodeInvalidParams, "arguments of %s: %v", name, err)
	}
	seatIn := func() (SeatInput, error) {
		var in SeatInput
		var probe map[string]json.RawMessage
		if err := json.Unmarshal(args, &probe); err != nil {
			return in, err
		}
		if _, ok := probe["seat"]; !ok {
			return in, fmt.Errorf("seat is required")
		}
		if err := json.Unmarshal(args, &in); err != nil {
			return in, err
		}
		if in.RoomID == "" {
			return in, fmt.Errorf("roomId is required")
		}
		return in, nil
	}
	switch name {
	case ToolGetRules:
		var in RulesInput
		if err := json.Unmarshal(args, &in); err != nil {
			return bad(err), true
		}
		return s.toolRules(in), true
	case ToolGetObservation, ToolListLegalActions, ToolGetDecisionRequest:
		in, err := seatIn()
		if err != nil {
			return bad(err), true
		}
		switch name {
		case ToolGetObservation:
			return s.toolObservation(in, h), true
		case ToolListLegalActions:
			return s.toolLegal(in, h), true
		}
		return s.toolRequest(in, h), true
	case ToolSubmitDecision:
		if _, err := seatIn(); err != nil {
			return bad(err), true
		}
		var in SubmitInput
		if err := json.Unmarshal(args, &in); err != nil {
			return bad(err), true
		}
		return s.toolSubmit(in, h), true
	}
	return reply{}, false
}

// toolInputSchema returns the JSON Schema of a tool's input.
func toolInputSchema(name string) string {
	seat := `"roomId":{"type":"string","description":"the room id"},"seat":{"type":"integer","description":"your seat number"},"token":{"type":"string","description":"your seat's agent token (or the x-agent-token header)"}`
	switch name {
	case ToolGetRules:
		return `{"type":"object","properties":{"roomId":{"type":"string"}}}`
	case ToolSubmitDecision:
		return `{"type":"object","required":["roomId","seat","actionId","commandId"],"properties":{` + seat +
			`,"actionId":{"type":"string"},"commandId":{"type":"string"},"observationVersion":{"type":"integer"},"basedOnVersion":{"type":"integer"},"args":{"type":"object"}}}`
	}
	return `{"type":"object","required":["roomId","seat"],"properties":{` + seat + `}}`
}
