package conform

import (
	"context"
	"slices"
	"strconv"
	"testing"

	"github.com/umpire-arena/umpire/reports"
)

// TestGivenMatchAndRoom runs the suite on one match or room made beforehand
// (no --create): the checks that observe a played session judge it, and
// every probe that needs a match of its own is skipped with a reason, never
// passed.
func TestGivenMatchAndRoom(t *testing.T) {
	for _, game := range []string{GameInference, GameBangArena} {
		t.Run(game, func(t *testing.T) {
			e, err := StartEmbedded(game, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			tg := handOver(t, game, e.URL, "given")
			if err := tg.Validate(); err != nil {
				t.Fatal(err)
			}
			passed := passOrSkip(t, tg)
			if want := 3; passed < want {
				t.Errorf("have %d passing checks on the given %s, want at least %s", passed, game, strconv.Itoa(want))
			}
		})
	}
}

// handOver makes a match (Inference) or room (BangArena) on the server at
// url through the harness extension and returns the Target that plays it
// as handed over: its id and seat tokens, no Create.
func handOver(t *testing.T, game, url, seed string) *Target {
	t.Helper()
	maker := &Target{Game: game, URL: url, Create: true}
	if err := maker.Validate(); err != nil {
		t.Fatal(err)
	}
	tg, err := HandOver(context.Background(), maker, seed)
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

// TestGivenSomeSeats runs the suite on a match or room of a server that
// draws its chance otherwise (the other-chance dialect) with only some of
// its seats handed over: what no handed-over seat saw is unknown to the
// judge, so whatever depends on it is inconclusive (a skip or a note that
// says why), never a finding.
func TestGivenSomeSeats(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a match on each game")
	}
	for _, game := range []string{GameInference, GameBangArena} {
		t.Run(game, func(t *testing.T) {
			e, err := StartEmbeddedDialects(game, nil, []string{"other-chance", "no-log"})
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			tg := handOver(t, game, e.URL, "some-seats")
			if len(tg.Seats) < 3 {
				t.Fatalf("handed over %d seats, want at least 3", len(tg.Seats))
			}
			// Keep the first half of the seats (at least two).
			keep := max(2, len(tg.Seats)/2)
			for seat := range tg.Seats {
				if seat >= keep {
					delete(tg.Seats, seat)
				}
			}
			if err := tg.Validate(); err != nil {
				t.Fatal(err)
			}
			passed := passOrSkip(t, tg)
			if passed == 0 {
				t.Errorf("no check passed on the %s with seats 0..%d handed over", game, keep-1)
			}
		})
	}
}

// TestGivenSomeSeatsFault: the same given room, half its seats handed
// over and no log, of a server that draws three cards at the draw phase:
// the seats' streams merged show it, charged to the rule it breaks, alone.
func TestGivenSomeSeatsFault(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a room")
	}
	game := GameBangArena
	e, err := StartEmbeddedDialects(game, []string{"draw-three"}, []string{"other-chance", "no-log"})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	tg := handOver(t, game, e.URL, "some-seats")
	for seat := range tg.Seats {
		if seat >= len(tg.Seats)/2 {
			delete(tg.Seats, seat)
		}
	}
	if err := tg.Validate(); err != nil {
		t.Fatal(err)
	}
	var must []string
	for _, c := range Checks(game) {
		rc := Run(context.Background(), tg, c)
		for _, f := range rc.Findings {
			if f.Level == "MUST" {
				must = append(must, f.Rule)
			}
		}
	}
	if len(must) == 0 || slices.ContainsFunc(must, func(r string) bool { return r != "bangarena/3.draw-two" }) {
		t.Errorf("MUST findings %v, want bangarena/3.draw-two alone", must)
	}
}

// passOrSkip runs every check of tg's game on tg, wants each to pass or to
// skip saying why, and returns how many passed.
func passOrSkip(t *testing.T, tg *Target) int {
	t.Helper()
	passed := 0
	for _, c := range Checks(tg.Game) {
		rc := Run(context.Background(), tg, c)
		switch rc.Status {
		case reports.Pass:
			passed++
		case reports.Skip:
			if rc.Reason == "" {
				t.Errorf("%s: skipped without a reason", c.Name)
			}
		default:
			t.Errorf("%s: have %v (%s) %v, want pass or skip", c.Name, rc.Status, rc.Reason, rc.Findings)
		}
	}
	return passed
}
