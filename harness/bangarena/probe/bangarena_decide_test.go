package probe

import (
	"slices"
	"strings"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// steerView is a view of seat you at a table of n seats, every seat alive
// at full hp (4 of 4), roles as given (the observer sees them all here, as
// the suite does across the seats it holds).
func steerView(n, you int, roles map[int]string, hand ...ba.HandCard) ba.PlayerView {
	v := ba.PlayerView{You: you, Phase: ba.PhasePlay, TurnSeat: you, DeckCount: 20, DiscardCount: 5}
	for s := range n {
		p := ba.PlayerInfo{Seat: s, Hp: 4, MaxHp: 4, Alive: true}
		if r, ok := roles[s]; ok {
			r := r
			p.RoleID = &r
		}
		if s == you {
			p.Hand = hand
			p.HandCount = len(hand)
		}
		v.Players = append(v.Players, p)
	}
	return v
}

func steerItem(id, command string, args map[string]any) ba.LegalAction {
	return ba.LegalAction{ActionID: id, Command: command, ArgsSchema: args}
}

// TestSteerForce: the single plays the seats make outright — Grip's draw
// from a hand, a Saloon once another seat is hurt (not before), Dynamite,
// a Jail on the seat holding the Dynamite — and none once the situation
// has arisen.
func TestSteerForce(t *testing.T) {
	hurt := func(v ba.PlayerView) ba.PlayerView { v.Players[2].Hp = 2; return v }
	selfHurt := func(v ba.PlayerView) ba.PlayerView { v.Players[0].Hp = 2; return v }
	bombAt := func(s int) func(ba.PlayerView) ba.PlayerView {
		return func(v ba.PlayerView) ba.PlayerView {
			v.Players[s].InPlayCards = []ba.Card{{UID: "b", CardID: "bomb"}}
			return v
		}
	}
	same := func(v ba.PlayerView) ba.PlayerView { return v }
	hand := []ba.HandCard{{UID: "h1", CardID: "heal_all"}, {UID: "d1", CardID: "bomb"}, {UID: "j1", CardID: "jail"}}
	saloon := steerItem("saloon", "play_heal_all", map[string]any{"cardUid": "h1"})
	end := steerItem("end", "end_play", nil)
	cases := []struct {
		name    string
		view    func(ba.PlayerView) ba.PlayerView
		items   []ba.LegalAction
		reached []string
		want    string // "" = no forced play
	}{
		{"grip takes from a hand", same, []ba.LegalAction{steerItem("deck", "choose_first_draw", map[string]any{"source": map[string]any{"kind": "deck"}}), steerItem("hand2", "choose_first_draw", map[string]any{"source": map[string]any{"kind": "hand", "seat": 2}})}, nil, "hand2"},
		{"grip takes from a hand written as a string", same, []ba.LegalAction{steerItem("deck", "choose_first_draw", map[string]any{"source": "deck"}), steerItem("hand2", "choose_first_draw", map[string]any{"source": "hand:2"})}, nil, "hand2"},
		{"grip as it likes once a hand draw arose", same, []ba.LegalAction{steerItem("deck", "choose_first_draw", map[string]any{"source": map[string]any{"kind": "deck"}}), steerItem("hand2", "choose_first_draw", map[string]any{"source": map[string]any{"kind": "hand", "seat": 2}})}, []string{"grip take"}, ""},
		{"saloon with another seat hurt", hurt, []ba.LegalAction{end, saloon}, nil, "saloon"},
		{"no saloon forced when only its player is hurt", selfHurt, []ba.LegalAction{end, saloon}, nil, ""},
		{"dynamite when held", same, []ba.LegalAction{end, steerItem("bomb", "play_equip_blue", map[string]any{"cardUid": "d1"})}, nil, "bomb"},
		{"jail on the dynamite's holder", bombAt(2), []ba.LegalAction{end, steerItem("jail1", "play_equip_blue", map[string]any{"cardUid": "j1", "targetSeat": 1}), steerItem("jail2", "play_equip_blue", map[string]any{"cardUid": "j1", "targetSeat": 2})}, []string{}, "jail2"},
		{"jail on the seat the dynamite reaches next", bombAt(0), []ba.LegalAction{end, steerItem("jail2", "play_equip_blue", map[string]any{"cardUid": "j1", "targetSeat": 2}), steerItem("jail1", "play_equip_blue", map[string]any{"cardUid": "j1", "targetSeat": 1})}, []string{}, "jail1"},
		{"no jail forced without a dynamite in play", same, []ba.LegalAction{end, steerItem("jail1", "play_equip_blue", map[string]any{"cardUid": "j1", "targetSeat": 1})}, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := newBaSteer()
			for _, k := range c.reached {
				st.reach(k)
			}
			r := newBaRoomSteer(st, ba.ModeClassic)
			req := ba.DecisionRequest{Observation: c.view(steerView(4, 0, nil, hand...)), LegalActions: c.items}
			got := ""
			if k := r.force(&req); k >= 0 {
				got = c.items[k].ActionID
			}
			if got != c.want {
				t.Errorf("forced %q, want %q", got, c.want)
			}
		})
	}
}

