package server

import (
	"context"
	"errors"
	"io"
	"slices"
	"sync"
	"time"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
)

// The in-process door: a seat played by a client in the same process
// (certify's driver). The client gets the bytes an agent over JSON Lines
// gets, and with each message what it says (Sent), taken from the values
// the server encoded instead of read back from the bytes. What the client
// sends is bytes, read by the one reader of an agent's message
// (wire.ReadMove), as from any agent.

// Sent is what one message the server sends a seat says, of the fields an
// in-process client reads: the top level of the envelope, the
// legal_actions of a your_turn, the ranking of a match_end and the
// event's type, round, seat and turn. An integer field is -1 when the
// message does not carry it (and, read from bytes, when it is negative).
type Sent struct {
	Type string
	// Round is the envelope's round (your_turn, match_end; 0 when absent).
	Round int
	// Turn is the envelope's turn (your_turn, error), DeadlineMS a
	// your_turn's deadline_ms.
	Turn, DeadlineMS int
	// Legal is a your_turn's legal_actions, the client's to keep.
	Legal []ref.LegalAction
	// Code is an error's code when it is a string.
	Code string
	// Event is an event message's event.
	Event SentEvent
	// Ranking is a match_end's ranking, the client's to keep.
	Ranking []ref.RankEntry
}

// SentEvent is what Sent holds of an event: its type and round (0 when
// absent), its seat and turn (-1 when absent).
type SentEvent struct {
	Type              string
	Round, Seat, Turn int
}

// none is a Sent of type typ with no integer fields.
func none(typ string) Sent {
	return Sent{Type: typ, Turn: -1, DeadlineMS: -1, Event: SentEvent{Seat: -1, Turn: -1}}
}

// eventSent is what an event message of ev says (its fields as
// ref.Event.AppendJSON writes them for its type).
func eventSent(ev *ref.Event) Sent {
	s := none(TypeEvent)
	s.Event = SentEvent{Type: ev.Type, Round: ev.Round, Seat: -1, Turn: -1}
	switch ev.Type {
	case ref.EventMatchStart:
		s.Event.Round = 0
	case ref.EventMessage, ref.EventAction, ref.EventTimeout:
		s.Event.Seat, s.Event.Turn = ev.Seat, ev.Turn
	case ref.EventDealPrivate, ref.EventAnte, ref.EventBust, ref.EventReturn:
		s.Event.Seat = ev.Seat
	}
	return s
}

// owned is a copy of *s whose slices are its own (the zero Sent for nil:
// not known).
func (s *Sent) owned() Sent {
	if s == nil {
		return Sent{}
	}
	c := *s
	c.Legal, c.Ranking = slices.Clone(s.Legal), slices.Clone(s.Ranking)
	return c
}

// ReadSent reads what a server message says from its bytes, with the
// readers of wire (the envelope, its legal_actions, ranking and event): for
// a message a Burst does not say (one a dialect rewrote). The message is
// one the server wrote (JSON: its syntax is not checked); an error is a
// message that is not an object with a type, or whose legal_actions is
// not an array.
func ReadSent(msg []byte) (Sent, error) {
	env, ok := wire.ReadEnvelopeUnchecked(msg)
	if !ok {
		return Sent{}, errors.New("a line that is not one JSON object")
	}
	if env.Type == "" {
		return Sent{}, errors.New("a line without a type")
	}
	s := none(env.Type)
	s.Round, s.Turn, s.DeadlineMS, s.Code = env.Round, orNone(env.Turn), orNone(env.DeadlineMS), env.Code
	if env.LegalActions != nil {
		legal, ok := wire.ReadLegal(env.LegalActions)
		if !ok {
			return Sent{}, errors.New("legal_actions is not an array")
		}
		s.Legal = legal
	}
	if env.Ranking != nil {
		s.Ranking = wire.ReadRanking(env.Ranking)
	}
	if env.Event != nil {
		ev := wire.ReadEvent(env.Event)
		s.Event = SentEvent{Type: ev.Type, Round: ev.Round, Seat: orNone(ev.Seat), Turn: orNone(ev.Turn)}
	}
	return s, nil
}

// orNone is *n, -1 for nil or a negative value.
func orNone(n *int) int {
	if n == nil || *n < 0 {
		return -1
	}
	return *n
}

// Burst is a run of messages the server sends a seat at once.
type Burst struct {
	// Lines holds the messages, each followed by '\n'.
	Lines []byte
	// Ends[i] is the end of message i's line in Lines.
	Ends []int
	// Said[i] is what message i says; nil when a dialect rewrote the
	// messages, and of type "" for a message whose values the server did
	// not keep: ReadSent reads it from its bytes.
	Said []Sent
}

// Outbox receives what an in-process seat is sent (RunInProcess).
type Outbox interface {
	// Deliver receives one burst; it must not keep b's slices (their
	// storage serves the next burst), but may keep the Legal and Ranking
	// of its Sent values. It is called by one goroutine at a time.
	Deliver(b Burst) error
	// Close says nothing more will be delivered (the match ended or the
	// seat was dropped). It may come while Deliver runs.
	Close() error
}

// RunInProcess is RunStdio for a client in the same process: what the seat
// is sent goes to out with what each message says, and the client's
// messages are read from r, one per line.
func (s *Server) RunInProcess(ctx context.Context, matchID string, seat int, r io.Reader, out Outbox) error {
	return s.runSeat(ctx, matchID, seat, &doorTransport{lineTransport: newLineTransport(r, nil), out: out}, !s.dia.rewrites())
}

// doorTransport is the in-process transport: lines read from the client's
// reader, bursts delivered to its Outbox.
type doorTransport struct {
	*lineTransport
	out Outbox
	mu  sync.Mutex
}

func (d *doorTransport) write(_ context.Context, data []byte) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	line := append(append(make([]byte, 0, len(data)+1), data...), '\n')
	return d.out.Deliver(Burst{Lines: line, Ends: []int{len(line)}})
}

func (d *doorTransport) writeBatch(_ context.Context, _ time.Duration, b *batch) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.out.Deliver(Burst{Lines: b.buf, Ends: b.ends, Said: b.said})
}

func (d *doorTransport) finish(string) { _ = d.out.Close() }
func (d *doorTransport) abort(string)  { _ = d.out.Close() }
