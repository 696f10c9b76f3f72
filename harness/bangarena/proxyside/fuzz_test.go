package proxyside

import "testing"

// FuzzReaders: the BangArena judge's readers of what agents and servers
// send (MCP tool calls and results, DecisionRequests) never panic,
// whatever the bytes.
func FuzzReaders(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"arena_submit_decision","arguments":{"roomId":"r","seat":0,"actionId":"a","commandId":"c","observationVersion":3}}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\"error\":{\"reask\":true}}"}]}}`,
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"structuredContent\":{\"ok\":true}}}\n\n",
		`{"seatId":0,"legalActions":[],"observation":{"you":0,"players":[{"seat":1,"hand":[{"uid":"x"}]}],"events":[{"seq":1,"type":"turn_start"}]}}`,
		`[`, `{"type":`, `null`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _, _, _, _, _ = mcpCall(b)
		_, _, _ = mcpResult("text/event-stream", b)
		_, _, _ = mcpResult("application/json", b)
		var c eventCache
		_, _ = decodeRequest(b, &c)
		_, _ = decodeRequest(b, &c)
		_, _ = decodeLight(b)
	})
}
