package probe

import (
	"context"
	"fmt"
	"net/http"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/rules"
)

// baProbeBasedOn sends decisions that carry their version as
// basedOnVersion alone, the alternative §12 names beside
// observationVersion: first on the version before the current one, which
// must be refused like a stale observationVersion and change nothing
// (bangarena/server.stale-version, a reading: I-BA-63), then on the current
// one, which must be accepted and applied
// (bangarena/server.based-on-version).
func baProbeBasedOn(ctx context.Context, t *conform.Target) conform.Result {
	const rule = "bangarena/server.based-on-version"
	r, s, stop, ok := baProbeStart(ctx, probeLong(t), "based-on")
	if !ok {
		return stop
	}
	seat := s.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
	d, err := r.players[seat].Decide(&s.Req)
	if err != nil {
		return conform.Errored(err)
	}
	based := func(v int) map[string]any {
		b := r.body(seat, d.ActionID, v, d.Args)
		delete(b, "observationVersion")
		b["basedOnVersion"] = v
		return b
	}
	var res conform.Result
	status, data, err := r.decideAs(ctx, seat, r.tokens[seat], based(s.Version-1))
	if err != nil {
		return conform.ProbeErr(err)
	}
	c := baRefusal{status: http.StatusConflict, rule: "bangarena/server.stale-version", want: "HTTP 409",
		what: fmt.Sprintf("a decision on basedOnVersion %d (current %d)", s.Version-1, s.Version)}
	if judgeRefusal(&res, where, c, status, data, r.tail(4), false) == baNotRefused {
		return res
	}
	if res = r.nothingApplied(ctx, res, s, c.rule, where, c.what); res.Status != 0 {
		return res
	}
	same, _, err := r.unchanged(ctx, s)
	if err != nil {
		return conform.ProbeErr(err)
	}
	if !same {
		return res // the stale decision moved the room on: charged above
	}
	status, data, err = r.decideAs(ctx, seat, r.tokens[seat], based(s.Version))
	if err != nil {
		return conform.ProbeErr(err)
	}
	res.Eval(rule)
	if status != http.StatusOK {
		f := conform.NewFinding(rule, where, "HTTP 200, the decision applied", fmt.Sprintf("HTTP %d: %s", status, conform.Clip(data)),
			"a decision on the current version carried as basedOnVersion (%d) was not accepted", s.Version)
		f.Transcript = r.tail(4)
		res.Findings = append(res.Findings, f)
		return res
	}
	if same, _, err = r.unchanged(ctx, s); err != nil {
		return conform.ProbeErr(err)
	}
	if same {
		res.Findings = append(res.Findings, conform.NewFinding(rule, where, "the decision applied", "the decision still open",
			"a decision on basedOnVersion %d was answered HTTP 200 but not applied", s.Version))
	}
	return res
}
