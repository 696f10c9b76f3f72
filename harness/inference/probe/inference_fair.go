package probe

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/fairness"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// The match the fairness probe plays: every seat of the largest table the
// document allows, long enough for the tests to have power (240 values;
// I-INF-F1).
const (
	fairSeats  = 8
	fairRounds = 30
)

// fairTimeout bounds the fairness probe: its match answers every turn at
// once, so the bound is generous.
func fairTimeout(t *conform.Target) time.Duration {
	return 60*time.Second + 2*t.Deadline()*fairRounds
}

// infProbeFair plays a match with every seat held and tests the values the
// seats were dealt (their deal_private events) against "uniform and
// independent" (referee/fairness, I-INF-F1): round.1.fair. A test that had
// too few values to have power is not run and says why.
func infProbeFair(ctx context.Context, t *conform.Target) conform.Result {
	const rule = "inference/round.1.fair"
	p, stop, ok := infProbeOpen(ctx, t, "fair", map[string]any{"seats": fairSeats, "rounds": fairRounds})
	if !ok {
		return stop
	}
	defer p.Close()
	if err := p.playOut(ctx, nil); err != nil {
		return conform.ProbeErr(err)
	}
	byRound := map[int]fairness.Deal{}
	for _, m := range p.Got {
		if m.Env.Type != "event" || m.Ev.Type != "deal_private" || m.Ev.Value == nil {
			continue
		}
		r := m.Ev.Round
		if r == 0 {
			r = m.Env.Round
		}
		if r <= 0 {
			continue
		}
		if byRound[r] == nil {
			byRound[r] = fairness.Deal{}
		}
		byRound[r][m.Seat] = *m.Ev.Value
	}
	rounds := make([]int, 0, len(byRound))
	for r := range byRound {
		rounds = append(rounds, r)
	}
	sort.Ints(rounds)
	var deals []fairness.Deal
	if len(rounds) > 0 {
		// Rounds in order, a round not seen left empty so that "the
		// round before" stays the round before.
		deals = make([]fairness.Deal, rounds[len(rounds)-1])
		for _, r := range rounds {
			deals[r-1] = byRound[r]
		}
	}
	var res conform.Result
	var why []string
	for _, tc := range fairness.Values(deals, ref.ValueMin, ref.ValueMax) {
		if !tc.Ran {
			why = append(why, tc.Name+": "+tc.Why)
			continue
		}
		res.Eval(rule)
		if tc.Failed() {
			f := conform.NewFinding(rule, rules.Where{}, tc.Expected, tc.Observed,
				"the dealt values fail the test that %s: p = %.2g, below %g (I-INF-F1)", tc.Name, tc.P, fairness.Alpha)
			f.Transcript = p.tail(3)
			res.Findings = append(res.Findings, f)
		}
	}
	if len(res.Evaluated) == 0 {
		return conform.Skip("no test of the dealt values had enough of them: %s", strings.Join(why, "; "))
	}
	return res
}
