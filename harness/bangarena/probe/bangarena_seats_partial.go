package probe

import (
	"context"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/bangarena/judge"
	baverify "github.com/umpire-arena/umpire/referee/bangarena/verify"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// Some seats handed over, and no room log (issue 27, I-BA-V10): the engine
// cannot follow the room decision by decision past the first decision of
// a seat the suite does not hold, so the judge reads the streams of the
// seats it holds, merged, as those seats saw the match together: the log
// verifier over them, the other seats' decisions inferred from what
// follows, what nobody saw carried as unknown.

// baSeatsPartial reports whether the suite holds some of the room's seats
// and not all, and the room log is not there to deal the match.
func baSeatsPartial(s *baSession) bool {
	if s.logErr == nil && len(s.log) > 0 || len(s.opening) == 0 {
		return false
	}
	held := map[int]bool{}
	for _, x := range s.opening {
		held[x.Seat] = true
	}
	return len(held) < len(s.opening[0].Req.Observation.Players)
}

// baCheckSeatsPartial judges a room from the merged streams of the seats
// the suite holds, up to where the first of them stopped observing.
func baCheckSeatsPartial(ctx context.Context, s *baSession) conform.Result {
	src, why := baSources(s)
	if why != "" {
		return conform.Skip("the seats' evidence cannot deal the match: %s", why)
	}
	ev := judge.Gather(src).Until(judge.Horizon(src.Seats))
	ev.Config.Faces = baFaces(ev.Events, baSeenAll(s))
	var res conform.Result
	sum, err := baverify.VerifyEvidence(ctx, ev, "the seats' streams",
		func(f rules.Finding) { res.Findings = append(res.Findings, reports.Finding{Finding: f}) })
	if err != nil {
		return conform.Errored(err)
	}
	if sum.Decisions == 0 && len(res.Findings) == 0 {
		return conform.Skip("the seats' streams hold no decision to re-simulate")
	}
	res.EvalAll(sum.Evaluated)
	why = "the suite holds some seats only and the room log is not there: the rule did not arise in what those seats saw"
	if sum.Unseen != "" {
		why = "the seats' streams were judged until an outcome nobody saw, inconclusive: " + sum.Unseen
	}
	for _, id := range baSeatsRules() {
		if res.Evaluated[id] == 0 {
			res.NoteNotExercised(id, why)
		}
	}
	return res
}
