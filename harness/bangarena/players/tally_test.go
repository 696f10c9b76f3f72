package players

import (
	"maps"
	"testing"

	"github.com/umpire-arena/umpire/referee/bangarena"
)

// TestTallyReadsAfreshWhenEventsDoNotExtend: a heuristic fed requests of
// another match, another seat, or an earlier point keeps no attack from the
// events it read before; requests that extend the previous ones are read
// incrementally to the same counts as a full read.
func TestTallyReadsAfreshWhenEventsDoNotExtend(t *testing.T) {
	g, err := bangarena.NewGame(bangarena.Config{Seats: 6}, "tally")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := New("heuristic", "tally")
	var reqs []bangarena.DecisionRequest
	for n := 0; !g.Over() && n < 3000; n++ {
		seat, _ := g.Decider()
		req := g.Request(seat, SimDeadline)
		reqs = append(reqs, req)
		d, err := p.Decide(&req)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(seat, d.ActionID, d.Args); err != nil {
			t.Fatal(err)
		}
	}
	if len(reqs) < 50 {
		t.Fatalf("only %d requests", len(reqs))
	}
	full := func(r *bangarena.DecisionRequest) map[[2]int]int {
		var c tally
		c.update(r)
		return c.attacks
	}
	// Incremental, one seat's requests in order.
	var inc tally
	hostile := 0
	for i := range reqs {
		if reqs[i].SeatID != 0 {
			continue
		}
		inc.update(&reqs[i])
		if have, want := inc.attacks, full(&reqs[i]); !maps.Equal(have, want) {
			t.Fatalf("request %d: incremental %v, full read %v", i, have, want)
		}
		hostile = len(inc.attacks)
	}
	if hostile == 0 {
		t.Fatal("no attack in the whole match: the test cannot fail")
	}
	// Jumping back, to another seat, to another match.
	last := reqs[len(reqs)-1]
	other := reqs[len(reqs)/3]
	other.Observation.Events = other.Observation.Events[:len(other.Observation.Events)/2]
	cases := []bangarena.DecisionRequest{last, reqs[len(reqs)/2], last, other}
	moved := last
	moved.MatchID = "another"
	cases = append(cases, moved)
	var c tally
	for i := range cases {
		c.update(&cases[i])
		if have, want := c.attacks, full(&cases[i]); !maps.Equal(have, want) {
			t.Fatalf("case %d: tally %v, want %v", i, have, want)
		}
	}
}
