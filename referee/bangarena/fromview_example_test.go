package bangarena_test

import (
	"fmt"

	"github.com/umpire-arena/umpire/referee/bangarena"
)

// LegalFromRequest re-derives a request's legalActions from its
// observation alone; nothing is undecided when the events reach back to
// the match start.
func ExampleLegalFromRequest() {
	g, _ := bangarena.NewGame(bangarena.Config{Seats: 4}, "example")
	seat, _ := g.Decider()
	req := g.Request(seat, "1970-01-01T00:00:30.000Z")
	derived, undecided, err := bangarena.LegalFromRequest(req)
	fmt.Println(len(derived) == len(req.LegalActions), len(undecided), err)
	// Output: true 0 <nil>
}
