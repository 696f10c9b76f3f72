package players_test

import (
	"context"
	"fmt"

	infadv "github.com/umpire-arena/umpire/harness/inference/players"
	ref "github.com/umpire-arena/umpire/referee/inference"
)

func ExampleSimulate() {
	cfg := ref.DefaultConfig()
	cfg.TableSize, cfg.Rounds = 3, 5
	var players []infadv.Player
	for i, kind := range []string{"passive", "aggressive", "heuristic"} {
		p, _ := infadv.New(kind, infadv.PlayerSeed("example", i))
		players = append(players, p)
	}
	res, err := infadv.Simulate(context.Background(), cfg, "m-1", "example", players, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Rounds, res.Reason)
	// Output: 5 rounds_complete
}
