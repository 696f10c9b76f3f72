package probe

import (
	"encoding/json"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// TestBaDeckHidden (B-150): a request that names, in any field, a card no
// seat had been shown yet breaks bangarena/11.deck-hidden; a card shown
// before (a hand, in play, an event: the discard pile's too) may be named
// anywhere; a room whose events do not read in WIRE.md's vocabulary is not
// judged.
func TestBaDeckHidden(t *testing.T) {
	card := func(uid string) ba.Card { return ba.Card{UID: uid, CardID: "shot", Suit: "hearts", Rank: "Q"} }
	// seen builds a request of seat at version v: its own hand, extra
	// top-level fields, events.
	seen := func(seat, v int, hand []string, extra map[string]any, evs ...ba.Event) baSeen {
		ps := make([]ba.PlayerInfo, 2)
		for i := range ps {
			ps[i].Seat = i
		}
		for _, u := range hand {
			ps[seat].Hand = append(ps[seat].Hand, ba.HandCard{UID: u, CardID: "shot"})
		}
		req := ba.DecisionRequest{ObservationVersion: v, Observation: ba.PlayerView{Version: v, You: seat, Players: ps, Events: evs}}
		raw, _ := json.Marshal(req)
		if len(extra) > 0 {
			var m map[string]any
			_ = json.Unmarshal(raw, &m)
			for k, x := range extra {
				m[k] = x
			}
			raw, _ = json.Marshal(m)
		}
		return baSeen{Seat: seat, Version: v, Raw: raw, Req: req}
	}
	discarded := ba.Event{Seq: 3, Type: "discard", Seat: 1, To: -1, UIDs: []string{"miss_01"}}
	for _, tc := range []struct {
		name string
		seen []baSeen
		leak bool
		eval bool
	}{
		{"only shown cards", []baSeen{seen(0, 2, []string{"shot_01"}, nil), seen(1, 3, []string{"shot_02"}, nil)}, false, true},
		{"the deck's top named before anyone drew it", []baSeen{
			seen(0, 2, []string{"shot_01"}, map[string]any{"deckTop": []ba.Card{card("shot_09")}}),
			seen(1, 5, []string{"shot_09"}, nil)}, true, true},
		{"another hand's card in a field of the server's, before its owner saw it", []baSeen{
			seen(0, 2, []string{"shot_01"}, map[string]any{"hands": map[string][]string{"1": {"shot_02"}}}),
			seen(1, 3, []string{"shot_02"}, nil)}, true, true},
		{"a uid as an object key", []baSeen{
			seen(0, 2, []string{"shot_01"}, map[string]any{"next": map[string]int{"shot_09": 1}}),
			seen(1, 5, []string{"shot_09"}, nil)}, true, true},
		{"a card its owner was shown before, named to another later", []baSeen{
			seen(1, 1, []string{"shot_02"}, nil),
			seen(0, 2, []string{"shot_01"}, map[string]any{"hands": map[string][]string{"1": {"shot_02"}}})}, false, true},
		{"the discard pile's contents", []baSeen{
			seen(0, 4, []string{"shot_01"}, map[string]any{"discard": []string{"miss_01"}}, discarded),
			seen(1, 5, []string{"miss_01"}, nil)}, false, true},
		{"events of another vocabulary", []baSeen{
			seen(0, 2, []string{"shot_01"}, map[string]any{"deckTop": []ba.Card{card("shot_09")}}, ba.Event{Seq: 1, Type: "flip", To: -1}),
			seen(1, 5, []string{"shot_09"}, nil)}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var res conform.Result
			baDeckHidden(&res, tc.seen)
			if got := len(res.Findings) > 0; got != tc.leak {
				t.Fatalf("findings %v, want a leak %v", res.Findings, tc.leak)
			}
			for _, f := range res.Findings {
				if f.Rule != "bangarena/11.deck-hidden" {
					t.Errorf("finding cites %s", f.Rule)
				}
			}
			if got := res.Evaluated["bangarena/11.deck-hidden"] > 0; got != tc.eval {
				t.Errorf("evaluated %v, want %v", got, tc.eval)
			}
		})
	}
}
