package bangarena

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"
)

func legalSet(l []LegalAction) []string {
	out := make([]string, len(l))
	for i, a := range l {
		b, _ := json.Marshal(a)
		out[i] = string(b)
	}
	sort.Strings(out)
	return out
}

// TestLegalFromViewAgrees: at every decision of random games in every mode,
// the legal actions re-derived from the decider's observation alone equal
// the engine's own list (READINGS 8: as sets).
func TestLegalFromViewAgrees(t *testing.T) {
	t.Parallel()
	covers(t, "bangarena/13.action-ids", "bangarena/11.fields")
	r := rand.New(rand.NewPCG(9, 9))
	games := 8
	if testing.Short() {
		games = 4
	}
	for i := range games {
		cfg := Config{Seats: 4 + i%5, RoleMode: []string{ModeClassic, ModePartners, ModeImpostor, ModeLegacy}[i%4], StagedCharacters: i%3 == 0}
		g, _ := NewGame(cfg, fmt.Sprint("fromview-", i))
		for n := 0; !g.Over() && n < decisionCap; n++ {
			seat, _ := g.Decider()
			// A round trip through JSON, as a client would read it.
			b, _ := json.Marshal(g.View(seat))
			var v PlayerView
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			have, err := LegalFromView(v)
			if err != nil {
				t.Fatalf("game %d step %d: %v", i, n, err)
			}
			want := g.Legal(seat)
			if fmt.Sprint(legalSet(have)) != fmt.Sprint(legalSet(want)) {
				t.Fatalf("game %d step %d seat %d phase %s:\nfrom view %v\nengine    %v", i, n, seat, g.Phase(), ids(have), ids(want))
			}
			g.PlayRandom(r)
		}
	}
}

func TestLegalFromViewRejectsBadViews(t *testing.T) {
	covers(t, "bangarena/11.fields")
	g, _ := NewGame(Config{Seats: 4}, "bad-view")
	seat, _ := g.Decider()
	good := g.View(seat)
	tests := []struct {
		name   string
		break_ func(v *PlayerView)
	}{
		{"no players", func(v *PlayerView) { v.Players = nil }},
		{"you outside", func(v *PlayerView) { v.You = 9 }},
		{"unknown hand uid", func(v *PlayerView) { v.Players[v.You].Hand[0].UID = "ace_99" }},
		{"no marshal", func(v *PlayerView) {
			for i := range v.Players {
				v.Players[i].RoleID = nil
			}
		}},
		{"seat order", func(v *PlayerView) { v.Players[1].Seat = 3 }},
		{"bad weapon", func(v *PlayerView) { w := "weapon_laser"; v.Players[0].WeaponCardID = &w }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := json.Marshal(good)
			var v PlayerView
			_ = json.Unmarshal(b, &v)
			tc.break_(&v)
			if _, err := LegalFromView(v); ruleOf(err) != "bangarena/11.fields" {
				t.Fatalf("have %v", err)
			}
		})
	}
}
