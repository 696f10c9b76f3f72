package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// The Inference probes: matches of their own in which the suite plays every
// seat (illegal moves, the raise cap, authentication, malformed messages).

// infProbeMatch creates a probe match with every seat played by the suite.
func infProbeMatch(ctx context.Context, t *conform.Target, purpose string, extra map[string]any) (*infPlay, error) {
	spec := map[string]any{"seats": t.TableSize, "rounds": 2, "deadline_ms": t.DeadlineMS, "seed": t.SeedFor(purpose)}
	for k, v := range extra {
		spec[k] = v
	}
	id, toks, err := infCreate(ctx, t, spec)
	if err != nil {
		return nil, err
	}
	return infJoin(ctx, t, id, toks)
}

// infProbeOpen creates a probe match (a skip when the suite may not create
// matches); when ok, the caller closes the match.
func infProbeOpen(ctx context.Context, t *conform.Target, purpose string, extra map[string]any) (*infPlay, conform.Result, bool) {
	if r, ok := conform.NeedCreate(t); !ok {
		return nil, r, false
	}
	p, err := infProbeMatch(ctx, t, purpose, extra)
	if err != nil {
		return nil, conform.ProbeErr(err), false
	}
	return p, conform.Result{}, true
}

// infProbeStart creates a probe match as infProbeOpen does and reads until
// the first your_turn, the turn the probe works on; when ok, the caller
// closes the match.
func infProbeStart(ctx context.Context, t *conform.Target, purpose string, extra map[string]any) (*infPlay, infMsg, conform.Result, bool) {
	p, r, ok := infProbeOpen(ctx, t, purpose, extra)
	if !ok {
		return nil, infMsg{}, r, false
	}
	turn, err := p.awaitAfter(ctx, func(m infMsg) bool { return m.Env.Type == "your_turn" })
	if err != nil {
		p.Close()
		return nil, turn, conform.ProbeErr(err), false
	}
	return p, turn, conform.Result{}, true
}

// finish plays the rest of a probe match with default moves, so that it
// ends, and returns res (or the error that stopped the match).
func (p *infPlay) finish(ctx context.Context, res conform.Result) conform.Result {
	if err := p.playOut(ctx, nil); err != nil {
		return conform.ProbeErr(err)
	}
	return res
}

// awaitAfter reads messages, answering other seats' turns with the default
// move, until pick accepts one (or the match ends: io.EOF).
func (p *infPlay) awaitAfter(ctx context.Context, pick func(m infMsg) bool) (infMsg, error) {
	for {
		m, err := p.next(ctx)
		if err != nil {
			return m, err
		}
		if pick(m) {
			return m, nil
		}
		if m.Env.Type == "your_turn" {
			if err := p.defaultMove(ctx, m); err != nil {
				return m, err
			}
		}
	}
}

