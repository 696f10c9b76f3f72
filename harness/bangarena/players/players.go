package players

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// Decision is a player's answer: one actionId of the request's
// legalActions, and optional args merged over its argsSchema.
type Decision struct {
	ActionID string          `json:"actionId"`
	Args     json.RawMessage `json:"args,omitempty"`
}

// Player decides for one seat.
type Player interface {
	// Name is the player's kind, e.g. "random".
	Name() string
	// Decide answers a DecisionRequest with non-empty legalActions.
	Decide(req *ba.DecisionRequest) (Decision, error)
}

// DeltaPlayer is a Player that can also follow a match through requests
// whose observation carries only the events new since the seat's previous
// request (referee/bangarena's Game.RequestSince): what a scripted seat
// needs, without the engine keeping a copy of the log per seat. Both
// players of this package are DeltaPlayers.
type DeltaPlayer interface {
	Player
	// DecideDelta answers as Decide would answer the whole request. The
	// first DecideDelta of a match (or after a Decide) gets the events from
	// the log's start, each later one those since the previous call. The
	// player keeps none of req's events after it returns (the caller may
	// reuse their storage).
	DecideDelta(req *ba.DecisionRequest) (Decision, error)
}

// ItemPlayer is a DeltaPlayer that can also choose from a decision's items
// as the referee holds them (ba.Game.Items) beside the observation of
// ba.Game.ViewSince: what a player in the same process as the referee is
// asked, without the argsSchema maps of a request's legalActions. Both
// players of this package are ItemPlayers.
type ItemPlayer interface {
	DeltaPlayer
	// DecideItems answers as DecideDelta would answer the request whose
	// observation is obs and whose legalActions are items (obs's events a
	// delta, as DecideDelta's). obs may be nil for a player that does not
	// read the observation (the random one). The player keeps neither obs's
	// events nor items after it returns.
	DecideItems(obs *ba.PlayerView, items []ba.Item) (Decision, error)
}

// ErrNoLegalActions is returned by Decide for a request without items.
var ErrNoLegalActions = errors.New("bangarena adversary: the request has no legalActions")

// Names lists the players New knows.
func Names() []string { return []string{"heuristic", "random"} }

// New returns the player called name, seeded from seed (the same name and
// seed always make the same choices for the same requests).
func New(name, seed string) (Player, error) {
	r := rand.New(rand.NewChaCha8(sha256.Sum256([]byte("adversary:" + name + ":" + seed))))
	switch name {
	case "random":
		return &randomPlayer{r: r}, nil
	case "heuristic":
		return &heuristic{r: r}, nil
	}
	return nil, fmt.Errorf("bangarena adversary: unknown player %q (want one of %s)", name, strings.Join(Names(), ", "))
}

type randomPlayer struct{ r *rand.Rand }

// Name implements Player.
func (p *randomPlayer) Name() string { return "random" }

// DecideDelta implements DeltaPlayer (the events are not read).
func (p *randomPlayer) DecideDelta(req *ba.DecisionRequest) (Decision, error) { return p.Decide(req) }

// Decide picks a uniformly random item of legalActions.
func (p *randomPlayer) Decide(req *ba.DecisionRequest) (Decision, error) {
	if len(req.LegalActions) == 0 {
		return Decision{}, ErrNoLegalActions
	}
	return Decision{ActionID: req.LegalActions[p.r.IntN(len(req.LegalActions))].ActionID}, nil
}

// DecideItems implements ItemPlayer: Decide's pick among items.
func (p *randomPlayer) DecideItems(_ *ba.PlayerView, items []ba.Item) (Decision, error) {
	if len(items) == 0 {
		return Decision{}, ErrNoLegalActions
	}
	return Decision{ActionID: items[p.r.IntN(len(items))].ActionID()}, nil
}

// heuristic follows §15: the Marshal keeps Ricochets and shoots those who
// attacked him; a Deputy never attacks the Marshal and shoots the
// Marshal's attackers; Raiders focus the Marshal; a Loner keeps the
// Marshal alive while others live. Ties go to targets with fewer cards.
//
// A heuristic follows one match: it keeps the attacks it has read from the
// observation's events and reads only the events new since its previous
// decision. A request whose events do not extend the previous request's
// (another match, another seat) is read afresh, so answers never depend on
// what the player saw before.
type heuristic struct {
	r *rand.Rand
	// seen is the running tally of the events read so far.
	seen tally
	// t is the per-decision table, reused.
	t table
	// items holds the decision's items as the scores read them, reused.
	items []item
}

// Name implements Player.
func (p *heuristic) Name() string { return "heuristic" }

