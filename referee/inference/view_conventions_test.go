package inference

import (
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

func TestPotConvention(t *testing.T) {
	vs := VisibleState{Pot: 9, Players: []PlayerView{{Contribution: 2}, {Contribution: 5}, {Contribution: 2}}}
	if err := PotConvention(vs); err != nil {
		t.Fatalf("consistent pot: %v", err)
	}
	vs.Pot = 15
	if err := PotConvention(vs); rules.RuleOf(err) != "inference/wire.visible-state.contribution" {
		t.Fatalf("pot 15 over contributions 9: %v", err)
	}
}

func TestAnteConvention(t *testing.T) {
	ramp := AnteRamp{FromRound: 3, EveryRounds: 2, Step: 1}
	at := func(round, ante int) VisibleState {
		return VisibleState{Round: round, Limits: Limits{Ante: ante, AnteRamp: ramp}}
	}
	for _, tc := range []struct {
		name         string
		first, later VisibleState
		ok           bool
	}{
		{"before the ramp", at(1, 2), at(2, 2), true},
		{"first step", at(1, 2), at(3, 3), true},
		{"two steps", at(2, 2), at(6, 4), true},
		{"both on the ramp", at(3, 3), at(5, 4), true},
		{"not raised", at(1, 2), at(5, 2), false},
		{"raised too early", at(1, 2), at(2, 3), false},
		{"another ramp: nothing to compare", at(1, 2), VisibleState{Round: 5, Limits: Limits{Ante: 9}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := AnteConvention(tc.first, tc.later)
			if (err == nil) != tc.ok || (err != nil && rules.RuleOf(err) != "inference/protocol.ante-formula") {
				t.Fatalf("AnteConvention = %v, want ok=%v", err, tc.ok)
			}
		})
	}
}
