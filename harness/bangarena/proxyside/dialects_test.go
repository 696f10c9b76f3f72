package proxyside_test

import (
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/proxy/proxytest"
	"github.com/umpire-arena/umpire/reports"
)

// TestDialectsThroughRelay (issue 12, I-BA-L3): a BangArena server whose
// DecisionRequests carry knownRoles keyed by seat and extra fields
// everywhere is judged through the relay like umpire's own: exit 0, and
// the legal actions are compared (not left inconclusive as unreadable).
func TestDialectsThroughRelay(t *testing.T) {
	ctx := testContext(t, 2*time.Minute)
	r := proxytest.NewDialects(t, game, nil, []string{"known-roles-object", "extra-fields"})
	c := r.Create("proxy-dialects", 4, []int{0, 1}, 3000)
	r.Play(ctx, r.Front.URL, c)
	rep := r.Report(ctx, 1)
	if code := rep.ExitCode(); code != 0 {
		dump(t, rep)
		t.Fatalf("exit code %d, findings %v", code, failing(rep))
	}
	for _, ch := range rep.Checks {
		if ch.Name == "server-legal-actions" && ch.Status != reports.Pass {
			dump(t, rep)
			t.Fatalf("legal actions check: %s (%s), want pass", ch.Status, ch.Reason)
		}
	}
}

// TestPinnedShapesThroughRelay (issue 26): a DecisionRequest that differs
// from a pin of umpire's (pendingReaction without WIRE.md's command, cardId
// and cardUid) or from a reading (legal_mask as the actionIds, I-BA-60)
// fails no schema check at MUST through the relay: the violation carries
// its clause's basis and is graded SHOULD, as the conformance suite grades
// it.
func TestPinnedShapesThroughRelay(t *testing.T) {
	ctx := testContext(t, 2*time.Minute)
	r := proxytest.NewDialects(t, game, nil, []string{"pending-minimal", "legal-mask-ids"})
	c := r.Create("proxy-pins", 4, []int{0, 1}, 3000)
	r.Play(ctx, r.Front.URL, c)
	rep := r.Report(ctx, 1)
	if code := rep.ExitCode(); code != 0 {
		dump(t, rep)
		t.Fatalf("exit code %d, findings %v", code, failing(rep))
	}
}
