package bangarena

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestReadRequestWithCache: reading a match's requests through one
// ReadCache gives what ReadRequest gives for each (the cached events are
// the events of the bytes read), and the cache stays within its bound.
func TestReadRequestWithCache(t *testing.T) {
	g, err := NewGame(Config{Seats: 5}, "read-cache")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 5))
	var c ReadCache
	for n := 0; !g.Over(); n++ {
		seat, _ := g.Decider()
		raw, err := json.Marshal(g.Request(seat, ""))
		if err != nil {
			t.Fatal(err)
		}
		want, wg, werr := ReadRequest(raw)
		got, gg, gerr := ReadRequestWith(raw, &c)
		if (werr == nil) != (gerr == nil) || !reflect.DeepEqual(want, got) || !reflect.DeepEqual(wg, gg) {
			t.Fatalf("request %d: through the cache %+v, want %+v", n, got.Observation.Events, want.Observation.Events)
		}
		if len(c.m) > readCacheMax {
			t.Fatalf("the cache holds %d events, over %d", len(c.m), readCacheMax)
		}
		g.PlayRandom(r)
	}
	if len(c.m) == 0 {
		t.Fatal("nothing was cached")
	}
}
