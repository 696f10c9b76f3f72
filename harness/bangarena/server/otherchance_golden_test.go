package server

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite referee/bangarena/verify's log of the other-chance dialect")

// otherChanceGolden is the log of a match the other-chance dialect deals,
// on which referee/bangarena/verify runs its mutation tests without the seed (the
// chance the log shows, issue 27).
var otherChanceGolden = filepath.Join("..", "..", "..", "referee", "bangarena", "verify", "testdata", "otherchance6.jsonl")

// otherChanceMatch plays match i of six seats, dealt by the dialect's
// Chance from its seed, with random decisions.
func otherChanceMatch(t *testing.T, i int) []byte {
	seed := fmt.Sprintf("other-golden-%d", i)
	g, err := ref.NewGameWith(ref.Config{Seats: 6, MatchID: "otherchance6"}, seed, newOtherChance("match", seed))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(6, uint64(i)))
	for n := 0; !g.Over(); n++ {
		if n > 20000 {
			t.Fatalf("match %d: no end", i)
		}
		g.PlayRandom(r)
	}
	return ref.EncodeLog(g.Log())
}

// TestOtherChanceGolden: the fixture is a match of this dialect (the first
// that shows every feature the mutations of referee/bangarena/verify break); with
// -update-golden it is written again.
func TestOtherChanceGolden(t *testing.T) {
	i := 0
	if !*updateGolden {
		b, err := os.ReadFile(otherChanceGolden)
		if err != nil {
			t.Fatal(err)
		}
		// Found by playing the dialect's matches in order.
		for ; i < 400; i++ {
			if bytes.Equal(otherChanceMatch(t, i), b) {
				return
			}
		}
		t.Fatal("the fixture is no match of the other-chance dialect (run go test -run TestOtherChanceGolden -update-golden)")
	}
	for ; ; i++ {
		log := otherChanceMatch(t, i)
		if goldenFeatures(string(log)) {
			if err := os.WriteFile(otherChanceGolden, log, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("match %d", i)
			return
		}
	}
}

// goldenFeatures reports whether a log shows what the mutations break: a
// Dynamite and a Jail check, a glory star, an end_play, a heal, and a
// first damage dealt by a Duel.
func goldenFeatures(s string) bool {
	for _, f := range []string{`"kind":"dynamite"`, `"type":"glory_star"`, `"kind":"jail"`, `"actionId":"end_play"`, `"type":"heal"`} {
		if !strings.Contains(s, f) {
			return false
		}
	}
	d := strings.Index(s, `"type":"damage"`)
	c := strings.LastIndex(s[:max(d, 0)], `"type":"card_played"`)
	return d > 0 && c > 0 && strings.Contains(s[c:d], `"command":"play_duel"`)
}
