package probe

import (
	"context"
	"fmt"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// baCheckEndReveal observes every seat of each session room that ended
// normally (phase ended, a winner named) once more: every seat's role must
// be shown to every seat, roleId set and not hidden (§1.3, §11 roleId:
// everyone once the match has ended normally; bangarena/11.redaction).
func baCheckEndReveal(ctx context.Context, t *conform.Target) conform.Result {
	const rule = "bangarena/11.redaction"
	ss, err := baObserve(ctx, t)
	if err != nil {
		return conform.SessionErr(err)
	}
	var res conform.Result
	ended := 0
	for _, s := range ss {
		obs := s.final.Observation
		if obs.Phase != ba.PhaseEnded || obs.WinnerTeam == nil || *obs.WinnerTeam == "" {
			continue
		}
		ended++
		r := s.room
		for _, seat := range conform.SortedSeats(r.tokens) {
			req, _, _, err := r.observeRead(ctx, seat)
			if err != nil {
				return conform.ProbeErr(err)
			}
			res.Eval(rule)
			var hidden []int
			for _, p := range req.Observation.Players {
				if p.RoleID == nil || *p.RoleID == "" || p.RoleHidden {
					hidden = append(hidden, p.Seat)
				}
			}
			if len(hidden) > 0 {
				at := seat
				f := conform.NewFinding(rule, rules.Where{Seat: &at, Step: fmt.Sprintf("room %s after the end", r.id)}, "every seat's role shown", fmt.Sprintf("the roles of seats %v hidden", hidden),
					"room %s ended normally (winner %s), yet seat %d's observation still hides the roles of seats %v", r.id, *obs.WinnerTeam, seat, hidden)
				f.Transcript = r.tail(1)
				res.Findings = append(res.Findings, f)
			}
		}
	}
	if ended == 0 {
		return conform.Skip("no session room ended normally, so the roles shown after the end were not seen")
	}
	return res
}
