package probe

import (
	"context"
	"slices"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// TestRareDealPlayedOn: the rooms played on carry the rare deal only at a
// server that announced fixed-deal; a server that announced nothing (the
// independent peer) gets no deal, and no planned room gets one.
func TestRareDealPlayedOn(t *testing.T) {
	if baPlayOnDeal(false) != "" || baDeals(baPlayOnDeal(false)) != nil {
		t.Error("a deal for a server that announced none")
	}
	if d := baDeals(baPlayOnDeal(true)); d == nil || !slices.Contains(d.Deck, "bomb_01") {
		t.Errorf("the rare deal %+v", d)
	}
	tg := &conform.Target{Game: conform.GameBangArena, URL: "http://127.0.0.1:1", Create: true}
	if err := tg.Validate(); err != nil {
		t.Fatal(err)
	}
	tg.NoteCaps([]string{baCapFixedDeal})
	for _, p := range baSessionPlan(tg) {
		if p.mode.deal != "" {
			t.Errorf("planned room %s dealt %q", p.purpose, p.mode.deal)
		}
	}
}

// TestRareDealRoom (issue 27 item 3): at the embedded server, which
// announces fixed-deal, a room created with the rare deal hands the first
// player Dynamite and a Jail at once, and the judge of the seats' evidence
// judges it from what the server showed like any room: no finding, the
// room judged to its end (the deal exempts nothing). The embedded server
// with a generator of its own (other-chance) deals it the same way.
func TestRareDealRoom(t *testing.T) {
	if testing.Short() {
		t.Skip("plays rooms on the embedded server")
	}
	for _, dialects := range [][]string{nil, {"other-chance"}} {
		t.Run(slices.Concat([]string{"default"}, dialects)[len(dialects)], func(t *testing.T) {
			t.Parallel()
			e, err := conform.StartEmbeddedDialects(conform.GameBangArena, nil, dialects)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			tg := &conform.Target{Game: conform.GameBangArena, URL: e.URL, Create: true, Budget: -1}
			if err := tg.Validate(); err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			if _, err := baCreate(ctx, tg, "caps"); err != nil {
				t.Fatal(err)
			}
			if !tg.Offers(baCapFixedDeal) {
				t.Fatal("the embedded server does not announce fixed-deal")
			}
			// Characters that draw their first card from the deck (Lucky,
			// Iron Brow, Stone Leopard, Pass Shadow).
			m := baMode{mode: ba.ModeClassic, charFrom: 1, deal: baRareDealName}
			s, err := baPlaySessionMode(ctx, tg, "rare-deal", m)
			if err != nil {
				t.Fatal(err)
			}
			if !s.room.dealt || s.room.chance != "" {
				t.Errorf("room dealt %v, chance %q: want a fixed deal and no generator declared", s.room.dealt, s.room.chance)
			}
			first := s.sent[0].seen
			var hand []string
			for _, c := range first.Req.Observation.Players[first.Seat].Hand {
				hand = append(hand, c.UID)
			}
			if !slices.Contains(hand, "bomb_01") || !slices.Contains(hand, "jail_01") {
				t.Errorf("the first player's hand %v lacks Dynamite and the Jail", hand)
			}
			res := baCheckSeatsOne(s)
			if len(res.Findings) > 0 || res.Status != 0 {
				t.Errorf("the dealt room: %v %s %v", res.Status, res.Reason, res.Findings)
			}
			for id, why := range res.NotExercised {
				t.Errorf("%s not judged: %s", id, why)
				break
			}
		})
	}
}
