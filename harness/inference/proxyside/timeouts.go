package proxyside

import (
	"time"

	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/referee/rules"
)

// maxOtherTimeouts bounds the timeouts of seats outside the relay a match
// remembers (to count each once, whichever streams show it).
const maxOtherTimeouts = 256

// timeouts judges the deadlines and default actions a seat's stream shows
// (I-INF-X2): the seat's own timeouts against the your_turn they end (the
// server's timing, the default action, the agent's silence), and the
// server's acceptance of a move that came past the deadline. Timeouts of
// seats whose turn the relay did not carry are counted inconclusive, once.
// Callers hold m.mu.
func (im *infMatch) timeouts(seat int, s *infSeat, at time.Time, ev wire.Event) {
	m := im.m
	timeoutLine := ev.Type == "timeout"
	flagged := ev.Type == "action" && ev.Timeout
	if ev.Seat == nil || (!timeoutLine && ev.Type != "action") {
		return
	}
	if *ev.Seat != seat {
		if (timeoutLine || flagged) && im.seats[*ev.Seat] == nil {
			key := [3]int{ev.Round, derefInt(ev.Turn, -1), *ev.Seat}
			if !im.otherTimeouts[key] {
				if len(im.otherTimeouts) >= maxOtherTimeouts {
					clear(im.otherTimeouts)
				}
				im.otherTimeouts[key] = true
				m.Unknown(infServerTimeout, "a timeout of a seat that does not pass through the relay")
			}
		}
		return
	}
	t := s.open
	same := t != nil && ev.Round == t.round && (ev.Turn == nil || *ev.Turn == t.turn)
	if !timeoutLine && !flagged {
		// The seat's own action: one the server took from a move that came
		// past the deadline (with the same tolerance as an early timeout)
		// shows a deadline it does not enforce.
		if same && t.deadline > 0 && !t.moveAt.IsZero() && !t.timedOut {
			if late := t.moveAt.Sub(t.at); late > t.deadline+t.deadline/4 {
				m.Fail(infServerTimeout, "inference/timeouts.deadline", seat, turnWhere(t), "a timeout at "+t.deadline.String(),
					"a move "+late.Round(time.Millisecond).String()+" after your_turn, applied",
					"the server applied seat %d's move that reached the relay %v after its your_turn (deadline %v) instead of timing the turn out",
					seat, late.Round(time.Millisecond), t.deadline)
			}
		}
		return
	}
	if !same {
		m.Unknown(infServerTimeout, "a timeout of a turn whose your_turn the relay did not see")
		return
	}
	if !t.timedOut {
		t.timedOut = true
		im.timedOut(seat, t, at)
	}
	if flagged && !t.defaulted {
		t.defaulted = true
		want := "fold"
		if t.toCall == 0 {
			want = "call"
		}
		switch {
		case t.toCall < 0:
			m.Unknown(infServerTimeout, "a timed-out turn whose visible_state gave no to_call")
		case ev.Action != want:
			m.Fail(infServerTimeout, "inference/timeouts.default-action", seat, turnWhere(t), want, ev.Action,
				"seat %d timed out owing %d; the server played %q for it, the rules' default is %q", seat, t.toCall, ev.Action, want)
		default:
			m.Ran(infServerTimeout)
		}
	}
}

// timedOut judges the moment the server timed seat's turn t out (seen at
// the relay at at): too early for its announced deadline, or despite a
// legal move that came in time, is the server's fault; otherwise the agent
// did not answer in time. Callers hold m.mu.
func (im *infMatch) timedOut(seat int, t *infTurn, at time.Time) {
	m := im.m
	where := turnWhere(t)
	if t.deadline <= 0 {
		m.Unknown(infServerTimeout, "a timed-out turn whose your_turn gave no deadline_ms")
		m.Unknown(infAgentInTime, "a timed-out turn whose your_turn gave no deadline_ms")
		return
	}
	after := at.Sub(t.at)
	margin := t.deadline / 4
	switch {
	case !t.moveAt.IsZero() && t.moveAt.Sub(t.at) <= t.deadline-margin:
		m.Fail(infServerTimeout, "inference/timeouts.deadline", seat, where, "the seat's move applied",
			"a timeout "+after.Round(time.Millisecond).String()+" after your_turn",
			"the server timed seat %d's turn out although its legal move reached the relay %v after the your_turn (deadline %v)",
			seat, t.moveAt.Sub(t.at).Round(time.Millisecond), t.deadline)
	case !t.moveAt.IsZero() && t.moveAt.Sub(t.at) > t.deadline:
		// A late move, timed out as it should be (the move's lateness is
		// the agent's finding already).
		m.Ran(infServerTimeout)
	case !t.moveAt.IsZero():
		// A move close to the deadline: the server's clock may have seen it
		// late.
		m.Unknown(infServerTimeout, "a timeout of a turn whose move came close to its deadline")
	case after < t.deadline-margin:
		m.Fail(infServerTimeout, "inference/timeouts.deadline", seat, where, "a timeout at "+t.deadline.String(),
			"a timeout "+after.Round(time.Millisecond).String()+" after your_turn",
			"the server timed seat %d's turn out %v after the your_turn, before its announced deadline of %v", seat, after.Round(time.Millisecond), t.deadline)
	default:
		m.Ran(infServerTimeout)
		if !t.answered {
			m.Fail(infAgentInTime, "inference/agent.answer-in-time", seat, where, "a move within "+t.deadline.String(), "no move",
				"seat %d's agent did not answer its your_turn within the deadline of %v: the server timed the turn out", seat, t.deadline)
		} else {
			// An illegal move (the turn stayed open) and nothing legal in
			// time: the agent's legality finding already tells it, and it
			// did not answer in time either.
			m.Fail(infAgentInTime, "inference/agent.answer-in-time", seat, where, "a legal move within "+t.deadline.String(), "no legal move",
				"seat %d's agent gave no legal move within the deadline of %v: the server timed the turn out", seat, t.deadline)
		}
	}
}

// turnWhere locates a turn in a finding.
func turnWhere(t *infTurn) rules.Where {
	return rules.Where{Round: t.round, Turn: rules.IntPtr(t.turn)}
}

// derefInt is *p, or def when p is nil.
func derefInt(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}