func infProbeIllegal(ctx context.Context, t *conform.Target) conform.Result {
	p, turn, stop, ok := infProbeStart(ctx, t, "illegal", map[string]any{"deadline_ms": max(t.DeadlineMS, 2000)})
	if !ok {
		return stop
	}
	defer p.Close()
	legal, _ := turn.legal()
	amount := 1
	for _, a := range legal {
		if a.Action == "raise" {
			amount = a.Max + 1
		}
	}
	seat, tn := turn.Seat, turn.turnOf()
	where := rules.Where{Seat: &seat, Round: turn.Env.Round, Turn: turn.Env.Turn}
	var res conform.Result
	if err := p.move(ctx, seat, tn, "raise", amount); err != nil {
		return conform.ProbeErr(err)
	}
	answer, err := p.awaitAfter(ctx, func(m infMsg) bool {
		return m.Seat == seat && (m.Env.Type == "error" || m.Env.Type == "event" && m.Ev.Type == "action")
	})
	if err != nil {
		return conform.ProbeErr(err)
	}
	res.Eval("inference/illegal.listed-only")
	if answer.Env.Type != "error" {
		f := conform.NewFinding("inference/illegal.listed-only", where, map[string]any{"type": "error"}, json.RawMessage(answer.Raw),
			"a raise of %d (outside legal_actions) was not answered with an error", amount)
		f.Transcript = p.tail(8)
		res.Findings = append(res.Findings, f)
		if vs, err := turn.view(); err == nil && vs.Limits.MaxRaise > 0 && amount > vs.Limits.MaxRaise && answer.Env.Type == "event" && !answer.Ev.Timeout {
			// The raise was played, beyond the announced bound.
			res.Eval("inference/round.3.raise-bounds")
			f := conform.NewFinding("inference/round.3.raise-bounds", where, fmt.Sprintf("a raise amount in %d..%d", vs.Limits.MinRaise, vs.Limits.MaxRaise), amount,
				"a raise of %d, above limits.max_raise %d, was played", amount, vs.Limits.MaxRaise)
			f.Transcript = p.tail(8)
			res.Findings = append(res.Findings, f)
		}
		return res
	}
	res.Eval("inference/server.error-code")
	res.Findings = append(res.Findings, codeFindings(answer, "illegal_move", where, p, "a raise outside legal_actions")...)
	// I-INF-P2. The same turn is still open: a legal move now must be accepted. A
	// raise (when offered) tells the seat's own move apart from any default
	// action a server might have played for it.
	retry, retryAmount := "call", 0
	for _, a := range legal {
		if a.Action == "raise" {
			retry, retryAmount = "raise", a.Min
		}
	}
	if err := p.move(ctx, seat, tn, retry, retryAmount); err != nil {
		return conform.ProbeErr(err)
	}
	next, err := p.awaitAfter(ctx, func(m infMsg) bool {
		return m.Seat == seat && (m.Env.Type == "error" || m.Env.Type == "event" && m.Ev.Type == "action" && m.Ev.Round == turn.Env.Round && m.Ev.Turn != nil && *m.Ev.Turn == tn)
	})
	if err != nil {
		return conform.ProbeErr(err)
	}
	res.Eval("inference/illegal.no-consume")
	if next.Env.Type == "error" || next.Ev.Seat == nil || *next.Ev.Seat != seat || next.Ev.Action != retry || next.Ev.Timeout {
		f := conform.NewFinding("inference/illegal.no-consume", where, "the seat's own "+retry+" applied in the same turn", json.RawMessage(next.Raw),
			"after an illegal move the turn was not left open for the seat")
		f.Transcript = p.tail(10)
		res.Findings = append(res.Findings, f)
	}
	return p.finish(ctx, res)
}

func infProbeRaiseCap(ctx context.Context, t *conform.Target) conform.Result {
	p, stop, ok := infProbeOpen(ctx, t, "raise-cap", map[string]any{"deadline_ms": max(t.DeadlineMS, 2000), "rounds": 1})
	if !ok {
		return stop
	}
	defer p.Close()
	var res conform.Result
	probed := false
	err := p.playOut(ctx, func(m infMsg) error {
		legal, _ := m.legal()
		vs, _ := m.view()
		canRaise := false
		for _, a := range legal {
			if a.Action == "raise" {
				canRaise = true
			}
		}
		if canRaise {
			return p.move(ctx, m.Seat, m.turnOf(), "raise", 1)
		}
		if probed || vs.RaisesUsed < vs.Limits.MaxRaisesPerRound || vs.YourCredits <= vs.ToCall+1 {
			return p.defaultMove(ctx, m)
		}
		probed = true
		seat, tn := m.Seat, m.turnOf()
		where := rules.Where{Seat: &seat, Round: m.Env.Round, Turn: m.Env.Turn}
		if err := p.move(ctx, seat, tn, "raise", 1); err != nil {
			return err
		}
		answer, err := p.awaitAfter(ctx, func(x infMsg) bool {
			return x.Seat == seat && (x.Env.Type == "error" || x.Env.Type == "event" && x.Ev.Type == "action" && x.Ev.Seat != nil && *x.Ev.Seat == seat)
		})
		if err != nil {
			return err
		}
		res.Eval("inference/round.3.raise-cap")
		if answer.Env.Type != "error" && (answer.Ev.Timeout || answer.Ev.Action != "raise") {
			// Not played, but refused without an error: the turn ran out.
			res.Eval("inference/illegal.listed-only")
			f := conform.NewFinding("inference/illegal.listed-only", where, "an illegal_move error", json.RawMessage(answer.Raw),
				"a raise after %d raises this round got no error; the seat's turn was played otherwise", vs.RaisesUsed)
			f.Transcript = p.tail(8)
			res.Findings = append(res.Findings, f)
			return nil
		}
		if answer.Env.Type != "error" {
			f := conform.NewFinding("inference/round.3.raise-cap", where, "an illegal_move error", json.RawMessage(answer.Raw),
				"a raise after %d raises this round was accepted", vs.RaisesUsed)
			f.Transcript = p.tail(8)
			res.Findings = append(res.Findings, f)
			return nil
		}
		return p.move(ctx, seat, tn, "call", 0)
	})
	if err != nil {
		return conform.ProbeErr(err)
	}
	if !probed {
		return conform.Skip("no seat reached a turn with the round's raises used up")
	}
	return res
}

