package inference

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
)

// SelfPlay says how PlaySelfChecked's random player behaves.
type SelfPlay struct {
	// Timeouts is the chance that the seat to act lets its deadline pass.
	Timeouts float64
	// CheckViews checks every seat's view at every decision (slower).
	CheckViews bool
	// Visit, when not nil, sees each decision before it is applied: the
	// seat to act and its legal actions.
	Visit func(m *Match, seat int, legal []LegalAction) error
}

// PlaySelfChecked plays one seeded match to its end with a random player
// (a legal move of the seat to act, now and then a message or a timeout),
// checking after every step that credits are conserved at every event the
// match emits, no seat's credits go negative, every move played was
// listed, and each round's payouts add up to its pot; with CheckViews,
// that no view shows another seat's value or any value before a showdown,
// and that the legal actions read from the view are the engine's. It
// returns the match log, or the first broken invariant.
func PlaySelfChecked(cfg Config, seed string, rng *rand.Rand, sp SelfPlay) ([]byte, error) {
	names := make([]string, cfg.TableSize)
	for i := range names {
		names[i] = fmt.Sprintf("p%d", i)
	}
	log := &LogBuffer{}
	total := cfg.TableSize * cfg.StartingCredits
	checker := &conservingSink{log: log, total: total}
	m, err := PrepareMatch(cfg, "m-"+seed, seed, names, checker)
	if err != nil {
		return nil, err
	}
	checker.s = m.State
	if err := m.Start(); err != nil {
		return nil, err
	}
	var legal []LegalAction
	for steps := 0; m.Phase() != PhaseOver; steps++ {
		if checker.err != nil {
			return nil, checker.err
		}
		if steps > 100000 {
			return nil, fmt.Errorf("%s: match does not end", seed)
		}
		seat := m.ToAct()
		if seat < 0 {
			return nil, fmt.Errorf("%s: phase %s with nobody to act", seed, m.Phase())
		}
		for viewer := 0; sp.CheckViews && viewer < cfg.TableSize; viewer++ {
			vs := m.View(viewer)
			if vs.YourValue != nil && *vs.YourValue != m.Seat(viewer).Value {
				return nil, fmt.Errorf("%s: seat %d sees value %d, holds %d", seed, viewer, *vs.YourValue, m.Seat(viewer).Value)
			}
			b, _ := json.Marshal(vs)
			if bytes.Contains(b, []byte(`"value"`)) && len(vs.History) == 0 {
				return nil, fmt.Errorf("%s: a view before any showdown carries a value: %s", seed, b)
			}
		}
		legal = m.Legal(legal[:0])
		if sp.CheckViews {
			if fromView, err := LegalFromView(m.View(seat)); err != nil || fmt.Sprint(fromView) != fmt.Sprint(legal) {
				return nil, fmt.Errorf("%s: LegalFromView = %v, %v; engine says %v", seed, fromView, err, legal)
			}
		}
		if sp.Visit != nil {
			if err := sp.Visit(m, seat, legal); err != nil {
				return nil, fmt.Errorf("%s: step %d: %w", seed, steps, err)
			}
		}
		if rng.Float64() < sp.Timeouts {
			err = m.Timeout()
		} else {
			mv := randomMove(rng, legal, seat)
			if !movesListed(legal, mv) {
				return nil, fmt.Errorf("%s: player chose %+v outside %v", seed, mv, legal)
			}
			err = m.Apply(seat, mv)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: step %d: %w", seed, steps, err)
		}
		if got := m.TotalCredits(); got != total {
			return nil, fmt.Errorf("%s: credits not conserved: %d, want %d", seed, got, total)
		}
		for i := 0; i < cfg.TableSize; i++ {
			if c := m.Seat(i).Credits; c < 0 {
				return nil, fmt.Errorf("%s: seat %d has %d credits", seed, i, c)
			}
		}
	}
	if checker.err != nil {
		return nil, checker.err
	}
	for _, h := range m.History() {
		sum := 0
		for _, p := range h.Payouts {
			sum += p.Amount
		}
		if h.Pot > 0 && sum != h.Pot {
			return nil, fmt.Errorf("%s: round %d: payouts %d != pot %d", seed, h.Round, sum, h.Pot)
		}
	}
	return log.Buf, nil
}

// randomMove picks one of legal at random (a raise of a random amount in
// its range), with a message now and then.
func randomMove(rng *rand.Rand, legal []LegalAction, seat int) Move {
	la := legal[rng.IntN(len(legal))]
	mv := Move{Action: la.Action}
	if la.Action == ActionRaise {
		mv.Amount = la.Min + rng.IntN(la.Max-la.Min+1)
	}
	if rng.IntN(10) == 0 {
		mv.Message = fmt.Sprintf("seat %d says <hi> & \"bye\"", seat)
	}
	return mv
}

// movesListed reports whether mv is one of legal (a raise within its range).
func movesListed(legal []LegalAction, mv Move) bool {
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

// conservingSink logs every event and checks, as it arrives, that seats and
// pot still hold every credit of the match; it keeps the first failure.
type conservingSink struct {
	log   *LogBuffer
	s     *State
	total int
	err   error
}

func (c *conservingSink) Emit(e *Event) {
	c.log.Emit(e)
	if c.err == nil && c.s != nil && c.s.TotalCredits() != c.total {
		c.err = fmt.Errorf("at %s of round %d: %d credits, want %d", e.Type, e.Round, c.s.TotalCredits(), c.total)
	}
}
