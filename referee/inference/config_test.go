package inference

import (
	"testing"
)

func TestConfigValidate(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Config)
		rule   string // "" = valid
	}{
		{"default", func(*Config) {}, ""},
		{"three seats", func(c *Config) { c.TableSize = 3 }, ""},
		{"eight seats", func(c *Config) { c.TableSize = 8 }, ""},
		{"two seats", func(c *Config) { c.TableSize = 2 }, "inference/table.size"},
		{"nine seats", func(c *Config) { c.TableSize = 9 }, "inference/table.size"},
		{"no rounds", func(c *Config) { c.Rounds = 0 }, "inference/match.rounds"},
		{"no credits", func(c *Config) { c.StartingCredits = 0 }, "inference/match.credits"},
		{"negative ante", func(c *Config) { c.Ante = -1 }, "inference/round.2.ante"},
		{"ramp every 0", func(c *Config) { c.AnteRamp.EveryRounds = 0 }, "inference/round.2.ante-ramp"},
		{"raise min 0", func(c *Config) { c.MinRaise = 0 }, "inference/round.3.raise-bounds"},
		{"raise max below min", func(c *Config) { c.MaxRaise = 0 }, "inference/round.3.raise-bounds"},
		{"negative raise cap", func(c *Config) { c.MaxRaisesPerRound = -1 }, "inference/round.3.raise-cap"},
		{"no deadline", func(c *Config) { c.TurnDeadlineMS = 0 }, "inference/timeouts.deadline"},
		{"no strikes", func(c *Config) { c.MaxConsecutiveTimeouts = 0 }, "inference/timeouts.sit-out"},
		{"negative sit-out", func(c *Config) { c.SitOutRounds = -1 }, "inference/timeouts.sit-out"},
		{"negative message limit", func(c *Config) { c.MaxMessageChars = -1 }, "inference/round.4.message-length"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := DefaultConfig()
			tc.change(&c)
			err := c.Validate()
			if tc.rule == "" {
				if err != nil {
					t.Fatalf("have %v, want valid", err)
				}
				return
			}
			wantRule(t, err, tc.rule)
		})
	}
}

// TestDefaults pins the defaults of the rules text, one rule at a time.
func TestDefaults(t *testing.T) {
	c := DefaultConfig()
	lim := c.Limits(1)
	tests := []struct {
		rule      string
		got, want []int
	}{
		{"inference/table.size", []int{c.TableSize}, []int{6}},
		{"inference/match.rounds", []int{c.Rounds}, []int{40}},
		{"inference/match.credits", []int{c.StartingCredits}, []int{100}},
		{"inference/round.3.raise-bounds", []int{lim.MinRaise, lim.MaxRaise}, []int{1, 10}},
		{"inference/round.3.raise-cap", []int{lim.MaxRaisesPerRound}, []int{3}},
		{"inference/timeouts.deadline", []int{lim.TurnDeadlineMS}, []int{10000}},
		{"inference/timeouts.sit-out", []int{lim.MaxConsecutiveTimeouts, lim.SitOutRounds}, []int{3, 5}},
		{"inference/round.4.message-length", []int{lim.MaxMessageChars}, []int{280}},
		{"inference/round.1.deal", []int{lim.ValueMin, lim.ValueMax}, []int{1, 100}},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			if !eqInts(tc.got, tc.want) {
				t.Fatalf("have %v, want %v", tc.got, tc.want)
			}
		})
	}
	t.Run("inference/timeouts.deadline/carried into views", func(t *testing.T) {
		c := DefaultConfig()
		c.TableSize, c.TurnDeadlineMS = 3, 30000
		s, err := NewState(c, Setup{Names: []string{"a", "b", "c"}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		start(t, s, 1, 2, 3)
		if got := s.View(0).Limits.TurnDeadlineMS; got != 30000 {
			t.Fatalf("turn_deadline_ms = %d, want the configured 30000", got)
		}
	})
	t.Run("inference/match.credits/every seat starts equal", func(t *testing.T) {
		c := DefaultConfig()
		c.StartingCredits = 37
		m, err := NewMatch(c, "m", "s", []string{"a", "b", "c", "d", "e", "f"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if m.TotalCredits() != 6*37 {
			t.Fatalf("total credits %d, want %d", m.TotalCredits(), 6*37)
		}
	})
}

// TestAnteSchedule checks the ramp at its boundaries
// (inference/round.2.ante-ramp, inference/protocol.ante-formula) and that a
// match's round_start and limits.ante follow it
// (inference/wire.visible-state.ante).
func TestAnteSchedule(t *testing.T) {
	for _, id := range []string{"inference/round.2.ante-ramp", "inference/protocol.ante-formula", "inference/wire.visible-state.ante"} {
		t.Run(id, testAnteSchedule)
	}
}

func testAnteSchedule(t *testing.T) {
	c := DefaultConfig()
	tests := []struct{ round, want int }{{1, 2}, {20, 2}, {21, 3}, {30, 3}, {31, 4}, {40, 4}, {41, 5}, {51, 6}}
	for _, tc := range tests {
		if got := AnteFor(c.Ante, c.AnteRamp, tc.round); got != tc.want {
			t.Errorf("ante(round %d) = %d, want %d", tc.round, got, tc.want)
		}
		if got := c.Limits(tc.round).Ante; got != tc.want {
			t.Errorf("limits(round %d).ante = %d, want %d", tc.round, got, tc.want)
		}
	}
	// The rules' example schedule: from 51 every 25 → 2 until 50, 3 at 51.
	ex := AnteRamp{FromRound: 51, EveryRounds: 25, Step: 1}
	if AnteFor(2, ex, 50) != 2 || AnteFor(2, ex, 51) != 3 || AnteFor(2, ex, 76) != 4 {
		t.Fatal("ramp {51,25,1} does not give 2/3/4 at rounds 50/51/76")
	}
	// In play: rounds 20 and 21 of a 3-seat table where everyone checks.
	s, log := table(t, 0, 0, 0, 0)
	for r := 1; r <= 21; r++ {
		start(t, s, 10, 20, 30)
		for s.Phase() == PhaseBetting {
			if r == 21 {
				if vs := s.View(s.ToAct()); vs.Limits.Ante != 3 {
					t.Fatalf("round 21 limits.ante = %d, want 3", vs.Limits.Ante)
				}
			}
			act(t, s, s.ToAct(), ActionCall, 0)
		}
	}
	rs := linesOfType(log, EventRoundStart)
	if want := `{"type":"round_start","round":21,"dealer":2,"ante":3,"dealt_in":[0,1,2]}`; rs[20] != want {
		t.Fatalf("have %s\nwant %s", rs[20], want)
	}
}