func infProbeAuth(ctx context.Context, t *conform.Target) conform.Result {
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	id, toks, err := infCreate(ctx, t, map[string]any{"seats": t.TableSize, "rounds": 1, "deadline_ms": t.DeadlineMS, "seed": t.SeedFor("auth")})
	if err != nil {
		return conform.ProbeErr(err)
	}
	var res conform.Result
	seat := conform.SortedSeats(toks)[0]
	bad := map[int]string{seat: toks[seat] + "-wrong"}
	p, err := infJoin(ctx, t, id, bad)
	if err != nil {
		return conform.ProbeErr(err)
	}
	m, err := p.next(ctx)
	if err == nil || errors.Is(err, io.EOF) {
		res.Eval("inference/server.auth")
	}
	switch {
	case errors.Is(err, io.EOF):
		// Closed without a word: refused, but not with the documented error.
		res.Findings = append(res.Findings, conform.NewFinding("inference/server.auth", rules.Where{Seat: &seat}, "an unauthorized error", "the connection closed",
			"a hello with a wrong token was not answered with an unauthorized error"))
	case err != nil:
		p.Close()
		return conform.ProbeErr(err)
	case m.Env.Type != "error":
		f := conform.NewFinding("inference/server.auth", rules.Where{Seat: &seat}, map[string]any{"type": "error"}, json.RawMessage(m.Raw),
			"a hello with a wrong token was not refused")
		f.Transcript = p.tail(4)
		res.Findings = append(res.Findings, f)
		// Let in: the other seats play the match, and whatever hidden
		// value the impostor is sent is a value it may not see.
		res.Eval("inference/visibility.no-peek")
		res.Findings = append(res.Findings, infImpostor(ctx, t, p, id, toks, seat, m)...)
		p.Close()
		return res
	default:
		res.Eval("inference/server.error-code")
		res.Findings = append(res.Findings, codeFindings(m, "unauthorized", rules.Where{Seat: &seat}, p, "a hello with a wrong token")...)
	}
	p.Close()
	// Play the match out with the right tokens so it ends.
	p2, err := infJoin(ctx, t, id, toks)
	if err != nil {
		return conform.ProbeErr(err)
	}
	defer p2.Close()
	if err := p2.playOut(ctx, nil); err != nil {
		return conform.ProbeErr(err)
	}
	return res
}

// infImpostor watches a connection a server let in with a wrong token
// while the other seats play the match out: a hidden value sent to it
// (deal_private, your_value) is seen by someone who does not hold the
// seat's token, which breaks visibility.no-peek.
func infImpostor(ctx context.Context, t *conform.Target, p *infPlay, id string, toks map[int]string, seat int, first infMsg) []reports.Finding {
	others := map[int]string{}
	for s, tok := range toks {
		if s != seat {
			others[s] = tok
		}
	}
	done := make(chan error, 1)
	var p2 *infPlay
	if len(others) > 0 {
		var err error
		if p2, err = infJoin(ctx, t, id, others); err != nil {
			return nil
		}
		go func() { done <- p2.playOut(ctx, nil) }()
	} else {
		done <- nil
	}
	var out []reports.Finding
	m := first
	for {
		if v, what := hiddenValueIn(m); what != "" {
			f := conform.NewFinding("inference/visibility.no-peek", rules.Where{Seat: &seat, Round: m.Env.Round}, "nothing for a connection without the seat's token", map[string]any{what: v},
				"a connection with a wrong token for seat %d was sent the seat's hidden value (%s)", seat, what)
			f.Transcript = p.tail(6)
			out = append(out, f)
			break
		}
		var err error
		if m, err = p.next(ctx); err != nil {
			break
		}
	}
	p.Close() // the impostor's seat times out from now on
	<-done
	if p2 != nil {
		p2.Close()
	}
	return out
}

