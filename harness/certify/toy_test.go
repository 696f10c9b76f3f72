package certify

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/game"
)

// toyGame is a game registered by this test alone, as a new game's wiring
// would register it: its part of certify built from the exported fields
// only, with no driver.
const toyGame = "toy-certify"

func init() {
	game.Register(game.Facts{Name: toyGame, Title: "Toy", MinSeats: 2, MaxSeats: 3, DefaultSeats: 2,
		ScriptedKinds: []string{"toy-a", "toy-b"}, Order: 99},
		Game{DefaultDeadline: 3 * time.Second,
			Checks: func() []CheckDef { return []CheckDef{{Name: CheckLegal, Rule: "toy/agent.legal-answer"}} }})
}

// TestGameFromItsOwnFolder: a game's part of certify written outside the
// package takes its defaults from the game's facts and its part (seats,
// adversaries, deadline), names its checks' rules, and a run of a game
// that gives no driver is refused as a configuration error.
func TestGameFromItsOwnFolder(t *testing.T) {
	c, err := Config{Game: toyGame, Agent: Agent{Command: "a"}}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if c.Seats != 2 || !slices.Equal(c.Adversaries, []string{"toy-a", "toy-b"}) || c.Deadline != 3*time.Second {
		t.Errorf("defaults: seats %d, adversaries %v, deadline %v; want 2, [toy-a toy-b], 3s", c.Seats, c.Adversaries, c.Deadline)
	}
	if got := CheckRules(toyGame); len(got) != 1 || got[CheckLegal] != "toy/agent.legal-answer" {
		t.Errorf("CheckRules = %v", got)
	}
	err = Config{Game: toyGame, Agent: Agent{Command: "a"}}.Validate()
	if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), "gives no driver") {
		t.Errorf("validating a game without a driver: %v, want a configuration error saying so", err)
	}
	_, err = Run(context.Background(), Config{Game: toyGame, Agent: Agent{Command: "a"}, Matches: 1})
	if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), "gives no driver") {
		t.Errorf("a run of a game without a driver: %v, want a configuration error saying so", err)
	}
}
