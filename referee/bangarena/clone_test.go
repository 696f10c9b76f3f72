package bangarena

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestEveryLegalItemApplies: at sampled states of random games, every item
// of the decider's legalActions is accepted (on a clone), keeps the cards
// conserved, and the default action of §14 is one of them.
func TestEveryLegalItemApplies(t *testing.T) {
	covers(t, "bangarena/1.legal-only", "bangarena/14.default-action")
	r := rand.New(rand.NewPCG(5, 5))
	for i := range 60 {
		cfg := Config{Seats: 4 + i%5, RoleMode: []string{ModeClassic, ModePartners, ModeImpostor, ModeLegacy}[i%4], StagedCharacters: i%2 == 0}
		g, _ := NewGame(cfg, fmt.Sprint("every-", i))
		for n := 0; !g.Over() && n < decisionCap; n++ {
			if n%2 == 0 {
				seat, _ := g.Decider()
				legal := g.Legal(seat)
				def, ok := g.DefaultAction(seat)
				if !ok || !hasID(legal, def.ActionID) {
					t.Fatalf("game %d: default %q not legal", i, def.ActionID)
				}
				for _, a := range legal {
					c := g.Clone()
					if err := c.Apply(seat, a.ActionID, nil); err != nil {
						t.Fatalf("game %d step %d: legal %s rejected: %v", i, n, a.ActionID, err)
					}
					if err := checkState(c); err != nil {
						t.Fatalf("game %d step %d after %s: %v", i, n, a.ActionID, err)
					}
				}
			}
			g.PlayRandom(r)
		}
	}
}

func TestCloneIsIndependent(t *testing.T) {
	g, _ := NewGame(Config{Seats: 6}, "clone")
	r := rand.New(rand.NewPCG(1, 1))
	for range 20 {
		g.PlayRandom(r)
	}
	before := g.Log()
	c1, c2 := g.Clone(), g.Clone()
	ra, rb := rand.New(rand.NewPCG(7, 7)), rand.New(rand.NewPCG(7, 7))
	for !c1.Over() {
		c1.PlayRandom(ra)
	}
	for !c2.Over() {
		c2.PlayRandom(rb)
	}
	if !reflect.DeepEqual(g.Log(), before) || g.Over() {
		t.Fatal("playing a clone changed the original")
	}
	if !reflect.DeepEqual(c1.Log(), c2.Log()) {
		t.Fatal("two clones of one state diverged under the same decisions")
	}
}
