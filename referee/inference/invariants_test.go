package inference

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// randomPlayer picks a random legal move (and sometimes an illegal one, a
// timeout or a message) for the seat to act.
type randomPlayer struct {
	rng        *rand.Rand
	timeouts   float64
	legal      []LegalAction
	illegalTry bool
}

func (r *randomPlayer) move(s *State) (mv Move, timeout bool) {
	if r.rng.Float64() < r.timeouts {
		return Move{}, true
	}
	r.legal = s.Legal(r.legal[:0])
	la := r.legal[r.rng.IntN(len(r.legal))]
	mv = Move{Action: la.Action}
	if la.Action == ActionRaise {
		mv.Amount = la.Min + r.rng.IntN(la.Max-la.Min+1)
	}
	if r.rng.IntN(10) == 0 {
		mv.Message = fmt.Sprintf("seat %d says <hi> & \"bye\"", s.ToAct())
	}
	return mv, false
}

func inLegal(legal []LegalAction, mv Move) bool {
	for _, la := range legal {
		if la.Action != mv.Action {
			continue
		}
		if la.Action == ActionRaise {
			return mv.Amount >= la.Min && mv.Amount <= la.Max
		}
		return true
	}
	return false
}

// playRandom plays one seeded match to the end, checking invariants after
// every step, and returns the log.
func playRandom(t *testing.T, cfg Config, seed string, timeouts float64, checkViews bool) []byte {
	t.Helper()
	names := make([]string, cfg.TableSize)
	for i := range names {
		names[i] = fmt.Sprintf("p%d", i)
	}
	log := &LogBuffer{}
	total := cfg.TableSize * cfg.StartingCredits
	// Credits are conserved at every event a sink can observe.
	checker := &conservingSink{log: log, t: t, total: total}
	m, err := PrepareMatch(cfg, "m-"+seed, seed, names, checker)
	if err != nil {
		t.Fatal(err)
	}
	checker.s = m.State
	if err := m.Start(); err != nil {
		t.Fatal(err)
	}
	r := &randomPlayer{rng: rand.New(rand.NewPCG(uint64(len(seed)), uint64(seed[0]))), timeouts: timeouts}
	for steps := 0; m.Phase() != PhaseOver; steps++ {
		if steps > 100000 {
			t.Fatal("match does not end")
		}
		seat := m.ToAct()
		if seat < 0 {
			t.Fatalf("phase %s with nobody to act", m.Phase())
		}
		// visible_state never leaks another seat's value.
		for viewer := 0; checkViews && viewer < cfg.TableSize; viewer++ {
			vs := m.View(viewer)
			if vs.YourValue != nil && *vs.YourValue != m.Seat(viewer).Value {
				t.Fatalf("seat %d sees value %d, holds %d", viewer, *vs.YourValue, m.Seat(viewer).Value)
			}
			b, _ := json.Marshal(vs)
			if bytes.Contains(b, []byte(`"value"`)) && len(vs.History) == 0 {
				t.Fatalf("a view before any showdown carries a value: %s", b)
			}
		}
		legal := m.Legal(nil)
		if !checkViews {
		} else if fromView, err := LegalFromView(m.View(seat)); err != nil || fmt.Sprint(fromView) != fmt.Sprint(legal) {
			t.Fatalf("LegalFromView = %v, %v; engine says %v", fromView, err, legal)
		}
		mv, timeout := r.move(m.State)
		if timeout {
			err = m.Timeout()
		} else {
			if !inLegal(legal, mv) {
				t.Fatalf("player chose %+v outside %v", mv, legal)
			}
			err = m.Apply(seat, mv)
		}
		if err != nil {
			t.Fatalf("step %d: %v", steps, err)
		}
		if got := m.TotalCredits(); got != total {
			t.Fatalf("credits not conserved: %d, want %d", got, total)
		}
		for i := 0; i < cfg.TableSize; i++ {
			if c := m.Seat(i).Credits; c < 0 {
				t.Fatalf("seat %d has %d credits", i, c)
			}
		}
	}
	for _, h := range m.History() {
		sum := 0
		for _, p := range h.Payouts {
			sum += p.Amount
		}
		if h.Pot > 0 && sum != h.Pot {
			t.Fatalf("round %d: payouts %d != pot %d", h.Round, sum, h.Pot)
		}
	}
	return log.Buf
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

// conservingSink logs every event and checks, as it arrives, that seats and
// pot still hold every credit of the match.
type conservingSink struct {
	log   *LogBuffer
	t     *testing.T
	s     *State
	total int
}

func (c *conservingSink) Emit(e *Event) {
	c.log.Emit(e)
	if c.s != nil && c.s.TotalCredits() != c.total {
		c.t.Fatalf("at %s of round %d: %d credits, want %d", e.Type, e.Round, c.s.TotalCredits(), c.total)
	}
}
