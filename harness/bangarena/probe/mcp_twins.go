package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// baProbeMCPTwins (I-BA-M1) calls every MCP tool that reads state — the
// rules, a seat's observation, its legal actions and its DecisionRequest —
// for a seat with a decision pending, with arguments built from the input
// schemas the server publishes, and compares each answer with its REST
// twin read just before (GET observe, GET /api/arena/rules). Nothing may
// have moved between the two reads of observe; otherwise, and when MCP is
// absent or no decision is pending, the check is skipped.
func baProbeMCPTwins(ctx context.Context, t *conform.Target) conform.Result {
	c, stop := mcpOpen(ctx, t)
	if stop != nil {
		return *stop
	}
	if _, status, data, ok, err := c.listTools(ctx); err != nil {
		return conform.ProbeErr(err)
	} else if !ok {
		return conform.Result{Findings: []reports.Finding{conform.NewFinding("bangarena/server.mcp-tools", rules.Where{}, "a tools/list result", fmt.Sprintf("HTTP %d %s", status, conform.Clip(data)), "MCP tools/list failed")}}
	}
	var res conform.Result
	res.Eval("bangarena/server.mcp-tools")
	if r := baMCPRulesTwin(ctx, t, c); r != nil {
		res.Findings = append(res.Findings, r.Findings...)
		for id, why := range r.NotExercised {
			conform.NoteWhy(&res, id, why)
		}
		if len(r.Evaluated) > 0 {
			res.Eval("bangarena/server.mcp-twins")
		}
	}
	var r *baRoom
	var err error
	if t.Create {
		r, err = baCreate(ctx, probeLong(t), "mcp-twins")
	} else {
		r, err = newRoom(t, t.Match, t.Seed, t.Seats)
	}
	if err != nil {
		return conform.ProbeErr(err)
	}
	x, ended, err := r.pending(ctx)
	if err != nil {
		return conform.ProbeErr(err)
	}
	if ended {
		conform.NoteWhy(&res, "bangarena/server.mcp-twins", fmt.Sprintf("room %s has ended: no decision pending to compare the seat tools on", r.id))
		return res
	}
	seat := x.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", x.Version)}
	names := []string{"arena_get_observation", "arena_list_legal_actions", "arena_get_decision_request"}
	answers := map[string]mcpToolResult{}
	for _, name := range names {
		tr, ok, got, err := c.toolFor(ctx, seat, name, seatArgs(r.id, seat, r.tokens[seat]))
		if err != nil {
			rr := mcpErrResult(err)
			if rr.Status == reports.Skip {
				conform.NoteWhy(&res, "bangarena/server.mcp-twins", rr.Reason)
				continue
			}
			return rr
		}
		if !ok || tr.IsError || len(tr.payload()) == 0 {
			f := conform.NewFinding("bangarena/server.mcp-tools", where, "a JSON result of "+name, got+string(tr.payload()), "calling %s over MCP for seat %d failed", name, seat)
			f.Transcript = c.tail(2)
			res.Findings = append(res.Findings, f)
			continue
		}
		answers[name] = tr
	}
	after, err := r.observeSame(ctx, x)
	if err != nil {
		return conform.ProbeErr(err)
	}
	if !after {
		conform.NoteWhy(&res, "bangarena/server.mcp-twins", "the seat's decision moved on while the MCP tools were read: nothing to compare")
		return res
	}
	if len(answers) > 0 {
		res.Eval("bangarena/server.mcp-twins")
	}
	for _, name := range names {
		tr, ok := answers[name]
		if !ok {
			continue
		}
		if why := mcpTwinDiff(name, tr.payload(), x); why != "" {
			f := conform.NewFinding("bangarena/server.mcp-twins", where, "the answer of GET observe for the same seat and version", conform.Clip(tr.payload()), "%s disagrees with its REST twin: %s", name, why)
			f.Transcript = append(r.tail(1), c.tail(2)...)
			res.Findings = append(res.Findings, f)
		}
	}
	return res
}

// observeSame reads the seat of x again over REST and reports whether it
// still shows the same observationVersion with its decision pending.
func (r *baRoom) observeSame(ctx context.Context, x baSeen) (bool, error) {
	req, _, _, err := r.observeRead(ctx, x.Seat)
	if err != nil {
		return false, err
	}
	return req.ObservationVersion == x.Version && len(req.LegalActions) > 0, nil
}

