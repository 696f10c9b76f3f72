package proxyside

import (
	"fmt"
	"net/http"
	"time"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/harness/proxy"
	"github.com/umpire-arena/umpire/referee/rules"
)

// Check names of a BangArena room's deadlines.
const (
	baServerTimeout = "server-timeouts"
	baAgentInTime   = "agent-answers-in-time"
)

// Tolerances of the BangArena deadlines as the relay sees them (I-BA-X2):
// the server's deadlineAt is read on the relay's clock, trusted only when
// the Date of the server's answer is within maxSkew of it, and a moment is
// late only past the deadline by more than clockSlack (the Date header's
// resolution).
const (
	maxSkew    = 2 * time.Second
	clockSlack = time.Second
)

// baDeadline is the deadline of a seat's open decision.
type baDeadline struct {
	version int
	at      time.Time // deadlineAt (zero when unknown)
	seen    time.Time // when the relay first passed the request on
	judged  bool      // the server's silence past it was judged
}

// armDeadline reads the deadline of the request of version that seat was
// just shown (ex its exchange). Callers hold mu.
func (r *baRoom) armDeadline(seat int, s *baSeat, ex *proxy.Exchange, version int, body []byte) {
	m := r.m
	s.deadline = baDeadline{version: version, seen: ex.At}
	if len(s.legal) == 0 {
		return
	}
	raw := gjson.GetBytes(body, "deadlineAt").String()
	at, err := time.Parse(time.RFC3339Nano, raw)
	switch {
	case raw == "" || err != nil:
		m.Unknown(baAgentInTime, "a DecisionRequest without a readable deadlineAt")
		return
	case !clockAgrees(ex):
		m.Unknown(baAgentInTime, "the server's clock (its Date header) is not within 2 s of the relay's")
		return
	}
	s.deadline.at = at
}

// clockAgrees reports whether the server's Date of ex is within maxSkew of
// the relay's clock.
func clockAgrees(ex *proxy.Exchange) bool {
	d, err := http.ParseTime(ex.Date)
	if err != nil {
		return false
	}
	skew := d.Sub(ex.At)
	return skew < maxSkew+clockSlack && skew > -maxSkew-clockSlack
}

// movedOn judges seat's previous decision when a new request replaces it
// (at is when the new one passed): no decision of the seat accepted and
// its deadline past on the relay's clock, the agent did not answer in time
// and the server answered for it (a room has one open decision at a time:
// nothing else moves it on). Replaced before its deadline, it is not
// judged. Callers hold mu.
func (r *baRoom) movedOn(seat int, s *baSeat, at time.Time) {
	dl := s.deadline
	if dl.at.IsZero() || dl.version != s.version {
		return
	}
	if _, done := s.accepted[dl.version]; done {
		return
	}
	if at.Before(dl.at) {
		r.m.Unknown(baAgentInTime, "a request replaced before its deadline without a decision of the seat")
		return
	}
	r.m.Fail(baAgentInTime, "bangarena/agent.answer-in-time", seat, rules.Where{Seat: rules.IntPtr(seat), Step: versionStep(dl.version)},
		"a decision by "+dl.at.UTC().Format(time.RFC3339Nano), "none",
		"seat %d's agent did not answer its request (version %d) by its deadline: the server answered for it", seat, dl.version)
	r.m.Ran(baServerTimeout)
}

// polledAgain judges a request polled again (at): past its deadline by
// the deadline again (at least a second, as I-INF-P1), with no decision of
// the seat accepted, the server never answered for the seat. Callers hold
// mu.
func (r *baRoom) polledAgain(seat int, s *baSeat, at time.Time) {
	dl := &s.deadline
	if dl.at.IsZero() || dl.judged || dl.version != s.version {
		return
	}
	if _, done := s.accepted[dl.version]; done {
		return
	}
	grace := max(time.Second, dl.at.Sub(dl.seen))
	if at.After(dl.at.Add(grace + clockSlack)) {
		dl.judged = true
		late := at.Sub(dl.at).Round(time.Millisecond)
		r.m.Fail(baServerTimeout, "bangarena/14.default-action", seat, rules.Where{Seat: rules.IntPtr(seat), Step: versionStep(dl.version)},
			"the server's answer for the seat at its deadline", "the decision still open "+late.String()+" after it",
			"seat %d's request (version %d) is still open %v after its deadline: the server did not answer for the silent seat", seat, dl.version, late)
	}
}

// decidedAt judges the time of seat's accepted decision for the current
// request: past the deadline it is the agent's late answer, and the
// server's too for taking it instead of answering for the seat. Callers
// hold mu.
func (r *baRoom) decidedAt(seat int, s *baSeat, version int, at time.Time) {
	dl := s.deadline
	if dl.at.IsZero() || dl.version != version {
		return
	}
	where := rules.Where{Seat: rules.IntPtr(seat), Step: versionStep(version)}
	if late := at.Sub(dl.at); late > clockSlack {
		r.m.Fail(baAgentInTime, "bangarena/agent.answer-in-time", seat, where, "a decision by "+dl.at.UTC().Format(time.RFC3339Nano),
			late.Round(time.Millisecond).String()+" late", "seat %d's decision (version %d) reached the relay %v after its deadline", seat, version, late.Round(time.Millisecond))
		grace := max(time.Second, dl.at.Sub(dl.seen))
		if late > grace+clockSlack {
			r.m.Fail(baServerTimeout, "bangarena/14.default-action", seat, where, "the server's answer for the seat at its deadline",
				"the seat's decision accepted "+late.Round(time.Millisecond).String()+" after it",
				"the server accepted seat %d's decision %v after its deadline instead of answering for the seat", seat, late.Round(time.Millisecond))
		}
		return
	}
	r.m.Ran(baAgentInTime)
}

func versionStep(v int) string { return fmt.Sprintf("version %d", v) }
