package bangarena

import (
	"fmt"
	"maps"
	"slices"
	"testing"
)

// TestGrantingRules: an item left out of a server's list is charged to the
// one rule that grants it, where taking that rule away gives the server's
// list: Mad Dog's freedom from the Shot limit, the ring of living seats,
// Eagle Eye's Scope, Mad Dog's built-in Scope; none where the items left
// out are not what one rule grants.
func TestGrantingRules(t *testing.T) {
	shots := func(uid string, targets ...int) []string {
		var out []string
		for _, s := range targets {
			out = append(out, fmt.Sprintf("shot:%s:%d", uid, s))
		}
		return out
	}
	tests := []struct {
		name  string
		char  string
		setup func(t *testing.T, g *Game) string // returns the Shot's uid
		// drop are the Shot targets the server leaves out.
		drop []int
		want string // the rule charged for each dropped item ("" none)
	}{
		{"mad dog's second shot", "char_16", func(t *testing.T, g *Game) string {
			g.shots = 1
			return g.give(t, 0, "shot")[0]
		}, []int{1, 2, 3, 4}, "bangarena/6.char-16-mad-dog"},
		{"mad dog's scope, no shot yet", "char_16", func(t *testing.T, g *Game) string {
			return g.give(t, 0, "shot")[0]
		}, []int{2, 3}, "bangarena/4.built-ins"},
		{"mad dog's scope after a shot", "char_16", func(t *testing.T, g *Game) string {
			g.shots = 1
			return g.give(t, 0, "shot")[0]
		}, []int{2, 3}, "bangarena/4.built-ins"},
		{"eagle eye's scope", "char_11", func(t *testing.T, g *Game) string {
			return g.give(t, 0, "shot")[0]
		}, []int{2, 3}, "bangarena/6.char-11-eagle-eye"},
		{"the ring of living seats", "char_07", func(t *testing.T, g *Game) string {
			g.seats[1].alive, g.seats[1].hp = false, 0
			return g.give(t, 0, "shot")[0]
		}, []int{2}, "bangarena/4.distance"},
		{"no one rule", "char_07", func(t *testing.T, g *Game) string {
			return g.give(t, 0, "shot")[0]
		}, []int{1}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want != "" {
				covers(t, tc.want)
			}
			g := five(t)
			g.seats[0].char = tc.char
			uid := tc.setup(t, g)
			var offered []string
			for _, a := range g.Legal(0) {
				if !slices.Contains(shots(uid, tc.drop...), a.ActionID) {
					offered = append(offered, a.ActionID)
				}
			}
			have := g.GrantingRules(0, offered)
			for _, id := range shots(uid, tc.drop...) {
				if have[id] != tc.want {
					t.Errorf("%s: charged to %q, want %q (all: %v)", id, have[id], tc.want, have)
				}
			}
			for id := range maps.Keys(have) {
				if !slices.Contains(shots(uid, tc.drop...), id) {
					t.Errorf("%s is offered, yet charged to %s", id, have[id])
				}
			}
		})
	}
}