// tally counts the hostile card plays of an observation's events: attacks
// maps (attacker, target) to the number of card_played events of an
// attacking command from attacker at target.
type tally struct {
	// delta: the tally follows DecideDelta's event deltas.
	delta   bool
	matchID string
	you     int
	upto    int      // events read
	first   eventKey // events[0] when upto > 0
	last    eventKey // events[upto-1] when upto > 0
	attacks map[[2]int]int
}

// eventKey is the part of an event the tally compares to recognise a
// request that extends the previous one.
type eventKey struct {
	Seq, Seat, TargetSeat int
	Type, Command         string
}

func keyOf(e *ba.Event) eventKey {
	return eventKey{Seq: e.Seq, Seat: e.Seat, TargetSeat: e.TargetSeat, Type: e.Type, Command: e.Command}
}

// update brings the tally up to req's events: only the new ones when they
// extend those read before, all of them otherwise.
func (c *tally) update(req *ba.DecisionRequest) {
	o := &req.Observation
	ev := o.Events
	if c.attacks == nil || c.delta || req.MatchID != c.matchID || o.You != c.you || len(ev) < c.upto ||
		(c.upto > 0 && (keyOf(&ev[0]) != c.first || keyOf(&ev[c.upto-1]) != c.last)) {
		clear(c.attacks)
		if c.attacks == nil {
			c.attacks = map[[2]int]int{}
		}
		c.matchID, c.you, c.upto, c.delta = req.MatchID, o.You, 0, false
	}
	c.count(ev[c.upto:])
	if len(ev) > 0 {
		c.first, c.last = keyOf(&ev[0]), keyOf(&ev[len(ev)-1])
	}
	c.upto = len(ev)
}

// add counts events as new ones (a delta).
func (c *tally) add(events []ba.Event) {
	if c.attacks == nil || !c.delta {
		clear(c.attacks)
		if c.attacks == nil {
			c.attacks = map[[2]int]int{}
		}
		c.delta, c.upto = true, 0
	}
	c.count(events)
}

// count adds the hostile card plays of events.
func (c *tally) count(events []ba.Event) {
	for i := range events {
		e := &events[i]
		if e.Type == "card_played" && e.TargetSeat >= 0 && e.Seat != e.TargetSeat {
			switch e.Command {
			case "play_shot", "play_duel", "play_steal", "play_discard_any", "play_equip_blue":
				c.attacks[[2]int{e.Seat, e.TargetSeat}]++
			}
		}
	}
}

// table is what the heuristic reads from an observation.
type table struct {
	obs     *ba.PlayerView
	me      int
	role    string
	marshal int
	living  int
	// hostile[s]: attacks of seat s on the Marshal; attacked[s]: on me;
	// known[s]: the role seat s is known to hold (all for s in players).
	hostile, attacked []int
	known             []string
	// enemies[s] caches enemy(s) for s in players (-1: not yet).
	enemies []int
}

// read fills t from the observation o and the tally of its events.
func (t *table) read(o *ba.PlayerView, seen *tally) {
	n := len(o.Players)
	t.obs, t.me, t.marshal, t.living = o, o.You, -1, 0
	t.hostile = resize(t.hostile, n)
	t.attacked = resize(t.attacked, n)
	t.enemies = resize(t.enemies, n)
	if cap(t.known) < n {
		t.known = make([]string, n)
	}
	t.known = t.known[:n]
	clear(t.known)
	for _, p := range o.Players {
		if p.RoleID != nil {
			if p.Seat >= 0 && p.Seat < n {
				t.known[p.Seat] = *p.RoleID
			}
			if *p.RoleID == ba.RoleMarshal {
				t.marshal = p.Seat
			}
		}
		if p.Alive {
			t.living++
		}
	}
	for _, k := range o.KnownRoles {
		if k.Seat >= 0 && k.Seat < n {
			t.known[k.Seat] = k.RoleID
		}
	}
	t.role = ""
	if t.me >= 0 && t.me < n {
		t.role = t.known[t.me]
	}
	for s := range n {
		t.hostile[s], t.attacked[s], t.enemies[s] = 0, 0, -1
		if len(seen.attacks) > 0 {
			t.hostile[s] = seen.attacks[[2]int{s, t.marshal}]
			t.attacked[s] = seen.attacks[[2]int{s, t.me}]
		}
	}
}

