package proxyside

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// TestDecodeRequestEqualsUnmarshal: over a whole game, each seat's
// requests decoded with the event cache equal json.Unmarshal's (the
// referee reading them in between), also when an earlier event's bytes
// change.
func TestDecodeRequestEqualsUnmarshal(t *testing.T) {
	g, err := ba.NewGame(ba.Config{Seats: 5}, "decode")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	caches := map[int]*eventCache{}
	for step := 0; step < 400 && !g.Over(); step++ {
		for seat := range g.Seats() {
			req := g.Request(seat, "")
			body, err := json.Marshal(req)
			if err != nil {
				t.Fatal(err)
			}
			if caches[seat] == nil {
				caches[seat] = &eventCache{}
			}
			got, err := decodeRequest(body, caches[seat])
			if err != nil {
				t.Fatal(err)
			}
			var want ba.DecisionRequest
			if err := json.Unmarshal(body, &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("step %d seat %d: the cached decode differs", step, seat)
			}
			// What the judge does with it must leave the cache as it was.
			_, _, _ = ba.LegalFromRequest(got)
		}
		if _, ok := g.PlayRandom(r); !ok {
			break
		}
	}
	// An old event whose bytes change is decoded again.
	c := &eventCache{}
	body := []byte(`{"seatId":0,"observation":{"you":0,"events":[{"seq":1,"type":"turn_start","seat":0,"round":1}]}}`)
	if _, err := decodeRequest(body, c); err != nil {
		t.Fatal(err)
	}
	body = []byte(`{"seatId":0,"observation":{"you":0,"events":[{"seq":1,"type":"turn_start","seat":2,"round":1}]}}`)
	got, err := decodeRequest(body, c)
	if err != nil || len(got.Observation.Events) != 1 || got.Observation.Events[0].Seat != 2 {
		t.Fatalf("a changed event was not decoded again: %+v, %v", got.Observation.Events, err)
	}
}
