package verify_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/bangarena/verify"
	"github.com/umpire-arena/umpire/referee/rules"
)

// A full BangArena log re-simulated from its config and seed: no finding.
func ExampleVerifyBangArenaReader() {
	g, _ := ba.NewGame(ba.Config{Seats: 4}, "example-seed")
	r := rand.New(rand.NewPCG(1, 2))
	for !g.Over() {
		g.PlayRandom(r)
	}
	log := ba.EncodeLog(g.Log())
	sum, err := verify.VerifyBangArenaReader(context.Background(), bytes.NewReader(log),
		verify.BangArenaOptions{File: "m.jsonl", Seeds: []string{"example-seed"}},
		func(f rules.Finding) { fmt.Println(f) })
	fmt.Println(err, sum.Must, sum.Ended, sum.Decisions > 0)
	// Output: <nil> 0 true true
}
