package bangarena_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// A match is dealt from a config and a seed; the Decider answers with one
// of its legal actions until the match is over.
func Example() {
	g, err := bangarena.NewGame(bangarena.Config{Seats: 5, RoleMode: bangarena.ModeClassic}, "example")
	if err != nil {
		panic(err)
	}
	r := bangarena.FromRand(rand.New(rand.NewPCG(1, 2)))
	for !g.Over() {
		seat, _ := g.Decider()
		a, _ := g.RandomLegal(seat, r)
		if err := g.Apply(seat, a.ActionID, nil); err != nil {
			panic(err)
		}
	}
	team, seats := g.Winners()
	fmt.Println(team != "", len(seats) > 0)
	// Output: true true
}

// Apply rejects anything that is not an item of the seat's legalActions,
// naming the rule.
func ExampleGame_Apply() {
	g, _ := bangarena.NewGame(bangarena.Config{Seats: 4}, "apply")
	seat, _ := g.Decider()
	err := g.Apply(seat, "win_now", nil)
	fmt.Println(rules.RuleOf(err))
	err = g.Apply((seat+1)%4, "end_play", nil)
	fmt.Println(rules.RuleOf(err))
	// Output:
	// bangarena/13.action-ids
	// bangarena/12.decider
}

// Request builds the DecisionRequest of §12 for a seat; the deadline comes
// from the caller.
func ExampleGame_Request() {
	g, _ := bangarena.NewGame(bangarena.Config{Seats: 4, MatchID: "m-1"}, "request")
	seat, _ := g.Decider()
	req := g.Request(seat, "2026-10-09T12:00:30.000Z")
	b, _ := json.Marshal(req.LegalActions[len(req.LegalActions)-1])
	fmt.Println(req.MatchID, req.ProtocolVersion, string(b))
	// Output: m-1 krug-decision/1 {"actionId":"end_play","command":"end_play"}
}
