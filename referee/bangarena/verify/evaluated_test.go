package verify

import (
	"math/rand/v2"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// Every id of the fixed table is a catalogue rule.
func TestEvaluatedTable(t *testing.T) {
	for _, id := range BangArenaRuleIDs() {
		if _, ok := levelOf(id); !ok {
			t.Errorf("%s is not in the catalogue", id)
		}
	}
}

func levelOf(id string) (string, bool) {
	r, ok := rules.Default().Lookup(id)
	return string(r.Level), ok
}

// The BangArena replay reports the rules of the events it compared: the
// golden log has a Dynamite and a Jail check and a glory star, so those
// rules are evaluated; a log cut after the deal evaluates no turn rule.
func TestBangArenaEvaluated(t *testing.T) {
	log := baGolden(t)
	_, sum := baVerify(t, log, BangArenaOptions{File: "classic6.jsonl"})
	for _, id := range []string{"bangarena/3.turn-order", "bangarena/8.dynamite-check", "bangarena/8.jail-check",
		"bangarena/9.glory-star", "bangarena/1.legal-only", "bangarena/10.win-order", "bangarena/log.complete"} {
		if sum.Evaluated[id] == 0 {
			t.Errorf("%s not evaluated on the golden log (have %v)", id, sum.Evaluated)
		}
	}
	lines := baLines(t, log)
	first := baFind(t, lines, func(m map[string]any) bool { return m["type"] == "turn_start" })
	_, cut := baVerify(t, baJoin(lines[:first]), BangArenaOptions{File: "cut.jsonl", Unfinished: true})
	for _, id := range []string{"bangarena/3.turn-order", "bangarena/8.jail-check", "bangarena/10.win-order"} {
		if cut.Evaluated[id] != 0 {
			t.Errorf("%s evaluated on a log that stops before the first turn", id)
		}
	}
	if cut.Evaluated["bangarena/6.character-deal"] == 0 {
		t.Errorf("the deal is not evaluated on a log that holds it (have %v)", cut.Evaluated)
	}
}

// A log of each role mode evaluates that mode's rules, and only that one's.
func TestBangArenaModeEvaluated(t *testing.T) {
	for _, tt := range []struct {
		mode  string
		seats int
		want  []string
		not   []string
	}{
		{ba.ModeImpostor, 8, []string{"bangarena/2.impostor-distribution", "bangarena/2.impostor-8-seats", "bangarena/2.impostor-briefing"}, []string{"bangarena/2.legacy", "bangarena/2.partners"}},
		{ba.ModeLegacy, 5, []string{"bangarena/2.legacy"}, []string{"bangarena/2.impostor-briefing", "bangarena/2.partners"}},
		{ba.ModeClassic, 6, nil, []string{"bangarena/2.legacy", "bangarena/2.impostor-distribution", "bangarena/2.impostor-briefing", "bangarena/2.partners"}},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			seed := "mode-" + tt.mode
			log := baSelfPlay(t, ba.Config{Seats: tt.seats, RoleMode: tt.mode, MatchID: seed}, seed, rand.New(rand.NewPCG(3, 4)))
			fs, sum := baVerify(t, log, BangArenaOptions{File: seed, Seeds: []string{seed}})
			if len(fs) != 0 {
				t.Fatalf("findings: %v", fs)
			}
			for _, id := range tt.want {
				if sum.Evaluated[id] == 0 {
					t.Errorf("%s not evaluated", id)
				}
			}
			for _, id := range tt.not {
				if sum.Evaluated[id] != 0 {
					t.Errorf("%s evaluated on a %s log", id, tt.mode)
				}
			}
		})
	}
}
