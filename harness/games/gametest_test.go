package games_test

import (
	"testing"

	_ "github.com/umpire-arena/umpire/harness/allgames"
	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/harness/games/gametest"
)

// TestEveryGame runs the invariants every game must hold over every
// registered game.
func TestEveryGame(t *testing.T) {
	for _, g := range games.All() {
		t.Run(g.Name, func(t *testing.T) {
			t.Parallel()
			gametest.TestGame(t, g, gametest.Options{})
		})
	}
}
