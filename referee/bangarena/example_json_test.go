package bangarena_test

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/umpire-arena/umpire/referee/bangarena"
)

// A server answering many requests encodes them with AppendJSON: the same
// bytes as json.Marshal, the event list written directly.
func ExampleDecisionRequest_AppendJSON() {
	g, _ := bangarena.NewGame(bangarena.Config{Seats: 4}, "append-json")
	seat, _ := g.Decider()
	req := g.Request(seat, "1970-01-01T00:00:30.000Z")
	fast, err := req.AppendJSON(nil)
	if err != nil {
		panic(err)
	}
	slow, _ := json.Marshal(req)
	fmt.Println(bytes.Equal(fast, slow), len(req.Observation.Events) > 0)
	// Output: true true
}
