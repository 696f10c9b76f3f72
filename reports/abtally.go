package reports

// ABTally is the A/B state of a run as its matches end, for a live status:
// each match is added once, a pair is formed when both sides of a seed
// have ended, and the counts, the Elo and the SPRT follow pair by pair, at
// a constant cost a match (ABOf recomputes everything from the report).
// The SPRT stops at the first prefix, in the order the pairs completed,
// whose LLR reaches a bound, as RunSPRT does in the order it is given.
type ABTally struct {
	spec    ABSpec
	waiting map[string]Match // one side of the seed has ended
	w, d, l int
	void    int
	sprt    SPRT
}

// NewABTally starts the tally of a run testing spec.
func NewABTally(spec ABSpec) *ABTally {
	return &ABTally{spec: spec, waiting: map[string]Match{}, sprt: newSPRT(spec)}
}

// Add records an ended match of either side (Side SideNew or
// SideBaseline; others are ignored).
func (t *ABTally) Add(m Match) {
	if m.Side != SideNew && m.Side != SideBaseline {
		return
	}
	other, ok := t.waiting[m.Seed]
	if !ok || other.Side == m.Side {
		t.waiting[m.Seed] = m
		return
	}
	delete(t.waiting, m.Seed)
	n, b := m, other
	if m.Side == SideBaseline {
		n, b = other, m
	}
	o, ok := PairOutcome(n, b)
	if !ok {
		t.void++
		return
	}
	tallyOutcome(o, &t.l, &t.d, &t.w)
	if t.sprt.Decision == SPRTUndecided {
		t.sprt.observe(t.spec, t.l, t.d, t.w)
	}
}

// Overall returns the statistics of the pairs so far over every adversary:
// the counts, the Elo with its interval and the SPRT (without its trace,
// nor the mean score difference, which a live status does not show). Void
// counts the pairs a harness error voided.
func (t *ABTally) Overall() ABStats {
	return ABStats{Adversary: AllAdversaries, Pairs: t.w + t.d + t.l, Wins: t.w, Draws: t.d, Losses: t.l, Void: t.void, Elo: eloOf(t.w, t.d, t.l), SPRT: t.sprt}
}
