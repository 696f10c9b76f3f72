package probe

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
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
	t       *conform.Target
	session string
	id      int
	// token, when set, is sent as x-agent-token with every request (the
	// seat tokens are given in the tool arguments as well).
	token string
	// trans records the tool calls and their answers, oldest first.
	trans []reports.Message
	// schemas holds each listed tool's input schema (nil until listed).
	schemas map[string]json.RawMessage
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
	if c.token != "" {
		req.Header.Set("x-agent-token", c.token)
	}
	resp, err := c.t.Client().Do(req)
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

// mcpOpen starts an MCP session with the target. When the check is to end
// there (MCP declared absent, /mcp answering 404 or initialize failing) it
// returns that check's result instead of a client.
func mcpOpen(ctx context.Context, t *conform.Target) (*mcpClient, *conform.Result) {
	if t.MCP == conform.MCPNo {
		r := mcpAbsent("the target declares no MCP (--mcp no)", "--mcp no")
		return nil, &r
	}
	c := &mcpClient{t: t}
	status, data, err := c.call(ctx, "initialize", map[string]any{
		"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "umpire", "version": "conform"},
	}, false)
	if err != nil {
		r := conform.ProbeErr(err)
		return nil, &r
	}
	if status == http.StatusNotFound {
		if t.MCP == conform.MCPYes {
			return nil, &conform.Result{Findings: []reports.Finding{conform.NewFinding("bangarena/server.mcp-tools", rules.Where{}, "MCP at /mcp", "HTTP 404", "the target declares MCP but /mcp answers 404")}}
		}
		r := mcpAbsent("/mcp answers 404: the server offers no MCP (optional)", "/mcp answers 404")
		return nil, &r
	}
	if status != http.StatusOK {
		return nil, &conform.Result{Findings: []reports.Finding{conform.NewFinding("bangarena/server.mcp-tools", rules.Where{}, "HTTP 200 to initialize", fmt.Sprintf("HTTP %d %s", status, conform.Clip(data)), "MCP initialize failed")}}
	}
	_, _, _ = c.call(ctx, "notifications/initialized", nil, true)
	return c, nil
}

// mcpAbsent is the skip of an MCP check at a target that offers no MCP,
// which the documents make optional (docs/wire.md MCP): the rules about
// MCP alone do not apply to it, and the coverage headline leaves them out
// of its count (reports.StateNotApplicable). A rule an MCP check shares
// with the REST checks (the stored answer of a repeated commandId) is
// not marked: it applies through REST.
func mcpAbsent(why, shown string) conform.Result {
	r := conform.Skip("%s", why)
	na := "the target offers no MCP (" + shown + ")"
	r.NotApplicable = map[string]string{"bangarena/server.mcp-tools": na, "bangarena/server.mcp-twins": na}
	return r
}

func baProbeMCP(ctx context.Context, t *conform.Target) conform.Result {
	c, stop := mcpOpen(ctx, t)
	if stop != nil {
		return *stop
	}
	tools, status, data, ok, err := c.listTools(ctx)
	if err != nil {
		return conform.ProbeErr(err)
	}
	if !ok {
		return conform.Result{Findings: []reports.Finding{conform.NewFinding("bangarena/server.mcp-tools", rules.Where{}, "a tools/list result", fmt.Sprintf("HTTP %d %s", status, conform.Clip(data)), "MCP tools/list failed")}}
	}
	have := map[string]bool{}
	for _, x := range tools {
		have[x.Name] = true
	}
	var res conform.Result
	res.Eval("bangarena/server.mcp-tools")
	for _, name := range mcpTools() {
		if !have[name] {
			res.Findings = append(res.Findings, conform.NewFinding("bangarena/server.mcp-tools", rules.Where{}, name, "missing", "MCP does not list the tool %s", name))
		}
	}
	called, ok, got, err := c.toolFor(ctx, -1, "arena_get_rules", mcpArgValues{})
	var gap *mcpArgGap
	switch {
	case errors.As(err, &gap):
		res.NotExercised = map[string]string{"bangarena/server.mcp-tools": gap.Error()}
	case err != nil:
		return conform.ProbeErr(err)
	case !ok || called.IsError:
		res.Findings = append(res.Findings, conform.NewFinding("bangarena/server.mcp-tools", rules.Where{}, "a result of arena_get_rules", got+string(called.payload()), "calling arena_get_rules over MCP failed"))
	}
	return res
}

// mcpToolResult is the result of a tools/call: the tool's answer as
// structuredContent, or as JSON in its first text content.
type mcpToolResult struct {
	IsError           bool            `json:"isError"`
	StructuredContent json.RawMessage `json:"structuredContent"`
	Content           []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
}

