package bangarena

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	baadv "github.com/umpire-arena/umpire/harness/adversaries/bangarena"
	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// Adversaries is the default PlayerFactory: the scripted players of
// harness/adversaries/bangarena (random, heuristic, …) and the built-in
// passive player.
func Adversaries(kind string, seed int64) (Player, error) {
	if kind == KindPassive {
		return NewPlayer(kind, seed)
	}
	if !slices.Contains(baadv.Names(), kind) {
		return nil, fmt.Errorf("unknown adversary %q (known: %v)", kind, AdversaryKinds())
	}
	p, err := baadv.New(kind, strconv.FormatInt(seed, 10))
	if err != nil {
		return nil, err
	}
	// The random player of harness/adversaries/bangarena is documented as
	// a uniformly random legal item: it reads legalActions only.
	return adversary{p: p, view: kind != KindRandom}, nil
}

// AdversaryKinds lists the kinds Adversaries accepts, sorted.
func AdversaryKinds() []string {
	k := append(baadv.Names(), KindPassive)
	slices.Sort(k)
	return slices.Compact(k)
}

// adversary adapts a player of harness/adversaries/bangarena.
type adversary struct {
	p    baadv.Player
	view bool
}

// NeedsObservation reports whether the player reads the observation.
func (a adversary) NeedsObservation() bool { return a.view }

// Decide returns the player's answer; a player error gives an empty
// actionId, which the room replaces by the default answer.
func (a adversary) Decide(req *ref.DecisionRequest) (string, json.RawMessage) {
	d, err := a.p.Decide(req)
	if err != nil {
		return "", nil
	}
	return d.ActionID, d.Args
}