// baMCPRulesTwin compares arena_get_rules with GET /api/arena/rules when
// the latter answers 200 with JSON; nil when there is nothing to compare.
func baMCPRulesTwin(ctx context.Context, t *conform.Target, c *mcpClient) *conform.Result {
	status, rest, err := conform.DoJSON(ctx, t, http.MethodGet, "/api/arena/rules", nil, nil)
	if err != nil || status != http.StatusOK || !json.Valid(rest) {
		return nil
	}
	tr, ok, got, err := c.toolFor(ctx, -1, "arena_get_rules", mcpArgValues{})
	if err != nil {
		rr := mcpErrResult(err)
		return &conform.Result{NotExercised: map[string]string{"bangarena/server.mcp-twins": rr.Reason}}
	}
	if !ok || tr.IsError {
		return &conform.Result{Findings: []reports.Finding{conform.NewFinding("bangarena/server.mcp-tools", rules.Where{}, "a result of arena_get_rules", got+string(tr.payload()), "calling arena_get_rules over MCP failed")}}
	}
	res := &conform.Result{Evaluated: map[string]int{"bangarena/server.mcp-twins": 1}}
	if !jsonEqual(tr.payload(), rest) {
		res.Findings = append(res.Findings, conform.NewFinding("bangarena/server.mcp-twins", rules.Where{}, conform.Clip(rest), conform.Clip(tr.payload()),
			"arena_get_rules does not answer the rules summary of GET /api/arena/rules"))
	}
	return res
}

// mcpTwinDiff compares a seat tool's answer with the DecisionRequest x read
// over REST (I-BA-M1); it returns why they differ, or "".
func mcpTwinDiff(name string, payload []byte, x baSeen) string {
	rest := gjson.ParseBytes(x.Raw)
	got := gjson.ParseBytes(payload)
	switch name {
	case "arena_get_observation":
		obs := got
		if !got.Get("players").Exists() && got.Get("observation").IsObject() {
			obs = got.Get("observation")
		}
		if !jsonEqual([]byte(obs.Raw), []byte(rest.Get("observation").Raw)) {
			return "the observation differs from observe's"
		}
	case "arena_list_legal_actions":
		items := got
		if !got.IsArray() {
			items = got.Get("legalActions")
			if !items.Exists() {
				items = got.Get("legal_actions")
			}
		}
		if !items.IsArray() {
			return "no list of legal actions in the answer"
		}
		if a, b := mcpActionIDs(items), mcpActionIDs(rest.Get("legalActions")); a != b {
			return fmt.Sprintf("actionIds [%s], observe offers [%s]", a, b)
		}
	case "arena_get_decision_request":
		req, _, err := ba.ReadRequest(payload)
		if err != nil {
			return "no DecisionRequest: " + err.Error()
		}
		if req.ObservationVersion != x.Version {
			return fmt.Sprintf("observationVersion %d, observe shows %d", req.ObservationVersion, x.Version)
		}
		if a, b := mcpActionIDs(got.Get("legalActions")), mcpActionIDs(rest.Get("legalActions")); a != b {
			return fmt.Sprintf("actionIds [%s], observe offers [%s]", a, b)
		}
		if !jsonEqual([]byte(got.Get("observation").Raw), []byte(rest.Get("observation").Raw)) {
			return "the observation differs from observe's"
		}
	}
	return ""
}

// mcpActionIDs lists the actionIds of a list of legal items (or of
// actionId strings), sorted and joined: the order is not part of the
// contract (READINGS 8).
func mcpActionIDs(items gjson.Result) string {
	var ids []string
	for _, it := range items.Array() {
		if it.Type == gjson.String {
			ids = append(ids, it.String())
			continue
		}
		ids = append(ids, it.Get("actionId").String())
	}
	sort.Strings(ids)
	return strings.Join(ids, " ")
}

// jsonEqual reports whether two JSON texts hold the same value (object key
// order and spacing aside).
func jsonEqual(a, b []byte) bool {
	var x, y any
	da, db := json.NewDecoder(bytes.NewReader(a)), json.NewDecoder(bytes.NewReader(b))
	da.UseNumber()
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return false
	}
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return bytes.Equal(ja, jb)
}
