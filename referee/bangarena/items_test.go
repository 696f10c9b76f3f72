package bangarena

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// idPlain is the actionId of §13 formatted by concatenation, as act.id
// formatted it before it was written into a buffer: the reference of
// TestItemsAgreeWithLegal.
func idPlain(a act) string {
	u := func(c int) string { return uidTable[c] }
	switch a.cmd {
	case cShot:
		return "shot:" + u(a.card) + ":" + itoa(a.target)
	case cAoe:
		return "aoe_shot:" + u(a.card)
	case cRaid:
		return "raid:" + u(a.card)
	case cDuel:
		return "duel:" + u(a.card) + ":" + itoa(a.target)
	case cSteal, cToss:
		p := "steal:"
		if a.cmd == cToss {
			p = "discard_any:"
		}
		p += u(a.card) + ":" + itoa(a.target) + ":"
		switch a.zone {
		case "hand":
			return p + "hand"
		case "weapon":
			return p + "weapon"
		}
		return p + "inPlay:" + u(a.pick)
	case cDraw:
		return "draw:" + u(a.card)
	case cMarket:
		return "market:" + u(a.card)
	case cHealAll:
		return "heal_all:" + u(a.card)
	case cHealSelf:
		return "heal:" + u(a.card)
	case cEquipBlue:
		if a.target >= 0 {
			return "equip_blue:" + u(a.card) + ":" + itoa(a.target)
		}
		return "equip_blue:" + u(a.card)
	case cWeapon:
		return "weapon:" + u(a.card)
	case cEndPlay:
		return "end_play"
	case cDiscard:
		return "discard"
	case cMiss:
		return "miss:" + u(a.card)
	case cRaidShot:
		return "raid_discard_shot:" + u(a.card)
	case cDuelShot:
		return "duel_discard_shot:" + u(a.card)
	case cPass:
		return "pass_reaction"
	case cFirstDraw:
		switch a.zone {
		case "hand":
			return "first_draw:" + a.choiceID + ":hand:" + itoa(a.pick)
		case "discard":
			return "first_draw:" + a.choiceID + ":discard"
		}
		return "first_draw:" + a.choiceID + ":deck"
	case cLookTop:
		return "look_top:" + a.choiceID + ":" + u(a.card)
	case cGlory:
		return "glory:" + a.choiceID + ":" + a.zone
	case cPrayer:
		if a.yes {
			return "prayer:" + a.choiceID + ":yes"
		}
		return "prayer:" + a.choiceID + ":no"
	case cPeek:
		return "peek:" + itoa(a.target)
	case cDiscardHeal:
		return "discard_heal:" + u(a.card) + ":" + u(a.card2)
	}
	return ""
}

// schemaOfItem rebuilds an item's argsSchema from its fields, as a test
// reads Item against Legal.
func schemaOfItem(it Item) map[string]any {
	if it.Command == "end_play" || it.Command == "pass_reaction" {
		return nil
	}
	m := map[string]any{}
	if it.CardUID != "" {
		m["cardUid"] = it.CardUID
	}
	if it.TargetSeat >= 0 {
		m["targetSeat"] = it.TargetSeat
	}
	if it.PlayedAs != "" {
		m["playedAs"] = it.PlayedAs
	}
	if it.PickZone != "" {
		p := map[string]any{"zone": it.PickZone}
		if it.PickUID != "" {
			p["cardUid"] = it.PickUID
		}
		m["pick"] = p
	}
	if it.ChoiceID != "" {
		m["choiceId"] = it.ChoiceID
	}
	if it.SourceKind != "" {
		src := map[string]any{"kind": it.SourceKind}
		if it.SourceSeat >= 0 {
			src["seat"] = it.SourceSeat
		}
		m["source"] = src
	}
	if it.PutBackUID != "" {
		m["putBackUid"] = it.PutBackUID
	}
	if it.Perk != "" {
		m["perk"] = it.Perk
	}
	if it.Command == "choose_prayer" {
		m["pray"] = it.Pray
	}
	switch it.Command {
	case "use_discard_heal":
		m["cardUids"] = it.HealUIDs[:]
	case "discard":
		m["cardUids"] = it.DiscardUIDs
	}
	return m
}

