package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// The Inference probes of split pots, deadlines and timeouts: the split-pot
// probe (a seeded tie), the enforced deadline, a silent seat's default
// actions and its sit-out.

// splitSeed (I-INF-P4) finds a seed whose first round deals two seats of a table of n the
// same value under umpire's deal function (another server deals otherwise,
// and the probe then reports a skip).
func splitSeed(base string, n int) (string, int) {
	for i := 0; i < 5000; i++ {
		seed := fmt.Sprintf("%s-%d", base, i)
		for a := 0; a < n; a++ {
			for b := a + 1; b < n; b++ {
				if ref.DealValue(seed, 1, a) == ref.DealValue(seed, 1, b) {
					return seed, ref.DealValue(seed, 1, a)
				}
			}
		}
	}
	return base, 0
}

// splitValues are the round's values of the fixed-values split: seat 0
// lowest, every other seat tied for the best value, so that a pot of one
// ante per seat leaves an odd credit (n mod n−1 = 1 for n ≥ 3).
func splitValues(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = 77
	}
	if n >= 3 {
		out[0] = 12
	}
	return out
}

func infProbeSplit(ctx context.Context, t *conform.Target) conform.Result {
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	seed, _ := splitSeed(t.SeedFor("split"), t.TableSize)
	spec := map[string]any{"seats": t.TableSize, "rounds": 1, "deadline_ms": max(t.DeadlineMS, 2000), "seed": seed, "ante": 1}
	// A server offering fixed hidden values (docs/wire.md harness
	// extension) is dealt the tie outright, with an odd credit: one seat
	// low, the others tied for the best value share a pot of one ante
	// per seat, which does not divide among them.
	spec["values"] = [][]int{splitValues(t.TableSize)}
	sp, err := infSplitMatch(ctx, t, spec)
	if err != nil {
		return conform.ProbeErr(err)
	}
	if !sp.tie && sp.fixed {
		return sp.res.OrSkip("no tie for the best value arose in the probe match, though the server announced fixed-values and was asked for one")
	}
	if !sp.tie || !sp.odd {
		// Without fixed values the hidden values are the server's: the
		// suite plays on, round after round, until a tie for the best
		// value with an odd credit arises (infSplitPlayOn).
		on, why := infSplitPlayOn(ctx, t)
		switch {
		case on != nil:
			on.res.Findings = append(sp.res.Findings, on.res.Findings...)
			sp = on
		case !sp.tie:
			return conform.Skip("no tie for the best value arose: %s", why)
		}
	}
	res := sp.res
	// The match through the one judge: its log when the server serves
	// one, else the seats' streams (every seat calls to the showdown, so
	// the showdown reveals every value the ties and odd chips rest on).
	v, _ := infJudge(ctx, t, sp.id, sp.got, &res)
	// The probe's own rules, as far as the replay of its match reached
	// them (an even split has no odd credit).
	ev := v.Summary.Evaluated
	for _, id := range []string{"inference/round.6.ties", "inference/round.6.odd-chips"} {
		if ev[id] > 0 {
			res.Eval(id)
		} else {
			res.NoteNotExercised(id, "the tied pots of the probe matches split evenly")
		}
	}
	return res
}

// infSplit is one match of the split-pot probe as the seats saw it.
type infSplit struct {
	id string
	// fixed: the server announced fixed-values; tie: a showdown had a tie
	// for the best value; odd: a tied pot did not divide evenly.
	fixed, tie, odd bool
	res             conform.Result
	// got are the seats' messages of the match.
	got []infMsg
}

