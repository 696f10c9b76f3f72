package probe

import (
	"slices"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// The choices of baRoomSteer: the single plays it makes (force) and the
// items it takes away from the inner player (filter), among them the aim
// of the room's attacks (aim).

// force returns the item the steering plays outright (-1: none): Grip's
// draw from a hand, a Saloon once another seat is hurt, a Dynamite, and a
// Jail on the seat the Dynamite in play will reach.
func (r *baRoomSteer) force(req *ba.DecisionRequest) int {
	o := &req.Observation
	me := baMe(o)
	if me == nil {
		return -1
	}
	bomb := baBombSeat(o)
	jailAt := -1
	for k := range req.LegalActions {
		it := baItemOf(&req.LegalActions[k], me)
		switch {
		case it.command == "choose_first_draw" && it.source == "hand" && r.s.wanted("grip take"):
			return k
		case it.command == "play_heal_all" && r.s.wanted("saloon heals another") && baOtherHurt(o):
			return k
		case it.command == "play_equip_blue" && it.card == "bomb" && r.s.wanted("dynamite and jail"):
			return k
		case it.command == "play_discard_any" && it.zone == "hand" && r.ends && r.s.wanted("tosses from a hand") && baHandOf(o, it.target) >= baTossHand:
			// In a room played on: a Toss at a hand of several cards,
			// whose random pick the judges can tell from its first card.
			return k
		case it.command == "play_equip_blue" && it.card == "jail" && bomb >= 0 && r.s.wanted("dynamite and jail"):
			// The seat holding the Dynamite is checked for it first at its
			// next turn start (§3): jailed, it is checked for both.
			if it.target == bomb || jailAt < 0 && it.target == baNextLiving(o, bomb) {
				jailAt = k
			}
		}
	}
	return jailAt
}

// filter returns the items left to the inner player (indices into
// req.LegalActions, never none) and the attack on a seat the room needs
// dead to make if the inner player would end its play instead (-1: none).
func (r *baRoomSteer) filter(req *ba.DecisionRequest) (keep []int, focus int) {
	o := &req.Observation
	me := baMe(o)
	focus = -1
	if me == nil {
		return baAll(len(req.LegalActions)), -1
	}
	protect, aim := r.aim(o)
	fromPlay := map[string]bool{}
	aimed := false
	for k := range req.LegalActions {
		it := baItemOf(&req.LegalActions[k], me)
		if it.zone == "inPlay" {
			fromPlay[it.command] = true
		}
		if (it.command == "play_shot" || it.command == "play_duel") && aim[it.target] && !protect[it.target] {
			aimed = true
			if focus < 0 || it.command == "play_shot" && req.LegalActions[focus].Command != "play_shot" {
				focus = k
			}
		}
	}
	giveUp := aim[me.Seat] && !protect[me.Seat]
	emptying := me.CharacterID == "char_14" && r.s.wanted("empty hands draw") && len(req.LegalActions) > 1
	for k := range req.LegalActions {
		it := baItemOf(&req.LegalActions[k], me)
		switch it.command {
		case "play_heal_all":
			if r.s.wanted("saloon heals another") && !baOtherHurt(o) {
				continue // kept until another seat is hurt
			}
		case "play_steal", "play_discard_any":
			if it.zone == "hand" && (fromPlay[it.command] || me.HandCount <= me.Hp) {
				continue // held for a target with cards in play
			}
		case "end_play":
			if emptying {
				continue // Empty Hands plays its hand out (§6)
			}
		case "play_miss", "play_heal_self", "play_raid_discard_shot", "play_duel_discard_shot", "use_discard_heal":
			if giveUp {
				continue // a seat the room needs dead does not defend itself
			}
		case "play_aoe_shot", "play_raid":
			if r.ends && baOtherAtOne(o) {
				// A kill inside an answer queue leaves the killer's glory
				// choice and the queue's next answer open at once: which
				// comes first is a reading (I-BA-27), and a judge that
				// reads it otherwise stops there. The room's kills come
				// from Shots and Duels, each judged to its end.
				continue
			}
		}
		switch it.command {
		case "play_shot", "play_duel", "play_steal", "play_discard_any", "play_equip_blue":
			if it.target >= 0 && it.target != me.Seat && protect[it.target] && (it.command != "play_equip_blue" || it.card == "jail") {
				continue // a seat the room needs alive is spared
			}
			if aimed && (it.command == "play_shot" || it.command == "play_duel") && !aim[it.target] {
				continue // the attacks go to the seat the room needs dead
			}
		}
		keep = append(keep, k)
	}
	if len(keep) == 0 {
		return baAll(len(req.LegalActions)), focus
	}
	return keep, focus
}

// aim names the seats the room needs alive (protect) and those it needs
// dead (aim), for the end it still wants: a seat with stars killed (a
// bounty), a raider killed in legacy (its kill reward), the Marshal's
// last aide killed while he lives (the last bullet), one loner left (the
// sole survivor) — the raiders, aides and other loners first, the Marshal
// last.
func (r *baRoomSteer) aim(o *ba.PlayerView) (protect, aim map[int]bool) {
	r.mu.Lock()
	if !r.ends {
		r.mu.Unlock()
		return nil, nil // reading a nil map is reading an empty one
	}
	roles := make(map[int]string, len(r.roles))
	for s, role := range r.roles {
		roles[s] = role
	}
	mode := r.mode
	r.mu.Unlock()
	protect, aim = map[int]bool{}, map[int]bool{}
	marshal, lone := -1, -1
	living := map[string][]int{}
	for _, p := range o.Players {
		if !p.Alive {
			continue
		}
		role := roles[p.Seat]
		living[role] = append(living[role], p.Seat)
		if role == ba.RoleMarshal {
			marshal = p.Seat
		}
		if role == ba.RoleLone && lone < 0 {
			lone = p.Seat
		}
	}
	legacy := mode == ba.ModeLegacy
	switch {
	case legacy && r.s.wanted("kill reward") && len(living[ba.RoleRaider]) > 0:
		for _, s := range living[ba.RoleRaider] {
			aim[s] = true
		}
		protect[marshal] = true
	case r.s.wanted("kill penalty") && marshal >= 0 && len(living[ba.RoleAide]) > 0:
		// The Marshal's own shot kills an aide (§9 penalty): the others
		// spare the aides.
		for _, s := range living[ba.RoleAide] {
			aim[s] = true
			if o.You != marshal {
				protect[s] = true
			}
		}
		protect[marshal] = true
	case !legacy && r.s.wanted("last bullet") && marshal >= 0 && len(living[ba.RoleAide]) > 0:
		for _, s := range living[ba.RoleAide] {
			aim[s] = true
		}
		protect[marshal] = true
	case r.s.wanted("raiders win") && marshal >= 0 && len(living[ba.RoleRaider])+len(living[ba.RoleImpostor]) > 0:
		aim[marshal] = true
		for _, s := range append(living[ba.RoleRaider], living[ba.RoleImpostor]...) {
			protect[s] = true
		}
	case r.s.wanted("law wins") && marshal >= 0:
		for _, role := range []string{ba.RoleRaider, ba.RoleImpostor, ba.RoleLone} {
			for _, s := range living[role] {
				aim[s] = true
			}
		}
		protect[marshal] = true
	case mode != ba.ModePartners && r.s.wanted("sole survivor") && lone >= 0:
		protect[lone] = true
		for _, p := range o.Players {
			if p.Alive && p.Seat != lone && p.Seat != marshal && roles[p.Seat] != "" {
				aim[p.Seat] = true
			}
		}
		if len(aim) > 0 || slices.ContainsFunc(o.Players, func(p ba.PlayerInfo) bool { return p.Alive && roles[p.Seat] == "" }) {
			protect[marshal] = true
		} else if marshal >= 0 {
			aim[marshal] = true
		}
	}
	if !legacy && r.s.wanted("bounty") {
		stars := map[int]bool{}
		for _, p := range o.Players {
			if p.Alive && p.Glory.Stars > 0 && !protect[p.Seat] {
				stars[p.Seat] = true
			}
		}
		if len(stars) > 0 {
			aim = stars
		}
	}
	if r.s.wanted("scavenger take") {
		for _, p := range o.Players {
			if p.Alive && p.CharacterID == "char_15" {
				protect[p.Seat] = true // alive when another seat is eliminated
				delete(aim, p.Seat)
			}
		}
	}
	delete(protect, -1)
	return protect, aim
}

// baMe is the observing seat's entry (nil when the view names none).
func baMe(o *ba.PlayerView) *ba.PlayerInfo {
	if o.You < 0 || o.You >= len(o.Players) {
		return nil
	}
	return &o.Players[o.You]
}

// baOtherHurt reports whether a living seat other than the observer is
// below its max hp (a Saloon then heals another seat, §5).
func baOtherHurt(o *ba.PlayerView) bool {
	for _, p := range o.Players {
		if p.Alive && p.Seat != o.You && p.Hp < p.MaxHp {
			return true
		}
	}
	return false
}

// baOtherAtOne reports whether a living seat other than the observer is
// at 1 hp (an attack on every seat may kill it).
func baOtherAtOne(o *ba.PlayerView) bool {
	for _, p := range o.Players {
		if p.Alive && p.Seat != o.You && p.Hp <= 1 {
			return true
		}
	}
	return false
}

// baHandOf is the hand size of seat s in o (0 when not shown).
func baHandOf(o *ba.PlayerView, s int) int {
	if s < 0 || s >= len(o.Players) {
		return 0
	}
	return o.Players[s].HandCount
}

// baBombSeat is the living seat with a Dynamite in play (-1: none).
func baBombSeat(o *ba.PlayerView) int {
	for _, p := range o.Players {
		if !p.Alive {
			continue
		}
		for _, c := range p.InPlayCards {
			if c.CardID == "bomb" {
				return p.Seat
			}
		}
	}
	return -1
}

// baNextLiving is the next living seat after s in seat order (-1: none).
func baNextLiving(o *ba.PlayerView, s int) int {
	n := len(o.Players)
	if s < 0 || n == 0 {
		return -1
	}
	for k := 1; k < n; k++ {
		if t := (s + k) % n; o.Players[t].Alive {
			return t
		}
	}
	return -1
}

func baAll(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
