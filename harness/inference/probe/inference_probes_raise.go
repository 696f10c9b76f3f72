package probe

import (
	"context"
	"encoding/json"

	"github.com/umpire-arena/umpire/harness/conform"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// raiseCoveredSpec is the probe match of infProbeRaiseCovered (harness
// extension): one round of stacks of 10 and an ante of 2, so that a seat
// owing a call has less left than the raise bound.
func raiseCoveredSpec(t *conform.Target) map[string]any {
	return map[string]any{"rounds": 1, "starting_credits": 10, "ante": 2, "deadline_ms": max(t.DeadlineMS, 2000)}
}

// infProbeRaiseCovered (I-INF-P11) plays a probe match of small stacks.
// The first seat to act raises the least. The first seat then to act that
// owes a call it can pay sends a raise one more than it can cover (the
// call plus the raise are one more than its stack; the raise within the
// bounds, raises left): it must be refused, and the seat then raises the
// least. The seat that raised first, owing again, raises the least too (a
// raise by a seat that has bet this round). The views and the log must
// follow what every raise cost.
func infProbeRaiseCovered(ctx context.Context, t *conform.Target) conform.Result {
	p, stop, ok := infProbeOpen(ctx, t, "raise-covered", raiseCoveredSpec(t))
	if !ok {
		return stop
	}
	defer p.Close()
	var res conform.Result
	probed, first := false, -1
	err := p.playOut(ctx, func(m infMsg) error {
		vs, err := m.view()
		legal, err2 := m.legal()
		if err != nil || err2 != nil {
			return p.defaultMove(ctx, m)
		}
		seat, tn := m.Seat, m.turnOf()
		var raise *ref.LegalAction
		owed := vs.ToCall
		for i, a := range legal {
			switch a.Action {
			case "raise":
				raise = &legal[i]
			case "call":
				owed = min(owed, a.Amount) // the lesser, should the two differ
			}
		}
		lo, hi, most := limitOr(vs.Limits.MinRaise, 1), limitOr(vs.Limits.MaxRaise, 10), limitOr(vs.Limits.MaxRaisesPerRound, 3)
		if amount := vs.YourCredits - owed + 1; !probed && owed >= 1 && owed <= vs.YourCredits && amount >= lo && amount <= hi && vs.RaisesUsed < most {
			probed = true
			return infRaiseUncovered(ctx, p, m, amount, owed, raise, &res)
		}
		if raise != nil && (first < 0 || seat == first) {
			first = seat
			return p.move(ctx, seat, tn, "raise", raise.Min)
		}
		return p.defaultMove(ctx, m)
	})
	if err != nil {
		return conform.ProbeErr(err)
	}
	infFollowViews(p.Got, func(int) []reports.Message { return p.tail(8) }, &res)
	infReplay(ctx, t, p.matchID, p.Got, &res)
	if !probed {
		const why = "no seat owed a call it could pay with less than the raise bound left (the server did not play stacks of 10 with an ante of 2)"
		res.NoteNotExercised("inference/round.3.raise-covered", why)
		return res.OrSkip("%s", why)
	}
	return res
}

// limitOr is a limit of a view, or def when the view does not give it.
func limitOr(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// infRaiseUncovered sends, on m's turn, the raise of amount that the seat
// owing owed cannot cover, and judges the answer: an error (the turn stays
// the seat's, which raises the least, or calls), the raise played
// (round.3.raise-covered), or no error and the turn played otherwise
// (illegal.listed-only).
func infRaiseUncovered(ctx context.Context, p *infPlay, m infMsg, amount, owed int, raise *ref.LegalAction, res *conform.Result) error {
	seat, tn := m.Seat, m.turnOf()
	credits := 0
	if vs, err := m.view(); err == nil {
		credits = vs.YourCredits
	}
	where := rules.Where{Seat: &seat, Round: m.Env.Round, Turn: m.Env.Turn}
	if err := p.move(ctx, seat, tn, "raise", amount); err != nil {
		return err
	}
	ans, err := p.awaitAfter(ctx, func(x infMsg) bool {
		return x.Seat == seat && (x.Env.Type == "error" || x.Env.Type == "event" && x.Ev.Type == "action" && x.Ev.Seat != nil && *x.Ev.Seat == seat)
	})
	if err != nil {
		return err
	}
	res.Eval("inference/round.3.raise-covered")
	switch {
	case ans.Env.Type == "error":
		res.Eval("inference/server.error-code")
		res.Findings = append(res.Findings, codeFindings(ans, "illegal_move", where, p, "a raise the seat cannot cover")...)
		if raise != nil {
			return p.move(ctx, seat, tn, "raise", raise.Min)
		}
		return p.defaultMove(ctx, m)
	case ans.Ev.Timeout || ans.Ev.Action != "raise":
		// Not played, but refused without an error: the turn ran out.
		res.Eval("inference/illegal.listed-only")
		f := conform.NewFinding("inference/illegal.listed-only", where, "an illegal_move error", json.RawMessage(ans.Raw),
			"a raise of %d owing %d with %d credits got no error; the seat's turn was played otherwise", amount, owed, credits)
		f.Transcript = p.tail(8)
		res.Findings = append(res.Findings, f)
	default:
		f := conform.NewFinding("inference/round.3.raise-covered", where, "an illegal_move error", json.RawMessage(ans.Raw),
			"a raise of %d owing %d with %d credits was accepted: the call and the raise need %d", amount, owed, credits, owed+amount)
		f.Transcript = p.tail(8)
		res.Findings = append(res.Findings, f)
	}
	return nil
}