// TestSteerFilter: the items taken away from the inner player — a Saloon
// kept while nobody else is hurt, Snatch from a hand while a card in play
// can be taken, and in a room played on for an end, the attacks on a seat
// the room needs alive, the attacks elsewhere than on the seats it needs
// dead, and the defence of a seat it needs dead.
func TestSteerFilter(t *testing.T) {
	legacy := map[int]string{0: ba.RoleMarshal, 1: ba.RoleRaider, 2: ba.RoleLone, 3: ba.RoleRaider}
	shot := func(id string, target int) ba.LegalAction {
		return steerItem(id, "play_shot", map[string]any{"cardUid": "s1", "targetSeat": target})
	}
	cases := []struct {
		name      string
		mode      string
		ends      bool
		you       int
		items     []ba.LegalAction
		wantKeep  []string
		wantFocus string
	}{
		{"saloon kept while nobody else is hurt", ba.ModeClassic, false, 0,
			[]ba.LegalAction{steerItem("end", "end_play", nil), steerItem("saloon", "play_heal_all", nil)}, []string{"end"}, ""},
		{"snatch from play before a hand", ba.ModeClassic, false, 0,
			[]ba.LegalAction{steerItem("end", "end_play", nil), steerItem("hand", "play_steal", map[string]any{"targetSeat": 1, "pick": map[string]any{"zone": "hand"}}), steerItem("play", "play_steal", map[string]any{"targetSeat": 1, "pick": map[string]any{"zone": "inPlay", "cardUid": "x"}})},
			[]string{"end", "play"}, ""},
		{"planned rooms aim at nothing", ba.ModeLegacy, false, 2,
			[]ba.LegalAction{steerItem("end", "end_play", nil), shot("at0", 0), shot("at1", 1)}, []string{"end", "at0", "at1"}, ""},
		{"legacy room played on for a kill reward aims at the raiders and spares the Marshal", ba.ModeLegacy, true, 2,
			[]ba.LegalAction{steerItem("end", "end_play", nil), shot("at0", 0), shot("at1", 1), shot("at3", 3)}, []string{"end", "at1", "at3"}, "at1"},
		{"a raider the room needs dead does not dodge", ba.ModeLegacy, true, 1,
			[]ba.LegalAction{steerItem("miss", "play_miss", nil), steerItem("pass", "pass_reaction", nil)}, []string{"pass"}, ""},
		{"a room played on kills by no Buckshot or Raid", ba.ModeClassic, true, 0,
			[]ba.LegalAction{steerItem("end", "end_play", nil), steerItem("aoe", "play_aoe_shot", nil), steerItem("raid", "play_raid", nil)}, []string{"end"}, ""},
		{"a planned room plays its Buckshot", ba.ModeClassic, false, 0,
			[]ba.LegalAction{steerItem("end", "end_play", nil), steerItem("aoe", "play_aoe_shot", nil)}, []string{"end", "aoe"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newBaRoomSteer(newBaSteer(), c.mode)
			r.ends = c.ends
			req := ba.DecisionRequest{Observation: steerView(4, c.you, legacy, ba.HandCard{UID: "s1", CardID: "shot"}, ba.HandCard{UID: "x1", CardID: "miss"}), LegalActions: c.items}
			if strings.Contains(c.name, "Buckshot") {
				req.Observation.Players[3].Hp = 1 // a kill within reach of an attack on every seat
			}
			r.observe(&req)
			keep, focus := r.filter(&req)
			var got []string
			for _, k := range keep {
				got = append(got, c.items[k].ActionID)
			}
			if !slices.Equal(got, c.wantKeep) {
				t.Errorf("kept %v, want %v", got, c.wantKeep)
			}
			gotFocus := ""
			if focus >= 0 {
				gotFocus = c.items[focus].ActionID
			}
			if gotFocus != c.wantFocus {
				t.Errorf("focus %q, want %q", gotFocus, c.wantFocus)
			}
		})
	}
}

