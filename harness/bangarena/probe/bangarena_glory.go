package probe

import (
	"context"
	"fmt"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// baProbeGloryDefault (I-BA-P9; §13 choose_glory: "Default on timeout: heart") plays
// a probe room to the first glory choice and leaves it unanswered: within
// the deadline's tolerance (I-BA-P3) the server must answer for the seat,
// and the seat's glory must then show one heart perk more. A room that
// ends without a glory choice is a skip.
func baProbeGloryDefault(ctx context.Context, t *conform.Target) conform.Result {
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	r, err := baCreate(ctx, t, "glory-default")
	if err != nil {
		return conform.ProbeErr(err)
	}
	s, ended, err := r.playUntil(ctx, func(s baSeen) bool {
		pc := s.Req.Observation.PendingChoice
		return pc != nil && pc.Kind == "glory" && pc.Seat == s.Seat
	})
	if err != nil {
		return conform.ProbeErr(err)
	}
	if ended {
		return conform.Skip("the probe room ended without a glory choice (no elimination by a player)")
	}
	seat := s.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
	before := baGloryHp{s.Req.Observation.Players[seat].Glory, s.Req.Observation.Players[seat].Hp}
	d := t.Deadline()
	limit := time.Now().Add(d + max(time.Second, d))
	for time.Now().Before(limit) {
		same, req, err := r.unchanged(ctx, s)
		if err != nil {
			return conform.ProbeErr(err)
		}
		if !same {
			if seat >= len(req.Observation.Players) {
				return conform.Errored(fmt.Errorf("the observation after the glory choice has no seat %d", seat))
			}
			after := baGloryHp{req.Observation.Players[seat].Glory, req.Observation.Players[seat].Hp}
			res := conform.Result{Evaluated: map[string]int{"bangarena/13.glory-default": 1}}
			if after.Heart != before.Heart+1 {
				f := conform.NewFinding("bangarena/13.glory-default", where, map[string]int{"heart": before.Heart + 1, "range": before.Range, "sight": before.Sight},
					map[string]int{"heart": after.Heart, "range": after.Range, "sight": after.Sight}, "the glory choice left unanswered was not answered with heart")
				f.Transcript = r.tail(3)
				res.Findings = []reports.Finding{f}
			} else if f, judged := baHeartHealed(req.Observation.Events, seat, s.Req.Observation.HighNoon || req.Observation.HighNoon, after.hp > before.hp, where); judged {
				res.Eval("bangarena/9.glory-perks")
				if f != nil {
					f.Transcript = r.tail(3)
					res.Findings = append(res.Findings, *f)
				}
			}
			return res
		}
		select {
		case <-ctx.Done():
			return conform.ProbeErr(ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
	return conform.Result{Findings: []reports.Finding{conform.NewFinding("bangarena/14.default-action", where, fmt.Sprintf("the default answer within %v", d+max(time.Second, d)), "the glory choice still open",
		"nothing was answered for the silent seat's glory choice at its deadline")}}
}

// baGloryHp is a seat's glory and hp in one observation.
type baGloryHp struct {
	ba.Glory
	hp int
}

// baHeartHealed judges the heart perk the default gave seat (§9: +1 max hp
// and heal 1; I-BA-14: no heal at High Noon) on the observation after it:
// when its events hold the seat's glory_perk of heart, the heal must show,
// as a heal event of the seat next to the perk (before or after) or as more
// hp than before (hpUp), so a server naming its heal events otherwise still
// passes. judged is false when the events do not hold the perk (a server
// may keep a short window or name it otherwise) or at High Noon.
func baHeartHealed(evs []ba.Event, seat int, highNoon, hpUp bool, where rules.Where) (f *reports.Finding, judged bool) {
	if highNoon {
		return nil, false
	}
	for i := len(evs) - 1; i >= 0; i-- {
		e := evs[i]
		if e.Type != "glory_perk" || e.Perk != "heart" || e.Seat != seat {
			continue
		}
		for _, j := range []int{i - 1, i + 1} {
			if j >= 0 && j < len(evs) && evs[j].Type == "heal" && evs[j].Seat == seat {
				return nil, true
			}
		}
		if hpUp {
			return nil, true
		}
		g := conform.NewFinding("bangarena/9.glory-perks", where, "a heal of 1 beside the heart perk", "no heal",
			"the heart perk the glory default gave seat %d raised its max hp but healed nothing", seat)
		return &g, true
	}
	return nil, false
}
