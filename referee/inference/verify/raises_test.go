package verify

import (
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestRaiseChargedAgainSeenMidRound: a raise charged the whole new bet
// shows, before the showdown, in a later line of the raiser that fits its
// stack only with its earlier bets taken again. Three seats of 6, an ante
// of 1, four raises a round: the first to act (A) raises 1, B raises 1,
// C folds, A raises 1 (charged 3, not 2: 1 left, not 2), B raises 1, and
// A's call of 1 takes its last credit (flagged all-in). The verifier
// charges that call line to round.3.raise, and nothing else.
func TestRaiseChargedAgainSeenMidRound(t *testing.T) {
	script := []ref.Move{
		{Action: ref.ActionRaise, Amount: 1}, {Action: ref.ActionRaise, Amount: 1}, {Action: ref.ActionFold},
		{Action: ref.ActionRaise, Amount: 1}, {Action: ref.ActionRaise, Amount: 1}, {Action: ref.ActionCall},
	}
	for _, dev := range []bool{false, true} {
		cfg := ref.DefaultConfig()
		cfg.TableSize, cfg.StartingCredits, cfg.Rounds, cfg.Ante, cfg.MaxRaisesPerRound = 3, 6, 1, 1, 4
		if dev {
			cfg.Deviations = rules.DeviationsOf(ref.DevRaiseForgetsOwnBets)
		}
		var buf ref.LogBuffer
		m, err := ref.NewMatch(cfg, "m-raise", "raise-mid-round", []string{"pa", "pb", "pc"}, &buf)
		if err != nil {
			t.Fatal(err)
		}
		for i, mv := range script {
			if err := m.Apply(m.ToAct(), mv); err != nil {
				t.Fatalf("deviation %v, move %d %+v: %v", dev, i, mv, err)
			}
		}
		if m.Phase() != ref.PhaseOver {
			t.Fatalf("deviation %v: the match goes on after the script", dev)
		}
		fs, _ := verifyAll(t, buf.Buf, Options{File: "raise.jsonl"})
		if !dev {
			if len(fs) != 0 {
				t.Fatalf("without the deviation: %s", describe(fs))
			}
			continue
		}
		if len(fs) != 1 || fs[0].Rule != "inference/round.3.raise" || fs[0].Where.Turn == nil || *fs[0].Where.Turn != 5 {
			t.Fatalf("want one round.3.raise finding at A's call (turn 5):%s", describe(fs))
		}
	}
}
