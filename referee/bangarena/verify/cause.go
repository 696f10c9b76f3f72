package verify

import (
	"slices"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// Refinements of cause attribution (I-BA-V3, I-BA-V6) where one expected event
// carries the outcome of two rules: the eliminated event names the seat out
// (§9 elimination) and its killer (§9 killer); game_over names the winners
// of the §10 condition that held, and its place after the elimination (the
// order of evaluation, §10 5); a turn's first check is the Dynamite's
// (§8 dynamite check) and comes before the Jail's (§3 order).

// refineCause returns the rule a divergence between the expected event want
// (whose cause is cause, "" for none) and the log's got breaks; keys are the
// top-level fields in which they differ.
func refineCause(want, got *ba.Event, cause string, keys []string) string {
	switch {
	case want.Type == "eliminated" && got.Type == "eliminated" && slices.Equal(keys, []string{"killerSeat"}):
		return "bangarena/9.killer"
	case want.Type == "check" && got.Type == "check" && want.Kind == "dynamite" && got.Kind == "jail":
		// The Jail checked where the rules check the Dynamite first: the
		// order of the turn's checks (§3), not either check's outcome
		// (I-BA-V7).
		return "bangarena/3.dynamite-before-jail"
	case (want.Type == "game_over") != (got.Type == "game_over") && (want.Type == "game_over" || got.Type == "game_over"):
		// The match ends where the rules do not end it, or goes on where
		// they end it: the win check is not run after the elimination.
		return "bangarena/10.win-order"
	case want.Type == "cover_check" && got.Type == "cover_check" && len(want.Flips) == len(got.Flips) && onlyKeys(keys, "flips", "result"):
		// The check is there, with its number of flips (Iron Brow's, Lucky's
		// two): its coins differ, the coin's rule (§8).
		return "bangarena/8.cover-coin"
	case want.Type == "check" && got.Type == "check" && want.Kind == got.Kind && cause == ba.CharacterRule("char_08"):
		// Lucky's second card is there: how it is judged is the check's
		// rule, not Lucky's.
		switch want.Kind {
		case "jail":
			return "bangarena/8.jail-check"
		case "dynamite":
			return "bangarena/8.dynamite-check"
		}
	case want.Type == "reshuffle" && got.Type == "reshuffle" && cause == "bangarena/3.resolving-card" && got.Count != want.Count+1:
		// A reshuffle while a card resolves that does not shuffle in one
		// card more (the resolving one) breaks the reshuffle itself.
		return "bangarena/3.reshuffle"
	}
	return cause
}

// bazaarOtherWay reports whether got, where the rules draw want, is the
// Bazaar's second draw taken the other way round: by the living seat
// before the player where the rules take the one after it.
func bazaarOtherWay(g *ba.Game, want, got *ba.Event) bool {
	if want.Type != "draw" || got.Type != "draw" || want.Reason != "market" || got.Reason != "market" || want.Seat == got.Seat {
		return false
	}
	v := g.View(0)
	p, n := v.TurnSeat, len(v.Players)
	if p < 0 || p >= n {
		return false
	}
	step := func(d int) int {
		for k := 1; k < n; k++ {
			if s := ((p+d*k)%n + n) % n; v.Players[s].Alive {
				return s
			}
		}
		return p
	}
	return want.Seat == step(1) && got.Seat == step(-1)
}

// onlyKeys reports whether every key of keys is one of allowed.
func onlyKeys(keys []string, allowed ...string) bool {
	for _, k := range keys {
		if !slices.Contains(allowed, k) {
			return false
		}
	}
	return len(keys) > 0
}

// missingCause returns the rule a log breaks that lacks the engine's event
// first: a game_over left out is a match not ended where the rules end it.
func missingCause(first *ba.Event, cause string) string {
	if first.Type == "game_over" && cause != "" {
		return "bangarena/10.win-order"
	}
	return cause
}

// causeOf is the rule whose application produced the engine's event e
// ("" when the engine names none).
func (v *BangArenaVerifier) causeOf(e *ba.Event) string {
	if v.g == nil {
		return ""
	}
	return v.g.Cause(e.Seq)
}
