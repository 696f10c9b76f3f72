package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"testing"
	"time"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// lineAgent plays over a JSON Lines stream: it answers each your_turn
// with a call (after sending one junk line first) and returns every
// message it read, until match_end or after stop messages.
func lineAgent(in io.Reader, out io.WriteCloser, stop int) ([]Envelope, error) {
	defer out.Close()
	var got []Envelope
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64<<10), MaxMessageBytes)
	junk := false
	for sc.Scan() {
		var env Envelope
		if err := json.Unmarshal(sc.Bytes(), &env); err != nil {
			return got, fmt.Errorf("line is not an envelope: %v: %s", err, sc.Bytes())
		}
		got = append(got, env)
		if env.Type == TypeMatchEnd || len(got) == stop {
			return got, nil
		}
		if env.Type != TypeYourTurn {
			continue
		}
		if !junk {
			junk = true
			if _, err := io.WriteString(out, "\n  \nnot json\n"); err != nil {
				return got, err
			}
		}
		b, _ := json.Marshal(MoveMsg{Type: TypeMove, MatchID: env.MatchID, Turn: *env.Turn, Action: ref.ActionCall})
		if _, err := out.Write(append(b, '\n')); err != nil {
			return got, err
		}
	}
	return got, sc.Err()
}

// TestRunStdio: one seat played over JSON Lines sees the same envelope as
// over a WebSocket: welcome, events, your_turn, bad_message for junk (blank
// lines ignored), and match_end, after which RunStdio returns nil and
// closes the agent's input.
func TestRunStdio(t *testing.T) {
	s, _ := testServer(t, Options{})
	c, err := s.CreateMatch(MatchSpec{Seats: 4, Rounds: 4, DeadlineMS: 20000, Seed: strp("stdio"), Agents: []int{3}})
	if err != nil {
		t.Fatal(err)
	}
	toAgentR, toAgentW := io.Pipe()
	fromAgentR, fromAgentW := io.Pipe()
	type result struct {
		got []Envelope
		err error
	}
	agentDone := make(chan result, 1)
	go func() {
		got, err := lineAgent(toAgentR, fromAgentW, 0)
		_, _ = io.Copy(io.Discard, toAgentR)
		agentDone <- result{got, err}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.RunStdio(ctx, c.MatchID, 3, fromAgentR, toAgentW); err != nil {
		r := <-agentDone
		t.Fatalf("RunStdio: %v (agent: %d messages, %v)", err, len(r.got), r.err)
	}
	r := <-agentDone
	if r.err != nil {
		t.Fatal(r.err)
	}
	counts := map[string]int{}
	for _, env := range r.got {
		counts[env.Type]++
		if env.Type == TypeError && env.Code != CodeBadMessage {
			t.Fatalf("error %+v, want only bad_message for the junk line", env)
		}
	}
	if r.got[0].Type != TypeWelcome || counts[TypeYourTurn] == 0 || counts[TypeEvent] == 0 || counts[TypeError] != 1 || r.got[len(r.got)-1].Type != TypeMatchEnd {
		t.Fatalf("messages by type %v (first %s, last %s)", counts, r.got[0].Type, r.got[len(r.got)-1].Type)
	}
	log, over, err := s.Log(c.MatchID)
	if err != nil || !over {
		t.Fatalf("Log: over %v, %v", over, err)
	}
	checkLog(t, log)
}

// TestRunStdioAgentGone: an agent whose stream ends early makes RunStdio
// return ErrAgentGone; the match goes on, the seat timing out.
func TestRunStdioAgentGone(t *testing.T) {
	s, _ := testServer(t, Options{})
	c, err := s.CreateMatch(MatchSpec{Seats: 3, Rounds: 3, DeadlineMS: 5, Seed: strp("gone"), Agents: []int{0}})
	if err != nil {
		t.Fatal(err)
	}
	toAgentR, toAgentW := io.Pipe()
	fromAgentR, fromAgentW := io.Pipe()
	go func() {
		_, _ = lineAgent(toAgentR, fromAgentW, 3) // leaves after three messages
		_, _ = io.Copy(io.Discard, toAgentR)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.RunStdio(ctx, c.MatchID, 0, fromAgentR, toAgentW); !errors.Is(err, ErrAgentGone) {
		t.Fatalf("RunStdio = %v, want ErrAgentGone", err)
	}
	res, err := s.Wait(ctx, c.MatchID)
	if err != nil || res.Reason == "" {
		t.Fatalf("Wait = %+v, %v", res, err)
	}
	log, _, _ := s.Log(c.MatchID)
	evs := checkLog(t, log)
	timeouts := 0
	for _, e := range evs {
		if e.Type == ref.EventTimeout && e.Seat == 0 {
			timeouts++
		}
	}
	if timeouts == 0 {
		t.Fatal("inference/timeouts.logged: the abandoned seat never timed out")
	}
	if err := s.RunStdio(ctx, c.MatchID, 1, fromAgentR, io.Discard); err == nil {
		t.Fatal("RunStdio on a scripted seat: want an error")
	}
	if err := s.RunStdio(ctx, "m-nope", 0, fromAgentR, io.Discard); !errors.Is(err, ErrNoMatch) {
		t.Fatalf("RunStdio on an unknown match = %v", err)
	}
}

// stuckWriter blocks every Write until it is closed, like the stdin of an
// agent that never reads.
type stuckWriter struct {
	closed chan struct{}
	once   sync.Once
}

func (w *stuckWriter) Write(p []byte) (int, error) {
	<-w.closed
	return 0, io.ErrClosedPipe
}

func (w *stuckWriter) Close() error {
	w.once.Do(func() { close(w.closed) })
	return nil
}

// TestSlowAgentIsDropped: an agent that cannot keep up fills its bounded
// send queue and is dropped; its match goes on without waiting for it and
// the seat times out normally.
func TestSlowAgentIsDropped(t *testing.T) {
	s, _ := testServer(t, Options{SendQueue: 4})
	c, err := s.CreateMatch(MatchSpec{Seats: 3, Rounds: 5, DeadlineMS: 5, Seed: strp("slow"), Agents: []int{1}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	in, inW := io.Pipe() // the agent never writes either
	defer inW.Close()    // ends RunStdio's reading goroutine
	w := &stuckWriter{closed: make(chan struct{})}
	err = s.RunStdio(ctx, c.MatchID, 1, in, w)
	if err == nil || errors.Is(err, ErrAgentGone) || ctx.Err() != nil {
		t.Fatalf("RunStdio = %v, want the agent dropped as too slow", err)
	}
	if _, err := s.Wait(ctx, c.MatchID); err != nil {
		t.Fatal(err)
	}
	log, _, _ := s.Log(c.MatchID)
	evs := checkLog(t, log)
	timeouts := 0
	for _, e := range evs {
		if e.Type == ref.EventTimeout && e.Seat == 1 {
			timeouts++
		}
	}
	if timeouts == 0 {
		t.Fatal("inference/timeouts.default-action: the dropped seat never timed out")
	}
}