// TestSteerSituations: the situations are read from what the seats are
// shown — a Saloon healing a seat other than its player, a Dynamite and a
// Jail checked at one turn's start, Grip's draw from a hand, the rare ends
// — and a Saloon that heals only its player, or checks at two turns, are
// not taken for them.
func TestSteerSituations(t *testing.T) {
	lone := ba.TeamLone
	cases := []struct {
		name   string
		mode   string
		events []ba.Event
		end    []int
		want   []string
	}{
		{"saloon heals another", ba.ModeClassic, []ba.Event{{Seq: 1, Type: "card_played", Seat: 1, Command: "play_heal_all"}, {Seq: 2, Type: "heal", Seat: 1}, {Seq: 3, Type: "heal", Seat: 2}}, nil, []string{"saloon heals another"}},
		{"saloon heals its player only", ba.ModeClassic, []ba.Event{{Seq: 1, Type: "card_played", Seat: 1, Command: "play_heal_all"}, {Seq: 2, Type: "heal", Seat: 1}, {Seq: 3, Type: "card_played", Seat: 1, Command: "play_heal_self"}, {Seq: 4, Type: "heal", Seat: 2}}, nil, nil},
		{"dynamite and jail at one turn", ba.ModeClassic, []ba.Event{{Seq: 1, Type: "turn_start"}, {Seq: 2, Type: "check", Kind: "dynamite"}, {Seq: 3, Type: "check", Kind: "jail"}}, nil, []string{"dynamite and jail"}},
		{"dynamite and jail at two turns", ba.ModeClassic, []ba.Event{{Seq: 1, Type: "check", Kind: "dynamite"}, {Seq: 2, Type: "turn_start"}, {Seq: 3, Type: "check", Kind: "jail"}}, nil, nil},
		{"grip take", ba.ModeClassic, []ba.Event{{Seq: 1, Type: "take", Reason: "char_05", Zone: "hand"}}, nil, []string{"grip take"}},
		{"dynamite named after its card", ba.ModeClassic, []ba.Event{{Seq: 1, Type: "turn_start"}, {Seq: 2, Type: "check", Kind: "bomb"}, {Seq: 3, Type: "check", Kind: "jail"}}, nil, []string{"dynamite and jail"}},
		{"grip's draw from a hand as a draw", ba.ModeClassic, []ba.Event{{Seq: 1, Type: "draw", Seat: 0, FromSeat: 2, Zone: "hand"}}, nil, []string{"grip take"}},
		{"another's draw from a hand is not grip's", ba.ModeClassic, []ba.Event{{Seq: 1, Type: "draw", Seat: 1, FromSeat: 2, Zone: "hand"}}, nil, nil},
		{"kill reward in legacy", ba.ModeLegacy, []ba.Event{{Seq: 1, Type: "kill_reward"}}, nil, []string{"kill reward"}},
		{"lone survivor", ba.ModeClassic, nil, []int{2}, []string{"sole survivor"}},
		{"partners loner is not the sole survivor's rule", ba.ModePartners, nil, []int{2}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := newBaSteer()
			r := newBaRoomSteer(st, c.mode)
			req := ba.DecisionRequest{Observation: steerView(4, 0, nil)}
			req.Observation.Players[0].CharacterID = "char_05"
			req.Observation.Events = c.events
			if c.end != nil {
				req.Observation.Phase, req.Observation.WinnerTeam, req.Observation.WinnerSeats = ba.PhaseEnded, &lone, c.end
			}
			r.observe(&req)
			var got []string
			for _, x := range baSituations() {
				if !st.wanted(x.key) {
					got = append(got, x.key)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("reached %v, want %v", got, c.want)
			}
		})
	}
}

// TestPlayOnMode: a room played on gets a mode and size the missing
// situation can arise in — aides for the last bullet (8 seats), legacy for
// the kill reward — and Grip dealt for Grip's draw (8 seats at a server
// that deals characters of its own).
func TestPlayOnMode(t *testing.T) {
	byKey := map[string]baSituation{}
	for _, x := range baSituations() {
		byKey[x.key] = x
	}
	if m := baPlayOnMode(byKey["last bullet"], 0, 0, false); m.seats != 8 {
		t.Errorf("last bullet: %+v, want 8 seats", m)
	}
	if m := baPlayOnMode(byKey["kill reward"], 1, 0, false); m.mode != ba.ModeLegacy {
		t.Errorf("kill reward: %+v, want legacy", m)
	}
	if m := baPlayOnMode(byKey["grip take"], 0, 3, false); m.characters(4)[0] != "char_05" || m.seats != 0 {
		t.Errorf("grip take: deals %v at %d seats", m.characters(4), m.seats)
	}
	// A server that deals characters of its own: half of them at 8 seats.
	if m := baPlayOnMode(byKey["grip take"], 0, 3, true); m.seats != 8 {
		t.Errorf("grip take at a server dealing its own characters: %+v, want 8 seats", m)
	}
	if m := baPlayOnMode(byKey["double barrel shot"], 0, 1, false); m.characters(4)[0] != "char_13" {
		t.Errorf("double barrel shot: deals %v", m.characters(4))
	}
	if len(baSteered(baSituations())) != len(baSituations())-1 {
		t.Error("only the empty piles should be left unsteered")
	}
}
