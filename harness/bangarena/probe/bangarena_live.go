package probe

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/harness/bangarena/legaldiff"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// baLive is what the live legality check found over a set of
// DecisionRequests: the findings, and counts for the result text.
type baLive struct {
	Findings []reports.Finding
	// Compared counts the requests whose list was compared.
	Compared int
	// Partial counts the compared requests with at least one undecided
	// command (I-BA-L1).
	Partial int
	// Undecided counts the undecided commands over all requests.
	Undecided int
	// Unchecked counts the offered items of undecided commands: neither
	// confirmed nor flagged.
	Unchecked int

	// done are the (seat, observationVersion) pairs compared: a request
	// polled again before its decision moved on is compared once.
	done map[[2]int]bool
	// shown are the kinds of finding (rule, extra or missing) that
	// already carry the request as evidence: later ones of the same kind
	// carry none, so a server wrong at every decision does not fill the
	// report with copies of its requests.
	shown map[string]bool
}

// add folds the comparison of one request into l. It returns the items
// the server offers beyond the referee's on a reading of its own (graded
// SHOULD: baReadingExtras), which the suite's seats leave alone.
func (l *baLive) add(x baSeen) map[string]bool {
	key := [2]int{x.Seat, x.Version}
	if l.done[key] {
		return nil
	}
	if l.done == nil {
		l.done, l.shown = map[[2]int]bool{}, map[string]bool{}
	}
	l.done[key] = true
	fs, und, unchecked := baLiveCompare(x)
	l.Compared++
	var evidence []reports.Message
	for _, f := range fs {
		kind := f.Rule
		if f.Rule == "bangarena/server.legal-actions" {
			kind += fmt.Sprint(f.Got == "missing")
		}
		if !l.shown[kind] {
			if evidence == nil {
				seat := x.Seat
				evidence = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
			}
			f.Transcript = evidence
		}
		l.shown[kind] = true
		l.Findings = append(l.Findings, f)
	}
	if len(und) > 0 {
		l.Partial++
	}
	l.Undecided += len(und)
	l.Unchecked += unchecked
	return baReadingExtras(fs)
}

// baReadingExtras are the items findings fs of one request show the server
// offering beyond the referee's list on its own reading of a gap (graded
// SHOULD without --strict: I-BA-7's Flask in legacy with two seats alive,
// I-BA-30's picks…). A seat of the suite that took one would lead the room
// where umpire's engine, on its reading, cannot follow it, and leave the
// rest of the room unjudged: the seats take the items both agree on
// (baDecideAvoiding). nil when there are none.
func baReadingExtras(fs []reports.Finding) map[string]bool {
	var out map[string]bool
	cat := rules.Default()
	for _, f := range fs {
		id, ok := f.Got.(string)
		if !ok || !strings.HasPrefix(f.Message, "the server offers ") || cat.Grade(f.Finding, false).Level == rules.Must {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		out[id] = true
	}
	return out
}

// merge adds the counts and findings of o to l.
func (l *baLive) merge(o *baLive) {
	l.Findings = append(l.Findings, o.Findings...)
	l.Compared += o.Compared
	l.Partial += o.Partial
	l.Undecided += o.Undecided
	l.Unchecked += o.Unchecked
}

// summary is the result text: how much was compared and how much was left
// inconclusive.
func (l *baLive) summary() string {
	return fmt.Sprintf("%d DecisionRequest(s) compared with the referee's list; %d had undecided commands (%d command(s), %d offered item(s) inconclusive: neither passed nor failed)",
		l.Compared, l.Partial, l.Undecided, l.Unchecked)
}

// baCheckLive reports the live comparison of every DecisionRequest the
// sessions were offered (made by baRoom.pending as each arrived), in rooms
// the suite created or was given alike.
func baCheckLive(ctx context.Context, t *conform.Target) conform.Result {
	ss, err := baObserve(ctx, t)
	if err != nil {
		return conform.SessionErr(err)
	}
	var l baLive
	for _, s := range ss {
		l.merge(&s.room.live)
	}
	if l.Compared == 0 {
		return conform.Skip("the suite was never asked to decide")
	}
	return conform.Result{Reason: l.summary(), Findings: l.Findings, Evaluated: map[string]int{"bangarena/server.legal-actions": l.Compared, "bangarena/13.action-ids": l.Compared}}
}

// baLiveCompare is the one comparison of a request's list with the
// referee's (legaldiff.CompareDecisionRequest, I-BA-P4). The findings
// carry no transcript: baLive.add attaches the request where it is wanted.
func baLiveCompare(x baSeen) (fs []reports.Finding, und []ba.Undecided, unchecked int) {
	lc := legaldiff.CompareDecisionRequest(x.Seat, x.Req, x.Gaps)
	return lc.Findings, lc.Undecided, lc.Unchecked
}
