package server

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// The scenarios of TestFaults' cases that play a match of their own (several
// agent seats, a message before a turn), and the helpers of their
// observations.

// outOfTurnPlayed plays a match whose first seat to act (seat 1) is an
// agent that never connects, while seat 0 sends a fold for that open turn,
// and reports whether the fold was played.
func outOfTurnPlayed(t *testing.T, faults []Fault) bool {
	t.Helper()
	seed := ""
	for i := 0; seed == ""; i++ {
		if s := fmt.Sprint("out-of-turn-", i); ref.FirstDealer(s, 3) == 0 {
			seed = s // seat 1, left of the dealer, acts first
		}
	}
	s, ts := testServer(t, Options{Faults: faults, StartTimeout: 200 * time.Millisecond})
	c := create(t, ts, MatchSpec{Seats: 3, Rounds: 1, DeadlineMS: 2000, Seed: &seed, Agents: []int{0, 1}, Adversaries: []string{"passive"}})
	cl := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
	cl.until(func(f frame) bool {
		return f.env.Type == TypeEvent && bytes.Contains(f.env.Event, []byte(`"round_start"`))
	})
	cl.send(MoveMsg{Type: TypeMove, MatchID: c.MatchID, Turn: 0, Action: ref.ActionFold})
	f := cl.until(func(f frame) bool {
		return f.env.Type == TypeError || f.env.Type == TypeEvent && bytes.Contains(f.env.Event, []byte(`"type":"action"`))
	})
	played := f.env.Type == TypeEvent
	if err := cl.play(func(f frame) *MoveMsg { return move(f, ref.ActionCall, 0) }); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := s.Wait(ctx, c.MatchID); err != nil {
		t.Fatal(err)
	}
	return played
}

// saidInLog reports whether seat 0 has a table message in the log.
func saidInLog(t *testing.T, log []byte) bool {
	for _, e := range parseLog(t, log) {
		if e.Type == ref.EventMessage && e.Seat == 0 {
			return true
		}
	}
	return false
}

// badMessageAnswered plays a match in which seat 0, an agent, sends a
// message that is not JSON after its hello, and reports whether a
// bad_message error answered it.
func badMessageAnswered(t *testing.T, faults []Fault) bool {
	t.Helper()
	s, ts := testServer(t, Options{Faults: faults})
	seed := "bad-message"
	c := create(t, ts, MatchSpec{Seats: 3, Rounds: 1, DeadlineMS: 10000, Seed: &seed, Agents: []int{0}, Adversaries: []string{"passive"}})
	cl := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
	cl.until(isType(TypeWelcome))
	cl.sendRaw([]byte("{not json"))
	if err := cl.play(func(f frame) *MoveMsg { return move(f, ref.ActionCall, 0) }); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := s.Wait(ctx, c.MatchID); err != nil {
		t.Fatal(err)
	}
	for _, f := range cl.frames {
		if f.env.Type == TypeError && f.env.Code == CodeBadMessage {
			return true
		}
	}
	return false
}

// bestValue is the best value shown; tiedBest how many seats show it.
func bestValue(rs []ref.Reveal) int {
	best := 0
	for _, r := range rs {
		best = max(best, r.Value)
	}
	return best
}

func tiedBest(rs []ref.Reveal) int {
	n, best := 0, bestValue(rs)
	for _, r := range rs {
		if r.Value == best {
			n++
		}
	}
	return n
}

// allInScenario plays the conformance suite's all-in probe on three agent
// seats: 4 credits, an ante of 1; round 1's first seat raises 1, the others
// call; round 2's first seat (round 1's winner, by the seed) raises all it
// has and the short stacks call for less than they owe. It returns every
// frame the seats received.
func allInScenario(t *testing.T, faults []Fault) []frame {
	t.Helper()
	seed := ""
	for i := 0; seed == ""; i++ {
		s := fmt.Sprint("all-in-", i)
		best, at, ties := 0, -1, 0
		for seat := 0; seat < 3; seat++ {
			switch v := ref.DealValue(s, 1, seat); {
			case v > best:
				best, at, ties = v, seat, 1
			case v == best:
				ties++
			}
		}
		if ties == 1 && (ref.FirstDealer(s, 3)+2)%3 == at {
			seed = s
		}
	}
	srv, ts := testServer(t, Options{Faults: faults})
	ante := 1
	c := create(t, ts, MatchSpec{Seats: 3, Rounds: 2, DeadlineMS: 50, Seed: &seed, Agents: []int{0, 1, 2}, StartingCredits: 4, Ante: &ante})
	policy := func(f frame) *MoveMsg {
		vs := f.env.VisibleState
		for _, la := range f.env.LegalActions {
			if la.Action == ref.ActionRaise && len(vs.Actions) == 0 {
				if vs.Round > 1 {
					return move(f, ref.ActionRaise, la.Max)
				}
				return move(f, ref.ActionRaise, la.Min)
			}
		}
		return move(f, ref.ActionCall, 0)
	}
	var cls []*client
	for seat := 0; seat < 3; seat++ {
		cls = append(cls, dial(t, ts, c.MatchID, seat, c.Tokens[fmt.Sprint(seat)]))
	}
	errs := make(chan error, 3)
	for _, cl := range cls {
		go func() { errs <- cl.play(policy) }()
	}
	for range cls {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := srv.Wait(ctx, c.MatchID); err != nil {
		t.Fatal(err)
	}
	var out []frame
	for _, cl := range cls {
		out = append(out, cl.frames...)
	}
	return out
}

// lateMoveLogged plays a one-round match, joins seat 0 again after the end,
// sends a fold, and reports whether the log grew past match_end.
func lateMoveLogged(t *testing.T, faults []Fault) bool {
	t.Helper()
	s, ts := testServer(t, Options{Faults: faults})
	seed := "late-move"
	c := create(t, ts, MatchSpec{Seats: 3, Rounds: 1, DeadlineMS: 10000, Seed: &seed, Agents: []int{0}, Adversaries: []string{"passive"}})
	cl := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
	if err := cl.play(func(f frame) *MoveMsg { return move(f, ref.ActionCall, 0) }); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := s.Wait(ctx, c.MatchID); err != nil {
		t.Fatal(err)
	}
	again := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
	again.until(isType(TypeMatchEnd))
	again.send(MoveMsg{Type: TypeMove, MatchID: c.MatchID, Turn: 0, Action: ref.ActionFold})
	for { // until the connection closes
		if _, err := again.next(); err != nil {
			break
		}
	}
	evs := parseLog(t, fetchLog(t, ts, c.MatchID))
	return evs[len(evs)-1].Type != ref.EventMatchEnd
}
