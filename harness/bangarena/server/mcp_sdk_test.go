package server

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMCPWithSDKClient drives /mcp with the official SDK's client over a
// real loopback server.
func TestMCPWithSDKClient(t *testing.T) {
	testSDKClient(t, newFixtureWith(t, Options{}, nil))
}

func testSDKClient(t *testing.T, f *fixture) {
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "umpire-test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: f.base + "/mcp", HTTPClient: f.http.Client(), DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools.Tools) != 5 {
		t.Fatalf("%d tools, want 5", len(tools.Tools))
	}
	testMCPTools(t, f, func(t *testing.T, name string, args map[string]any) (json.RawMessage, bool) {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			t.Fatal(err)
		}
		return b, res.IsError
	})
}