// infSplitMatch creates a match of spec and plays it out (every seat
// calls, so every seat reaches the showdown), judging each tied showdown
// from what the seats were shown: every seat tied for the best value is
// paid a share.
func infSplitMatch(ctx context.Context, t *conform.Target, spec map[string]any) (*infSplit, error) {
	id, toks, caps, err := infCreateCaps(ctx, t, spec)
	if err != nil {
		return nil, err
	}
	sp := &infSplit{id: id, fixed: slices.Contains(caps, "fixed-values")}
	p, err := infJoin(ctx, t, id, toks)
	if err != nil {
		return nil, err
	}
	defer p.Close()
	if err := p.playOut(ctx, nil); err != nil {
		return nil, err
	}
	sp.got = p.Got
	for _, m := range p.Got {
		if m.Env.Type != "event" || m.Ev.Type != "showdown" || len(m.Ev.Reveals) < 2 {
			continue
		}
		best, count := 0, 0
		for _, r := range m.Ev.Reveals {
			if r.Value > best {
				best, count = r.Value, 1
			} else if r.Value == best {
				count++
			}
		}
		ev := m.Ev
		if count < 2 {
			continue
		}
		sp.tie = true
		sp.odd = sp.odd || ev.Pot != nil && *ev.Pot%count != 0
		// Every seat tied for the best value shares the pot.
		sp.res.Eval("inference/round.6.ties")
		paid := map[int]bool{}
		for _, p := range ev.Payouts {
			paid[p.Seat] = p.Amount > 0
		}
		// A pot too small to give each tied seat a credit (a match
		// without antes) owes none of them anything.
		owed := ev.Pot == nil || *ev.Pot >= count
		for _, r := range ev.Reveals {
			if owed && r.Value == best && !paid[r.Seat] {
				seat := r.Seat
				sp.res.Findings = append(sp.res.Findings, conform.NewFinding("inference/round.6.ties", rules.Where{Seat: &seat, Round: m.Ev.Round}, "a share of the pot for every seat tied for the best value", ev.Payouts,
					"seat %d, tied for the best value %d, is paid nothing", r.Seat, best))
				break
			}
		}
	}
	return sp, nil
}

// infSplitSeats and infSplitRounds shape the matches the split-pot probe
// plays on in: at 7 seats, each calling to the showdown, about one round in
// 30 ties for the best value (a value from 1 to 100 each), and a pot of one
// ante per seat divides neither by 2 nor by 3 tied seats; 20 rounds stay
// below the ante's ramp.
const (
	infSplitSeats  = 7
	infSplitRounds = 20
)

// infSplitPlayOn plays matches (infSplitSeats seats, infSplitRounds rounds,
// every seat calling) within the target's budget and the check's time
// until one shows a tie for the best value whose pot does not divide
// evenly: the first such match, or the last with a tie; nil (and why)
// when none arose.
func infSplitPlayOn(ctx context.Context, t *conform.Target) (*infSplit, string) {
	budget := t.PlayBudget()
	if budget <= 0 {
		return nil, "the suite does not play on (a negative --budget), and the server offers no fixed-values capability"
	}
	until := time.Now().Add(budget)
	if d, ok := ctx.Deadline(); ok && d.Add(-10*time.Second).Before(until) {
		until = d.Add(-10 * time.Second)
	}
	var last *infSplit
	matches := 0
	for k := 1; time.Now().Before(until); k++ {
		mctx, cancel := context.WithDeadline(ctx, until)
		spec := map[string]any{"seats": infSplitSeats, "rounds": infSplitRounds, "deadline_ms": max(t.DeadlineMS, 2000),
			"seed": t.SeedFor(fmt.Sprintf("split-on-%d", k)), "ante": 1}
		sp, err := infSplitMatch(mctx, t, spec)
		cancel()
		if err != nil {
			return last, fmt.Sprintf("a match played on for it failed after %d match(es): %v", matches, err)
		}
		matches++
		if sp.tie {
			last = sp
		}
		if sp.tie && sp.odd {
			return sp, ""
		}
	}
	return last, fmt.Sprintf("none in %d match(es) of %d rounds at %d seats, every seat calling to the showdown, played on within the budget of %v (the server offers no fixed-values capability)", matches, infSplitRounds, infSplitSeats, budget)
}

func infProbeDeadline(ctx context.Context, t *conform.Target) conform.Result {
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	// A timing finding is confirmed on a second match before it is
	// reported (I-INF-P1): one stall of the machine running umpire must
	// not fail a server, while a server that times out early or late does
	// so every time.
	res := infDeadlineOnce(ctx, t, "deadline")
	if res.Status != reports.Disabled || len(res.Findings) == 0 || res.Findings[0].Rule != "inference/timeouts.deadline" {
		return res
	}
	return infDeadlineOnce(ctx, t, "deadline-confirm")
}

