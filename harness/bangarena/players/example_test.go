package players_test

import (
	"context"
	"fmt"
	"io"

	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	"github.com/umpire-arena/umpire/referee/bangarena"
)

// Simulate plays a whole match between scripted players.
func ExampleSimulate() {
	var players []baadv.Player
	for seat := range 5 {
		name := []string{"heuristic", "random"}[seat%2]
		p, _ := baadv.New(name, fmt.Sprint("example-", seat))
		players = append(players, p)
	}
	res, err := baadv.Simulate(context.Background(), bangarena.Config{Seats: 5}, "example", players, io.Discard)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.WinnerTeam != "", len(res.Roles))
	// Output: true 5
}
