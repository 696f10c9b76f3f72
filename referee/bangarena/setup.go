package bangarena

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
)

// roleTable returns the roles dealt at a table of n seats in mode (§2): the
// classic table for classic, partners and legacy, the Double Agent table for
// impostor at 5+ seats (below 5 the table plays classic).
func roleTable(n int, mode string) []string {
	m, a, r, l, i := RoleMarshal, RoleAide, RoleRaider, RoleLone, RoleImpostor
	if mode == ModeImpostor && n >= 5 {
		switch n {
		case 5:
			return []string{m, a, r, l, i}
		case 6:
			return []string{m, a, r, r, l, i}
		case 7:
			return []string{m, a, a, r, r, l, i}
		default:
			return []string{m, a, a, r, r, l, l, i}
		}
	}
	switch n {
	case 4:
		return []string{m, r, r, l}
	case 5:
		return []string{m, a, r, r, l}
	case 6:
		return []string{m, a, r, r, r, l}
	case 7:
		return []string{m, a, a, r, r, r, l}
	default:
		return []string{m, a, a, r, r, r, l, l}
	}
}

// marshalExtraHp is the Marshal's max-hp bonus (§2, §6, READINGS 1): by seat
// count outside legacy (4: +2, 5: +0, 6: +2, 7: +1, 8: +1), plus the
// impostor table's +1 at 8 seats, which goes to the Marshal (I-BA-4);
// legacy gives +1 at every table (I-BA-1).
func marshalExtraHp(n int, mode string) int {
	if mode == ModeLegacy {
		return 1
	}
	bonus := [...]int{4: 2, 5: 0, 6: 2, 7: 1, 8: 1}[n]
	if mode == ModeImpostor && n == 8 {
		bonus++
	}
	return bonus
}

// marshalExtraCards is the Marshal's start-card bonus (§6): 6 seats +2,
// 7 seats +1, 8 seats −1, none at 4–5 seats and none in legacy.
func marshalExtraCards(n int, mode string) int {
	if mode == ModeLegacy {
		return 0
	}
	return [...]int{4: 0, 5: 0, 6: 2, 7: 1, 8: -1}[n]
}

// Character ids of §6 and the staged two (I-BA-16).
const (
	CharPreacher = "char_17"
	CharTracker  = "char_18"
)

var charHp = map[string]int{
	"char_01": 3, "char_02": 4, "char_03": 4, "char_04": 3, "char_05": 4, "char_06": 4, "char_07": 4, "char_08": 4,
	"char_09": 3, "char_10": 4, "char_11": 4, "char_12": 5, "char_13": 4, "char_14": 4, "char_15": 4, "char_16": 4,
	CharPreacher: 4, CharTracker: 4,
}

// charMaxHp is a character's printed max hp (§6); Stone Leopard has 4 in
// legacy (§2).
func charMaxHp(c, mode string) (int, bool) {
	hp, ok := charHp[c]
	if c == "char_01" && mode == ModeLegacy {
		hp = 4
	}
	return hp, ok
}

// Characters returns the ids dealt from: the 16 of §6, plus the staged
// Preacher and Tracker when staged is true.
func Characters(staged bool) []string {
	out := make([]string, 0, 18)
	for i := 1; i <= 16; i++ {
		out = append(out, "char_"+[]string{"01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14", "15", "16"}[i-1])
	}
	if staged {
		out = append(out, CharPreacher, CharTracker)
	}
	return out
}

func seedCommit(seed string) string {
	h := sha256.Sum256([]byte(seed))
	return hex.EncodeToString(h[:])
}

