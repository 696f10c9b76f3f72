package server

import (
	"bytes"
	"testing"

	"github.com/umpire-arena/umpire/referee/fairness"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// playFaultCases are TestFaults' cases of the faults that make the server
// play wrongly (faults_play.go), and of those only the log's last line
// shows. Most observe, through the log verifier,
// that the log breaks the fault's rule and no other MUST rule: the engine's
// state followed the wrong play, so nothing after it spills into other
// rules.
func playFaultCases() []faultTest {
	scripted := func(seed string, seats, rounds int, kinds ...string) MatchSpec {
		return MatchSpec{Seats: seats, Rounds: rounds, Seed: strp(seed), Agents: []int{}, Adversaries: kinds}
	}
	only := func(rule string) func(t *testing.T, r faultRun) bool {
		return func(t *testing.T, r faultRun) bool {
			_, by := verifyLog(t, r.log)
			if by[rule] > 0 && len(by) > 1 {
				t.Errorf("the log breaks %v, not %s alone", by, rule)
			}
			return by[rule] > 0
		}
	}
	silent := func(frame) *MoveMsg { return nil }
	return []faultTest{
		{
			fault: FaultButtonStays, rule: "inference/table.button",
			spec:    func(seed string) MatchSpec { return scripted(seed, 4, 4, "random", "heuristic") },
			observe: only("inference/table.button"),
		},
		{
			fault: FaultEndReasonUnknown, rule: "inference/protocol.match-end",
			spec:    func(seed string) MatchSpec { return scripted(seed, 3, 2, "passive") },
			observe: only("inference/protocol.match-end"),
		},
		{
			fault: FaultShortAnteToppedUp, rule: "inference/round.2.short-ante",
			spec: func(seed string) MatchSpec {
				s, ante := scripted(seed, 3, 6, "passive"), 2
				s.StartingCredits, s.Ante = 3, &ante
				return s
			},
			observe: only("inference/round.2.short-ante"),
		},
		{
			fault: FaultAnteUndercharged, rule: "inference/round.2.ante",
			spec:    func(seed string) MatchSpec { return scripted(seed, 3, 3, "passive", "random") },
			observe: only("inference/round.2.ante"),
		},
		{
			fault: FaultValuesSkewed, rule: "inference/round.1.fair",
			spec:    func(seed string) MatchSpec { return scripted(seed, 8, 30, "passive") },
			observe: fairFails(0),
		},
		{
			fault: FaultValuesShared, rule: "inference/round.1.fair",
			spec:    func(seed string) MatchSpec { return scripted(seed, 8, 30, "passive") },
			observe: fairFails(1),
		},
		{
			fault: FaultDealSkipsSeat, rule: "inference/round.1.deal",
			spec:    func(seed string) MatchSpec { return scripted(seed, 3, 3, "passive", "random") },
			observe: only("inference/round.1.deal"),
		},
		{
			fault: FaultBestTakesSidePots, rule: "inference/round.6.side-pots",
			spec: func(seed string) MatchSpec {
				s, ante := scripted(seed, 4, 8, "aggressive", "random"), 2
				s.StartingCredits, s.Ante = 12, &ante
				return s
			},
			seeds: 10,
			observe: func(t *testing.T, r faultRun) bool {
				_, by := verifyLog(t, r.log)
				return by["inference/round.6.side-pots"] > 0
			},
		},
		{
			fault: FaultBettingStartsLate, rule: "inference/round.3.order",
			spec:    func(seed string) MatchSpec { return scripted(seed, 4, 3, "random", "heuristic") },
			observe: only("inference/round.3.order"),
		},
		{
			fault: FaultBettingOverruns, rule: "inference/round.5.end-of-betting",
			spec:    func(seed string) MatchSpec { return scripted(seed, 4, 4, "passive", "random") },
			observe: only("inference/round.5.end-of-betting"),
		},
		{
			fault: FaultCheckCostsOne, rule: "inference/round.3.call",
			spec:    func(seed string) MatchSpec { return scripted(seed, 4, 4, "passive", "random") },
			observe: only("inference/round.3.call"),
		},
		{
			fault: FaultFoldRefunds, rule: "inference/round.3.fold",
			spec:    func(seed string) MatchSpec { return scripted(seed, 4, 6, "aggressive", "random") },
			seeds:   5,
			observe: only("inference/round.3.fold"),
		},
		{
			fault: FaultRaiseForgetsOwnBets, rule: "inference/round.3.raise",
			spec:    func(seed string) MatchSpec { return scripted(seed, 4, 6, "aggressive", "random") },
			seeds:   5,
			observe: only("inference/round.3.raise"),
		},
		{
			// Seat 0, owing a call, raises one more than it can cover.
			fault: FaultRaiseUncovered, rule: "inference/round.3.raise-covered",
			spec: func(seed string) MatchSpec {
				s, ante := MatchSpec{Seats: 3, Rounds: 4, DeadlineMS: 50, Seed: strp(seed), Agents: []int{0}, Adversaries: []string{"aggressive"}}, 2
				s.StartingCredits, s.Ante = 12, &ante
				return s
			},
			policy: func(f frame) *MoveMsg {
				vs := f.env.VisibleState
				for _, la := range f.env.LegalActions {
					if la.Action == ref.ActionRaise && vs.ToCall > 0 && la.Max < vs.Limits.MaxRaise {
						return &MoveMsg{Type: TypeMove, MatchID: f.env.MatchID, Turn: *f.env.Turn, Action: ref.ActionRaise, Amount: la.Max + 1}
					}
				}
				return &MoveMsg{Type: TypeMove, MatchID: f.env.MatchID, Turn: *f.env.Turn, Action: ref.ActionCall}
			},
			seeds:   5,
			observe: only("inference/round.3.raise-covered"),
		},
		{
			// A silent seat sits out at its third strike (round 3), is back
			// in round 9 and times out at once.
			fault: FaultStrikesResetOnReturn, rule: "inference/timeouts.last-strike",
			spec: func(seed string) MatchSpec {
				return MatchSpec{Seats: 3, Rounds: 10, DeadlineMS: 10, Seed: strp(seed), Agents: []int{0}, Adversaries: []string{"passive"}}
			},
			policy: silent,
			observe: func(t *testing.T, r faultRun) bool {
				_, by := verifyLog(t, r.log)
				return by["inference/timeouts.last-strike"] > 0
			},
		},
	}
}

// fairFails observes that the deal_private lines of a match log fail test
// i of fairness.Values (0 the spread, 1 repeats within a round) at its
// Alpha.
func fairFails(i int) func(t *testing.T, r faultRun) bool {
	return func(t *testing.T, r faultRun) bool {
		var deals []fairness.Deal
		for _, line := range bytes.Split(r.log, []byte("\n")) {
			ev, err := ref.ParseEvent(line)
			if err != nil || ev.Type != ref.EventDealPrivate {
				continue
			}
			for len(deals) < ev.Round {
				deals = append(deals, fairness.Deal{})
			}
			deals[ev.Round-1][ev.Seat] = ev.Value
		}
		return fairness.Values(deals, ref.ValueMin, ref.ValueMax)[i].Failed()
	}
}
