package probe

import (
	"slices"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
)

// TestSteerChoose: the rooms' candidates are chosen together, including a
// trade two rooms must make at once (room 0 gives up "lone" for "raiders"
// only if room 1 takes "lone" over), and a room whose candidates add
// nothing keeps the unsteered one.
func TestSteerChoose(t *testing.T) {
	set := func(keys ...string) map[string]bool {
		m := map[string]bool{}
		for _, k := range keys {
			m[k] = true
		}
		return m
	}
	for _, tc := range []struct {
		name  string
		cands [][]map[string]bool
		want  []int
	}{
		{"nothing to gain", [][]map[string]bool{{set("a"), set("a")}, {set("b"), set("b")}}, []int{0, 0}},
		{"one room better", [][]map[string]bool{{set("a"), set("a", "c")}, {set("b"), set("b")}}, []int{1, 0}},
		{"a trade of two rooms", [][]map[string]bool{{set("lone"), set("raiders")}, {set(), set("lone")}}, []int{1, 1}},
		{"an unsimulated candidate", [][]map[string]bool{{set("a"), nil, set("a", "b")}}, []int{2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := baSteerChoose(tc.cands); !slices.Equal(got, tc.want) {
				t.Fatalf("have %v, want %v", got, tc.want)
			}
		})
	}
}

// TestSessionPlanSteers: with rooms the suite creates, the session plan
// deals the characters in baCharOrder and picks a steered seed for some
// room (the unsteered default seeds miss a law win with dead aides) when the
// server declares umpire's generator; for a room it is given, or a server
// with a generator of its own, nothing is steered by the seed.
func TestSessionPlanSteers(t *testing.T) {
	given := baSessionPlan(&conform.Target{Game: conform.GameBangArena, TableSize: 4})
	created := baSessionPlan(declaresUmpireChance(&conform.Target{Game: conform.GameBangArena, TableSize: 4, Create: true}))
	if other := baSessionPlan(&conform.Target{Game: conform.GameBangArena, TableSize: 4, Create: true}); !slices.Equal(other, given) {
		t.Errorf("a server that declares no generator got its seeds searched: %v", other)
	}
	steered := false
	for i := range given {
		if given[i].mode.charFrom != created[i].mode.charFrom {
			t.Errorf("room %d: characters from %d and %d", i, given[i].mode.charFrom, created[i].mode.charFrom)
		}
		steered = steered || given[i].purpose != created[i].purpose
	}
	if !steered {
		t.Fatal("no session room was steered")
	}
	if c := created[0].mode.characters(4); !slices.Equal(c, []string{"char_08", "char_14", "char_15", "char_01"}) {
		t.Errorf("room 0 deals %v", c)
	}
}
