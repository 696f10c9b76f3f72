package players

import (
	"fmt"
	"math/rand/v2"
	"strings"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// Player is a scripted Inference player. Decide gets the seat's
// visible_state and its legal actions (never empty) and returns one of the
// legal moves. Players are deterministic given their seed and inputs, and
// not safe for concurrent use.
type Player interface {
	// Kind names the strategy ("random", "passive", ...).
	Kind() string
	// Decide chooses a move for the seat to act.
	Decide(vs *ref.VisibleState, legal []ref.LegalAction) ref.Move
}

// Kinds lists the names New accepts, sorted.
func Kinds() []string {
	return []string{"aggressive", "heuristic", "passive", "random"}
}

// New returns the player of the given kind seeded with seed.
func New(kind string, seed int64) (Player, error) {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15))
	switch kind {
	case "random":
		return &randomPlayer{rng: rng}, nil
	case "passive":
		return passivePlayer{}, nil
	case "aggressive":
		return &aggressivePlayer{rng: rng}, nil
	case "heuristic":
		return &heuristicPlayer{rng: rng}, nil
	}
	return nil, fmt.Errorf("unknown adversary %q (known: %s)", kind, strings.Join(Kinds(), ", "))
}

func find(legal []ref.LegalAction, action string) (ref.LegalAction, bool) {
	for _, la := range legal {
		if la.Action == action {
			return la, true
		}
	}
	return ref.LegalAction{}, false
}

// call returns the call move (always legal), or fold if it is missing.
func call(legal []ref.LegalAction) ref.Move {
	if _, ok := find(legal, ref.ActionCall); ok {
		return ref.Move{Action: ref.ActionCall}
	}
	return ref.Move{Action: ref.ActionFold}
}

// randomPlayer picks uniformly among the legal actions, a raise amount
// uniformly within its bounds; it never folds when it could check.
type randomPlayer struct{ rng *rand.Rand }

func (p *randomPlayer) Kind() string { return "random" }

func (p *randomPlayer) Decide(vs *ref.VisibleState, legal []ref.LegalAction) ref.Move {
	la := legal[p.rng.IntN(len(legal))]
	switch la.Action {
	case ref.ActionRaise:
		return ref.Move{Action: ref.ActionRaise, Amount: la.Min + p.rng.IntN(la.Max-la.Min+1)}
	case ref.ActionFold:
		if vs.ToCall == 0 {
			return ref.Move{Action: ref.ActionCall}
		}
	}
	return ref.Move{Action: la.Action}
}

// passivePlayer always checks or calls.
type passivePlayer struct{}

func (passivePlayer) Kind() string { return "passive" }

func (passivePlayer) Decide(_ *ref.VisibleState, legal []ref.LegalAction) ref.Move {
	return call(legal)
}

// aggressivePlayer raises whenever it can: the maximum half of the time,
// otherwise a random amount; else it calls.
type aggressivePlayer struct{ rng *rand.Rand }

func (p *aggressivePlayer) Kind() string { return "aggressive" }

func (p *aggressivePlayer) Decide(_ *ref.VisibleState, legal []ref.LegalAction) ref.Move {
	if r, ok := find(legal, ref.ActionRaise); ok {
		amount := r.Max
		if p.rng.IntN(2) == 0 {
			amount = r.Min + p.rng.IntN(r.Max-r.Min+1)
		}
		return ref.Move{Action: ref.ActionRaise, Amount: amount}
	}
	return call(legal)
}

// heuristicPlayer plays a rule of thumb: compare its value with
// call_breakeven_value (or, with nothing to call, with a fixed bar), raise
// strong values, fold weak ones; it bluffs now and then and sometimes says
// something to the table.
type heuristicPlayer struct{ rng *rand.Rand }

func (p *heuristicPlayer) Kind() string { return "heuristic" }

// tableTalk returns one of the heuristic player's table messages.
func tableTalk(i int) string {
	lines := [...]string{"I like my odds.", "Your move.", "Feeling lucky?", "Hm.", "Not this time.", "All bark, no bite."}
	return lines[i%len(lines)]
}

func (p *heuristicPlayer) Decide(vs *ref.VisibleState, legal []ref.LegalAction) ref.Move {
	value := 50
	if vs.YourValue != nil {
		value = *vs.YourValue
	}
	bar := 60 // with nothing to call: raise above this
	if vs.CallBreakevenValue != nil {
		bar = *vs.CallBreakevenValue
	}
	raise, canRaise := find(legal, ref.ActionRaise)
	bluff := p.rng.IntN(100) < 6
	var mv ref.Move
	switch {
	case canRaise && (value >= min(bar+25, 95) || bluff):
		// Bet in proportion to strength.
		amount := raise.Min + (raise.Max-raise.Min)*max(0, value-50)/50
		mv = ref.Move{Action: ref.ActionRaise, Amount: max(raise.Min, min(raise.Max, amount))}
	case vs.ToCall == 0 || value >= bar:
		mv = call(legal)
	default:
		mv = ref.Move{Action: ref.ActionFold}
	}
	if p.rng.IntN(100) < 4 {
		mv.Message = tableTalk(p.rng.IntN(6))
	}
	return mv
}
