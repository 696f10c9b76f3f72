package inference

import "github.com/umpire-arena/umpire/referee/rules"

// RulesVersion is the rules document this package implements.
const RulesVersion = "inference-0.4"

// GameName is the value of visible_state.game.
const GameName = "inference"

// The range of hidden values.
const (
	ValueMin = 1
	ValueMax = 100
)

// AnteRamp is the ante schedule of limits.ante_ramp: from round FromRound
// on, the ante grows by Step every EveryRounds rounds (see AnteFor).
type AnteRamp struct {
	FromRound   int `json:"from_round"`
	EveryRounds int `json:"every_rounds"`
	Step        int `json:"step"`
}

// Config is the configuration of one match.
type Config struct {
	// TableSize is the number of seats, 3 to 8.
	TableSize int `json:"table_size"`
	// Rounds is the number of rounds of a full match.
	Rounds int `json:"rounds"`
	// StartingCredits is every seat's stack at the start.
	StartingCredits int `json:"starting_credits"`
	// Ante is the base ante, AnteRamp its growth.
	Ante     int      `json:"ante"`
	AnteRamp AnteRamp `json:"ante_ramp"`
	// MinRaise and MaxRaise bound a raise increment.
	MinRaise int `json:"min_raise"`
	MaxRaise int `json:"max_raise"`
	// MaxRaisesPerRound caps raises per round, table-wide.
	MaxRaisesPerRound int `json:"max_raises_per_round"`
	// TurnDeadlineMS is only carried into views; the engine has no clock.
	TurnDeadlineMS int `json:"turn_deadline_ms"`
	// MaxConsecutiveTimeouts strikes make a seat sit out SitOutRounds rounds.
	MaxConsecutiveTimeouts int `json:"max_consecutive_timeouts"`
	SitOutRounds           int `json:"sit_out_rounds"`
	// MaxMessageChars bounds a table message, in Unicode code points.
	MaxMessageChars int `json:"max_message_chars"`
	// Deviations break named rules on purpose, for the embedded server's
	// faults (deviations.go); never set by a judging referee, never logged.
	Deviations rules.Deviations `json:"-"`
}

// DefaultConfig returns the configuration the rules text describes: 6 seats,
// 40 rounds, 100 credits, ante 2 rising by 1 every 10 rounds from round 21,
// raises of 1–10, 3 raises per round, 10 s turns, 3 strikes, 5 rounds out,
// 280-character messages.
func DefaultConfig() Config {
	return Config{
		TableSize:              6,
		Rounds:                 40,
		StartingCredits:        100,
		Ante:                   2,
		AnteRamp:               AnteRamp{FromRound: 21, EveryRounds: 10, Step: 1},
		MinRaise:               1,
		MaxRaise:               10,
		MaxRaisesPerRound:      3,
		TurnDeadlineMS:         10000,
		MaxConsecutiveTimeouts: 3,
		SitOutRounds:           5,
		MaxMessageChars:        280,
	}
}

// Validate reports the first setting out of range, as a *rules.Error naming
// the rule the setting belongs to.
func (c Config) Validate() error {
	switch {
	case c.TableSize < 3 || c.TableSize > 8 && !(c.TableSize == 9 && c.Deviations.On(DevNineSeats)):
		return rules.Errorf("inference/table.size", "table_size %d: a table seats 3 to 8 players", c.TableSize)
	case c.Rounds < 1:
		return rules.Errorf("inference/match.rounds", "rounds %d: a match needs at least 1 round", c.Rounds)
	case c.StartingCredits < 1:
		return rules.Errorf("inference/match.credits", "starting_credits %d: must be at least 1", c.StartingCredits)
	case c.Ante < 0:
		return rules.Errorf("inference/round.2.ante", "ante %d: must not be negative", c.Ante)
	case c.AnteRamp.FromRound < 1 || c.AnteRamp.EveryRounds < 1 || c.AnteRamp.Step < 0:
		return rules.Errorf("inference/round.2.ante-ramp", "ante_ramp %+v: from_round and every_rounds must be at least 1, step not negative", c.AnteRamp)
	case c.MinRaise < 1 || c.MaxRaise < c.MinRaise:
		return rules.Errorf("inference/round.3.raise-bounds", "raise bounds %d..%d: need 1 <= min <= max", c.MinRaise, c.MaxRaise)
	case c.MaxRaisesPerRound < 0:
		return rules.Errorf("inference/round.3.raise-cap", "max_raises_per_round %d: must not be negative", c.MaxRaisesPerRound)
	case c.TurnDeadlineMS < 1:
		return rules.Errorf("inference/timeouts.deadline", "turn_deadline_ms %d: must be positive", c.TurnDeadlineMS)
	case c.MaxConsecutiveTimeouts < 1:
		return rules.Errorf("inference/timeouts.sit-out", "max_consecutive_timeouts %d: must be at least 1", c.MaxConsecutiveTimeouts)
	case c.SitOutRounds < 0:
		return rules.Errorf("inference/timeouts.sit-out", "sit_out_rounds %d: must not be negative", c.SitOutRounds)
	case c.MaxMessageChars < 0:
		return rules.Errorf("inference/round.4.message-length", "max_message_chars %d: must not be negative", c.MaxMessageChars)
	}
	return nil
}

// AnteFor returns the ante of round (1-based) for base ante and ramp:
// base before ramp.FromRound, then base + step × (1 + ⌊(round −
// from_round) / every_rounds⌋), the formula WIRE.md pins. With base 2 and
// the default ramp this gives 2 for rounds 1–20, 3 for 21–30, 4 for 31–40.
func AnteFor(base int, ramp AnteRamp, round int) int {
	if round < ramp.FromRound || ramp.EveryRounds < 1 {
		return base
	}
	return base + ramp.Step*(1+(round-ramp.FromRound)/ramp.EveryRounds)
}

// Limits is visible_state.limits (and match_start.limits).
type Limits struct {
	Ante                   int      `json:"ante"`
	AnteRamp               AnteRamp `json:"ante_ramp"`
	MinRaise               int      `json:"min_raise"`
	MaxRaise               int      `json:"max_raise"`
	MaxRaisesPerRound      int      `json:"max_raises_per_round"`
	ValueMin               int      `json:"value_min"`
	ValueMax               int      `json:"value_max"`
	TurnDeadlineMS         int      `json:"turn_deadline_ms"`
	MaxConsecutiveTimeouts int      `json:"max_consecutive_timeouts"`
	SitOutRounds           int      `json:"sit_out_rounds"`
	MaxMessageChars        int      `json:"max_message_chars"`
}

// Limits returns the limits in force in round (1-based). For round 0 (before
// the match starts) and in match_start, ante is the base ante (I-INF-12).
func (c Config) Limits(round int) Limits {
	ante := c.Ante
	if round >= 1 {
		ante = AnteFor(c.Ante, c.AnteRamp, round)
	}
	return Limits{
		Ante:                   ante,
		AnteRamp:               c.AnteRamp,
		MinRaise:               c.MinRaise,
		MaxRaise:               c.MaxRaise,
		MaxRaisesPerRound:      c.MaxRaisesPerRound,
		ValueMin:               ValueMin,
		ValueMax:               ValueMax,
		TurnDeadlineMS:         c.TurnDeadlineMS,
		MaxConsecutiveTimeouts: c.MaxConsecutiveTimeouts,
		SitOutRounds:           c.SitOutRounds,
		MaxMessageChars:        c.MaxMessageChars,
	}
}
