package inference

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// playRandom plays one seeded match to the end, checking invariants after
// every step (PlaySelfChecked), and returns the log.
func playRandom(t *testing.T, cfg Config, seed string, timeouts float64, checkViews bool) []byte {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(len(seed)), uint64(seed[0])))
	log, err := PlaySelfChecked(cfg, seed, rng, SelfPlay{Timeouts: timeouts, CheckViews: checkViews})
	if err != nil {
		t.Fatal(err)
	}
	return log
}

// TestRandomMatchInvariants plays thousands of seeded random matches:
// credits are conserved (inference/round.6.side-pots), every action was
// legal (inference/illegal.listed-only), pot = sum of payouts, views never
// leak (inference/visibility.no-peek) and replay is deterministic
// (inference/protocol.deal-function).
func TestRandomMatchInvariants(t *testing.T) {
	n := 1500
	if testing.Short() {
		n = 200
	}
	for i := 0; i < n; i++ {
		cfg := DefaultConfig()
		cfg.TableSize = 3 + i%6
		cfg.Rounds = 10 + i%40
		if i%3 == 0 {
			cfg.StartingCredits = 12 // many short stacks and busts
		}
		seed := fmt.Sprintf("inv-%d", i)
		timeouts := []float64{0, 0.05, 0.3}[i%3]
		a := playRandom(t, cfg, seed, timeouts, i%60 == 0)
		if i%50 == 0 {
			b := playRandom(t, cfg, seed, timeouts, false)
			if !bytes.Equal(a, b) {
				t.Fatalf("seed %s: replay differs", seed)
			}
		}
		for ln, line := range splitLines(a, i%10 == 0) {
			e, err := ParseEvent([]byte(line))
			if err != nil {
				t.Fatalf("seed %s line %d: %v", seed, ln+1, err)
			}
			if got := string(e.AppendJSON(nil)); got != line {
				t.Fatalf("seed %s line %d does not round-trip:\nhave %s\nwant %s", seed, ln+1, got, line)
			}
		}
	}
}

// FuzzApply applies arbitrary move sequences: never a panic, and every
// rejection is a *rules.Error naming a catalogue rule.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7}, "seed")
	f.Add([]byte{2, 10, 2, 10, 2, 10, 2, 10, 255}, "x")
	cat := rules.Default()
	f.Fuzz(func(t *testing.T, script []byte, seed string) {
		cfg := DefaultConfig()
		cfg.TableSize = 3
		cfg.Rounds = 5
		log := &LogBuffer{}
		m, err := NewMatch(cfg, "f", seed, []string{"a", "b", "c"}, log)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+1 < len(script); i += 2 {
			op, arg := script[i], int(script[i+1])
			before, logLen, turn, toAct := fmt.Sprint(m.Seats()), len(log.Buf), m.Turn(), m.ToAct()
			var err error
			switch op % 6 {
			case 0:
				err = m.Apply(arg%4, Move{Action: ActionFold})
			case 1:
				err = m.Apply(arg%4, Move{Action: ActionCall, Message: strings.Repeat("é", arg*2)})
			case 2:
				err = m.Apply(m.ToAct(), Move{Action: ActionRaise, Amount: arg - 100})
			case 3:
				err = m.Apply(m.ToAct(), Move{Action: string(rune(arg))})
			case 4:
				err = m.Timeout()
			case 5:
				err = m.Apply(m.ToAct(), Move{Action: ActionRaise, Amount: arg % 12})
			}
			if err != nil {
				id := rules.RuleOf(err)
				if _, ok := cat.Lookup(id); !ok {
					t.Fatalf("rejection %v carries no catalogue rule", err)
				}
				if fmt.Sprint(m.Seats()) != before || len(log.Buf) != logLen || m.Turn() != turn || m.ToAct() != toAct {
					t.Fatalf("rejected move (%v) changed the state", err)
				}
			}
			if m.TotalCredits() != 300 {
				t.Fatalf("credits not conserved")
			}
		}
	})
}

func splitLines(b []byte, all bool) []string {
	if !all {
		return nil
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}
