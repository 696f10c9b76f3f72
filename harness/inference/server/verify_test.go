package server

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/verify"
	"github.com/umpire-arena/umpire/referee/rules"
)

// verifyLog runs the log verifier over a log and counts MUST findings by
// rule.
func verifyLog(t *testing.T, log []byte) (verify.Summary, map[string]int) {
	t.Helper()
	by := map[string]int{}
	sum, err := verify.VerifyReader(context.Background(), bytes.NewReader(log), "server.jsonl", func(f rules.Finding) {
		if f.Level == rules.Must {
			by[f.Rule]++
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return sum, by
}

// TestLogsVerifyClean: logs of matches with a seat that times out (strikes,
// sit-outs, returns) and scripted seats have no MUST finding and nothing
// inconclusive under the log verifier: every deal is re-derived.
func TestLogsVerifyClean(t *testing.T) {
	for i := range 4 {
		r := runFault(t, nil, MatchSpec{Seats: 6, Rounds: 40, DeadlineMS: 5, Seed: strp(fmt.Sprint("verify-", i)), Agents: []int{0},
			Adversaries: []string{"random", "heuristic", "aggressive"}}, nil)
		sum, by := verifyLog(t, r.log)
		if sum.Must != 0 || sum.Inconclusive != 0 || sum.Public {
			t.Fatalf("seed %d: %d MUST findings %v, %d inconclusive, public %v", i, sum.Must, by, sum.Inconclusive, sum.Public)
		}
	}
}

// TestLogFaultsCiteTheirRule: each fault that shows in the log makes the
// verifier report the fault's rule, and that rule alone.
func TestLogFaultsCiteTheirRule(t *testing.T) {
	silent := func(frame) *MoveMsg { return nil }
	base := MatchSpec{Seats: 4, Rounds: 40, DeadlineMS: 5, Seed: strp("verify-faults"), Agents: []int{0}, Adversaries: []string{"random", "heuristic", "aggressive"}}
	ante := 3
	tests := []struct {
		fault  Fault
		spec   MatchSpec
		policy func(frame) *MoveMsg
		alone  bool
	}{
		{FaultAcceptIllegalRaise, MatchSpec{Seats: 3, Rounds: 20, DeadlineMS: 300, Seed: strp("verify-raise"), Agents: []int{0}, Adversaries: []string{"aggressive"}},
			func(f frame) *MoveMsg { return move(f, ref.ActionRaise, 1) }, true},
		{FaultOddChipWrongSeat, MatchSpec{Seats: 3, Rounds: 150, Seed: strp("fault-odd-chip-wrong-seat-0"), Agents: []int{}, Adversaries: []string{"passive"},
			Ante: &ante, AnteRamp: &ref.AnteRamp{FromRound: 1, EveryRounds: 1}}, nil, true},
		{FaultNoTimeoutDefault, base, silent, true},
		{FaultRevealUncontested, base, silent, true},
		{FaultWrongBackInRound, base, silent, true},
		{FaultWrongSeedCommit, base, silent, true},
	}
	for _, tc := range tests {
		info, _ := LookupFault(string(tc.fault))
		t.Run(string(tc.fault)+" "+info.Rule, func(t *testing.T) {
			r := runFault(t, []Fault{tc.fault}, tc.spec, tc.policy)
			_, by := verifyLog(t, r.log)
			if by[info.Rule] == 0 {
				t.Fatalf("no finding of %s; findings %v", info.Rule, by)
			}
			if tc.alone && len(by) != 1 {
				t.Fatalf("findings %v, want %s alone", by, info.Rule)
			}
		})
	}
}