// TestItemsAgreeWithLegal plays seeded matches of several tables with
// random legal actions and checks, for every seat at every state, that
// the fast paths agree with the plain computations: Items with Legal (the
// actionId, command and every argsSchema value), act.appendID with the
// concatenated actionId, IsLegal with membership in Legal, and ViewSince
// with RequestSince's observation.
func TestItemsAgreeWithLegal(t *testing.T) {
	cases := []struct {
		name  string
		cfg   Config
		seeds int
	}{
		{"classic 6", Config{Seats: 6}, 12},
		{"staged 8 partners", Config{Seats: 8, RoleMode: ModePartners, StagedCharacters: true}, 8},
		{"legacy 4", Config{Seats: 4, RoleMode: ModeLegacy}, 8},
		{"impostor 5 staged", Config{Seats: 5, RoleMode: ModeImpostor, StagedCharacters: true}, 8},
		{"two-faced grip bonesetter", Config{Seats: 5, Characters: chars("char_03", "char_05", "char_12", "char_10", "char_07")}, 10},
		{"bonesetters", Config{Seats: 4, Characters: chars("char_12", "char_12", "char_03", "char_12")}, 8},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			states := 0
			for k := range c.seeds {
				g, err := NewGame(c.cfg, "items-"+c.name+"-"+itoa(k))
				if err != nil {
					t.Fatal(err)
				}
				r := rand.New(rand.NewPCG(uint64(k), 7))
				from := make([]int, g.Seats())
				stores := make([]ViewStore, g.Seats()) // kept over the match, as a player keeps one
				for n := 0; n < 3000; n++ {
					for seat := range g.Seats() {
						for _, cmd := range agreeAt(t, g, seat, &from[seat], &stores[seat]) {
							seen[cmd] = true
						}
					}
					states++
					if _, ok := g.PlayRandom(r); !ok {
						break
					}
				}
			}
			if states < 100 {
				t.Fatalf("only %d states checked", states)
			}
		})
	}
	for k, name := range cmdNames {
		if k > 0 && !seen[name] {
			t.Errorf("no %s item was checked", name)
		}
	}
}

// agreeAt is TestItemsAgreeWithLegal's check of one seat in g's state; it
// returns the commands of the items checked.
func agreeAt(t *testing.T, g *Game, seat int, from *int, st *ViewStore) (cmds []string) {
	t.Helper()
	legal := g.Legal(seat)
	items := g.Items(seat, nil)
	acts := g.legalActs(seat, nil)
	if len(items) != len(legal) || len(acts) != len(legal) {
		t.Fatalf("version %d seat %d: %d items, %d acts, %d legal", g.version, seat, len(items), len(acts), len(legal))
	}
	for i := range legal {
		l, it := &legal[i], &items[i]
		if plain := idPlain(acts[i]); l.ActionID != plain || acts[i].id() != plain {
			t.Fatalf("version %d seat %d item %d: actionId %q, id() %q, plain %q", g.version, seat, i, l.ActionID, acts[i].id(), plain)
		}
		if id := it.ActionID(); id != l.ActionID || it.Command != l.Command {
			t.Fatalf("version %d seat %d item %d: Item %q %q, Legal %q %q", g.version, seat, i, id, it.Command, l.ActionID, l.Command)
		}
		want, _ := json.Marshal(l.ArgsSchema)
		have, _ := json.Marshal(schemaOfItem(*it))
		if !bytes.Equal(have, want) {
			t.Fatalf("version %d seat %d item %q: Item's argsSchema %s, Legal's %s", g.version, seat, l.ActionID, have, want)
		}
		cmds = append(cmds, l.Command)
		if !g.IsLegal(seat, l.ActionID) {
			t.Fatalf("version %d seat %d: IsLegal(%q) false", g.version, seat, l.ActionID)
		}
		if g.IsLegal(seat, l.ActionID+"x") {
			t.Fatalf("version %d seat %d: IsLegal(%q) true", g.version, seat, l.ActionID+"x")
		}
	}
	want, err := appendLegal(nil, legal)
	if have := appendItems(nil, items); err != nil || !bytes.Equal(have, want) {
		t.Fatalf("version %d seat %d: appendItems wrote\n%s\nappendLegal (%v)\n%s", g.version, seat, have, err, want)
	}
	if len(legal) == 0 && g.IsLegal(seat, "end_play") {
		t.Fatalf("version %d seat %d: IsLegal true for a seat with no items", g.version, seat)
	}
	req, next := g.RequestSince(seat, "", *from, nil)
	for _, store := range []*ViewStore{nil, st} {
		view, next2 := g.ViewSince(seat, *from, store)
		if next != next2 || !reflect.DeepEqual(view, req.Observation) {
			t.Fatalf("version %d seat %d (store %v): ViewSince differs from RequestSince's observation", g.version, seat, store != nil)
		}
		want, _ := json.Marshal(req.Observation)
		if have, _ := json.Marshal(view); !bytes.Equal(have, want) {
			t.Fatalf("version %d seat %d (store %v): ViewSince encodes %s, RequestSince's observation %s", g.version, seat, store != nil, have, want)
		}
	}
	// The request written from its items: RequestSince's bytes.
	reqItems, items2, next3 := g.RequestSinceItems(seat, "", *from, st, nil)
	if next3 != next || len(reqItems.LegalActions) != len(legal) {
		t.Fatalf("version %d seat %d: RequestSinceItems: %d items, next %d (want %d, %d)", g.version, seat, len(reqItems.LegalActions), next3, len(legal), next)
	}
	for i := range legal {
		if a := reqItems.LegalActions[i]; a.ActionID != legal[i].ActionID || a.Command != legal[i].Command || a.ArgsSchema != nil {
			t.Fatalf("version %d seat %d: RequestSinceItems item %d is %+v, Legal's %+v", g.version, seat, i, a, legal[i])
		}
	}
	var c1, c2 EventCache
	want, err = req.AppendJSONSince(nil, &c1, 0, next)
	have, err2 := reqItems.AppendJSONSinceItems(nil, &c2, 0, next, items2)
	if err != nil || err2 != nil || !bytes.Equal(have, want) {
		t.Fatalf("version %d seat %d: AppendJSONSinceItems wrote (%v)\n%s\nAppendJSONSince (%v)\n%s", g.version, seat, err2, have, err, want)
	}
	*from = next
	return cmds
}

