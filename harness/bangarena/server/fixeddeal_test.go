package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
)

// TestFixedDeal: a creation's deal (the fixed-deal capability, announced in
// every create answer) puts the roles on the seats it names, the cards it
// names first in the opening hands, and its deck on top of the draw pile,
// where the Marshal's first draw takes them; a bad deal is refused 422;
// a room with a fixed deal declares no generator (its deal is not the
// seed's).
func TestFixedDeal(t *testing.T) {
	f := newFixture(t, Options{})
	chars := []string{"char_06", "char_08", "char_09", "char_11", "char_12"}
	base := RoomConfig{Seats: 5, Seed: "fixed-deal", Agents: []int{0, 1, 2, 3, 4}, Characters: chars, DeadlineMs: 60000}
	plain := f.create(base)
	if !slices.Contains(plain.Capabilities, CapabilityFixedDeal) || plain.Chance != "umpire-chacha8" {
		t.Fatalf("plain room: capabilities %v chance %q", plain.Capabilities, plain.Chance)
	}
	roles := make([]string, 5)
	for s := range 5 {
		_, w, _ := f.observe(plain.RoomID, s, plain.Tokens[s])
		roles[s] = *w.Observation.Players[s].RoleID
	}
	// The same table's roles, turned by two seats.
	turned := append(slices.Clone(roles[2:]), roles[:2]...)
	marshal := slices.Index(turned, "marshal")
	cfg := base
	cfg.Deal = &FixedDeal{Roles: turned, Hands: [][]string{{"heal_all_01"}, nil, {"bomb_01", "jail_01"}}, Deck: []string{"shot_07", "miss_01"}}
	c := f.create(cfg)
	if c.Chance != "" {
		t.Errorf("a fixed deal declares the chance %q", c.Chance)
	}
	for s := range 5 {
		_, w, _ := f.observe(c.RoomID, s, c.Tokens[s])
		me := w.Observation.Players[s]
		if *me.RoleID != turned[s] {
			t.Errorf("seat %d: role %s, want %s", s, *me.RoleID, turned[s])
		}
		var hand []string
		for _, h := range me.Hand {
			hand = append(hand, h.UID)
		}
		want := map[int][]string{0: {"heal_all_01"}, 2: {"bomb_01", "jail_01"}}[s]
		if s == marshal {
			want = append(slices.Clone(want), "shot_07", "miss_01") // the first draw
		}
		for _, u := range want {
			if !slices.Contains(hand, u) {
				t.Errorf("seat %d (role %s): hand %v lacks %s", s, turned[s], hand, u)
			}
		}
	}
	for _, bad := range []*FixedDeal{
		{Roles: []string{"marshal", "marshal", "raider", "raider", "aide"}},
		{Hands: [][]string{{"heal_all_01"}, {"heal_all_01"}}},
		{Deck: []string{"no_such_card"}},
		{Hands: [][]string{{"shot_01", "shot_02", "shot_03", "shot_04", "shot_05", "shot_06", "shot_08", "shot_09"}}},
	} {
		cfg.Deal = bad
		b, _ := json.Marshal(cfg)
		if st, body := f.do("POST", "/api/ai/rooms", "", b); st != http.StatusUnprocessableEntity {
			t.Errorf("deal %+v: %d %s, want 422", bad, st, body)
		}
	}
}
