package probe

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// mcpTools are the tools a BangArena server offering MCP must list.
func mcpTools() []string {
	return []string{"arena_get_rules", "arena_get_observation", "arena_list_legal_actions", "arena_get_decision_request", "arena_submit_decision"}
}

// mcpClient speaks just enough JSON-RPC over MCP's streamable HTTP transport
// to list and call tools.
type mcpClient struct {
	t       *Target
	session string
	id      int
}

// call sends one request (or a notification when id is 0) and returns the
// HTTP status and the JSON-RPC message answering it.
func (c *mcpClient) call(ctx context.Context, method string, params any, notify bool) (int, json.RawMessage, error) {
	msg := map[string]any{"jsonrpc": "2.0", "method": method}
	if params != nil {
		msg["params"] = params
	}
	if !notify {
		c.id++
		msg["id"] = c.id
	}
	data, _ := json.Marshal(msg)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.t.URL+"/mcp", bytes.NewReader(data))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if c.session != "" {
		req.Header.Set("Mcp-Session-Id", c.session)
	}
	resp, err := c.t.client().Do(req)
	if err != nil {
		return 0, nil, fmt.Errorf("POST /mcp: %w", err)
	}
	defer resp.Body.Close()
	if s := resp.Header.Get("Mcp-Session-Id"); s != "" {
		c.session = s
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return resp.StatusCode, nil, err
	}
	if notify || resp.StatusCode != http.StatusOK {
		return resp.StatusCode, body, nil
	}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		sc := bufio.NewScanner(bytes.NewReader(body))
		sc.Buffer(nil, 8<<20)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data:"); ok {
				var m struct {
					ID any `json:"id"`
				}
				if json.Unmarshal([]byte(d), &m) == nil && m.ID != nil {
					return resp.StatusCode, json.RawMessage(strings.TrimSpace(d)), nil
				}
			}
		}
		return resp.StatusCode, nil, fmt.Errorf("POST /mcp: no answer in the event stream")
	}
	return resp.StatusCode, body, nil
}

func baProbeMCP(ctx context.Context, t *Target) Result {
	if t.MCP == MCPNo {
		return skip("the target declares no MCP (--mcp no)")
	}
	c := &mcpClient{t: t}
	status, data, err := c.call(ctx, "initialize", map[string]any{
		"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "umpire", "version": "conform"},
	}, false)
	if err != nil {
		return probeErr(err)
	}
	if status == http.StatusNotFound {
		if t.MCP == MCPYes {
			return Result{Findings: []reports.Finding{finding("bangarena/server.mcp-tools", rules.Where{}, "MCP at /mcp", "HTTP 404", "the target declares MCP but /mcp answers 404")}}
		}
		return skip("/mcp answers 404: the server offers no MCP (optional)")
	}
	if status != http.StatusOK {
		return Result{Findings: []reports.Finding{finding("bangarena/server.mcp-tools", rules.Where{}, "HTTP 200 to initialize", fmt.Sprintf("HTTP %d %s", status, clip(data)), "MCP initialize failed")}}
	}
	_, _, _ = c.call(ctx, "notifications/initialized", nil, true)
	status, data, err = c.call(ctx, "tools/list", map[string]any{}, false)
	if err != nil {
		return probeErr(err)
	}
	var list struct {
		Result struct {
			Tools []struct {
				Name string `json:"name"`
			} `json:"tools"`
		} `json:"result"`
	}
	if status != http.StatusOK || json.Unmarshal(data, &list) != nil {
		return Result{Findings: []reports.Finding{finding("bangarena/server.mcp-tools", rules.Where{}, "a tools/list result", fmt.Sprintf("HTTP %d %s", status, clip(data)), "MCP tools/list failed")}}
	}
	have := map[string]bool{}
	for _, x := range list.Result.Tools {
		have[x.Name] = true
	}
	var res Result
	for _, name := range mcpTools() {
		if !have[name] {
			res.Findings = append(res.Findings, finding("bangarena/server.mcp-tools", rules.Where{}, name, "missing", "MCP does not list the tool %s", name))
		}
	}
	status, data, err = c.call(ctx, "tools/call", map[string]any{"name": "arena_get_rules", "arguments": map[string]any{}}, false)
	if err != nil {
		return probeErr(err)
	}
	var called struct {
		Result *struct {
			IsError bool `json:"isError"`
		} `json:"result"`
	}
	if status != http.StatusOK || json.Unmarshal(data, &called) != nil || called.Result == nil || called.Result.IsError {
		res.Findings = append(res.Findings, finding("bangarena/server.mcp-tools", rules.Where{}, "a result of arena_get_rules", fmt.Sprintf("HTTP %d %s", status, clip(data)), "calling arena_get_rules over MCP failed"))
	}
	return res
}
