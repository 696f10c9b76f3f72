package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// The Inference probes of who may move when: a move from a seat that is not
// to act, and a move once the match is over, must both be refused; and a
// short stack's ante (a match of few credits).

func infProbeTurns(ctx context.Context, t *conform.Target) conform.Result {
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	id, toks, err := infCreate(ctx, t, map[string]any{"seats": t.TableSize, "rounds": 1, "deadline_ms": max(t.DeadlineMS, 2000), "seed": t.SeedFor("turns")})
	if err != nil {
		return conform.ProbeErr(err)
	}
	p, err := infJoin(ctx, t, id, toks)
	if err != nil {
		return conform.ProbeErr(err)
	}
	defer p.Close()
	turn, err := p.awaitAfter(ctx, func(m infMsg) bool { return m.Env.Type == "your_turn" })
	if err != nil {
		return conform.ProbeErr(err)
	}
	var res conform.Result
	seat, tn := turn.Seat, turn.turnOf()
	other := -1
	for _, s := range conform.SortedSeats(toks) {
		if s != seat {
			other = s
			break
		}
	}
	if other < 0 {
		return conform.Skip("the suite holds a single seat of the probe match")
	}
	// A fold (always listed) from a seat that is not to act, for the open
	// turn: the server must refuse it, and the turn stays the acting seat's.
	where := rules.Where{Seat: &other, Round: turn.Env.Round, Turn: turn.Env.Turn}
	if err := p.move(ctx, other, tn, "fold", 0); err != nil {
		return conform.ProbeErr(err)
	}
	answer, err := p.awaitAfter(ctx, func(m infMsg) bool {
		return m.Seat == other && (m.Env.Type == "error" || m.Env.Type == "event" && m.Ev.Type == "action")
	})
	if err != nil {
		return conform.ProbeErr(err)
	}
	res.Eval("inference/illegal.not-your-turn")
	if answer.Env.Type != "error" {
		f := conform.NewFinding("inference/illegal.not-your-turn", where, map[string]any{"type": "error"}, json.RawMessage(answer.Raw),
			"a fold sent by seat %d while seat %d was to act was not refused", other, seat)
		f.Transcript = p.tail(8)
		res.Findings = append(res.Findings, f)
	} else {
		res.Eval("inference/server.error-code")
		res.Findings = append(res.Findings, codeFindings(answer, "not_your_turn", where, p, "a move out of turn")...)
		if err := p.move(ctx, seat, tn, "call", 0); err != nil {
			return conform.ProbeErr(err)
		}
		next, err := p.awaitAfter(ctx, func(m infMsg) bool { return m.Env.Type == "your_turn" })
		if err == nil {
			res.Findings = append(res.Findings, infMoveShape(ctx, p, next, &res)...)
		} else if !errors.Is(err, io.EOF) {
			return conform.ProbeErr(err)
		}
	}
	if err := p.playOut(ctx, nil); err != nil {
		return conform.ProbeErr(err)
	}
	p.Close()
	res.Findings = append(res.Findings, infAfterEnd(ctx, t, id, other, toks[other], &res)...)
	return res
}

// infMoveShape sends, on the open turn of next, a move whose action is not
// one of the three ("check") and a raise without amount: each must be
// refused; then the seat calls.
func infMoveShape(ctx context.Context, p *infPlay, next infMsg, res *conform.Result) []reports.Finding {
	seat, tn := next.Seat, next.turnOf()
	where := rules.Where{Seat: &seat, Round: next.Env.Round, Turn: next.Env.Turn}
	var out []reports.Finding
	for _, c := range []struct {
		rule, what string
		move       map[string]any
	}{
		{"inference/wire.move.action", `a move with action "check"`, map[string]any{"action": "check"}},
		{"inference/wire.move.amount", "a raise without amount", map[string]any{"action": "raise"}},
	} {
		mv := map[string]any{"type": "move", "match_id": p.matchID, "turn": tn}
		for k, v := range c.move {
			mv[k] = v
		}
		if p.send(ctx, seat, mv) != nil {
			return out
		}
		ans, err := p.awaitAfter(ctx, func(m infMsg) bool {
			return m.Seat == seat && (m.Env.Type == "error" || m.Env.Type == "event" && m.Ev.Type == "action" && m.Ev.Round == next.Env.Round && m.Ev.Turn != nil && *m.Ev.Turn == tn)
		})
		if err != nil {
			return out
		}
		res.Eval(c.rule)
		if ans.Env.Type != "error" {
			if ans.Ev.Timeout {
				res.Eval("inference/illegal.listed-only")
				f := conform.NewFinding("inference/illegal.listed-only", where, "an error", json.RawMessage(ans.Raw), "%s got no error; the turn timed out", c.what)
				f.Transcript = p.tail(8)
				return append(out, f)
			}
			if c.rule == "inference/wire.move.amount" && ans.Ev.Action != "raise" {
				// Not this raise: the refused "check" before it used up
				// the turn.
				res.Eval("inference/illegal.no-consume")
				f := conform.NewFinding("inference/illegal.no-consume", where, "the turn still open after a refused move", json.RawMessage(ans.Raw), "after a refused move the server played the seat's turn")
				f.Transcript = p.tail(8)
				return append(out, f)
			}
			f := conform.NewFinding(c.rule, where, "an error", json.RawMessage(ans.Raw), "%s was played", c.what)
			f.Transcript = p.tail(8)
			return append(out, f)
		}
	}
	_ = p.move(ctx, seat, tn, "call", 0)
	return out
}

