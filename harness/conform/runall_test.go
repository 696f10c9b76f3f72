package conform

import (
	"context"
	"testing"

	"github.com/umpire-arena/umpire/reports"
)

// TestRunAllRecordsInterruptedChecks proves no check is dropped: after the
// context ends, the remaining checks are Errors saying "interrupted", and
// each sees every result in order.
func TestRunAllRecordsInterruptedChecks(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pass := func(context.Context, *Target) Result { return Result{} }
	checks := []Check{{Name: "a", Run: pass}, {Name: "b", Run: pass}, {Name: "c", Run: pass}}
	var seen []string
	got := RunAll(ctx, &Target{}, checks, func(i int, rc reports.Check) {
		seen = append(seen, rc.Name)
		if i == 0 {
			cancel() // Ctrl-C after the first check
		}
	})
	if len(got) != 3 || len(seen) != 3 || seen[2] != "c" {
		t.Fatalf("RunAll gave %d results, each saw %q", len(got), seen)
	}
	if got[0].Status != reports.Pass {
		t.Fatalf("first check: %v; want pass", got[0].Status)
	}
	for _, rc := range got[1:] {
		if rc.Status != reports.Error || rc.Reason != "interrupted" {
			t.Fatalf("check %s after cancellation: %v %q; want error interrupted", rc.Name, rc.Status, rc.Reason)
		}
	}
}
