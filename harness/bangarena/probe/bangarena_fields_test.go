package probe

import (
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// TestBaViewFieldsQueue: a reactionQueue of the same seats in another order
// breaks only umpire's reading of §7's "in turn" (bangarena/7.queue-order,
// I-BA-67); a queue of other seats, §7's queue of answers
// (bangarena/7.pending-shape).
func TestBaViewFieldsQueue(t *testing.T) {
	view := func(q ...int) ba.PlayerView {
		return ba.PlayerView{Phase: ba.PhaseReaction, PendingReaction: &ba.PendingReaction{Kind: "raid", SourceSeat: 0, TargetSeat: q[0]}, ReactionQueue: q}
	}
	for _, tc := range []struct {
		want, got ba.PlayerView
		rule      string
	}{
		{view(1, 2, 3), view(1, 3, 2), "bangarena/7.queue-order"},
		{view(1, 2, 3), view(1), "bangarena/7.pending-shape"},
		{view(1, 2, 3), view(1, 2, 4), "bangarena/7.pending-shape"},
	} {
		diffs, _ := baViewFields(tc.want, tc.got)
		found := false
		for _, d := range diffs {
			if d.path == "reactionQueue" {
				found = true
				if d.rule != tc.rule {
					t.Errorf("%v vs %v: %s, want %s", tc.want.ReactionQueue, tc.got.ReactionQueue, d.rule, tc.rule)
				}
			}
		}
		if !found {
			t.Errorf("%v vs %v: no reactionQueue difference", tc.want.ReactionQueue, tc.got.ReactionQueue)
		}
	}
}
