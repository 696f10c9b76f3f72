package conform

import (
	"context"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// TestKnownFlakyRetry runs a check that fails on its first attempt and
// passes on its second: listed as flaky it is retried and ends a warning
// carrying the first attempt at INFO; not listed, it fails.
func TestKnownFlakyRetry(t *testing.T) {
	const rule = "inference/round.3.raise-cap"
	flappy := func() Check {
		calls := 0
		return Check{Name: "flappy", Game: GameInference, Rules: []string{rule}, Run: func(context.Context, *Target) Result {
			calls++
			if calls == 1 {
				return Result{Findings: []reports.Finding{NewFinding(rule, rules.Where{}, 3, 4, "four raises")}}
			}
			return Result{}
		}}
	}
	tests := []struct {
		name    string
		flaky   []string
		failing bool
		warning bool
	}{
		{name: "not listed: the first failure stands", failing: true},
		{name: "listed: retried, reported as a warning", flaky: []string{rule}, warning: true},
		{name: "another rule listed: not retried", flaky: []string{"inference/round.2.ante"}, failing: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tg := &Target{Game: GameInference, Flaky: tt.flaky}
			got := RunAll(context.Background(), tg, []Check{flappy()}, nil)[0]
			if got.Failing() != tt.failing || got.Warning() != tt.warning {
				t.Fatalf("failing %v warning %v, want %v %v (%+v)", got.Failing(), got.Warning(), tt.failing, tt.warning, got)
			}
			if tt.warning && (len(got.Findings) != 1 || got.Findings[0].Level != rules.Info || got.Reason == "") {
				t.Errorf("the failed attempt is not kept at INFO with a reason: %+v", got)
			}
		})
	}
}
