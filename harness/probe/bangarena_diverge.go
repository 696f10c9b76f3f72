package probe

import (
	"bytes"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// Following a room log (I-BA-V3 for the live cross-check): once an event of
// the log differs from the one the replaying engine produces, the log's
// match is no longer the one the rules play. The log verifier charges that
// event to the rule whose application produced it; the cross-check of the
// observations and of the winners stops there, so that the one break is not
// charged again to the fields (hp, hand counts…) it changed afterwards.

// baLogFollows reports whether the engine's events from *checked on equal
// the log's events at the same positions, and moves *checked past the
// events compared.
func baLogFollows(g *ba.Game, log []ba.Event, checked *int) bool {
	evs := g.EventsFrom(*checked)
	for i := range evs {
		j := *checked + i
		if j >= len(log) {
			break
		}
		if !bytes.Equal(baCanonEvent(&evs[i]), baCanonEvent(&log[j])) {
			return false
		}
	}
	*checked += len(evs)
	return true
}

// baCanonEvent is an event as the engine writes it, without the engine's
// private marker of secret card details (not part of the wire).
func baCanonEvent(e *ba.Event) []byte {
	b, _ := e.MarshalJSON()
	if t := bytes.TrimSuffix(b, []byte(`,"secret":true}`)); len(t) < len(b) {
		b = append(t, '}')
	}
	return b
}
