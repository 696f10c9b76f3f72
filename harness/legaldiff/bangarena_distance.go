package legaldiff

import (
	"strconv"
	"strings"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// missingDistanceRule names the §4 rule that grants a left-out Shot or
// Snatch item a, as the deciding seat's observation obs shows the table,
// where one rule alone puts the target in reach: the built-in Scope of
// Eagle Eye (his ability, 6.char-11) or Mad Dog (4.built-ins), or the ring of living seats, which
// skips the dead (4.distance). "" when neither alone does.
func missingDistanceRule(obs ba.PlayerView, a ba.LegalAction) string {
	kind, rest, _ := strings.Cut(a.ActionID, ":")
	if kind != "shot" && kind != "steal" {
		return ""
	}
	parts := strings.Split(rest, ":")
	if len(parts) < 2 {
		return ""
	}
	s, n := obs.You, len(obs.Players)
	t, err := strconv.Atoi(parts[1])
	if err != nil || s < 0 || s >= n || t < 0 || t >= n || t == s {
		return ""
	}
	me, tp := obs.Players[s], obs.Players[t]
	reach := 1
	if kind == "shot" {
		reach = weaponRange(me.WeaponCardID) + me.Glory.Range
	}
	horse := 0
	if tp.CharacterID == "char_09" || hasCard(tp.InPlayCards, "mount") {
		horse = 1
	}
	cardScope := hasCard(me.InPlayCards, "scope")
	builtIn := me.CharacterID == "char_11" || me.CharacterID == "char_16"
	dist := func(ring int, scope bool) int {
		d := ring + horse
		if scope {
			d--
		}
		return max(d, 1)
	}
	living, all := ring(obs.Players, s, t, false), ring(obs.Players, s, t, true)
	// The dead seats first: where they alone explain the item, the ring
	// is wrong whatever the Scope (a forgotten built-in Scope is a wrong
	// distance too, §4's formula).
	switch {
	case all > living && dist(living, cardScope || builtIn) <= reach && dist(all, cardScope || builtIn) > reach:
		return "bangarena/4.distance"
	case builtIn && !cardScope && dist(living, true) <= reach && dist(living, false) > reach:
		if me.CharacterID == "char_11" {
			// Eagle Eye's one ability is that Scope (§6 char_11).
			return ba.CharacterRule("char_11")
		}
		return "bangarena/4.built-ins"
	}
	return ""
}

// ring is the fewest steps from a to b around the ring of the living
// seats (all: of every seat, the dead too).
func ring(ps []ba.PlayerInfo, a, b int, all bool) int {
	n, cw, count := len(ps), 0, 1
	for k := 1; k < n; k++ {
		i := (a + k) % n
		if ps[i].Alive || all {
			if i == b {
				cw = count
			}
			count++
		}
	}
	return min(cw, count-cw)
}

func hasCard(cs []ba.Card, id string) bool {
	for _, c := range cs {
		if c.CardID == id {
			return true
		}
	}
	return false
}

// weaponRange is the printed range of a weapon card id (§5; 1 for the
// Revolver, no weapon).
func weaponRange(id *string) int {
	if id == nil {
		return 1
	}
	if r := ba.WeaponRange(*id); r > 0 {
		return r
	}
	return 1
}
