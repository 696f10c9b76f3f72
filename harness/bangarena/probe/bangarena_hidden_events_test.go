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