func resize(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

// enemy is enemyScore, computed once per seat and decision.
func (t *table) enemy(s int) int {
	if s < 0 || s >= len(t.enemies) {
		return 0
	}
	if t.enemies[s] < 0 {
		t.enemies[s] = t.enemyScore(s)
	}
	return t.enemies[s]
}

// enemyScore scores how much the heuristic wants to hurt seat s (≤ 0: not
// at all).
func (t *table) enemyScore(s int) int {
	if s == t.me || s < 0 || s >= len(t.obs.Players) || !t.obs.Players[s].Alive {
		return 0
	}
	isMarshal := s == t.marshal
	score := 0
	switch t.role {
	case ba.RoleRaider, ba.RoleImpostor:
		if isMarshal {
			return 100
		}
		if r := t.known[s]; r == ba.RoleRaider || r == ba.RoleImpostor {
			return 0
		}
		score = 10 + 5*t.attacked[s] - 5*t.hostile[s]
	case ba.RoleMarshal, ba.RoleAide:
		if isMarshal || t.known[s] == ba.RoleAide && t.role == ba.RoleMarshal && t.hostile[s] == 0 {
			return 0
		}
		score = 10 + 20*t.hostile[s] + 5*t.attacked[s]
		if t.role == ba.RoleMarshal && t.hostile[s] == 0 && t.attacked[s] == 0 {
			score = 5
		}
	case ba.RoleLone:
		if isMarshal {
			if t.living > 2 {
				return 0
			}
			return 100
		}
		score = 10 + 5*t.attacked[s] + 5*t.hostile[s]
	default:
		score = 10
	}
	// Fewer cards in hand, fewer possible Ricochets.
	score += 6 - min(6, t.obs.Players[s].HandCount)
	return max(score, 1)
}

// keep ranks hand cards: the lower, the sooner discarded.
func (t *table) keep(cardID string) int {
	switch cardID {
	case "miss":
		if t.role == ba.RoleMarshal {
			return 9
		}
		return 8
	case "heal_self":
		return 7
	case "shot":
		return 6
	case "cover", "mount", "duel", "aoe_shot":
		return 5
	case "heal_all", "steal_near", "weapon_rifle", "weapon_carbine", "weapon_long":
		return 4
	case "raid", "draw2", "draw3", "market", "scope", "jail", "discard_any":
		return 3
	}
	return 2
}

// Decide scores every item by the rules of thumb and picks a best one
// (ties broken by the player's RNG, among the best items in their order).
func (p *heuristic) Decide(req *ba.DecisionRequest) (Decision, error) {
	if len(req.LegalActions) == 0 {
		return Decision{}, ErrNoLegalActions
	}
	p.seen.update(req)
	return p.decideLegal(req)
}

// DecideDelta implements DeltaPlayer.
func (p *heuristic) DecideDelta(req *ba.DecisionRequest) (Decision, error) {
	if len(req.LegalActions) == 0 {
		return Decision{}, ErrNoLegalActions
	}
	p.seen.add(req.Observation.Events)
	return p.decideLegal(req)
}

// DecideItems implements ItemPlayer.
func (p *heuristic) DecideItems(obs *ba.PlayerView, items []ba.Item) (Decision, error) {
	if len(items) == 0 {
		return Decision{}, ErrNoLegalActions
	}
	if obs == nil {
		return Decision{}, errors.New("bangarena adversary: the heuristic reads the observation")
	}
	p.seen.add(obs.Events)
	p.items = p.items[:0]
	for i := range items {
		p.items = append(p.items, itemOfItem(&items[i]))
	}
	k, args := p.decide(obs)
	return Decision{ActionID: items[k].ActionID(), Args: args}, nil
}

// decideLegal answers req from the tally of the events up to it.
func (p *heuristic) decideLegal(req *ba.DecisionRequest) (Decision, error) {
	p.items = p.items[:0]
	for i := range req.LegalActions {
		p.items = append(p.items, itemOfLegal(&req.LegalActions[i]))
	}
	k, args := p.decide(&req.Observation)
	return Decision{ActionID: req.LegalActions[k].ActionID, Args: args}, nil
}

// decide chooses among p.items (not empty) from the observation o and the
// tally of the events up to it: the index of the item and its args.
func (p *heuristic) decide(o *ba.PlayerView) (int, json.RawMessage) {
	t := &p.t
	t.read(o, &p.seen)
	if t.me < 0 || t.me >= len(t.obs.Players) {
		// A malformed observation: fall back to a random item.
		return p.r.IntN(len(p.items)), nil
	}
	me := &t.obs.Players[t.me]
	c := scoring{low: me.Hp <= 2}
	for _, pl := range t.obs.Players {
		if pl.Alive && pl.Seat != t.me {
			if t.enemy(pl.Seat) > 0 {
				c.enemies++
			} else {
				c.allies++
			}
		}
	}
	// The best items, in their order (what a stable sort by score puts first).
	var buf [16]int
	best := buf[:0]
	top := 0
	for i := range p.items {
		s := p.score(t, me, &c, &p.items[i])
		switch {
		case len(best) == 0 || s > top:
			top, best = s, append(best[:0], i)
		case s == top:
			best = append(best, i)
		}
	}
	k := best[p.r.IntN(len(best))]
	if p.items[k].command == "discard" {
		return k, p.discardArgs(t, *me)
	}
	return k, nil
}

// scoring holds what every item's score of one decision shares.
type scoring struct {
	low             bool
	enemies, allies int
}

// handCard returns the cardId of the card uid in me's hand ("" if none; the
// last one when a uid repeats).
func handCard(me *ba.PlayerInfo, uid string) string {
	id := ""
	for _, h := range me.Hand {
		if h.UID == uid {
			id = h.CardID
		}
	}
	return id
}

// intOf reads a JSON number that may be an int (in process) or a float64
// (decoded from the wire); -1 when absent.
func intOf(v any) int {
	switch n := v.(type) {
	case int:
		return n
	case float64:
		return int(n)
	}
	return -1
}

func (p *heuristic) score(t *table, me *ba.PlayerInfo, c *scoring, a *item) int {
	low, enemies, allies := c.low, c.enemies, c.allies
	switch a.command {
	// Choices.
	case "choose_glory":
		switch a.perk {
		case "heart":
			if low {
				return 30
			}
			return 10
		case "range":
			return 20
		}
		return 15
	case "choose_first_draw":
		if a.srcKind == "hand" {
			return t.enemy(a.srcSeat)
		}
		return 10
	case "choose_look_top":
		// Put back the card worth least.
		id := ""
		if pc := t.obs.PendingChoice; pc != nil && a.hasPutBack {
			for _, c := range pc.Cards {
				if c.UID == a.putBack {
					id = c.CardID
				}
			}
		}
		return 20 - t.keep(id)
	case "choose_prayer":
		if a.pray {
			return 10
		}
		return 5
	// Reactions.
	case "play_miss":
		return 50
	case "play_heal_self":
		if t.obs.Phase == ba.PhaseReaction {
			return 60
		}
		if me.Hp < me.MaxHp && (low || me.Hp < me.MaxHp-1) {
			return 80
		}
		return -1
	case "play_raid_discard_shot":
		return 40
	case "play_duel_discard_shot":
		if pr := t.obs.PendingReaction; pr != nil && t.enemy(pr.SourceSeat) == 0 && !low {
			return 0 // let an ally win the Duel cheaply
		}
		return 40
	case "pass_reaction":
		return 1
	case "use_discard_heal":
		if low {
			return 90
		}
		return -5
	case "discard":
		return 1
	// Play.
	case "play_equip_blue":
		switch handCard(me, a.cardUID) {
		case "jail":
			return 30 + t.enemy(a.target)/5
		case "bomb":
			return 12
		}
		return 70
	case "play_weapon":
		if me.WeaponCardID == nil || ba.WeaponRange(handCard(me, a.cardUID)) > ba.WeaponRange(*me.WeaponCardID) {
			return 65
		}
		return -1
	case "play_draw", "play_market":
		return 75
	case "play_heal_all":
		if me.Hp < me.MaxHp && allies >= enemies {
			return 60
		}
		return -1
	case "play_shot":
		if e := t.enemy(a.target); e > 0 {
			if handCard(me, a.cardUID) == "miss" && t.role == ba.RoleMarshal {
				return -1 // the Marshal keeps his Ricochets
			}
			return 40 + e
		}
		return -1
	case "play_duel":
		if e := t.enemy(a.target); e > 0 {
			shots := 0
			for _, h := range me.Hand {
				// A uid counts once, as its last card (as a uid → cardId map would).
				if h.CardID == "shot" && handCard(me, h.UID) == "shot" {
					shots++
					break
				}
			}
			if shots >= 1 {
				return 35 + e
			}
			return 20 + e/2
		}
		return -1
	case "play_steal", "play_discard_any":
		if e := t.enemy(a.target); e > 0 {
			return 30 + e/2
		}
		return -1
	case "play_raid", "play_aoe_shot":
		if enemies > allies || (t.role == ba.RoleRaider && t.marshal >= 0) {
			return 45
		}
		return -1
	case "use_peek_role":
		return 25
	case "end_play":
		return 0
	}
	return 0
}

// discardArgs names the (hand − hp) cards worth least.
func (p *heuristic) discardArgs(t *table, me ba.PlayerInfo) json.RawMessage {
	k := len(me.Hand) - me.Hp
	if k <= 0 {
		return nil
	}
	cards := append([]ba.HandCard(nil), me.Hand...)
	sort.SliceStable(cards, func(i, j int) bool { return t.keep(cards[i].CardID) < t.keep(cards[j].CardID) })
	uids := make([]string, k)
	for i := range k {
		uids[i] = cards[i].UID
	}
	b, _ := json.Marshal(map[string]any{"cardUids": uids})
	return b
}
