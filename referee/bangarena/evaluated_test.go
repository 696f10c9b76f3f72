package bangarena

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestTrackRulesReportsEveryAbility plays random 8-seat games with every
// character of §6 on some table and checks that the engine reports each
// character rule (bangarena/6.char-01-stone-leopard … 6.char-16-mad-dog),
// the built-ins (bangarena/4.built-ins) and the pending choices
// (bangarena/13.choices) as evaluated, and nothing without TrackRules.
func TestTrackRulesReportsEveryAbility(t *testing.T) {
	got := map[string]int{}
	r := rand.New(rand.NewPCG(7, 7))
	for i := range 40 {
		chars := make([]string, 8)
		for s := range chars {
			chars[s] = "char_" + pad2((i*8+s)%16+1)
		}
		g, err := NewGame(Config{Seats: 8, Characters: chars}, "eval-"+strconv.Itoa(i))
		if err != nil {
			t.Fatal(err)
		}
		g.TrackRules()
		for !g.Over() {
			g.PlayRandom(r)
		}
		for id, n := range g.Evaluated() {
			got[id] += n
		}
	}
	for c := 1; c <= 16; c++ {
		id := CharacterRule("char_" + pad2(c))
		if id == "" || got[id] == 0 {
			t.Errorf("character rule of char_%s (%q) never reported as evaluated", pad2(c), id)
		}
	}
	for _, id := range []string{"bangarena/4.built-ins", "bangarena/5.horse-scope", "bangarena/13.choices"} {
		if got[id] == 0 {
			t.Errorf("%s never reported as evaluated", id)
		}
	}
	for id := range got {
		if !contains(EvaluatedRuleIDs(), id) {
			t.Errorf("evaluated %s, which EvaluatedRuleIDs does not list", id)
		}
	}
	g, _ := NewGame(Config{Seats: 4}, "eval-off")
	for !g.Over() {
		g.PlayRandom(r)
	}
	if ev := g.Evaluated(); ev != nil {
		t.Errorf("without TrackRules have %v, want nil", ev)
	}
}

// TestTrackRulesNotInherited: a Clone evaluates nothing for its original.
func TestTrackRulesNotInherited(t *testing.T) {
	g, _ := NewGame(Config{Seats: 5, Characters: []string{"char_09", "char_11", "char_16", "char_03", "char_12"}}, "eval-clone")
	g.TrackRules()
	before := g.Evaluated()
	c := g.Clone()
	r := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		c.PlayRandom(r)
	}
	after := g.Evaluated()
	if len(after) != len(before) {
		t.Errorf("the clone's play changed the original's counts: %v → %v", before, after)
	}
	if c.Evaluated() != nil {
		t.Errorf("the clone counts: %v", c.Evaluated())
	}
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}
