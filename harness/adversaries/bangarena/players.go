package bangarena

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

// Decide picks a uniformly random item of legalActions.
func (p *randomPlayer) Decide(req *ba.DecisionRequest) (Decision, error) {
	if len(req.LegalActions) == 0 {
		return Decision{}, ErrNoLegalActions
	}
	return Decision{ActionID: req.LegalActions[p.r.IntN(len(req.LegalActions))].ActionID}, nil
}

// heuristic follows §15: the Marshal keeps Ricochets and shoots those who
// attacked him; a Deputy never attacks the Marshal and shoots the
// Marshal's attackers; Raiders focus the Marshal; a Loner keeps the
// Marshal alive while others live. Ties go to targets with fewer cards.
type heuristic struct{ r *rand.Rand }

// Name implements Player.
func (p *heuristic) Name() string { return "heuristic" }

// table is what the heuristic reads from an observation.
type table struct {
	obs      *ba.PlayerView
	me       int
	role     string
	marshal  int
	living   int
	hostile  map[int]int // seat → attacks on the Marshal
	attacked map[int]int // seat → attacks on me
	known    map[int]string
}

func read(req *ba.DecisionRequest) *table {
	o := &req.Observation
	t := &table{obs: o, me: o.You, marshal: -1, hostile: map[int]int{}, attacked: map[int]int{}, known: map[int]string{}}
	for _, p := range o.Players {
		if p.RoleID != nil {
			t.known[p.Seat] = *p.RoleID
			if *p.RoleID == ba.RoleMarshal {
				t.marshal = p.Seat
			}
		}
		if p.Alive {
			t.living++
		}
	}
	for _, k := range o.KnownRoles {
		t.known[k.Seat] = k.RoleID
	}
	t.role = t.known[t.me]
	for _, e := range o.Events {
		if e.Type == "card_played" && e.TargetSeat >= 0 && e.Seat != e.TargetSeat {
			switch e.Command {
			case "play_shot", "play_duel", "play_steal", "play_discard_any", "play_equip_blue":
				if e.TargetSeat == t.marshal {
					t.hostile[e.Seat]++
				}
				if e.TargetSeat == t.me {
					t.attacked[e.Seat]++
				}
			}
		}
	}
	return t
}

// enemy scores how much the heuristic wants to hurt seat s (≤ 0: not at all).
func (t *table) enemy(s int) int {
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
// (ties broken by the player's RNG).
func (p *heuristic) Decide(req *ba.DecisionRequest) (Decision, error) {
	if len(req.LegalActions) == 0 {
		return Decision{}, ErrNoLegalActions
	}
	t := read(req)
	if t.me < 0 || t.me >= len(t.obs.Players) {
		// A malformed observation: fall back to a random item.
		return Decision{ActionID: req.LegalActions[p.r.IntN(len(req.LegalActions))].ActionID}, nil
	}
	me := t.obs.Players[t.me]
	hand := map[string]string{} // uid → cardId
	for _, h := range me.Hand {
		hand[h.UID] = h.CardID
	}
	type scored struct {
		a     ba.LegalAction
		score int
	}
	var best []scored
	for _, a := range req.LegalActions {
		s := p.score(t, me, hand, a)
		best = append(best, scored{a, s})
	}
	sort.SliceStable(best, func(i, j int) bool { return best[i].score > best[j].score })
	top := best[0]
	n := 1
	for n < len(best) && best[n].score == top.score {
		n++
	}
	choice := best[p.r.IntN(n)].a
	d := Decision{ActionID: choice.ActionID}
	if choice.Command == "discard" {
		d.Args = p.discardArgs(t, me)
	}
	return d, nil
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

func target(a ba.LegalAction) int { return intOf(a.ArgsSchema["targetSeat"]) }

func (p *heuristic) score(t *table, me ba.PlayerInfo, hand map[string]string, a ba.LegalAction) int {
	low := me.Hp <= 2
	enemies := 0
	allies := 0
	for _, pl := range t.obs.Players {
		if pl.Alive && pl.Seat != t.me {
			if t.enemy(pl.Seat) > 0 {
				enemies++
			} else {
				allies++
			}
		}
	}
	switch a.Command {
	// Choices.
	case "choose_glory":
		switch a.ArgsSchema["perk"] {
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
		src, _ := a.ArgsSchema["source"].(map[string]any)
		if src["kind"] == "hand" {
			return t.enemy(intOf(src["seat"]))
		}
		return 10
	case "choose_look_top":
		// Put back the card worth least.
		id := ""
		if pc := t.obs.PendingChoice; pc != nil {
			for _, c := range pc.Cards {
				if c.UID == a.ArgsSchema["putBackUid"] {
					id = c.CardID
				}
			}
		}
		return 20 - t.keep(id)
	case "choose_prayer":
		if a.ArgsSchema["pray"] == true {
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
		uid, _ := a.ArgsSchema["cardUid"].(string)
		switch hand[uid] {
		case "jail":
			return 30 + t.enemy(target(a))/5
		case "bomb":
			return 12
		}
		return 70
	case "play_weapon":
		uid, _ := a.ArgsSchema["cardUid"].(string)
		if me.WeaponCardID == nil || rangeOf(hand[uid]) > rangeOf(*me.WeaponCardID) {
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
		if e := t.enemy(target(a)); e > 0 {
			uid, _ := a.ArgsSchema["cardUid"].(string)
			if hand[uid] == "miss" && t.role == ba.RoleMarshal {
				return -1 // the Marshal keeps his Ricochets
			}
			return 40 + e
		}
		return -1
	case "play_duel":
		if e := t.enemy(target(a)); e > 0 {
			shots := 0
			for _, id := range hand {
				if id == "shot" {
					shots++
				}
			}
			if shots >= 1 {
				return 35 + e
			}
			return 20 + e/2
		}
		return -1
	case "play_steal", "play_discard_any":
		if e := t.enemy(target(a)); e > 0 {
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

func rangeOf(id string) int {
	switch id {
	case "weapon_short":
		return 2
	case "weapon_rifle":
		return 3
	case "weapon_carbine":
		return 4
	case "weapon_long":
		return 5
	}
	return 1
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