func infDeadlineOnce(ctx context.Context, t *conform.Target, purpose string) conform.Result {
	// I-INF-P1: a longer deadline than the target's, so timing noise stays small
	// next to it: the timeout must come between 75 % and 125 % of it after
	// the your_turn arrived, though an illegal move was sent at 40 %.
	d := max(t.Deadline(), 3*time.Second)
	p, turn, stop, ok := infProbeStart(ctx, t, purpose, map[string]any{"deadline_ms": int(d / time.Millisecond), "rounds": 1})
	if !ok {
		return stop
	}
	defer p.Close()
	seat, tn := turn.Seat, turn.turnOf()
	where := rules.Where{Seat: &seat, Round: turn.Env.Round, Turn: turn.Env.Turn}
	var res conform.Result
	// The deadline judged is the one the server announces (its your_turn's
	// deadline_ms, else limits.turn_deadline_ms), not the one umpire asked
	// for; the two announcements are the same deadline.
	d, said, disagree := announcedDeadline(turn, d)
	if disagree != nil {
		res.Eval("inference/timeouts.deadline")
		disagree.Where, disagree.Transcript = where, p.tail(2)
		res.Findings = append(res.Findings, *disagree)
	}
	select {
	case <-time.After(d * 4 / 10):
	case <-ctx.Done():
		return conform.ProbeErr(ctx.Err())
	}
	if err := p.move(ctx, seat, tn, "raise", 99); err != nil {
		return conform.ProbeErr(err)
	}
	to, err := p.awaitAfter(ctx, func(m infMsg) bool {
		return m.Env.Type == "event" && (m.Ev.Type == "timeout" || m.Ev.Type == "action") && m.Ev.Seat != nil && *m.Ev.Seat == seat
	})
	if err != nil {
		return conform.ProbeErr(err)
	}
	el := to.At.Sub(turn.At)
	res.Eval("inference/illegal.no-consume")
	if to.Ev.Type == "timeout" {
		res.Eval("inference/timeouts.deadline")
	}
	switch {
	// The server's action flagged timeout is the timeout too (a server
	// may log it on the action alone; the probe of timeouts.logged judges
	// that).
	case to.Ev.Type != "timeout" && !to.Ev.Timeout:
		f := conform.NewFinding("inference/illegal.no-consume", where, "a timeout", json.RawMessage(to.Raw), "the illegal move ended the seat's turn: it was played without a timeout")
		f.Transcript = p.tail(6)
		res.Findings = append(res.Findings, f)
	case el < d*3/4:
		f := conform.NewFinding("inference/timeouts.deadline", where, fmt.Sprintf("a timeout about %v after your_turn (tolerance −25 %%)", d), el.Round(time.Millisecond).String(),
			"the turn timed out early, %v after your_turn, whose %s is %v", el.Round(time.Millisecond), said, d)
		f.Transcript = p.tail(6)
		res.Findings = append(res.Findings, f)
	case el > d*5/4:
		f := conform.NewFinding("inference/timeouts.deadline", where, fmt.Sprintf("a timeout about %v after your_turn (tolerance +25 %%)", d), el.Round(time.Millisecond).String(),
			"the turn timed out late, %v after your_turn, whose %s is %v: the illegal move may have restarted the deadline", el.Round(time.Millisecond), said, d)
		f.Transcript = p.tail(6)
		res.Findings = append(res.Findings, f)
	}
	return p.finish(ctx, res)
}