// TestInternedIDs checks every interned actionId against the concatenated
// one, and that the items left out are formatted (not interned).
func TestInternedIDs(t *testing.T) {
	n := 0
	for k := range cmdNames {
		for c := -1; c < deckSize+1; c++ {
			for target := -1; target <= maxSeats; target++ {
				a := newAct(cmdKind(k))
				a.card, a.target, a.zone, a.choiceID, a.pick = c, target, "hand", "c-1", 1
				if c < 0 || c >= deckSize {
					a.card = -1
				}
				id, ok := a.interned()
				if !ok {
					continue
				}
				n++
				if want := idPlain(a); id != want {
					t.Fatalf("cmd %s card %d target %d: interned %q, plain %q", cmdNames[k], c, target, id, want)
				}
			}
		}
	}
	if n < len(cardCmds)*deckSize+len(targetCmds)*deckSize*maxSeats {
		t.Fatalf("only %d interned ids", n)
	}
	for _, k := range []cmdKind{cSteal, cToss, cFirstDraw, cLookTop, cGlory, cPrayer, cPeek, cDiscardHeal} {
		a := newAct(k)
		a.card, a.card2, a.target, a.zone, a.choiceID = 3, 4, 2, "hand", "c-1"
		if id, ok := a.interned(); ok {
			t.Errorf("%s: interned %q", cmdNames[k], id)
		}
	}
}

// FuzzItemsAgreeWithLegal is TestItemsAgreeWithLegal's check at the states
// the fuzzer reaches: a table and a seed, some random decisions, then
// every seat.
func FuzzItemsAgreeWithLegal(f *testing.F) {
	f.Add(uint8(0), uint16(0), "a")
	f.Add(uint8(7), uint16(120), "bonesetter")
	f.Add(uint8(3), uint16(400), "late")
	f.Fuzz(func(t *testing.T, table uint8, steps uint16, seed string) {
		cfg := Config{Seats: 4 + int(table)%5, RoleMode: []string{ModeClassic, ModeImpostor, ModeLegacy, ModePartners}[table/5%4], StagedCharacters: table&0x40 != 0}
		g, err := NewGame(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(steps), uint64(table)))
		for range int(steps) % 2000 {
			if _, ok := g.PlayRandom(r); !ok {
				break
			}
		}
		for seat := -1; seat <= g.Seats(); seat++ {
			from := 0
			agreeAt(t, g, seat, &from, &ViewStore{})
		}
	})
}
