package server

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"sync"
	"testing"
	"time"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// doorAgent is an in-process client of RunInProcess: it keeps every
// message with what the burst said of it, and answers each your_turn with
// the first legal action (raising by its minimum).
type doorAgent struct {
	mu     sync.Mutex
	msgs   [][]byte
	said   []*Sent // nil: the burst did not say
	closed bool
	answer chan []byte
}

func newDoorAgent() *doorAgent { return &doorAgent{answer: make(chan []byte, 64)} }

func (a *doorAgent) Deliver(b Burst) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	start := 0
	for i, end := range b.Ends {
		msg := bytes.Clone(b.Lines[start : end-1])
		start = end
		var said *Sent
		if b.Said != nil && b.Said[i].Type != "" {
			s := b.Said[i]
			said = &s
		}
		a.msgs, a.said = append(a.msgs, msg), append(a.said, said)
		s, err := ReadSent(msg)
		if err != nil || s.Type != TypeYourTurn || len(s.Legal) == 0 {
			continue
		}
		l := s.Legal[0]
		amount := ""
		if l.Action == ref.ActionRaise {
			amount = `,"amount":` + strconv.Itoa(l.Min)
		}
		select {
		case a.answer <- fmt.Appendf(nil, `{"type":"move","turn":%d,"action":%q%s}`+"\n", s.Turn, l.Action, amount):
		default:
		}
	}
	return nil
}

func (a *doorAgent) Close() error {
	a.mu.Lock()
	a.closed = true
	a.mu.Unlock()
	return nil
}

// doorReader feeds the agent's answers to the server.
type doorReader struct {
	a    *doorAgent
	ctx  context.Context
	rest []byte
}

func (r *doorReader) Read(p []byte) (int, error) {
	if len(r.rest) == 0 {
		select {
		case r.rest = <-r.a.answer:
		case <-r.ctx.Done():
			return 0, io.EOF
		}
	}
	n := copy(p, r.rest)
	r.rest = r.rest[n:]
	return n, nil
}