// infAfterEnd connects to a finished match again, sends a move and reads
// the answer: an error, or the connection closed, is a refusal; anything
// showing the move played (an action, a your_turn) or a log that grew past
// match_end is not.
func infAfterEnd(ctx context.Context, t *conform.Target, id string, seat int, token string, res *conform.Result) []reports.Finding {
	_, before, err := infFetchLog(ctx, t, id)
	if err != nil {
		before = nil
	}
	q, err := infJoin(ctx, t, id, map[int]string{seat: token})
	if err != nil {
		res.NoteNotExercised("inference/illegal.match-over", "the finished match could not be joined again: "+err.Error())
		return nil
	}
	defer q.Close()
	where := rules.Where{Seat: &seat}
	wctx, cancel := context.WithTimeout(ctx, max(2*time.Second, 2*t.Deadline()))
	defer cancel()
	lastTurn := 0
	sent := false
	var out []reports.Finding
	for {
		m, err := q.next(wctx)
		if errors.Is(err, io.EOF) || (err != nil && sent) {
			break // closed, or nothing more said after the move: refused
		}
		if err != nil {
			res.NoteNotExercised("inference/illegal.match-over", "the finished match said nothing to a seat joining again")
			return nil
		}
		if m.Env.Turn != nil {
			lastTurn = *m.Env.Turn
		}
		if !sent && (m.Env.Type == "match_end" || m.Env.Type == "welcome") {
			if m.Env.Type == "welcome" {
				continue
			}
			sent = true
			res.Eval("inference/illegal.match-over")
			if q.move(wctx, seat, lastTurn, "fold", 0) != nil {
				break // the server closed the connection: nothing accepted
			}
			delete(q.ended, seat) // read on past match_end: the answer to the move
			continue
		}
		if sent && (m.Env.Type == "your_turn" || m.Env.Type == "event" && m.Ev.Type == "action") {
			f := conform.NewFinding("inference/illegal.match-over", where, "an error, or the connection closed", json.RawMessage(m.Raw), "a move sent after match_end was answered as if the match went on")
			f.Transcript = q.tail(6)
			out = append(out, f)
			break
		}
		if sent && m.Env.Type == "error" {
			break
		}
	}
	if !sent {
		res.NoteNotExercised("inference/illegal.match-over", "the finished match sent no match_end to a seat joining again")
		return out
	}
	if status, after, err := infFetchLog(ctx, t, id); err == nil && status == http.StatusOK && before != nil && !bytes.Equal(before, after) {
		out = append(out, conform.NewFinding("inference/illegal.match-over", where, "the log ends with match_end", fmt.Sprintf("%d more bytes", len(after)-len(before)),
			"the match log grew after match_end, when a move was sent"))
	}
	return out
}

// infProbeShortStack plays a match of tiny stacks (3 credits, an ante of 2,
// harness extension): after round 1 at least two seats hold 1 credit, so
// round 2's antes are short. Each short ante must take the whole stack and
// be flagged all-in, the views must follow, and the log replays.
func infProbeShortStack(ctx context.Context, t *conform.Target) conform.Result {
	p, stop, ok := infProbeOpen(ctx, t, "short-stack", map[string]any{"rounds": 3, "starting_credits": 3, "ante": 2})
	if !ok {
		return stop
	}
	defer p.Close()
	if err := p.playOut(ctx, nil); err != nil {
		return conform.ProbeErr(err)
	}
	var res conform.Result
	infFollowViews(p.Got, func(int) []reports.Message { return p.tail(8) }, &res)
	infReplay(ctx, t, p.matchID, p.Got, &res)
	if res.Evaluated["inference/round.2.short-ante"] == 0 {
		res.NoteNotExercised("inference/round.2.short-ante", "no stack of the probe match fell below the ante (a three-way tie in round 1)")
		return res.OrSkip("no stack of the probe match fell below the ante")
	}
	return res
}

