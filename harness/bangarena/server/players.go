package server

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sort"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// Player is a scripted player the server seats where no agent sits. Decide
// gets the seat's DecisionRequest (never with an empty legalActions) and
// returns the actionId of one of its items and optional args. Players see
// only what the seat sees; they are used by one room goroutine at a time.
type Player interface {
	Decide(req *ref.DecisionRequest) (actionID string, args json.RawMessage)
}

// ViewNeeder is implemented by players that say whether they read the
// observation. A player that reports false gets a DecisionRequest with
// only seatId, observationVersion and legalActions, which spares the room
// building a PlayerView per scripted move. Players without the method get
// the whole request.
type ViewNeeder interface {
	NeedsObservation() bool
}

// PlayerFactory makes the scripted player of a kind, seeded with seed.
type PlayerFactory func(kind string, seed int64) (Player, error)

// Built-in player kinds.
const (
	// KindRandom picks a uniformly random legal item.
	KindRandom = "random"
	// KindPassive gives the answer a silent seat would get: end_play,
	// pass_reaction, the default discard, the default choice.
	KindPassive = "passive"
)

// PlayerKinds lists the kinds NewPlayer accepts, sorted.
func PlayerKinds() []string {
	k := []string{KindRandom, KindPassive}
	sort.Strings(k)
	return k
}

// NewPlayer returns a built-in scripted player (random or passive); the
// default factory, Adversaries, adds the players of
// harness/bangarena/players.
func NewPlayer(kind string, seed int64) (Player, error) {
	switch kind {
	case KindRandom:
		return &randomPlayer{rng: rand.New(rand.NewPCG(uint64(seed), 0x6261))}, nil
	case KindPassive:
		return passivePlayer{}, nil
	}
	return nil, fmt.Errorf("unknown adversary %q (known: %v)", kind, PlayerKinds())
}

// PlayerSeed derives the seed of the scripted player in seat of the room
// seeded roomSeed: FNV-1a 64 of roomSeed + "/" + seat.
func PlayerSeed(roomSeed string, seat int) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", roomSeed, seat)
	return int64(h.Sum64())
}

type randomPlayer struct{ rng *rand.Rand }

// NeedsObservation is false: only legalActions are read.
func (p *randomPlayer) NeedsObservation() bool { return false }

func (p *randomPlayer) Decide(req *ref.DecisionRequest) (string, json.RawMessage) {
	return req.LegalActions[p.rng.IntN(len(req.LegalActions))].ActionID, nil
}

type passivePlayer struct{}

// NeedsObservation is false: only legalActions are read.
func (passivePlayer) NeedsObservation() bool { return false }

// Decide picks the first item whose command is a passive answer, else the
// first item (the default choices are listed first by the engine).
func (passivePlayer) Decide(req *ref.DecisionRequest) (string, json.RawMessage) {
	for _, a := range req.LegalActions {
		switch a.Command {
		case "end_play", "pass_reaction", "discard":
			return a.ActionID, nil
		}
	}
	return req.LegalActions[0].ActionID, nil
}
