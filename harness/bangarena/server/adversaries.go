package server

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// Adversaries is the default PlayerFactory: the scripted players of
// harness/bangarena/players (random, heuristic, …) and the built-in
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
	// The random player of harness/bangarena/players is documented as
	// a uniformly random legal item: it reads legalActions only.
	a := adversary{p: p, view: kind != KindRandom}
	if d, ok := p.(baadv.DeltaPlayer); ok && a.view {
		da := &deltaAdversary{adversary: a, d: d}
		da.ip, _ = p.(baadv.ItemPlayer)
		return da, nil
	}
	if ip, ok := p.(baadv.ItemPlayer); ok && !a.view {
		return &itemAdversary{adversary: a, ip: ip}, nil
	}
	return a, nil
}

// AdversaryKinds lists the kinds Adversaries accepts, sorted.
func AdversaryKinds() []string {
	k := append(baadv.Names(), KindPassive)
	slices.Sort(k)
	return slices.Compact(k)
}

// adversary adapts a player of harness/bangarena/players.
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

// GameDecider is implemented by players that decide from the game itself:
// a room calls DecideGame for them instead of building a whole request.
type GameDecider interface {
	DecideGame(g *ref.Game, seat int) (actionID string, args json.RawMessage)
}

// deltaAdversary is an adversary that reads, at each decision, only the
// events new since its previous one (baadv.DeltaPlayer, ref.Game.RequestSince),
// so a scripted seat costs the same late in a match as early. It serves one
// seat of one room's game (the room makes a player per seat).
//
// A player that also chooses from the referee's items (baadv.ItemPlayer)
// is asked through DecideItems, with the observation of the same request
// and its items without their argsSchema maps: the same answer, at a
// fraction of the allocations.
type deltaAdversary struct {
	adversary
	d     baadv.DeltaPlayer
	ip    baadv.ItemPlayer // d, when it is an ItemPlayer
	from  int              // the log index its next request starts at
	buf   []ref.Event      // the last request's events, reused
	view  ref.ViewStore    // the storage of the last view (ItemPlayer), reused
	items []ref.Item       // the last decision's items, reused
}

// DecideGame answers the seat's decision in g.
func (a *deltaAdversary) DecideGame(g *ref.Game, seat int) (string, json.RawMessage) {
	var (
		d   baadv.Decision
		err error
	)
	if a.ip != nil {
		var view ref.PlayerView
		view, a.from = g.ViewSince(seat, a.from, &a.view)
		a.items = g.Items(seat, a.items)
		d, err = a.ip.DecideItems(&view, a.items)
	} else {
		var req ref.DecisionRequest
		req, a.from = g.RequestSince(seat, "", a.from, a.buf)
		a.buf = req.Observation.Events
		d, err = a.d.DecideDelta(&req)
	}
	if err != nil {
		return "", nil
	}
	return d.ActionID, d.Args
}

// itemAdversary is an adversary that reads legalActions only (the random
// player) and chooses from the referee's items (baadv.ItemPlayer): the
// answer Decide gives a request of the same items, without building their
// actionIds and argsSchema maps.
type itemAdversary struct {
	adversary
	ip    baadv.ItemPlayer
	items []ref.Item // the last decision's items, reused
}

// DecideGame answers the seat's decision in g.
func (a *itemAdversary) DecideGame(g *ref.Game, seat int) (string, json.RawMessage) {
	a.items = g.Items(seat, a.items)
	d, err := a.ip.DecideItems(nil, a.items)
	if err != nil {
		return "", nil
	}
	return d.ActionID, d.Args
}

// Decide answers a whole request; the player then reads the next delta
// from the log's start again.
func (a *deltaAdversary) Decide(req *ref.DecisionRequest) (string, json.RawMessage) {
	a.from = 0
	return a.adversary.Decide(req)
}
