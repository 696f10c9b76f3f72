package probe

import (
	"bytes"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// Following a room log with the engine (the replay check, I-BA-P1): once
// the log's events depart from the ones the rules produce, the engine no
// longer plays the match the seats were shown, and every later comparison
// would charge other rules for that one break. The log verifier charges the
// departure to its rule (I-BA-V3); the replay check stops comparing there.

// baFollow compares the events of a room log with the replaying engine's,
// incrementally.
type baFollow struct {
	log []ba.Event
	// at is how many events of the log the engine's agree with so far.
	at int
	// decisions are the indices in log of its decision events.
	decisions []int
}

func newBaFollow(log []ba.Event) *baFollow {
	f := &baFollow{log: log}
	for i := range log {
		if log[i].Type == "decision" {
			f.decisions = append(f.decisions, i)
		}
	}
	return f
}

// before reports whether the engine's events are exactly the log's up to
// its i-th decision (0-based), as they must be before that decision is
// replayed.
func (f *baFollow) before(g *ba.Game, i int) bool {
	if i >= len(f.decisions) {
		return f.upTo(g, len(f.log))
	}
	return f.upTo(g, f.decisions[i])
}

// upTo reports whether the engine's events are exactly the log's first n.
func (f *baFollow) upTo(g *ba.Game, n int) bool {
	if g.EventCount() != n {
		return false
	}
	for k, e := range g.EventsFrom(f.at) {
		a, _ := e.MarshalJSON()
		b, _ := f.log[f.at+k].MarshalJSON()
		if !bytes.Equal(a, b) {
			return false
		}
	}
	f.at = n
	return true
}

// baDeparted is the replay check's result for a log that departs from the
// rules after compared decisions: what was compared until then, or a skip
// when nothing was.
func baDeparted(res Result, compared int) Result {
	if compared == 0 {
		return skip("the room log departs from the rules before the first decision the suite saw (the log verifier names the rule): nothing to compare")
	}
	res.notExercised("bangarena/server.replay", "the room log departs from the rules (the log verifier names the rule); the decisions after it are not compared")
	return res
}
