package legaldiff

import (
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

func TestBAReadingOf(t *testing.T) {
	tests := []struct {
		item  ba.LegalAction
		phase string
		want  string
	}{
		{ba.LegalAction{ActionID: "shot:miss_03:2", Command: "play_shot"}, ba.PhasePlay, "I-BA-29"},
		{ba.LegalAction{ActionID: "miss:shot_03", Command: "play_miss"}, ba.PhaseReaction, "I-BA-29"},
		{ba.LegalAction{ActionID: "shot:shot_03:2", Command: "play_shot", ArgsSchema: map[string]any{"playedAs": "shot"}}, ba.PhasePlay, "I-BA-29"},
		{ba.LegalAction{ActionID: "first_draw:c1:hand:2", Command: "choose_first_draw"}, ba.PhaseDraw, "I-BA-21"},
		{ba.LegalAction{ActionID: "discard_heal:shot_01:miss_02", Command: "use_discard_heal"}, ba.PhasePlay, "I-BA-31"},
		{ba.LegalAction{ActionID: "heal:heal_self_01", Command: "play_heal_self"}, ba.PhaseReaction, "I-BA-7"},
		{ba.LegalAction{ActionID: "steal:steal_near_01:1:hand", Command: "play_steal"}, ba.PhasePlay, "I-BA-30"},
		{ba.LegalAction{ActionID: "glory:c2:sight", Command: "choose_glory"}, ba.PhasePlay, "I-BA-32"},
		// The document's own words: no reading.
		{ba.LegalAction{ActionID: "heal:heal_self_01", Command: "play_heal_self"}, ba.PhasePlay, ""},
		{ba.LegalAction{ActionID: "shot:shot_03:2", Command: "play_shot"}, ba.PhasePlay, ""},
		{ba.LegalAction{ActionID: "equip_blue:jail_01:0", Command: "play_equip_blue"}, ba.PhasePlay, ""},
		{ba.LegalAction{ActionID: "glory:c2:heart", Command: "choose_glory"}, ba.PhasePlay, ""},
	}
	for _, tc := range tests {
		if got := readingOf(tc.item, tc.phase, nil); got != tc.want {
			t.Errorf("%s in %s: have %q, want %q", tc.item.ActionID, tc.phase, got, tc.want)
		}
	}
	// Uids of another form (issue 26): the card is read from the seat's
	// own hand, not from the uid's prefix (WIRE.md's pin).
	hand := map[string]string{"c17": "miss", "c18": "shot"}
	for _, tc := range []struct {
		item ba.LegalAction
		want string
	}{
		{ba.LegalAction{ActionID: "shot:c17:2", Command: "play_shot"}, "I-BA-29"},
		{ba.LegalAction{ActionID: "miss:c18", Command: "play_miss"}, "I-BA-29"},
		{ba.LegalAction{ActionID: "shot:c18:2", Command: "play_shot"}, ""},
	} {
		if got := readingOf(tc.item, ba.PhasePlay, hand); got != tc.want {
			t.Errorf("%s with the hand's cards: have %q, want %q", tc.item.ActionID, got, tc.want)
		}
	}
}

// TestBALegacyFlask: a Flask offered in legacy with two seats alive rests
// on I-BA-7 (the document: "does not heal"); with three alive, or outside
// legacy, it is the document's.
func TestBALegacyFlask(t *testing.T) {
	flask := ba.LegalAction{ActionID: "heal:heal_self_03", Command: "play_heal_self"}
	view := func(mode string, alive int) ba.PlayerView {
		v := ba.PlayerView{RoleMode: mode}
		for s := range 4 {
			v.Players = append(v.Players, ba.PlayerInfo{Seat: s, Alive: s < alive})
		}
		return v
	}
	for _, tc := range []struct {
		mode  string
		alive int
		want  rules.Basis
	}{
		{ba.ModeLegacy, 2, rules.BasisReading},
		{ba.ModeLegacy, 3, rules.BasisDocument},
		{ba.ModeClassic, 2, rules.BasisDocument},
	} {
		f := OnReading(reports.Finding{Finding: rules.Finding{Rule: "bangarena/server.legal-actions", Basis: rules.BasisDocument}}, flask, ba.PhasePlay, view(tc.mode, tc.alive))
		if f.Basis != tc.want {
			t.Errorf("%s with %d alive: basis %v, want %v", tc.mode, tc.alive, f.Basis, tc.want)
		}
	}
}

// TestBALiveReadingsOfState (issue 26): the live comparison charges a
// difference that exists only under READINGS 5, 6, 13 or 15 to that
// reading, not to the document rule it would otherwise cite; what the
// document itself decides stays on its rule.
func TestBALiveReadingsOfState(t *testing.T) {
	weapon := "weapon_short"
	view := func(char string, inPlay []ba.Card, w *string, events ...ba.Event) ba.PlayerView {
		return ba.PlayerView{Phase: ba.PhasePlay, You: 1, TurnSeat: 1, Events: append([]ba.Event{{Type: "turn_start", Seat: 1}}, events...),
			Players: []ba.PlayerInfo{{Seat: 0}, {Seat: 1, CharacterID: char, InPlayCards: inPlay, WeaponCardID: w,
				Hand: []ba.HandCard{{UID: "c1", CardID: "cover"}, {UID: "c2", CardID: "weapon_short"}, {UID: "c3", CardID: "heal_all"}, {UID: "c4", CardID: "shot"}, {UID: "c5", CardID: "jail"}}}}}
	}
	played := func(cmd, card, as string) ba.Event {
		return ba.Event{Type: "card_played", Seat: 1, Command: cmd, CardID: card, PlayedAs: as}
	}
	tests := []struct {
		name string
		rule string
		item ba.LegalAction
		obs  ba.PlayerView
		want string // the finding's reading, "" for the rule's own basis
	}{
		{"a Cover withheld beside a Horse", "bangarena/server.legal-actions", ba.LegalAction{ActionID: "equip_blue:c1", Command: "play_equip_blue"}, view("char_01", []ba.Card{{UID: "c9", CardID: "mount"}}, nil), "I-BA-34"},
		{"a Cover withheld with nothing in play", "bangarena/server.legal-actions", ba.LegalAction{ActionID: "equip_blue:c1", Command: "play_equip_blue"}, view("char_01", nil, nil), ""},
		{"a Cover withheld from Iron Brow", "bangarena/server.legal-actions", ba.LegalAction{ActionID: "equip_blue:c1", Command: "play_equip_blue"}, view("char_06", nil, nil), "I-BA-37"},
		{"a Jail withheld", "bangarena/server.legal-actions", ba.LegalAction{ActionID: "equip_blue:c5:0", Command: "play_equip_blue"}, view("char_01", []ba.Card{{UID: "c9", CardID: "mount"}}, nil), ""},
		{"a weapon of the kind held withheld", "bangarena/server.legal-actions", ba.LegalAction{ActionID: "weapon:c2", Command: "play_weapon"}, view("char_01", nil, &weapon), "I-BA-34"},
		{"a weapon withheld without one", "bangarena/server.legal-actions", ba.LegalAction{ActionID: "weapon:c2", Command: "play_weapon"}, view("char_01", nil, nil), ""},
		{"a Saloon withheld", "bangarena/server.legal-actions", ba.LegalAction{ActionID: "heal_all:c3", Command: "play_heal_all"}, view("char_01", nil, nil), "I-BA-35"},
		{"a Shot withheld after a Duel's Shot", "bangarena/server.legal-actions", ba.LegalAction{ActionID: "shot:c4:0", Command: "play_shot"}, view("char_01", nil, nil, played("play_duel_discard_shot", "shot", "")), "I-BA-36"},
		{"a Shot withheld at the turn's start", "bangarena/server.legal-actions", ba.LegalAction{ActionID: "shot:c4:0", Command: "play_shot"}, view("char_01", nil, nil), ""},
		{"a second Shot after a Ricochet played as one", "bangarena/3.shot-limit", ba.LegalAction{ActionID: "shot:c4:0", Command: "play_shot"}, view("char_03", nil, nil, played("play_shot", "miss", "shot")), "I-BA-36"},
		{"a second Shot after a Shot", "bangarena/3.shot-limit", ba.LegalAction{ActionID: "shot:c4:0", Command: "play_shot"}, view("char_03", nil, nil, played("play_shot", "miss", "shot"), played("play_shot", "shot", "")), ""},
	}
	for _, tc := range tests {
		f := OnReading(reports.NewFinding(tc.rule, rules.Where{}, "", "", "x"), tc.item, tc.obs.Phase, tc.obs)
		got := ""
		if f.Basis == rules.BasisReading {
			got = f.Ref
		}
		if got != tc.want {
			t.Errorf("%s: reading %q, want %q", tc.name, got, tc.want)
		}
	}
}