// infReplay judges a probe match through the one judge (infJudge): from
// its log when the server serves one, else from the seats' streams among
// got, adding its findings and the rules it evaluated to res.
func infReplay(ctx context.Context, t *conform.Target, id string, got []infMsg, res *conform.Result) {
	_, _ = infJudge(ctx, t, id, got, res)
}

// infProbeMessages sends, on the first turn of a probe match, a call whose
// table message is one character over the limit (it must be refused), then
// one of exactly the limit in characters beyond ASCII (three bytes each:
// it must be accepted, since the length counts code points).
func infProbeMessages(ctx context.Context, t *conform.Target) conform.Result {
	p, turn, stop, ok := infProbeStart(ctx, t, "messages", map[string]any{"deadline_ms": max(t.DeadlineMS, 2000), "rounds": 1})
	if !ok {
		return stop
	}
	defer p.Close()
	vs, _ := turn.view()
	limit := vs.Limits.MaxMessageChars
	if limit <= 0 {
		limit = 280
	}
	seat, tn := turn.Seat, turn.turnOf()
	where := rules.Where{Seat: &seat, Round: turn.Env.Round, Turn: turn.Env.Turn}
	var res conform.Result
	say := func(text string) (infMsg, error) {
		mv := map[string]any{"type": "move", "match_id": p.matchID, "turn": tn, "action": "call", "message": text}
		if err := p.send(ctx, seat, mv); err != nil {
			return infMsg{}, err
		}
		return p.awaitAfter(ctx, func(m infMsg) bool {
			return m.Seat == seat && (m.Env.Type == "error" || m.Env.Type == "event" && m.Ev.Type == "action" && m.Ev.Round == turn.Env.Round && m.Ev.Turn != nil && *m.Ev.Turn == tn)
		})
	}
	long, err := say(strings.Repeat("a", limit+1))
	if err != nil {
		return conform.ProbeErr(err)
	}
	res.Eval("inference/round.4.message-length")
	if long.Env.Type != "error" && long.Ev.Timeout {
		// Not played, but refused without an error: the turn ran out.
		res.Eval("inference/illegal.listed-only")
		f := conform.NewFinding("inference/illegal.listed-only", where, "an error: the message is over the limit", json.RawMessage(long.Raw),
			"a move with a table message over the limit got no error; the turn timed out")
		f.Transcript = p.tail(8)
		res.Findings = append(res.Findings, f)
		return p.finish(ctx, res)
	}
	if long.Env.Type != "error" {
		f := conform.NewFinding("inference/round.4.message-length", where, "an error: the message is over the limit", json.RawMessage(long.Raw),
			"a move with a table message of %d characters (limit %d) was played", limit+1, limit)
		f.Transcript = p.tail(8)
		res.Findings = append(res.Findings, f)
		return p.finish(ctx, res)
	}
	wide, err := say(strings.Repeat("✓", limit))
	if err != nil {
		if ctx.Err() != nil {
			return conform.ProbeErr(err)
		}
		// The turn the refusal left open is needed for the second message.
		// A server that played it anyway (the match may be over and the
		// connection closed) breaks inference/illegal.no-consume, which its
		// own probe judges; here the situation could not be set up.
		r := conform.Skip("the turn was gone after the refused message (%v): the code-point length could not be tried", err)
		r.Evaluated = res.Evaluated
		return r
	}
	res.Eval("inference/protocol.message-code-points")
	if wide.Env.Type == "error" {
		f := conform.NewFinding("inference/protocol.message-code-points", where, "the move played: the message has the limit's number of code points", json.RawMessage(wide.Raw),
			"a table message of %d code points (%d bytes) was refused: its length was not counted in code points", limit, 3*limit)
		f.Transcript = p.tail(8)
		res.Findings = append(res.Findings, f)
	}
	return p.finish(ctx, res)
}

// allInSeed (I-INF-P8) finds a seed under umpire's deal function for a
// three-seat match in which round 1's best value is unique and its seat acts
// first in round 2 (the button moves one seat on). Another server deals
// otherwise, and the probe then reports what its match showed.
func allInSeed(base string) string {
	for i := 0; i < 2000; i++ {
		seed := fmt.Sprintf("%s-%d", base, i)
		best, at, ties := 0, -1, 0
		for s := 0; s < 3; s++ {
			switch v := ref.DealValue(seed, 1, s); {
			case v > best:
				best, at, ties = v, s, 1
			case v == best:
				ties++
			}
		}
		if ties == 1 && (ref.FirstDealer(seed, 3)+2)%3 == at {
			return seed
		}
	}
	return base
}