// hiddenValueIn returns a hidden value a message carries for its seat:
// a deal_private event's value or a visible_state's your_value.
func hiddenValueIn(m infMsg) (int, string) {
	if m.Env.Type == "event" && m.Ev.Type == "deal_private" && m.Ev.Value != nil {
		return *m.Ev.Value, "deal_private.value"
	}
	if len(m.Env.VisibleState) > 0 {
		var vs struct {
			YourValue *int `json:"your_value"`
		}
		if json.Unmarshal(m.Env.VisibleState, &vs) == nil && vs.YourValue != nil {
			return *vs.YourValue, "visible_state.your_value"
		}
	}
	return 0, ""
}

func infProbeMalformed(ctx context.Context, t *conform.Target) conform.Result {
	p, turn, stop, ok := infProbeStart(ctx, t, "malformed", map[string]any{"deadline_ms": max(t.DeadlineMS, 2000), "rounds": 1})
	if !ok {
		return stop
	}
	defer p.Close()
	seat, tn := turn.Seat, turn.turnOf()
	where := rules.Where{Seat: &seat, Round: turn.Env.Round, Turn: turn.Env.Turn}
	var res conform.Result
	codeSeen := false
	bodies := []string{`this is not json`, `{"type":"move","match_id":"` + p.matchID + `"}`, `{"type":"move","match_id":"` + p.matchID + `","turn":` + fmt.Sprint(tn) + `,"action":"raise"}`}
	for _, b := range bodies {
		if err := p.send(ctx, seat, b); err != nil {
			return conform.ProbeErr(err)
		}
		ans, err := p.awaitAfter(ctx, func(m infMsg) bool {
			return m.Seat == seat && (m.Env.Type == "error" || m.Env.Type == "event" && m.Ev.Type == "action")
		})
		if err != nil {
			return conform.ProbeErr(err)
		}
		res.Eval("inference/server.bad-message")
		if ans.Env.Type != "error" {
			f := conform.NewFinding("inference/server.bad-message", where, map[string]any{"type": "error"}, json.RawMessage(ans.Raw),
				"the malformed message %q was not answered with an error", b)
			f.Transcript = p.tail(6)
			return conform.Result{Findings: append(res.Findings, f)}
		}
		res.Eval("inference/server.error-code")
		if !codeSeen { // the code is one pin: reported once per check
			cf := codeFindings(ans, "bad_message", where, p, fmt.Sprintf("the malformed message %q", b))
			codeSeen = len(cf) > 0
			res.Findings = append(res.Findings, cf...)
		}
	}
	if err := p.move(ctx, seat, tn, "call", 0); err != nil {
		return conform.ProbeErr(err)
	}
	next, err := p.awaitAfter(ctx, func(m infMsg) bool {
		return m.Seat == seat && (m.Env.Type == "error" || m.Env.Type == "event" && m.Ev.Type == "action" && m.Ev.Seat != nil && *m.Ev.Seat == seat)
	})
	if err != nil {
		return conform.ProbeErr(err)
	}
	if next.Env.Type == "error" || next.Ev.Timeout {
		f := conform.NewFinding("inference/server.bad-message", where, "the seat's own call accepted", json.RawMessage(next.Raw),
			"after malformed messages the seat's legal move was not accepted")
		f.Transcript = p.tail(6)
		res.Findings = append(res.Findings, f)
	}
	return p.finish(ctx, res)
}

// codeFindings judges the code of an error answer (I-INF-P2): the answer
// being an error is the rules' (judged by the caller); its code string is
// umpire's pin, inference/server.error-code — a SHOULD finding unless
// strict, whether the code is another word, another shape or absent.
func codeFindings(ans infMsg, want string, where rules.Where, p *infPlay, what string) []reports.Finding {
	if ans.Env.Code == want {
		return nil
	}
	got := "no code"
	if ans.Env.CodeRaw != nil {
		got = string(ans.Env.CodeRaw)
	}
	f := conform.NewFinding("inference/server.error-code", where, want, json.RawMessage(ans.Raw),
		"%s was answered with an error whose code is %s, not %q", what, got, want)
	f.Transcript = p.tail(6)
	return []reports.Finding{f}
}
