package probe

import (
	"bytes"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// The judge's events against the room log's (I-BA-V3 applied to the
// judge of the seats' evidence and the log): once the room log shows an
// event the rules do not produce there, the server's match is no longer
// the one the engine plays, and every later field or list compared would
// charge other rules for that one break. The log verifier names the rule
// of the divergence; the judge stops comparing at it.

// baEventTrail compares the engine's events, as they grow, with the log's.
type baEventTrail struct {
	log     []ba.Event
	checked int
	// diverged is the index of the first event that differs (-1: none).
	diverged int
}

func newBaEventTrail(log []ba.Event) *baEventTrail { return &baEventTrail{log: log, diverged: -1} }

// agree reports whether every event g emitted so far is the log's event at
// the same place (seq numbers and private markers aside).
func (t *baEventTrail) agree(g *ba.Game) bool {
	if t.diverged >= 0 {
		return false
	}
	n := g.EventCount()
	for _, e := range g.EventsFrom(t.checked) {
		if t.checked >= len(t.log) || !baSameEvent(e, t.log[t.checked]) {
			t.diverged = t.checked
			return false
		}
		t.checked++
	}
	t.checked = n
	return true
}

// baSameEvent reports whether the engine's event e is the log's l: by
// content, but for match_start, whose seed commitment the judge (which
// takes its chance from the evidence, not from a seed) does not make; the
// log verifier checks it.
func baSameEvent(e, l ba.Event) bool {
	if e.Type == "match_start" {
		return l.Type == "match_start"
	}
	return bytes.Equal(baEventKey(e), baEventKey(l))
}

// baEventKey is an event's JSON without its seq and private marker.
func baEventKey(e ba.Event) []byte {
	e.Seq = 0
	b, _ := e.MarshalJSON()
	if t := bytes.TrimSuffix(b, []byte(`,"secret":true}`)); len(t) < len(b) {
		b = append(t, '}')
	}
	return b
}

// baOnlyEndDiffers reports whether the log and the replay part at the
// replay's game_over (the winners, compared under their §10 rule), not
// before.
func baOnlyEndDiffers(t *baEventTrail, g *ba.Game) bool {
	evs := g.Log()
	return t.diverged >= 0 && t.diverged == len(evs)-1 && evs[t.diverged].Type == "game_over" &&
		t.diverged < len(t.log) && t.log[t.diverged].Type == "game_over"
}
