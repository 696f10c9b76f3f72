package bangarena

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestRequestSinceMatchesRequest plays random matches of every mode and
// seat count, each seat (and a spectator) following the match through
// RequestSince: every request equals Request's but for its events, and the
// deltas put end to end are View's events, byte for byte.
func TestRequestSinceMatchesRequest(t *testing.T) {
	for _, mode := range []string{ModeClassic, ModePartners, ModeImpostor, ModeLegacy} {
		for seats := 4; seats <= 8; seats++ {
			seed := fmt.Sprintf("since-%s-%d", mode, seats)
			g, err := NewGame(Config{Seats: seats, RoleMode: mode}, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(seats), 7))
			from := make([]int, seats+1)
			bufs := make([][]Event, seats+1)
			seen := make([][]Event, seats+1)
			check := func(seat int) {
				k := seat
				if seat < 0 {
					k = seats
				}
				delta, next := g.RequestSince(seat, "t", from[k], bufs[k])
				if delta.Observation.Events == nil {
					t.Fatalf("%s: nil events", seed)
				}
				from[k] = next
				seen[k] = append(seen[k], delta.Observation.Events...)
				bufs[k] = delta.Observation.Events // reused by the next call
				full := g.Request(seat, "t")
				if have, want := mustJSON(t, seen[k]), mustJSON(t, full.Observation.Events); have != want {
					t.Fatalf("%s seat %d: deltas give\n%s\nView gives\n%s", seed, seat, have, want)
				}
				delta.Observation.Events, full.Observation.Events = nil, nil
				if !reflect.DeepEqual(delta, full) {
					t.Fatalf("%s seat %d: RequestSince %+v, Request %+v", seed, seat, delta, full)
				}
			}
			for n := 0; !g.Over() && n < 5000; n++ {
				seat, _ := g.Decider()
				if n%3 == 0 {
					check(seat)
				}
				if n%17 == 0 {
					check(-1)
				}
				if _, ok := g.PlayRandom(r); !ok {
					t.Fatalf("%s: no move", seed)
				}
			}
			for s := -1; s < seats; s++ {
				check(s)
			}
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// BenchmarkRequestSinceEverySeat6 is BenchmarkRequestEverySeat6 with every
// seat following the match through RequestSince (each seat's buffer
// reused), as scripted seats can.
func BenchmarkRequestSinceEverySeat6(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 3))
	for i := 0; b.Loop(); i++ {
		g, _ := NewGame(Config{Seats: 6}, "bench-every-"+fmt.Sprint(i))
		var from [6]int
		var bufs [6][]Event
		for !g.Over() {
			for s := range 6 {
				var req DecisionRequest
				req, from[s] = g.RequestSince(s, "", from[s], bufs[s])
				bufs[s] = req.Observation.Events
			}
			g.PlayRandom(r)
		}
	}
}
