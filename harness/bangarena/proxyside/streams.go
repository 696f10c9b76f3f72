package proxyside

import (
	"context"
	"maps"
	"slices"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	refjudge "github.com/umpire-arena/umpire/referee/bangarena/judge"
	baverify "github.com/umpire-arena/umpire/referee/bangarena/verify"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// judgeStreams judges a room whose server offers no log from the streams
// of the seats the relay carried (issue 27, I-BA-V10): each seat's last
// observation holds every event it was shown, the streams merged are what
// those seats saw together, judged up to where the first of them stopped
// (verify.VerifyEvidence). A seat whose events the relay did not keep (its
// cache was over the memory bound) leaves the check inconclusive.
func (r *baRoom) judgeStreams(ctx context.Context) {
	m := r.m
	m.Lock()
	var src refjudge.Sources
	dropped := false
	for _, seat := range slices.Sorted(maps.Keys(r.seats)) {
		evs := r.seats[seat].events.events
		if len(evs) == 0 {
			dropped = true
			continue
		}
		src.Seats = append(src.Seats, refjudge.SeatStream{Seat: seat, Events: [][]ba.Event{evs}})
	}
	m.Unlock()
	if dropped || len(src.Seats) == 0 {
		m.Inconclusive(baServerStreams, "the relay did not keep every carried seat's events (over its memory bound, or none shown)")
		return
	}
	var streams [][]ba.Event
	for _, st := range src.Seats {
		streams = append(streams, st.Events...)
	}
	merged := refjudge.MergeEvents(streams...)
	cfg, ok := ba.ConfigOf(merged)
	if !ok {
		for _, e := range merged {
			if e.Type == "match_start" && e.Count > 0 {
				cfg, ok = ba.Config{Seats: e.Count, RoleMode: e.RoleMode}, true
			}
		}
	}
	if !ok {
		m.Inconclusive(baServerStreams, "no carried seat was shown the match_start event that gives the table")
		return
	}
	src.Config = cfg
	ev := refjudge.Gather(src).Until(refjudge.Horizon(src.Seats))
	var fs []rules.Finding
	sum, err := baverify.VerifyEvidence(ctx, ev, m.ID()+" (the carried seats' streams)", func(f rules.Finding) { fs = append(fs, f) })
	if err != nil {
		m.Inconclusive(baServerStreams, "judging the carried seats' streams: "+err.Error())
		return
	}
	m.Lock()
	defer m.Unlock()
	if sum.Unseen != "" {
		m.Unknown(baServerStreams, "judged until an outcome no carried seat saw: "+sum.Unseen)
	}
	m.Ran(baServerStreams)
	for _, f := range fs {
		f.Level = m.Level(f.Rule, f.Level)
		m.Add(baServerStreams, -1, reports.Finding{Finding: f})
	}
}
