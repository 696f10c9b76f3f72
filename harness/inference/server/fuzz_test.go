package server

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"
	"time"
)

// FuzzParseIn: any bytes an agent sends decode or give a reason, never
// a panic; a decoded message has a type.
func FuzzParseIn(f *testing.F) {
	for _, s := range []string{`{"type":"move","turn":0,"action":"call"}`, `{"type":"hello","seat":0,"token":"x"}`, `[]`, `{"type":1}`, `{"amount":1.5}`, ``, `  {`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, bad := parseIn(data)
		if bad == "" && m.Type == nil {
			t.Fatalf("%q decoded without a type", data)
		}
	})
}

// FuzzAgentLines: whatever lines an agent writes over the stdio transport,
// the server answers without failing and the match ends with a log that
// re-derives.
func FuzzAgentLines(f *testing.F) {
	for _, s := range []string{
		"{\"type\":\"move\",\"turn\":0,\"action\":\"call\"}\n",
		"{\"type\":\"move\",\"turn\":0,\"action\":\"raise\",\"amount\":3,\"message\":\"<hi>\"}\n{\"type\":\"move\",\"turn\":1,\"action\":\"fold\"}\n",
		"{\"type\":\"hello\"}\n\x00\xff\n{\"type\":\"move\",\"turn\":-1,\"action\":\"call\"}\n",
		"{\"type\":\"move\",\"turn\":0,\"action\":\"raise\",\"amount\":99999999999999999999}\n",
	} {
		f.Add([]byte(s))
	}
	s, err := New(Options{})
	if err != nil {
		f.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	f.Fuzz(func(t *testing.T, data []byte) {
		seed := "fuzz"
		c, err := s.CreateMatch(MatchSpec{Seats: 3, Rounds: 2, DeadlineMS: 2, Seed: &seed, Agents: []int{0}, Adversaries: []string{"random"}})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Forget(c.MatchID)
		toAgentR, toAgentW := io.Pipe()
		go func() { _, _ = io.Copy(io.Discard, toAgentR) }()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		err = s.RunStdio(ctx, c.MatchID, 0, bytes.NewReader(data), toAgentW)
		if err != nil && !errors.Is(err, ErrAgentGone) {
			t.Fatalf("RunStdio: %v", err)
		}
		if _, err := s.Wait(ctx, c.MatchID); err != nil {
			t.Fatal(err)
		}
		log, _, _ := s.Log(c.MatchID)
		checkLog(t, log)
	})
}