// setup takes the roles, characters and deck order from the match's
// Chance, deals the hands off the deck, then starts the Marshal's first
// turn.
func (g *Game) setup() {
	n, mode := g.cfg.Seats, g.cfg.RoleMode
	start := newEvent("match_start")
	start.Count, start.RoleMode, start.Ruleset = n, mode, RulesetVersion
	start.SeedCommit = seedCommit(g.seed)
	cfg := g.cfg
	start.Config = &cfg
	g.emit(start)

	roles := roleTable(n, mode)
	if g.cfg.Deviations != nil {
		roles = g.devRoles(roles)
	}
	chars, pool := g.cfg.Characters, []string(nil)
	if chars == nil {
		pool = Characters(g.cfg.StagedCharacters)
	}
	g.deck = make([]int, deckSize)
	for i := range g.deck {
		g.deck[i] = i
	}
	deck := g.uids(g.deck)
	g.chance.Deal(roles, pool, deck)
	if pool != nil {
		chars = pool[:n]
	}
	if g.deviates(DevStagedCharacterDealt) && !g.cfg.StagedCharacters {
		chars = append(append([]string(nil), chars[:n-1]...), CharPreacher)
	}
	g.order(g.deck, deck)

	g.seats = make([]seatState, n)
	for s := range g.seats {
		st := &g.seats[s]
		st.role, st.char, st.alive, st.weapon = roles[s], chars[s], true, -1
		st.maxHp, _ = charMaxHp(st.char, mode)
		if st.role == RoleMarshal {
			g.marshal = s
			st.maxHp += marshalExtraHp(n, mode)
			if mode == ModeImpostor && n == 8 && g.cfg.Readings.ImpostorEightNoExtra {
				st.maxHp-- // I-BA-4 read otherwise: the +1 is the seat count's own
			}
		}
		if g.cfg.Deviations != nil {
			st.maxHp = g.devMaxHp(st, st.maxHp, n)
		}
		st.hp = st.maxHp
		if st.char == CharTracker {
			st.peeks = [...]int{4: 1, 5: 1, 6: 2, 7: 2, 8: 3}[n]
		}
		d := newEvent("deal")
		d.Seat, d.CharacterID, d.MaxHp, d.Amount = s, st.char, st.maxHp, st.hp
		if st.role == RoleMarshal && !g.deviates(DevMarshalUnannounced) {
			d.RoleID = RoleMarshal
		}
		prev := g.because(dealRule(st, n, mode))
		g.emit(d)
		r := newEvent("role")
		r.To, r.Seat, r.RoleID = s, s, st.role
		g.because(roleRule(n, mode))
		g.emit(r)
		g.restore(prev)
	}
	for s := range g.seats {
		k := g.seats[s].maxHp
		if g.deviates(DevStartHandPrintedHp) {
			k, _ = charMaxHp(g.seats[s].char, mode)
		}
		if s == g.marshal {
			k += marshalExtraCards(n, mode)
		}
		prev := g.because(ruleMaxHp)
		g.drawN(s, k, "deal")
		g.restore(prev)
	}
	if mode == ModeImpostor && n >= 5 {
		prev := g.because(ruleBriefing)
		g.briefings()
		g.restore(prev)
	}
	g.version = 1
	first := g.marshal
	if g.deviates(DevFirstTurnAfterMarshal) {
		first = (g.marshal + 1) % n
		g.round = 1 // the match's first round all the same
	}
	g.beginTurn(first)
}

// briefings tells the Marshal two seats as aides (the impostor and one
// random real aide) and lets the raiders and the impostor know each other
// (§2 impostor; I-BA-5 for the shapes).
func (g *Game) briefings() {
	imp, aides := -1, []int{}
	var team []int
	for s, st := range g.seats {
		switch st.role {
		case RoleImpostor:
			imp = s
			team = append(team, s)
		case RoleAide:
			aides = append(aides, s)
		case RoleRaider:
			team = append(team, s)
		}
	}
	known := []KnownRole{{Seat: imp, RoleID: RoleAide}}
	if len(aides) > 0 {
		a := g.chance.Aide(aides)
		if !g.deviates(DevBriefingImpostorOnly) {
			known = append(known, KnownRole{Seat: a, RoleID: RoleAide})
		}
	}
	sort.Slice(known, func(i, j int) bool { return known[i].Seat < known[j].Seat })
	g.seats[g.marshal].known = append(g.seats[g.marshal].known, known...)
	e := newEvent("marshal_briefing")
	e.To, e.Seat, e.Known = g.marshal, g.marshal, known
	g.emit(e)
	for _, s := range team {
		var k []KnownRole
		for _, o := range team {
			if o != s {
				k = append(k, KnownRole{Seat: o, RoleID: g.seats[o].role})
			}
		}
		g.seats[s].known = append(g.seats[s].known, k...)
		e := newEvent("team_briefing")
		e.To, e.Seat, e.Known = s, s, k
		g.emit(e)
	}
}

// RoleTable returns the roles dealt at a table of n seats in mode (§2), a
// new slice: what a judge fills the roles its evidence leaves unseen from.
func RoleTable(n int, mode string) []string { return roleTable(n, mode) }
