package conform

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

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

// TestRunAllGivesUpOnStalls: the suite is given up after MaxTimedOut
// checks in a row stalled, told by the error's type (ErrNoAnswer, said in
// any words, or a wait of the run that ran out while the check ran), never
// by the words of a reason: an error that only says "no answer within" is
// not a stall, and a check that judged something in between starts the
// count again.
func TestRunAllGivesUpOnStalls(t *testing.T) {
	typed := func(_ context.Context, tg *Target) Result {
		return Errored(fmt.Errorf("playing: in words of its own: %w", tg.NoAnswer("GET /x", time.Second, nil)))
	}
	counted := func(_ context.Context, tg *Target) Result {
		_ = tg.NoAnswer("seat 0: a message", time.Second, nil)
		return Result{Status: reports.Error, Reason: "the session went wrong"}
	}
	prose := func(context.Context, *Target) Result {
		return Errored(errors.New("GET /x: no answer within 1s: the check did not finish within 1s"))
	}
	pass := func(context.Context, *Target) Result { return Result{} }
	tests := []struct {
		name     string
		runs     []func(context.Context, *Target) Result
		givenUp  int
		lastRuns bool
	}{
		{"typed errors", []func(context.Context, *Target) Result{typed, typed, pass, pass}, 2, false},
		{"counted waits", []func(context.Context, *Target) Result{counted, typed, pass}, 1, false},
		{"prose is no stall", []func(context.Context, *Target) Result{prose, prose, prose, pass}, 0, true},
		{"a pass between", []func(context.Context, *Target) Result{typed, pass, typed, pass}, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tg := &Target{Game: GameInference, URL: "http://127.0.0.1:1", Create: true}
			if err := tg.Validate(); err != nil {
				t.Fatal(err)
			}
			var checks []Check
			for i, r := range tc.runs {
				checks = append(checks, Check{Name: fmt.Sprint(i), Run: r})
			}
			got := RunAll(context.Background(), tg, checks, nil)
			given := 0
			for _, rc := range got {
				if strings.HasPrefix(rc.Reason, "not run:") {
					given++
				}
			}
			if given != tc.givenUp {
				t.Errorf("%d checks given up, want %d", given, tc.givenUp)
			}
			if last := got[len(got)-1]; (last.Status == reports.Pass) != tc.lastRuns {
				t.Errorf("the last check: %v (%s)", last.Status, last.Reason)
			}
		})
	}
}
