package probe

import (
	"context"
	"fmt"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// baCheckChecksPublic judges that every check (a Jail or Dynamite check, a
// Cover coin) reaches every seat: §8 makes checks public events, and §11
// gives each seat the public events (bangarena/11.events). Over a session
// room, every check event any seat was shown is looked for in each other
// observation whose events run past it: an observation that lists events
// before and after its seq but not it withheld it. The events are matched
// by seq only when the seats' events agree on it (the same seq, the same
// type, wherever shown); a room whose seats' numberings disagree is not
// judged. One finding a room.
func baCheckChecksPublic(ctx context.Context, t *conform.Target) conform.Result {
	return eachSession(ctx, t, baCheckChecksPublicOne)
}

func baCheckChecksPublicOne(s *baSession) conform.Result {
	const rule = "bangarena/11.events"
	seen := s.seen()
	typeOf := map[int]string{}
	checks := map[int]int{} // seq → the seat it is about
	for _, x := range seen {
		for _, e := range x.Req.Observation.Events {
			if t, ok := typeOf[e.Seq]; ok && t != e.Type {
				return conform.Skip("the seats' events do not share one numbering (seq %d is a %s and a %s)", e.Seq, t, e.Type)
			}
			typeOf[e.Seq] = e.Type
			if e.Type == "check" || e.Type == "cover_check" {
				checks[e.Seq] = e.Seat
			}
		}
	}
	if len(checks) == 0 {
		return conform.Skip("no check (Jail, Dynamite or Cover) was shown in the session room")
	}
	var res conform.Result
	for _, x := range seen {
		evs := x.Req.Observation.Events
		if len(evs) < 2 {
			continue
		}
		has := make(map[int]bool, len(evs))
		lo, hi := evs[0].Seq, evs[0].Seq
		for _, e := range evs {
			has[e.Seq] = true
			lo, hi = min(lo, e.Seq), max(hi, e.Seq)
		}
		for q, about := range checks {
			if q <= lo || q >= hi {
				continue
			}
			res.Eval(rule)
			if has[q] {
				continue
			}
			seat := x.Seat
			f := conform.NewFinding(rule, rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d, event %d", x.Version, q)}, "every public event, checks included", "no "+typeOf[q]+" event",
				"seat %d's events run from %d to %d but leave out the %s event %d of seat %d's check, which another seat was shown", x.Seat, lo, hi, typeOf[q], q, about)
			f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
			res.Findings = append(res.Findings, f)
			return res
		}
	}
	if len(res.Evaluated) == 0 {
		return conform.Skip("no observation's events ran past a check of the session room")
	}
	return res
}
