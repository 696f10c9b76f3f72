package proxyside_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"

	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// mcpSeat plays one seat of a room over MCP (JSON-RPC on POST /mcp) with the
// random scripted player: arena_get_decision_request, then
// arena_submit_decision for each new decision.
func mcpSeat(ctx context.Context, base, room string, seat int, token string) error {
	pl, err := baadv.New("random", fmt.Sprint("mcp", seat))
	if err != nil {
		return err
	}
	id := 0
	call := func(method string, params any) (json.RawMessage, error) {
		id++
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/mcp", bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		var out struct {
			Result struct {
				StructuredContent json.RawMessage `json:"structuredContent"`
				Content           []struct {
					Text string `json:"text"`
				} `json:"content"`
			} `json:"result"`
		}
		if err := json.Unmarshal(body, &out); err != nil {
			return nil, fmt.Errorf("%s: %v: %.200s", method, err, body)
		}
		if len(out.Result.StructuredContent) > 0 {
			return out.Result.StructuredContent, nil
		}
		if len(out.Result.Content) > 0 {
			return json.RawMessage(out.Result.Content[0].Text), nil
		}
		return nil, nil
	}
	if _, err := call("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "test", "version": "1"}}); err != nil {
		return err
	}
	last := -1
	for ctx.Err() == nil {
		raw, err := call("tools/call", map[string]any{"name": "arena_get_decision_request", "arguments": map[string]any{"roomId": room, "seat": seat, "token": token}})
		if err != nil {
			return err
		}
		var req ba.DecisionRequest
		if err := json.Unmarshal(raw, &req); err != nil {
			return fmt.Errorf("decision request: %v: %.200s", err, raw)
		}
		if req.Observation.Phase == ba.PhaseEnded || req.Observation.WinnerTeam != nil {
			return nil
		}
		if len(req.LegalActions) == 0 || req.ObservationVersion == last {
			time.Sleep(3 * time.Millisecond)
			continue
		}
		d, err := pl.Decide(&req)
		if err != nil {
			return err
		}
		args := map[string]any{"roomId": room, "seat": seat, "token": token, "actionId": d.ActionID,
			"commandId": fmt.Sprintf("m-%d-%d", seat, req.ObservationVersion), "observationVersion": req.ObservationVersion}
		if len(d.Args) > 0 {
			args["args"] = d.Args
		}
		if _, err := call("tools/call", map[string]any{"name": "arena_submit_decision", "arguments": args}); err != nil {
			return err
		}
		last = req.ObservationVersion
	}
	return ctx.Err()
}

// TestMCPThroughRelay: seats playing over MCP are judged as over REST:
// conforming on the embedded server, the leak when a hand leaks.
func TestMCPThroughRelay(t *testing.T) {
	for _, tc := range []struct{ fault, rule string }{{"", ""}, {"leak-hand", "bangarena/11.redaction"}} {
		t.Run("fault="+tc.fault, func(t *testing.T) {
			ctx := testContext(t, 2*time.Minute)
			var faults []string
			if tc.fault != "" {
				faults = []string{tc.fault}
			}
			r := newRig(t, faults...)
			c := r.Create("proxy-mcp", 4, []int{0, 1}, 5000)
			errs := make(chan error, 2)
			for seat, tok := range c.Tokens {
				go func() { errs <- mcpSeat(ctx, r.Front.URL, c.ID, seat, tok) }()
			}
			for range c.Tokens {
				if err := <-errs; err != nil {
					t.Fatal(err)
				}
			}
			rep := r.Report(ctx, 1)
			judged := 0
			for _, ch := range rep.Checks {
				if ch.Name == "agent-legal-answers" && ch.Status.String() == "pass" {
					judged++
				}
			}
			if judged == 0 {
				dump(t, rep)
				t.Fatal("the decisions made over MCP were not judged")
			}
			fs := failing(rep)
			if tc.rule == "" && rep.ExitCode() != 0 {
				dump(t, rep)
				t.Fatalf("exit %d, findings %v", rep.ExitCode(), fs)
			}
			if tc.rule != "" {
				found := false
				for _, ch := range rep.Checks {
					for _, f := range ch.Findings {
						found = found || f.Rule == tc.rule
					}
				}
				if !found {
					t.Fatalf("no finding of %s; findings %v", tc.rule, fs)
				}
			}
		})
	}
}
