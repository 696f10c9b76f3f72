package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// infProbeDefaults (I-INF-D1) creates a match without any setting (an empty
// body to the harness extension), joins one seat and reads its welcome: a
// table of the document's defaults has 6 seats (inference/table.size),
// 40 rounds (inference/match.rounds), 100 credits a seat
// (inference/match.credits) and the ante 2, 3 from round 21, 4 from round
// 31 (inference/round.2.ante-ramp). The match is left waiting for its other
// seats. It is skipped on a given match (its settings are declared), when
// the server needs settings to create a match, and for what the welcome
// does not show.
func infProbeDefaults(ctx context.Context, t *conform.Target) conform.Result {
	if !t.Create {
		return conform.Skip("a given match is judged by the settings it declares, not by the documents' defaults")
	}
	id, toks, err := infCreate(ctx, t, map[string]any{})
	if err != nil {
		var ce *conform.CreateError
		if errors.As(err, &ce) && ce.Status >= 400 && ce.Status < 500 {
			return conform.Skip("the server creates no match without settings (HTTP %d): the defaults cannot be observed", ce.Status)
		}
		return conform.ProbeErr(err)
	}
	var res conform.Result
	res.Eval("inference/table.size")
	if len(toks) != 6 {
		res.Findings = append(res.Findings, conform.NewFinding("inference/table.size", rules.Where{}, 6, len(toks),
			"a match created without settings has %d seats, not the default 6", len(toks)))
	}
	seat := conform.SortedSeats(toks)[0]
	p, err := infJoin(ctx, t, id, map[int]string{seat: toks[seat]})
	if err != nil {
		return conform.ProbeErr(err)
	}
	defer p.Close()
	var vs gjson.Result
	for !vs.Exists() {
		m, err := p.next(ctx)
		if errors.Is(err, io.EOF) {
			return conform.Skip("the connection ended before a welcome")
		}
		if err != nil {
			return conform.ProbeErr(err)
		}
		if gjson.GetBytes(m.Raw, "type").String() == "welcome" {
			vs = gjson.GetBytes(m.Raw, "visible_state")
			if !vs.IsObject() {
				conform.NoteWhy(&res, "inference/match.rounds", "the welcome carries no visible_state")
				return res
			}
		}
	}
	where := rules.Where{Seat: &seat, Step: "welcome"}
	if n := vs.Get("table_size"); n.Exists() && n.Int() != 6 {
		res.Findings = append(res.Findings, conform.NewFinding("inference/table.size", where, 6, n.Raw, "the welcome of a match created without settings shows table_size %s, not the default 6", n.Raw))
	}
	if n := vs.Get("rounds_total"); n.Exists() {
		res.Eval("inference/match.rounds")
		if n.Int() != 40 {
			res.Findings = append(res.Findings, conform.NewFinding("inference/match.rounds", where, 40, n.Raw, "a match created without settings has rounds_total %s, not the default 40", n.Raw))
		}
	}
	if players := vs.Get("players"); players.IsArray() {
		res.Eval("inference/match.credits")
		for _, pl := range players.Array() {
			if c := pl.Get("credits"); c.Exists() && c.Int() != 100 {
				res.Findings = append(res.Findings, conform.NewFinding("inference/match.credits", where, 100, c.Raw,
					"seat %s starts a match created without settings with %s credits, not the default 100", pl.Get("seat").Raw, c.Raw))
				break
			}
		}
	}
	if d := vs.Get("limits.turn_deadline_ms"); d.Exists() {
		res.Eval("inference/timeouts.default-deadline")
		if d.Int() != 10000 {
			res.Findings = append(res.Findings, conform.NewFinding("inference/timeouts.default-deadline", where, 10000, d.Raw,
				"a match created without settings announces turn_deadline_ms %s, not the default 10 s", d.Raw))
		}
	}
	if f, shown := infDefaultRamp(vs.Get("limits")); shown {
		res.Eval("inference/round.2.ante-ramp")
		if f != nil {
			f.Where = where
			res.Findings = append(res.Findings, *f)
		}
	}
	return res
}

// infDefaultRamp compares the ante schedule of limits (ante, ante_ramp)
// with the document's default: 2 for rounds 1–20, 3 for 21–30, 4 for
// 31–40, one more every 10 rounds. shown is false when limits does not
// show the schedule; f is nil when it agrees.
func infDefaultRamp(limits gjson.Result) (f *reports.Finding, shown bool) {
	base, ramp := limits.Get("ante"), limits.Get("ante_ramp")
	from, every, step := ramp.Get("from_round"), ramp.Get("every_rounds"), ramp.Get("step")
	if !base.Exists() || !from.Exists() || !every.Exists() || !step.Exists() || every.Int() < 1 {
		return nil, false
	}
	ante := func(r int64) int64 {
		a := base.Int()
		if r >= from.Int() {
			a += step.Int() * ((r-from.Int())/every.Int() + 1)
		}
		return a
	}
	want := map[int64]int64{1: 2, 20: 2, 21: 3, 30: 3, 31: 4, 40: 4, 41: 5}
	for _, r := range []int64{1, 20, 21, 30, 31, 40, 41} {
		if got := ante(r); got != want[r] {
			raw, _ := json.Marshal(map[string]any{"ante": json.RawMessage(base.Raw), "ante_ramp": json.RawMessage(ramp.Raw)})
			f := conform.NewFinding("inference/round.2.ante-ramp", rules.Where{}, fmt.Sprintf("ante %d in round %d", want[r], r), string(raw),
				"a match created without settings announces an ante of %d in round %d, not the default %d", got, r, want[r])
			return &f, true
		}
	}
	return nil, true
}