// infProbeAllIn plays three seats of 4 credits and an ante of 1: in round
// 1 the first to act raises 1 and the others call, so one seat takes 6 and
// two keep 2; in a later round (round 2, the winner first to act, under
// umpire's deal; on any server wherever it sits, up to round 4)
// the big stack raises all it has and the short stacks call: each call is
// for less than owed, so it is all-in (the call item offers what the seat
// has, to_call is capped at its credits, the action is flagged all_in) and
// side pots settle the round.
func infProbeAllIn(ctx context.Context, t *conform.Target) conform.Result {
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	id, toks, err := infCreate(ctx, t, map[string]any{"seats": 3, "rounds": 4, "deadline_ms": max(t.DeadlineMS, 2000),
		"seed": allInSeed(t.SeedFor("all-in")), "starting_credits": 4, "ante": 1})
	if err != nil {
		return conform.ProbeErr(err)
	}
	p, err := infJoin(ctx, t, id, toks)
	if err != nil {
		return conform.ProbeErr(err)
	}
	defer p.Close()
	var res conform.Result
	short := false              // a seat owed more than it held
	raised := map[[2]int]bool{} // (round, seat): the big stack raised
	err = p.playOut(ctx, func(m infMsg) error {
		vs, err := m.view()
		legal, err2 := m.legal()
		if err != nil || err2 != nil {
			return p.defaultMove(ctx, m)
		}
		// Round 1: the first to act raises 1 and the others call. Later
		// rounds: the seat holding the most credits raises all it may,
		// once, wherever it sits (the seats' decisions, not the deal,
		// make the short stacks owe more than they hold).
		first := len(vs.Actions) == 0 && vs.Round == 1
		big := vs.Round > 1 && !raised[[2]int{vs.Round, m.Seat}] && !short
		for _, pl := range vs.Players {
			if pl.Seat != m.Seat && !pl.Busted && pl.Credits >= vs.YourCredits {
				big = false
			}
		}
		for _, a := range legal {
			if a.Action == "raise" && (first || big) {
				amount := a.Min
				if big {
					amount = a.Max
					raised[[2]int{vs.Round, m.Seat}] = true
				}
				return p.move(ctx, m.Seat, m.turnOf(), "raise", amount)
			}
		}
		seat := m.Seat
		where := rules.Where{Seat: &seat, Round: m.Env.Round, Turn: m.Env.Turn}
		if owed := vs.CurrentBet - (ownContribution(vs) - vs.Limits.Ante); owed > vs.YourCredits && vs.YourCredits > 0 {
			short = true
			res.Eval("inference/round.3.all-in")
			// The call that cannot be covered: sent, it must be played
			// for the seat's whole stack.
			if err := p.move(ctx, seat, m.turnOf(), "call", 0); err != nil {
				return err
			}
			ans, err := p.awaitAfter(ctx, func(x infMsg) bool {
				return x.Seat == seat && (x.Env.Type == "error" || x.Env.Type == "event" && x.Ev.Type == "action" && x.Ev.Seat != nil && *x.Ev.Seat == seat)
			})
			if err != nil {
				return err
			}
			if ans.Env.Type == "error" || ans.Ev.Action != "call" || ans.Ev.Amount == nil || *ans.Ev.Amount != vs.YourCredits {
				f := conform.NewFinding("inference/round.3.all-in", where, map[string]any{"action": "call", "amount": vs.YourCredits}, json.RawMessage(ans.Raw),
					"a call owing %d with %d credits must be played all-in for %d", owed, vs.YourCredits, vs.YourCredits)
				f.Transcript = p.tail(8)
				res.Findings = append(res.Findings, f)
				if ans.Env.Type == "error" {
					return p.move(ctx, seat, m.turnOf(), "fold", 0)
				}
			}
			return nil
		}
		return p.defaultMove(ctx, m)
	})
	if err != nil {
		return conform.ProbeErr(err)
	}
	infFollowViews(p.Got, func(int) []reports.Message { return p.tail(8) }, &res)
	infReplay(ctx, t, id, p.Got, &res)
	if !short {
		res.NoteNotExercised("inference/round.3.all-in", "no seat of the probe match owed more than it held")
		return res.OrSkip("no seat of the probe match owed more than it held (the seats' stacks never parted enough)")
	}
	return res
}

// ownContribution is the seat's own players[] contribution in vs.
func ownContribution(vs ref.VisibleState) int {
	for _, p := range vs.Players {
		if p.Seat == vs.YourSeat {
			return p.Contribution
		}
	}
	return 0
}