// payload returns the tool's answer as JSON.
func (r *mcpToolResult) payload() json.RawMessage {
	if len(r.StructuredContent) > 0 && string(r.StructuredContent) != "null" {
		return r.StructuredContent
	}
	for _, c := range r.Content {
		if c.Type == "text" && json.Valid([]byte(c.Text)) {
			return json.RawMessage(c.Text)
		}
	}
	return nil
}

// tool calls one tool as seat and returns its result; ok is false when the
// server answered no tool result (an HTTP error or a JSON-RPC error), with
// got describing that answer. The exchange is recorded in c.trans.
func (c *mcpClient) tool(ctx context.Context, seat int, name string, args map[string]any) (res mcpToolResult, ok bool, got string, err error) {
	params := map[string]any{"name": name, "arguments": args}
	sent, _ := json.Marshal(params)
	c.trans = append(c.trans, reports.NewMessage(reports.Sent, time.Now(), &seat, sent))
	status, data, err := c.call(ctx, "tools/call", params, false)
	if err != nil {
		return res, false, "", err
	}
	c.trans = append(c.trans, reports.NewMessage(reports.Received, time.Now(), &seat, data))
	var msg struct {
		Result *mcpToolResult `json:"result"`
	}
	if status != http.StatusOK || json.Unmarshal(data, &msg) != nil || msg.Result == nil {
		return res, false, fmt.Sprintf("HTTP %d %s", status, conform.Clip(data)), nil
	}
	return *msg.Result, true, "", nil
}

// tail returns the last n recorded MCP messages.
func (c *mcpClient) tail(n int) []reports.Message {
	if len(c.trans) <= n {
		return append([]reports.Message(nil), c.trans...)
	}
	return append([]reports.Message(nil), c.trans[len(c.trans)-n:]...)
}

// mcpWait bounds the wait for a decision pending on a seat the suite holds
// (I-BA-P5).
func mcpWait(t *conform.Target) time.Duration {
	return 5*time.Second + 2*t.Deadline()
}

// baProbeMCPDecision (I-BA-P5) answers one pending decision over MCP: it
// reads the seat's DecisionRequest with arena_get_decision_request, submits
// an item both the server and the referee list with arena_submit_decision,
// checks that the answer accepts it and the seat's observationVersion moved
// on, then repeats the same commandId and expects the stored answer marked
// duplicate. It is skipped when MCP is absent or no seat the suite holds
// has a decision pending within mcpWait.
func baProbeMCPDecision(ctx context.Context, t *conform.Target) conform.Result {
	c, stop := mcpOpen(ctx, t)
	if stop != nil {
		return *stop
	}
	var r *baRoom
	var err error
	if t.Create {
		// A long deadline: the decision must stay open while the probe
		// talks to the server.
		r, err = baCreate(ctx, probeLong(t), "mcp-decision")
	} else {
		r, err = newRoom(t, t.Match, t.Seed, t.Seats)
	}
	if err != nil {
		return conform.ProbeErr(err)
	}
	x, res, ok := mcpPending(ctx, c, r, mcpWait(t))
	if !ok {
		return res
	}
	seat := x.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", x.Version)}
	fail := func(rule string, expected, got any, format string, args ...any) conform.Result {
		f := conform.NewFinding(rule, where, expected, got, format, args...)
		f.Transcript = c.tail(6)
		return conform.Result{Findings: []reports.Finding{f}}
	}
	actionID := mcpChoice(x.Req, x.Gaps)
	version := x.Version
	args := mcpArgValues{Room: r.id, Seat: &seat, Token: r.tokens[seat], ActionID: actionID,
		CommandID: fmt.Sprintf("umpire-mcp-%s-%d-%d", r.id, seat, x.Version), Version: &version}
	first, ok, got, err := c.toolFor(ctx, seat, "arena_submit_decision", args)
	if err != nil {
		return mcpErrResult(err)
	}
	if !ok {
		return fail("bangarena/server.mcp-tools", "a result of arena_submit_decision", got, "calling arena_submit_decision over MCP failed")
	}
	var e apiError
	if first.IsError && json.Unmarshal(first.payload(), &e) == nil && e.Error.Retryable {
		return conform.Skip("the decision moved on before the MCP submit (%s): nothing to judge", e.Error.Code)
	}
	var a1 answer
	if first.IsError || json.Unmarshal(first.payload(), &a1) != nil || !mcpAccepted(first.payload()) {
		return fail("bangarena/server.mcp-tools", "ok true", string(first.payload()), "a legal decision (%s) submitted over MCP was not accepted", actionID)
	}
	if a1.ObservationVersion != nil && *a1.ObservationVersion <= x.Version {
		return fail("bangarena/server.mcp-tools", fmt.Sprintf("observationVersion above %d", x.Version), *a1.ObservationVersion,
			"the answer to a decision submitted over MCP does not advance the observationVersion")
	}
	now, ok, got, err := c.toolFor(ctx, seat, "arena_get_decision_request", seatArgs(r.id, seat, r.tokens[seat]))
	if err != nil {
		return mcpErrResult(err)
	}
	after, _, rerr := ba.ReadRequest(now.payload())
	if !ok || now.IsError || rerr != nil {
		return fail("bangarena/server.mcp-tools", "a DecisionRequest from arena_get_decision_request", got+string(now.payload()), "reading the DecisionRequest over MCP after the submit failed")
	}
	if after.ObservationVersion <= x.Version {
		return fail("bangarena/server.mcp-tools", fmt.Sprintf("observationVersion above %d", x.Version), after.ObservationVersion,
			"the decision submitted over MCP was accepted but the seat's observationVersion did not move on")
	}
	second, ok, got, err := c.toolFor(ctx, seat, "arena_submit_decision", args)
	if err != nil {
		return mcpErrResult(err)
	}
	var a2 answer
	if !ok || second.IsError || json.Unmarshal(second.payload(), &a2) != nil {
		return fail("bangarena/server.duplicate-command", "the stored answer with duplicate true", got+string(second.payload()),
			"a repeated commandId over MCP did not get the stored answer")
	}
	sameVersion := a1.ObservationVersion == nil || a2.ObservationVersion == nil || *a1.ObservationVersion == *a2.ObservationVersion
	if !mcpAccepted(second.payload()) || !a2.Duplicate || !sameVersion {
		return fail("bangarena/server.duplicate-command", "ok true, duplicate true, the first answer's observationVersion", string(second.payload()),
			"a repeated commandId over MCP did not get the stored answer")
	}
	return conform.Result{Evaluated: map[string]int{"bangarena/server.mcp-tools": 1, "bangarena/server.duplicate-command": 1}}
}

