package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// postMCP posts one JSON-RPC call to h's /mcp and decodes its result.
func postMCP(t *testing.T, h http.Handler, method string, params any) map[string]any {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	req := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var m struct {
		Result map[string]any `json:"result"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil || m.Result == nil {
		t.Fatalf("%s: HTTP %d %.300s", method, rec.Code, rec.Body.String())
	}
	return m.Result
}

// testSnakeArgs (DialectMCPSnakeArgs): tools/list publishes the dialect's
// argument names, arena_list_legal_actions answers when called with them
// (the seat as a string) and refuses umpire's names.
func testSnakeArgs(t *testing.T, h http.Handler, c Created, seat, items int) {
	t.Helper()
	list := postMCP(t, h, "tools/list", map[string]any{})
	tools, _ := list["tools"].([]any)
	seen := 0
	for _, x := range tools {
		tool := x.(map[string]any)
		if tool["name"] != ToolListLegalActions && tool["name"] != ToolSubmitDecision {
			continue
		}
		seen++
		props, _ := tool["inputSchema"].(map[string]any)["properties"].(map[string]any)
		if props["room_id"] == nil || props["seat_id"] == nil || props["roomId"] != nil {
			t.Errorf("%s publishes %v, want room_id and seat_id, no roomId", tool["name"], props)
		}
	}
	if seen != 2 {
		t.Fatalf("tools/list names %d of the two tools: %v", seen, tools)
	}
	call := func(args map[string]any) map[string]any {
		return postMCP(t, h, "tools/call", map[string]any{"name": ToolListLegalActions, "arguments": args})
	}
	got := call(map[string]any{"room_id": c.RoomID, "seat_id": fmt.Sprint(seat), "agent_token": c.Tokens[seat]})
	sc, _ := got["structuredContent"].(map[string]any)
	if got["isError"] == true || sc == nil || len(sc["legalActions"].([]any)) != items {
		t.Errorf("with the dialect's names: %v, want %d items", got, items)
	}
	if old := call(map[string]any{"roomId": c.RoomID, "seat": seat, "token": c.Tokens[seat]}); old["isError"] != true {
		if sc, _ := old["structuredContent"].(map[string]any); sc != nil && sc["legalActions"] != nil {
			t.Errorf("umpire's names answered as if they were the dialect's: %v", old)
		}
	}
}