func infProbeSilent(ctx context.Context, t *conform.Target) conform.Result {
	p, turn, stop, ok := infProbeStart(ctx, t, "silent", map[string]any{"rounds": 1})
	if !ok {
		return stop
	}
	defer p.Close()
	vs, _ := turn.view()
	seat := turn.Seat
	where := rules.Where{Seat: &seat, Round: turn.Env.Round, Turn: turn.Env.Turn}
	// Tolerance (I-INF-P1): the default action must come within the
	// deadline plus max(1 s, the deadline) after your_turn arrived.
	d := t.Deadline()
	wctx, cancel := context.WithTimeout(ctx, d+max(time.Second, d))
	defer cancel()
	var res conform.Result
	to, err := p.awaitAfter(wctx, func(m infMsg) bool {
		return m.Env.Type == "event" && (m.Ev.Type == "timeout" || m.Ev.Type == "action") && m.Ev.Seat != nil && *m.Ev.Seat == seat
	})
	if err != nil {
		if ctx.Err() == nil {
			if !sawEvent(p.Got) {
				// What umpire cannot read it cannot judge: no event came in
				// WIRE.md's envelope at all.
				return conform.Skip("the server sent no event message in the pinned envelope ({\"type\":\"event\",\"event\":{…}}), so the default action cannot be seen")
			}
			res.Eval("inference/timeouts.default-action")
			res.Findings = append(res.Findings, conform.NewFinding("inference/timeouts.default-action", where, "a timeout and the default action", "nothing",
				"the silent seat's turn was not played by the server within %v", d+max(time.Second, d)))
			return res
		}
		return conform.ProbeErr(err)
	}
	res.Eval("inference/timeouts.logged")
	act := to
	if to.Ev.Type != "timeout" {
		if !to.Ev.Timeout {
			f := conform.NewFinding("inference/timeouts.logged", where, "a timeout event before the server's action", json.RawMessage(to.Raw), "the server played the silent seat's turn without a timeout event")
			f.Transcript = p.tail(6)
			return conform.Result{Findings: append(res.Findings, f)}
		}
		// The timeout is logged, on the action itself: the separate
		// timeout line is WIRE.md's pin, a rule of its own.
		res.Eval("inference/log.timeout-before-action")
		f := conform.NewFinding("inference/log.timeout-before-action", where, "a timeout event before the server's action", json.RawMessage(to.Raw), "the server flagged its action timeout but sent no timeout event before it")
		f.Transcript = p.tail(6)
		res.Findings = append(res.Findings, f)
	} else {
		res.Eval("inference/timeouts.strikes")
		if to.Ev.Strikes != 1 {
			// "strikes" counting this timeout is WIRE.md's field.
			f := conform.NewFinding("inference/timeouts.strikes", where, 1, to.Ev.Strikes, "the first timeout of the seat does not count one strike")
			f.Basis, f.Ref = rules.BasisContract, "WIRE.md Match log"
			res.Findings = append(res.Findings, f)
		}
		var err error
		act, err = p.awaitAfter(ctx, func(m infMsg) bool {
			return m.Env.Type == "event" && m.Ev.Type == "action" && m.Ev.Seat != nil && *m.Ev.Seat == seat
		})
		if err != nil {
			return conform.ProbeErr(err)
		}
	}
	// What the seat owes, by the round's events where they can be
	// followed (a wrong to_call is the views check's to charge, not this
	// one's), else by the view.
	owe := vs.ToCall
	if o, ok := owedAt(p.Got, turn); ok {
		owe = o
	}
	want := "fold"
	if owe == 0 {
		want = "call"
	}
	res.Eval("inference/timeouts.default-action")
	if act.Ev.Action != want || !act.Ev.Timeout {
		f := conform.NewFinding("inference/timeouts.default-action", where, map[string]any{"action": want, "timeout": true}, json.RawMessage(act.Raw),
			"the server's default action for a silent seat owing %d is wrong", owe)
		f.Transcript = p.tail(6)
		res.Findings = append(res.Findings, f)
	}
	return p.finish(ctx, res)
}

// owedAt is what the seat of the your_turn turn owes by the events before
// it among got (infOwed), false when they could not be followed.
func owedAt(got []infMsg, turn infMsg) (int, bool) {
	owed := infOwed(got)
	for i, m := range got {
		if m.Env.Type == "your_turn" && m.Seat == turn.Seat && m.Env.Round == turn.Env.Round && m.turnOf() == turn.turnOf() {
			o, ok := owed[i]
			return o, ok
		}
	}
	return 0, false
}

// sawEvent reports whether any message was an event in WIRE.md's envelope.
func sawEvent(got []infMsg) bool {
	for _, m := range got {
		if m.Env.Type == "event" && m.Ev.Type != "" {
			return true
		}
	}
	return false
}

