package inference

import (
	"slices"
	"testing"
)

// fixedChance seats the players in reverse, deals first from the last
// seat, and gives seat s the value 10·(s+1)+round.
type fixedChance struct{}

func (fixedChance) Seating(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = n - 1 - i
	}
	return p
}
func (fixedChance) FirstDealer(n int) int     { return n - 1 }
func (fixedChance) Value(round, seat int) int { return 10*(seat+1) + round }

type eventSink struct{ events []Event }

func (s *eventSink) Emit(e *Event) { s.events = append(s.events, *e) }

// TestMatchTakesItsChance: a Match is seated, buttoned and dealt by its
// Chance, and still commits to its seed.
func TestMatchTakesItsChance(t *testing.T) {
	cfg := DefaultConfig()
	cfg.TableSize = 3
	var sink eventSink
	m, err := PrepareMatchWith(cfg, "m-1", "chance", fixedChance{}, []string{"a", "b", "c"}, &sink)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Start(); err != nil {
		t.Fatal(err)
	}
	if got := []int{m.PlayerAt(0), m.PlayerAt(1), m.PlayerAt(2)}; !slices.Equal(got, []int{2, 1, 0}) {
		t.Errorf("seating %v, want the Chance's [2 1 0]", got)
	}
	deals := 0
	for _, e := range sink.events {
		switch e.Type {
		case EventMatchStart:
			if e.SeedCommit != SeedCommit("chance") {
				t.Errorf("seed commit %s is not the seed's", e.SeedCommit)
			}
		case EventRoundStart:
			if e.Round == 1 && e.Dealer != 2 {
				t.Errorf("round 1 dealer %d, want the Chance's 2", e.Dealer)
			}
		case EventDealPrivate:
			deals++
			if want := 10*(e.Seat+1) + e.Round; e.Value != want {
				t.Errorf("round %d seat %d dealt %d, want the Chance's %d", e.Round, e.Seat, e.Value, want)
			}
		}
	}
	if deals != 3 {
		t.Fatalf("%d deals, want 3", deals)
	}
}

type badSeating struct{ fixedChance }

func (badSeating) Seating(n int) []int { return make([]int, n) }

// TestMatchRefusesABadSeating: a seating that is no order of the players is
// refused.
func TestMatchRefusesABadSeating(t *testing.T) {
	cfg := DefaultConfig()
	cfg.TableSize = 3
	if _, err := PrepareMatchWith(cfg, "m-1", "s", badSeating{}, []string{"a", "b", "c"}, nil); err == nil {
		t.Fatal("a seating of one player thrice was taken")
	}
}

// TestSeededIsTheDealFunction: Seeded is SeatAssignment, FirstDealer and
// DealValue of its seed.
func TestSeededIsTheDealFunction(t *testing.T) {
	c := Seeded("s")
	if !slices.Equal(c.Seating(5), SeatAssignment("s", 5)) || c.FirstDealer(5) != FirstDealer("s", 5) || c.Value(3, 2) != DealValue("s", 3, 2) {
		t.Fatal("Seeded differs from the deal function")
	}
}
