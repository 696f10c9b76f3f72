package verify

import (
	"fmt"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// The verifier reports a rule as evaluated exactly when the log exercised
// it: a tie, a side pot, a sit-out, a bust, the raise cap or the ante ramp
// counts only in a log where it happens.
func TestEvaluatedFollowsTheLog(t *testing.T) {
	type seen struct{ with, without int }
	tally := map[string]*seen{}
	for i := range 60 {
		cfg := ref.DefaultConfig()
		cfg.Rounds = 4 + i%12
		cfg.StartingCredits = 12 + i%30
		cfg.AnteRamp = ref.AnteRamp{FromRound: 6, EveryRounds: 3, Step: 1}
		g := gen{cfg: cfg, seed: fmt.Sprintf("eval-%d", i), timeoutP: 0.03, flaky: i % 4, flakyP: 0.6, msgP: 0.1}
		log, f := g.play(t)
		fs, sum := verifyAll(t, log, Options{File: g.seed})
		if len(fs) != 0 {
			t.Fatalf("%s: %s", g.seed, describe(fs))
		}
		for _, c := range []struct {
			rule    string
			present bool
			exact   bool // absent from the log means absent from Evaluated
		}{
			{"inference/round.6.side-pots", f.sidePots >= 0, false},
			{"inference/round.6.odd-chips", f.oddChip >= 0, false},
			{"inference/round.3.raise-cap", f.raiseCap >= 0, true},
			{"inference/timeouts.sit-out", f.sitOut >= 0, true},
			{"inference/timeouts.last-strike", f.lastStrike >= 0, false},
			{"inference/round.2.bust", f.bust >= 0, true},
			{"inference/round.7.uncontested", f.uncontested >= 0, false},
			{"inference/round.2.ante-ramp", f.rounds >= 6, true},
			{"inference/round.2.ante", true, true},
			{"inference/round.6.showdown", true, true},
		} {
			n := sum.Evaluated[c.rule]
			if tally[c.rule] == nil {
				tally[c.rule] = &seen{}
			}
			switch {
			case c.present && n == 0:
				t.Errorf("%s: the log exercises %s, but it is not reported evaluated", g.seed, c.rule)
			case !c.present && c.exact && n > 0:
				t.Errorf("%s: the log never exercises %s, but it is reported evaluated %d times", g.seed, c.rule, n)
			}
			if c.present {
				tally[c.rule].with++
			} else {
				tally[c.rule].without++
			}
		}
		for id := range sum.Evaluated {
			if _, ok := levelOf(id); !ok {
				t.Errorf("evaluated rule %s is not in the catalogue", id)
			}
		}
	}
	// The sample must hold logs with and without each situation, or the
	// test proves nothing.
	for _, rule := range []string{"inference/round.3.raise-cap", "inference/timeouts.sit-out", "inference/round.2.bust", "inference/round.2.ante-ramp"} {
		if s := tally[rule]; s.with == 0 || s.without == 0 {
			t.Errorf("%s: %d logs with it, %d without; want both", rule, s.with, s.without)
		}
	}
}

// Every rule a finding names is evaluated, and every id of the fixed table
// is a catalogue rule.
func TestEvaluatedTable(t *testing.T) {
	for _, id := range InferenceRuleIDs() {
		if _, ok := levelOf(id); !ok {
			t.Errorf("%s is not in the catalogue", id)
		}
	}
	v := NewInference(Options{})
	v.Line(1, []byte(`{"type":"round_start"}`))
	v.Line(2, []byte(`not json`))
	s := v.Finish()
	if s.Evaluated["inference/protocol.log-line"] == 0 || s.Evaluated["inference/log.match-end-last"] == 0 {
		t.Errorf("have %v, want the rules of the findings evaluated", s.Evaluated)
	}
}

func levelOf(id string) (string, bool) {
	r, ok := rules.Default().Lookup(id)
	return string(r.Level), ok
}
