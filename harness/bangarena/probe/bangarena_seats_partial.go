package probe

import (
	"bytes"
	"context"
	"slices"
	"strings"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
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
// the suite holds.
func baCheckSeatsPartial(ctx context.Context, s *baSession) conform.Result {
	ev, why := baEvidence(s)
	if why != "" {
		return conform.Skip("the seats' evidence cannot deal the match: %s", why)
	}
	// Each seat's stream ends at its last observation: past the first of
	// those ends, a held seat's private events are not all there.
	end := baSeatsHorizon(s)
	ev.Events = slices.DeleteFunc(ev.Events, func(e ba.Event) bool { return e.Seq > end })
	opts := baverify.BangArenaOptions{File: "the seats' streams", Shown: func() *judge.Shown {
		shown, _ := judge.NewSeen(ev)
		return shown
	}}
	data := ba.EncodeLog(ev.Events)
	var res conform.Result
	sum, err := baverify.VerifyBangArenaReader(ctx, bytes.NewReader(data), opts,
		func(f rules.Finding) {
			if !baLogForm(f.Rule) {
				res.Findings = append(res.Findings, reports.Finding{Finding: f})
			}
		})
	if err != nil {
		return conform.Errored(err)
	}
	if sum.Decisions == 0 && len(res.Findings) == 0 {
		return conform.Skip("the seats' streams hold no decision to re-simulate")
	}
	for id, n := range sum.Evaluated {
		if !baLogForm(id) {
			res.EvalAll(map[string]int{id: n})
		}
	}
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

// baSeatsHorizon is the last seq every seat the suite holds has seen
// (the end of the stream whose observations stop first).
func baSeatsHorizon(s *baSession) int {
	last := map[int]int{}
	see := func(x baSeen) {
		for _, e := range x.Req.Observation.Events {
			last[x.Seat] = max(last[x.Seat], e.Seq)
		}
	}
	for _, x := range s.opening {
		see(x)
	}
	for _, x := range s.sent {
		see(x.seen)
	}
	see(baSeen{Seat: s.final.Observation.You, Req: s.final})
	end := -1
	for _, seq := range last {
		if end < 0 || seq < end {
			end = seq
		}
	}
	return end
}

// baLogForm reports whether rule is one of the room log's own form (its
// lines, seqs, seed commitment, its end): the seats' streams merged are no
// log the server wrote, and the suite cut them where the first held
// seat's observations stop.
func baLogForm(rule string) bool { return strings.HasPrefix(rule, "bangarena/log.") }
