package probe

import (
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// TestBaShownCards (issue 26): a card shown to a third seat is judged by
// where it came from, whatever the event is called. Cards that lay face up
// (in play, a weapon, the discard pile) are public; a hand card or a deck
// draw shown is a leak (bangarena/11.events, MUST); the hand Scavenger takes
// from an eliminated seat is private by a reading only
// (bangarena/11.events-scavenger, I-BA-28).
func TestBaShownCards(t *testing.T) {
	card := func(uid, id string) ba.Card { return ba.Card{UID: uid, CardID: id, Suit: "hearts", Rank: "Q"} }
	mount, rifle, shot, miss := card("mount_01", "mount"), card("weapon_rifle_01", "weapon_rifle"), card("shot_07", "shot"), card("miss_02", "miss")
	const viewer = 3
	seen := func() *baSeenPublic {
		p := newBaSeenPublic()
		p.addUID(mount.UID)          // in play before seat 2
		p.addWeapon(2, rifle.CardID) // seat 2's weapon
		p.addUID(miss.UID)           // discarded
		p.dead[0] = true             // seat 0 is out
		return p
	}
	ev := func(typ string, from int, zone string, cards ...ba.Card) ba.Event {
		return ba.Event{Seq: 9, Type: typ, To: -1, Seat: 1, FromSeat: from, Zone: zone, Cards: cards}
	}
	for _, tc := range []struct {
		name string
		e    ba.Event
		rule string
	}{
		{"a Snatch from play (draw, zone named)", ev("draw", 2, "inPlay", mount), ""},
		{"a Snatch from play (take)", ev("take", 2, "inPlay", mount), ""},
		{"a Snatch of the weapon", ev("draw", 2, "weapon", rifle), ""},
		{"a Snatch from play, no zone named", ev("draw", 2, "", mount), ""},
		{"the discard top (Vulture Jr.)", ev("draw", -1, "discard", miss), ""},
		{"a Snatch from a hand", ev("draw", 2, "hand", shot), "bangarena/11.events"},
		{"a hand card under a public zone", ev("draw", 2, "inPlay", shot), "bangarena/11.events"},
		{"a deck draw", ev("draw", -1, "", shot), "bangarena/11.events"},
		{"a glory bounty", ev("glory_bounty", -1, "", shot), "bangarena/11.events"},
		{"Scavenger: a dead seat's hand", ev("draw", 0, "eliminated", mount, shot), "bangarena/11.events-scavenger"},
		{"Scavenger: a dead seat's hand, as a take", ev("take", 0, "all", shot), "bangarena/11.events-scavenger"},
		{"Scavenger: only cards that were in play", ev("draw", 0, "eliminated", mount), ""},
		{"the seat's own draw", ba.Event{Seq: 9, Type: "draw", To: -1, Seat: viewer, FromSeat: -1, Cards: []ba.Card{shot}}, ""},
		{"the card taken from the seat's own hand", ev("draw", viewer, "hand", shot), ""},
		{"a draw without cards", ev("draw", -1, ""), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rule, why := baShownCards(viewer, tc.e, seen())
			if rule != tc.rule {
				t.Fatalf("rule %q (%s), want %q", rule, why, tc.rule)
			}
		})
	}
}

// TestBaRoleEventLeak (B-151): an event is judged by the hidden roles it
// shows, whether or not the server marked it private. A briefing reaches
// only the seats it briefs (§2); no event names the role of a living seat
// the viewer's own observation hides, unless the viewer knows it.
func TestBaRoleEventLeak(t *testing.T) {
	role := func(r string) *string { return &r }
	// Seat 0 the Marshal (public), 1 an aide, 2 a raider, 3 the impostor;
	// the viewer's own role is given per case.
	view := func(viewer int, mine string, known ...ba.KnownRole) baSeen {
		ps := []ba.PlayerInfo{{Seat: 0, Alive: true, RoleID: role(ba.RoleMarshal)}, {Seat: 1, Alive: true}, {Seat: 2, Alive: true}, {Seat: 3, Alive: true}, {Seat: 4, Alive: false, RoleID: role(ba.RoleRaider)}}
		ps[viewer].RoleID = role(mine)
		return baSeen{Seat: viewer, Req: ba.DecisionRequest{Observation: ba.PlayerView{You: viewer, Players: ps, KnownRoles: known}}}
	}
	ev := func(typ string, seat int, r string, known ...ba.KnownRole) ba.Event {
		return ba.Event{Seq: 5, Type: typ, To: -1, Seat: seat, RoleID: r, Known: known}
	}
	for _, tc := range []struct {
		name string
		x    baSeen
		e    ba.Event
		leak bool
	}{
		{"the Marshal's briefing to the Marshal", view(0, ba.RoleMarshal, ba.KnownRole{Seat: 1, RoleID: ba.RoleAide}, ba.KnownRole{Seat: 3, RoleID: ba.RoleAide}),
			ev("marshal_briefing", 0, "", ba.KnownRole{Seat: 1, RoleID: ba.RoleAide}, ba.KnownRole{Seat: 3, RoleID: ba.RoleAide}), false},
		{"the Marshal's briefing to an aide", view(1, ba.RoleAide), ev("marshal_briefing", 0, ""), true},
		{"the team's briefing to the impostor", view(3, ba.RoleImpostor, ba.KnownRole{Seat: 2, RoleID: ba.RoleRaider}),
			ev("team_briefing", 3, "", ba.KnownRole{Seat: 2, RoleID: ba.RoleRaider}), false},
		{"a raider's briefing to the impostor", view(3, ba.RoleImpostor, ba.KnownRole{Seat: 2, RoleID: ba.RoleRaider}),
			ev("team_briefing", 2, "", ba.KnownRole{Seat: 3, RoleID: ba.RoleImpostor}), false},
		{"the team's briefing to an aide", view(1, ba.RoleAide), ev("team_briefing", 2, ""), true},
		{"the seat's own role", view(2, ba.RoleRaider), ev("role", 2, ba.RoleRaider), false},
		{"another living seat's role", view(2, ba.RoleRaider), ev("role", 1, ba.RoleAide), true},
		{"the Marshal's role", view(2, ba.RoleRaider), ev("role", 0, ba.RoleMarshal), false},
		{"a dead seat's role", view(2, ba.RoleRaider), ev("role", 4, ba.RoleRaider), false},
		{"a role the viewer knows", view(2, ba.RoleRaider, ba.KnownRole{Seat: 3, RoleID: ba.RoleImpostor}), ev("role", 3, ba.RoleImpostor), false},
		{"an elimination", view(2, ba.RoleRaider), ev("eliminated", 1, ba.RoleAide), false},
		{"a role the viewer does not know, unmarked", view(1, ba.RoleAide), ev("seat_role", 3, ba.RoleImpostor), true},
		{"a viewer whose role does not read", view(1, ""), ev("team_briefing", 2, ""), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.x.Req.Observation.Players[tc.x.Seat].RoleID != nil && *tc.x.Req.Observation.Players[tc.x.Seat].RoleID == "" {
				tc.x.Req.Observation.Players[tc.x.Seat].RoleID = nil
			}
			why := baRoleEventLeak(tc.x, tc.e)
			if (why != "") != tc.leak {
				t.Fatalf("leak %q, want a leak %v", why, tc.leak)
			}
		})
	}
}