// playDoor plays one short match over RunInProcess on a server with opts.
func playDoor(t *testing.T, opts Options) *doorAgent {
	t.Helper()
	s, _ := testServer(t, opts)
	c, err := s.CreateMatch(MatchSpec{Seats: 4, Rounds: 4, DeadlineMS: 2000, Seed: strp("door"), Agents: []int{1}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	a := newDoorAgent()
	_ = s.RunInProcess(ctx, c.MatchID, 1, &doorReader{a: a, ctx: ctx}, a)
	return a
}

// TestRunInProcessSaysWhatItSends: over whole matches, on a server
// without faults and with each fault, every message the door delivers
// says (Sent) what ReadSent reads of its bytes; a server whose dialects
// rewrite its messages leaves them to ReadSent.
func TestRunInProcessSaysWhatItSends(t *testing.T) {
	configs := map[string]Options{"none": {}}
	if !testing.Short() {
		for _, f := range Faults() {
			configs["fault="+string(f.Name)] = Options{Faults: []Fault{f.Name}}
		}
	}
	for name, opts := range configs {
		t.Run(name, func(t *testing.T) {
			a := playDoor(t, opts)
			a.mu.Lock()
			defer a.mu.Unlock()
			if len(a.msgs) == 0 {
				t.Fatal("no message delivered")
			}
			kinds := map[string]bool{}
			for i, msg := range a.msgs {
				if a.said[i] == nil {
					t.Fatalf("message %d was not said: %s", i, msg)
				}
				want, err := ReadSent(msg)
				if err != nil {
					t.Fatalf("ReadSent(%s): %v", msg, err)
				}
				if !sameSent(*a.said[i], want) {
					t.Fatalf("message %d: the door says\n%+v\nits bytes read\n%+v\n%s", i, *a.said[i], want, msg)
				}
				kinds[want.Type+"/"+want.Event.Type] = true
			}
			if name == "none" {
				for _, k := range []string{"welcome/", "your_turn/", "match_end/", "event/match_start", "event/action", "event/showdown"} {
					if !kinds[k] {
						t.Errorf("no %s message: the test no longer covers it (%v)", k, kinds)
					}
				}
			}
		})
	}
	t.Run("after the end", func(t *testing.T) {
		// A seat attached once the match is over gets the final welcome
		// and match_end (serveEnded), said as their bytes read.
		s, _ := testServer(t, Options{StartTimeout: time.Millisecond})
		c, err := s.CreateMatch(MatchSpec{Seats: 3, Rounds: 2, DeadlineMS: 20, Seed: strp("door-end"), Agents: []int{0}})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if _, err := s.Wait(ctx, c.MatchID); err != nil {
			t.Fatal(err)
		}
		a := newDoorAgent()
		_ = s.RunInProcess(ctx, c.MatchID, 0, &doorReader{a: a, ctx: ctx}, a)
		a.mu.Lock()
		defer a.mu.Unlock()
		var types []string
		for i, msg := range a.msgs {
			want, err := ReadSent(msg)
			if err != nil || a.said[i] == nil || !sameSent(*a.said[i], want) {
				t.Fatalf("message %d: the door says %+v, its bytes read %+v (%v)\n%s", i, a.said[i], want, err, msg)
			}
			types = append(types, want.Type)
		}
		if fmt.Sprint(types) != "[welcome match_end]" {
			t.Fatalf("messages %v, want the final welcome and match_end", types)
		}
	})
	t.Run("dialect", func(t *testing.T) {
		a := playDoor(t, Options{Dialects: []Dialect{DialectExtraFields}})
		a.mu.Lock()
		defer a.mu.Unlock()
		for i, msg := range a.msgs {
			if a.said[i] != nil {
				t.Fatalf("message %d rewritten by a dialect was said: %s", i, msg)
			}
		}
		if len(a.msgs) == 0 || !bytes.Contains(a.msgs[len(a.msgs)-1], []byte(`"match_end"`)) {
			t.Fatalf("the match did not end: %d messages", len(a.msgs))
		}
	})
}

// sameSent compares two readings, an empty list as none.
func sameSent(a, b Sent) bool {
	if len(a.Legal) == 0 && len(b.Legal) == 0 {
		a.Legal, b.Legal = nil, nil
	}
	if len(a.Ranking) == 0 && len(b.Ranking) == 0 {
		a.Ranking, b.Ranking = nil, nil
	}
	return reflect.DeepEqual(a, b)
}

// TestReadSent: what the readers of wire read of each kind of message,
// and the lines that are not messages.
func TestReadSent(t *testing.T) {
	for _, tc := range []struct {
		line string
		want Sent
		err  bool
	}{
		{`{"type":"your_turn","match_id":"m","round":3,"turn":17,"deadline_ms":900,"visible_state":{"turn":1},"legal_actions":[{"action":"fold"},{"action":"call","amount":2.0}]}`,
			Sent{Type: TypeYourTurn, Round: 3, Turn: 17, DeadlineMS: 900, Legal: []ref.LegalAction{{Action: "fold"}, {Action: "call", Amount: 2}}, Event: SentEvent{Seat: -1, Turn: -1}}, false},
		{`{"type":"event","match_id":"m","event":{"type":"timeout","round":4,"turn":2,"seat":3,"strikes":1}}`,
			Sent{Type: TypeEvent, Turn: -1, DeadlineMS: -1, Event: SentEvent{Type: "timeout", Round: 4, Seat: 3, Turn: 2}}, false},
		{`{"type":"error","code":"illegal_move","turn":-4}`, Sent{Type: TypeError, Code: "illegal_move", Turn: -1, DeadlineMS: -1, Event: SentEvent{Seat: -1, Turn: -1}}, false},
		{`{"type":"match_end","round":9,"ranking":[{"seat":0,"rank":1,"credits":5}]}`,
			Sent{Type: TypeMatchEnd, Round: 9, Turn: -1, DeadlineMS: -1, Ranking: []ref.RankEntry{{Seat: 0, Rank: 1, Credits: 5}}, Event: SentEvent{Seat: -1, Turn: -1}}, false},
		{`{"round":1}`, Sent{}, true},
		{`[1]`, Sent{}, true},
		{`{"type":"your_turn","legal_actions":{}}`, Sent{}, true},
	} {
		got, err := ReadSent([]byte(tc.line))
		if (err != nil) != tc.err || !tc.err && !sameSent(got, tc.want) {
			t.Errorf("ReadSent(%s) = %+v, %v; want %+v (error %v)", tc.line, got, err, tc.want, tc.err)
		}
	}
}
