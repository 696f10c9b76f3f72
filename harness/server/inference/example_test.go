package inference_test

import (
	"context"
	"fmt"
	"net/http/httptest"

	infsrv "github.com/umpire-arena/umpire/harness/server/inference"
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