func infProbeSitOut(ctx context.Context, t *conform.Target) conform.Result {
	p, stop, ok := infProbeOpen(ctx, t, "sit-out", map[string]any{"rounds": 12})
	if !ok {
		return stop
	}
	defer p.Close()
	silent := -1
	third, announced, back := 0, 0, 0
	strikesMax, timeouts := 3, 0
	var res conform.Result
	// The silent seat times out once, then moves itself once (which clears
	// its strike), then stays silent for good.
	turns := 0
	err := p.playOut(ctx, func(m infMsg) error {
		if silent < 0 {
			silent = m.Seat
			if vs, err := m.view(); err == nil && vs.Limits.MaxConsecutiveTimeouts > 0 {
				strikesMax = vs.Limits.MaxConsecutiveTimeouts
			}
		}
		if m.Seat == silent {
			if turns++; turns == 2 {
				return p.defaultMove(ctx, m)
			}
			return nil // the seat stays silent
		}
		return p.defaultMove(ctx, m)
	})
	if err != nil {
		return conform.ProbeErr(err)
	}
	// The probe match's log holds the timeouts, strikes and sit-outs:
	// replay it, so the log's own rules of them are checked too; and the
	// views of the other seats must show the seat sitting out.
	infReplay(ctx, t, p.matchID, p.Got, &res)
	infFollowViews(p.Got, func(int) []reports.Message { return p.tail(8) }, &res)
	moved := false // the seat's own move came after its first timeout
	for _, m := range p.Got {
		if m.Env.Type != "event" {
			continue
		}
		ev := m.Ev
		if ev.Type == "action" && ev.Seat != nil && *ev.Seat == silent && !ev.Timeout && timeouts > 0 && !moved {
			moved, timeouts = true, 0
		}
		if ev.Type == "timeout" && ev.Seat != nil && *ev.Seat == silent && third == 0 {
			timeouts++
			if moved && ev.SitOut && timeouts < strikesMax {
				// Sat out before strikesMax timeouts since its own move:
				// the move did not clear the strikes.
				res.Eval("inference/timeouts.clear-on-move")
				res.Findings = append(res.Findings, conform.NewFinding("inference/timeouts.clear-on-move", rules.Where{Seat: &silent, Round: ev.Round},
					fmt.Sprintf("a sit-out at the %d. timeout after the seat's own move", strikesMax), fmt.Sprintf("a sit-out at the %d. timeout", timeouts),
					"the seat moved itself after a timeout, yet was sat out after %d more timeouts", timeouts))
			} else if moved && ev.SitOut {
				res.Eval("inference/timeouts.clear-on-move")
			}
		}
		if ev.Type == "timeout" && ev.Seat != nil && *ev.Seat == silent && ev.SitOut && third == 0 {
			third, announced = ev.Round, ev.BackInRound
		}
		if ev.Type == "round_start" && third > 0 && ev.Round > third && back == 0 {
			for _, d := range ev.DealtIn {
				if d == silent {
					back = ev.Round
				}
			}
		}
	}
	if silent < 0 {
		return res.OrSkip("no seat was ever asked to move")
	}
	if third == 0 && timeouts >= strikesMax {
		// The situation was set up: the seat timed out often enough, and
		// was never sat out.
		res.Eval("inference/timeouts.sit-out")
		res.NoteNotExercised("inference/timeouts.back-in-round", "the seat was never sat out")
		res.Findings = append(res.Findings, conform.NewFinding("inference/timeouts.sit-out", rules.Where{Seat: &silent}, fmt.Sprintf("a timeout flagged sit_out at strike %d", strikesMax),
			fmt.Sprintf("%d timeouts in a row, none flagged sit_out", timeouts), "the silent seat timed out %d times in a row but was never sat out", timeouts))
		return res
	}
	if third == 0 {
		return res.OrSkip("the silent seat timed out %d times, fewer than the %d strikes that sit it out, within the probe match", timeouts, strikesMax)
	}
	where := rules.Where{Seat: &silent, Round: third}
	if back == 0 {
		return res.OrSkip("the probe match ended before seat %d was dealt in again", silent)
	}
	res.Eval("inference/timeouts.sit-out", "inference/timeouts.back-in-round")
	switch { // I-INF-P3
	case back != announced && back == third+6:
		res.Findings = append(res.Findings, conform.NewFinding("inference/timeouts.back-in-round", where, back, announced,
			"back_in_round announced %d, but the seat was dealt in again in round %d", announced, back))
	case back != announced:
		res.Findings = append(res.Findings, conform.NewFinding("inference/timeouts.back-in-round", where, announced, back,
			"the seat was dealt in again in round %d, not in the announced back_in_round %d", back, announced))
	case announced != third+6:
		res.Findings = append(res.Findings, conform.NewFinding("inference/timeouts.sit-out", where, third+6, announced,
			"a third strike in round %d must sit the seat out for the next 5 rounds", third))
	}
	return res
}

// announcedDeadline returns the deadline a your_turn announces: its
// deadline_ms, else its view's limits.turn_deadline_ms, else asked (what
// umpire asked for), with the name of where it came from. When both
// announcements are there and differ, disagree is the finding of
// timeouts.deadline: the document makes both the enforced deadline.
func announcedDeadline(turn infMsg, asked time.Duration) (d time.Duration, said string, disagree *reports.Finding) {
	d, said = asked, "deadline asked for at creation"
	vs, _ := turn.view() // a view of another shape announces no limit
	lim := vs.Limits.TurnDeadlineMS
	if ms := turn.Env.DeadlineMS; ms != nil && *ms > 0 {
		d, said = time.Duration(*ms)*time.Millisecond, "deadline_ms"
		if lim > 0 && lim != *ms {
			f := conform.NewFinding("inference/timeouts.deadline", rules.Where{}, fmt.Sprintf("limits.turn_deadline_ms %d, as deadline_ms", *ms), lim,
				"the your_turn announces two deadlines: deadline_ms %d and limits.turn_deadline_ms %d", *ms, lim)
			disagree = &f
		}
		return d, said, disagree
	}
	if lim > 0 {
		d, said = time.Duration(lim)*time.Millisecond, "limits.turn_deadline_ms"
	}
	return d, said, nil
}
