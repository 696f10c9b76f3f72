package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"sort"
	"strconv"
	"testing"
)

// toolCaller calls an MCP tool and returns its structured output and
// isError flag.
type toolCaller func(t *testing.T, name string, args map[string]any) (json.RawMessage, bool)

// testMCPTools checks every tool against the REST answer it mirrors. It is
// run with a raw JSON-RPC client here and with the official SDK client
// as well.
func testMCPTools(t *testing.T, f *fixture, call toolCaller) {
	c := agentsRoom(t, f, RoomConfig{})
	seat, _ := f.waitDecider(c)
	tok := c.Tokens[seat]
	seatArgs := map[string]any{"roomId": c.RoomID, "seat": seat, "token": tok}

	same := func(what string, a, b []byte) {
		t.Helper()
		var x, y any
		if err := json.Unmarshal(a, &x); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if err := json.Unmarshal(b, &y); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if !reflect.DeepEqual(x, y) {
			t.Fatalf("%s: MCP and REST differ\nMCP:  %s\nREST: %s", what, truncate(a), truncate(b))
		}
	}

	out, isErr := call(t, ToolGetRules, map[string]any{})
	_, rest := f.do("GET", "/api/arena/rules", "", nil)
	if isErr {
		t.Fatalf("arena_get_rules: error %s", out)
	}
	checkSchema(t, "mcp_arena_get_rules_output", out)
	same(ToolGetRules, out, rest)

	_, _, restReq := f.observe(c.RoomID, seat, tok)
	out, isErr = call(t, ToolGetDecisionRequest, seatArgs)
	if isErr {
		t.Fatalf("arena_get_decision_request: error %s", out)
	}
	checkSchema(t, "mcp_arena_get_decision_request_output", out)
	same(ToolGetDecisionRequest, out, restReq)

	var w wire
	_ = json.Unmarshal(restReq, &w)
	var restObs struct {
		Observation json.RawMessage `json:"observation"`
	}
	_ = json.Unmarshal(restReq, &restObs)
	out, isErr = call(t, ToolGetObservation, seatArgs)
	if isErr {
		t.Fatalf("arena_get_observation: error %s", out)
	}
	checkSchema(t, "mcp_arena_get_observation_output", out)
	same(ToolGetObservation, out, restObs.Observation)

	out, isErr = call(t, ToolListLegalActions, seatArgs)
	if isErr {
		t.Fatalf("arena_list_legal_actions: error %s", out)
	}
	checkSchema(t, "mcp_arena_list_legal_actions_output", out)
	var ll LegalList
	_ = json.Unmarshal(out, &ll)
	if ll.ObservationVersion != w.ObservationVersion || len(ll.LegalActions) != len(w.LegalActions) || ll.DecisionID == nil {
		t.Fatalf("arena_list_legal_actions: %s", out)
	}

	// A wrong token is the REST error body with isError.
	bad := map[string]any{"roomId": c.RoomID, "seat": seat, "token": "wrong"}
	out, isErr = call(t, ToolGetDecisionRequest, bad)
	if !isErr || !bytes.Contains(out, []byte(CodeUnauthorized)) {
		t.Fatalf("wrong token: isError %v %s", isErr, out)
	}

	submit := map[string]any{"roomId": c.RoomID, "seat": seat, "token": tok,
		"actionId": w.LegalActions[0].ActionID, "commandId": "mcp-1", "observationVersion": w.ObservationVersion}
	out, isErr = call(t, ToolSubmitDecision, submit)
	if isErr {
		t.Fatalf("arena_submit_decision: error %s", out)
	}
	checkSchema(t, "mcp_arena_submit_decision_output", out)
	var a Answer
	_ = json.Unmarshal(out, &a)
	if !a.OK || a.ObservationVersion != w.ObservationVersion+1 {
		t.Fatalf("arena_submit_decision: %s", out)
	}
	// The same commandId over REST is the stored answer.
	st, m, body := f.post(c.RoomID, tok, decision(seat, w.LegalActions[0].ActionID, "mcp-1", w.ObservationVersion))
	if st != http.StatusOK || m["duplicate"] != true {
		t.Fatalf("REST repeat of an MCP commandId: %d %s", st, body)
	}
	// A stale submit is an error body.
	submit["commandId"] = "mcp-2"
	out, isErr = call(t, ToolSubmitDecision, submit)
	if !isErr {
		t.Fatalf("stale submit accepted: %s", out)
	}
	checkSchema(t, "mcp_arena_submit_decision_output", out)
}

// rpcClient speaks JSON-RPC to /mcp with plain HTTP.
type rpcClient struct {
	f  *fixture
	id int
}

func (c *rpcClient) rpc(t *testing.T, method string, params any) (int, map[string]json.RawMessage) {
	t.Helper()
	c.id++
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": c.id, "method": method, "params": params})
	req, _ := http.NewRequest("POST", c.f.base+"/mcp", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	resp, err := c.f.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var m map[string]json.RawMessage
	if resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatalf("%s: %v %s", method, err, body)
		}
		if string(m["id"]) != strconv.Itoa(c.id) {
			t.Fatalf("%s: answer id %s, want %d", method, m["id"], c.id)
		}
	}
	return resp.StatusCode, m
}