// mcpPending polls the seats of r over MCP (arena_get_decision_request)
// until one has a decision pending, for at most wait; when it returns
// ok false, res is the check's result (a skip, a finding or an error).
func mcpPending(ctx context.Context, c *mcpClient, r *baRoom, wait time.Duration) (x baSeen, res conform.Result, ok bool) {
	limit := time.Now().Add(wait)
	for {
		for _, seat := range conform.SortedSeats(r.tokens) {
			tr, ok, got, err := c.toolFor(ctx, seat, "arena_get_decision_request", seatArgs(r.id, seat, r.tokens[seat]))
			if err != nil {
				return x, mcpErrResult(err), false
			}
			raw := tr.payload()
			// I-BA-L3: read tolerantly; only a payload that is no
			// DecisionRequest at all fails the tool.
			req, gaps, rerr := ba.ReadRequest(raw)
			if !ok || tr.IsError || rerr != nil {
				s := seat
				f := conform.NewFinding("bangarena/server.mcp-tools", rules.Where{Seat: &s}, "a DecisionRequest from arena_get_decision_request", got+string(raw),
					"reading seat %d's DecisionRequest over MCP failed", seat)
				f.Transcript = c.tail(2)
				return x, conform.Result{Findings: []reports.Finding{f}}, false
			}
			if req.Observation.Phase == ba.PhaseEnded || req.Observation.WinnerTeam != nil {
				return x, conform.Skip("room %s has ended: no decision is pending for the seats the suite holds", r.id), false
			}
			if len(req.LegalActions) > 0 {
				return baSeen{Seat: seat, Version: req.ObservationVersion, Raw: raw, Req: req, Gaps: gaps}, conform.Result{}, true
			}
		}
		if time.Now().After(limit) {
			return x, conform.Skip("no seat the suite holds had a decision pending within %v", wait), false
		}
		select {
		case <-ctx.Done():
			return x, conform.ProbeErr(ctx.Err()), false
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// mcpAccepted reports whether a decision answer accepts the decision: a
// JSON object without an error, whose ok (umpire's pin, WIRE.md) is not
// false when it has one — a server may shape the rest of its answer its own
// way (I-BA-L3); the answer's shape is the schema check's.
func mcpAccepted(payload []byte) bool {
	r := gjson.ParseBytes(payload)
	return r.IsObject() && !r.Get("error").Exists() && r.Get("ok").Type != gjson.False
}

// mcpChoice picks the item to submit: the first offered item the referee
// also derives from the request (I-BA-P4), else the first offered one.
func mcpChoice(req ba.DecisionRequest, gaps ba.ReadGaps) string {
	derived, _, err := ba.LegalFromRead(req, gaps)
	if err == nil {
		want := map[string]bool{}
		for _, a := range derived {
			want[a.ActionID] = true
		}
		for _, a := range req.LegalActions {
			if want[a.ActionID] {
				return a.ActionID
			}
		}
	}
	return req.LegalActions[0].ActionID
}
