package proxyside

import (
	"encoding/json"
	"time"

	"github.com/coder/websocket"
	"github.com/umpire-arena/umpire/harness/proxy"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// agent judges one message seat's agent sent.
func (im *infMatch) agent(seat int, at time.Time, typ websocket.MessageType, data []byte) {
	m := im.m
	m.Lock()
	defer m.Unlock()
	m.Record(seat, reports.Sent, at, data)
	m.Ran(proxy.CheckCoverage)
	// The one reader of an agent's message (wire.ReadMove): an integer of
	// any spelling of integral value is an integer (I-INF-S9), and a field
	// of another shape is left absent for the checks that read it.
	mv, err := wire.ReadMove(data)
	if typ != websocket.MessageText || err != nil {
		m.Fail(infAgentHygiene, "inference/agent.hygiene", seat, rules.Where{}, "one JSON object per message", proxy.Clip(data),
			"seat %d's agent sent a message that is not one JSON object", seat)
		return
	}
	m.Ran(infAgentHygiene)
	switch wire.Text(mv.Type) {
	case "hello":
		return
	case "move":
	default:
		m.Fail(infAgentOnlyAsk, "inference/agent.only-when-asked", seat, rules.Where{}, "hello or move", wire.Text(mv.Type),
			"seat %d's agent sent a %q message, which nothing asked for", seat, wire.Text(mv.Type))
		return
	}
	s := im.seat(seat)
	if mv.Message != nil {
		// Over the limit however characters are counted breaks the
		// document's limit; over it in code points only, WIRE.md's count.
		switch n, least := ref.MessageCodePoints(*mv.Message), ref.MessageCharsAtLeast(*mv.Message); {
		case least > maxMessageRunes:
			m.Fail(infAgentMsgLen, "inference/agent.message-length", seat, rules.Where{Turn: mv.Turn}, maxMessageRunes, least,
				"seat %d's move carries a table message of at least %d characters however counted (at most %d)", seat, least, maxMessageRunes)
		case n > maxMessageRunes:
			m.Ran(infAgentMsgLen)
			m.Fail(infAgentMsgCP, "inference/agent.message-code-points", seat, rules.Where{Turn: mv.Turn}, maxMessageRunes, n,
				"seat %d's move carries a table message of %d code points (at most %d as WIRE.md counts)", seat, n, maxMessageRunes)
		default:
			m.Ran(infAgentMsgLen)
			m.Ran(infAgentMsgCP)
		}
	}
	t := s.open
	if t != nil && t.timedOut && !t.answered {
		// A move after the server timed the turn out: the agent was late,
		// which the timeout already charged (see timeouts).
		t.answered = true
		m.Ran(infAgentOnlyAsk)
		return
	}
	if t == nil || t.answered {
		if s.ended {
			m.Fail(infAgentOnlyAsk, "inference/agent.only-when-asked", seat, rules.Where{Turn: mv.Turn}, "no move after match_end", proxy.Clip(data),
				"seat %d's agent moved after match_end", seat)
		} else if s.gap {
			m.Unknown(infAgentOnlyAsk, "a move after messages of the seat the judge never got")
		} else if t != nil {
			m.Fail(infAgentOnlyAsk, "inference/agent.only-when-asked", seat, rules.Where{Turn: mv.Turn}, "a move only for an open your_turn", proxy.Clip(data),
				"seat %d's agent moved when no turn of its was open", seat)
		} else {
			m.Unknown(infAgentOnlyAsk, "a move before the relay saw any your_turn of the seat")
		}
		return
	}
	m.Ran(infAgentOnlyAsk)
	where := rules.Where{Round: t.round, Turn: rules.IntPtr(t.turn)}
	if wire.Text(mv.MatchID) == t.matchID && mv.Turn != nil && *mv.Turn == t.turn {
		m.Ran(infAgentEcho)
	} else {
		m.Fail(infAgentEcho, "inference/agent.turn-echo", seat, where, map[string]any{"match_id": t.matchID, "turn": t.turn},
			map[string]any{"match_id": wire.Text(mv.MatchID), "turn": derefOr(mv.Turn)}, "seat %d's move does not echo the match_id and turn of its your_turn", seat)
	}
	legal := ref.NotOffered(t.legal, wire.Text(mv.Action), mv.Amount)
	if legal == "" {
		m.Ran(infAgentLegal)
	} else {
		got := map[string]any{"action": wire.Text(mv.Action)}
		if mv.Amount != nil {
			got["amount"] = *mv.Amount
		}
		want, _ := json.Marshal(t.legal)
		m.Fail(infAgentLegal, "inference/agent.legal-answer", seat, where, json.RawMessage(want), got,
			"seat %d's move is not legal: %s", seat, legal)
	}
	if s.reasked {
		if legal == "" {
			m.Ran(infAgentRecover)
		} else {
			m.Fail(infAgentRecover, "inference/agent.recover-after-error", seat, where, "a legal move after the error", proxy.Clip(data),
				"seat %d's agent answered its error with another illegal move", seat)
		}
		s.reasked = false
	}
	if legal == "" && t.moveAt.IsZero() {
		t.moveAt = at
	}
	if t.deadline > 0 {
		if late := at.Sub(t.at); late > t.deadline {
			m.Fail(infAgentInTime, "inference/agent.answer-in-time", seat, where, t.deadline.String(), late.Round(time.Millisecond).String(),
				"seat %d's move reached the relay %v after its your_turn (deadline %v)", seat, late.Round(time.Millisecond), t.deadline)
		} else {
			m.Ran(infAgentInTime)
		}
	}
	t.answered = true
}
