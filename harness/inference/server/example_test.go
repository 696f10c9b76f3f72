package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"

	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
)

// A server runs a match between scripted players only; Wait returns its
// result and Log the full match log.
func ExampleServer() {
	s, err := infsrv.New(infsrv.Options{})
	if err != nil {
		panic(err)
	}
	ts := httptest.NewServer(s) // agents would connect to ts.URL + "/ws/inference?match=…&seat=…"
	defer ts.Close()
	defer s.Shutdown(context.Background())

	seed := "example"
	c, err := s.CreateMatch(infsrv.MatchSpec{Seats: 3, Rounds: 5, Seed: &seed, Agents: []int{}, Adversaries: []string{"passive"}})
	if err != nil {
		panic(err)
	}
	res, err := s.Wait(context.Background(), c.MatchID)
	if err != nil {
		panic(err)
	}
	log, over, _ := s.Log(c.MatchID)
	fmt.Println(res.Reason, res.Rounds, len(res.Ranking), over, len(log) > 0)
	// Output: rounds_complete 5 3 true true
}

// Faults are named explicitly; an unknown name is an error.
func ExampleParseFaults() {
	fs, err := infsrv.ParseFaults("leak-value,short-deadline")
	fmt.Println(fs, err)
	info, _ := infsrv.LookupFault("leak-value")
	fmt.Println(info.Rule)
	_, err = infsrv.ParseFaults("everything")
	fmt.Println(err != nil)
	// Output:
	// [leak-value short-deadline] <nil>
	// inference/visibility.no-peek
	// true
}

// RunStdio plays an agent seat over JSON Lines, as for an agent
// subprocess: here a tiny agent that checks or calls on every turn.
func ExampleServer_RunStdio() {
	s, _ := infsrv.New(infsrv.Options{})
	defer s.Shutdown(context.Background())
	seed := "stdio-example"
	c, _ := s.CreateMatch(infsrv.MatchSpec{Seats: 3, Rounds: 2, Seed: &seed, Agents: []int{0}, Adversaries: []string{"passive"}})

	toAgent, serverOut := io.Pipe()
	serverIn, fromAgent := io.Pipe()
	go func() { // the agent: read envelopes, answer your_turn with a call
		defer fromAgent.Close()
		dec := json.NewDecoder(toAgent)
		for {
			var env infsrv.Envelope
			if dec.Decode(&env) != nil || env.Type == infsrv.TypeMatchEnd {
				return
			}
			if env.Type == infsrv.TypeYourTurn {
				b, _ := json.Marshal(infsrv.MoveMsg{Type: infsrv.TypeMove, MatchID: env.MatchID, Turn: *env.Turn, Action: "call"})
				fromAgent.Write(append(b, '\n'))
			}
		}
	}()
	err := s.RunStdio(context.Background(), c.MatchID, 0, serverIn, serverOut)
	res, _ := s.Wait(context.Background(), c.MatchID)
	fmt.Println(err, res.Reason, res.Rounds)
	// Output: <nil> rounds_complete 2
}