func (c *rpcClient) call(t *testing.T, name string, args map[string]any) (json.RawMessage, bool) {
	t.Helper()
	st, m := c.rpc(t, "tools/call", map[string]any{"name": name, "arguments": args})
	if st != http.StatusOK || m["result"] == nil {
		t.Fatalf("tools/call %s: %d %v", name, st, m)
	}
	var res struct {
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
		StructuredContent json.RawMessage `json:"structuredContent"`
		IsError           bool            `json:"isError"`
	}
	if err := json.Unmarshal(m["result"], &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Content) != 1 || res.Content[0].Type != "text" {
		t.Fatalf("tools/call %s: content %+v", name, res.Content)
	}
	var a, b any
	_ = json.Unmarshal([]byte(res.Content[0].Text), &a)
	_ = json.Unmarshal(res.StructuredContent, &b)
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("tools/call %s: text and structuredContent differ", name)
	}
	return res.StructuredContent, res.IsError
}

func TestMCPOverHTTP(t *testing.T) {
	f := newFixtureWith(t, Options{}, nil)
	c := &rpcClient{f: f}
	st, m := c.rpc(t, "initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "test", "version": "1"}})
	if st != http.StatusOK || m["result"] == nil {
		t.Fatalf("initialize: %d %v", st, m)
	}
	st, m = c.rpc(t, "tools/list", map[string]any{})
	var list struct {
		Tools []struct {
			Name        string         `json:"name"`
			InputSchema map[string]any `json:"inputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(m["result"], &list); err != nil || st != http.StatusOK {
		t.Fatalf("tools/list: %d %v %v", st, m, err)
	}
	var names []string
	for _, tl := range list.Tools {
		names = append(names, tl.Name)
		if tl.InputSchema["type"] != "object" {
			t.Fatalf("tool %s: input schema %v", tl.Name, tl.InputSchema)
		}
	}
	sort.Strings(names)
	want := []string{ToolGetDecisionRequest, ToolGetObservation, ToolGetRules, ToolListLegalActions, ToolSubmitDecision}
	if !reflect.DeepEqual(names, want) {
		t.Fatalf("tools: have %v, want %v", names, want)
	}
	for _, tc := range []struct {
		name, method string
		params       any
		code         string
	}{
		{"unknown tool", "tools/call", map[string]any{"name": "arena_cheat"}, "-32602"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, m := c.rpc(t, tc.method, tc.params)
			if !bytes.Contains(m["error"], []byte(tc.code)) {
				t.Fatalf("have %s, want error %s", m["error"], tc.code)
			}
		})
	}
	// A call without a seat is refused (by the SDK's input validation).
	if out, isErr := c.call(t, ToolGetObservation, map[string]any{"roomId": "r-x"}); !isErr {
		t.Fatalf("missing seat accepted: %s", out)
	}
	if st, _ := f.do("GET", "/mcp", "", nil); st != http.StatusMethodNotAllowed {
		t.Fatalf("GET /mcp: have %d, want 405", st)
	}
	if st, _ := f.do("POST", "/mcp", "", []byte("{")); st != http.StatusBadRequest {
		t.Fatalf("broken JSON-RPC: have %d, want 400", st)
	}
	testMCPTools(t, f, c.call)
}

// TestMCPRefusesBatches: a JSON-RPC batch is refused whole with a JSON-RPC
// error (MCP has no batches since 2025-06-18); a batch of thousands of
// observations in one 1 MiB body was answered in memory and took the server
// down. A single message still works.
func TestMCPRefusesBatches(t *testing.T) {
	f := newFixtureWith(t, Options{}, nil)
	call := `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"arena_get_rules","arguments":{}}}`
	var batch bytes.Buffer
	batch.WriteString(" [")
	for i := range 3000 {
		if i > 0 {
			batch.WriteByte(',')
		}
		fmt.Fprintf(&batch, call, i)
	}
	batch.WriteByte(']')
	st, body := f.doMCP(batch.Bytes())
	if st != http.StatusBadRequest || !bytes.Contains(body, []byte("-32600")) {
		t.Fatalf("batch: have %d %.200s, want 400 with JSON-RPC error -32600", st, body)
	}
	st, body = f.doMCP(fmt.Appendf(nil, call, 1))
	if st != http.StatusOK || !bytes.Contains(body, []byte(`"result"`)) {
		t.Fatalf("single call: have %d %.200s, want 200 with a result", st, body)
	}
}

// doMCP posts a raw JSON-RPC body to /mcp and returns status and body.
func (f *fixture) doMCP(body []byte) (int, []byte) {
	f.t.Helper()
	req, _ := http.NewRequest("POST", f.base+"/mcp", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	resp, err := f.http.Client().Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}
