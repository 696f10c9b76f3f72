package bangarena

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestAppendJSONCachedMatchesMarshal plays seeded matches and encodes
// seats' requests through per-seat EventCaches at random moments (some
// seats skipped for several decisions, a cache now and then handed another
// seat's request or a fresh game's), checking every encoding against
// json.Marshal.
func TestAppendJSONCachedMatchesMarshal(t *testing.T) {
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	checked := 0
	for _, mode := range []string{ModeClassic, ModePartners, ModeImpostor, ModeLegacy} {
		for i := range seeds {
			n := 4 + i%5
			g, err := NewGame(Config{Seats: n, RoleMode: mode, MatchID: "m-" + mode + strconv.Itoa(i)}, "cache-"+mode+strconv.Itoa(i))
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(i), 5))
			caches := make([]EventCache, n+1) // the last one is shared, misused on purpose
			for step := 0; step < decisionCap; step++ {
				for s := range n {
					if r.IntN(3) == 0 {
						continue
					}
					c := &caches[s]
					if r.IntN(10) == 0 {
						c = &caches[n]
					}
					req := g.Request(s, "1970-01-01T00:00:30.000Z")
					want, err := json.Marshal(req)
					if err != nil {
						t.Fatal(err)
					}
					have, err := req.AppendJSONCached([]byte("x"), c)
					if err != nil || have[0] != 'x' || !bytes.Equal(have[1:], want) {
						t.Fatalf("%s seed %d step %d seat %d: AppendJSONCached differs from json.Marshal (%v)\nhave %s\nwant %s", mode, i, step, s, err, have, want)
					}
					checked++
				}
				if g.Over() {
					break
				}
				g.PlayRandom(r)
			}
			// A cache carried to another match starts over.
			other, _ := NewGame(Config{Seats: n, RoleMode: mode, MatchID: "m-other"}, "cache-other")
			req := other.Request(0, "")
			want, _ := json.Marshal(req)
			if have, _ := req.AppendJSONCached(nil, &caches[0]); !bytes.Equal(have, want) {
				t.Fatalf("%s seed %d: a cache carried to another match: have %s\nwant %s", mode, i, have, want)
			}
		}
	}
	var nilCache *EventCache
	g, _ := NewGame(Config{Seats: 4}, "nil-cache")
	req := g.Request(0, "")
	want, _ := json.Marshal(req)
	if have, err := req.AppendJSONCached(nil, nilCache); err != nil || !bytes.Equal(have, want) {
		t.Fatalf("nil cache: have %s %v\nwant %s", have, err, want)
	}
	t.Logf("%d requests encoded through caches", checked)
}

// BenchmarkRequestLateAppendJSONCached is BenchmarkRequestLateAppendJSON
// with the seat's EventCache warm: the per-request cost a server pays once
// the events are cached.
func BenchmarkRequestLateAppendJSONCached(b *testing.B) {
	g := lateGame(b)
	seat, _ := g.Decider()
	var (
		buf   []byte
		cache EventCache
	)
	for b.Loop() {
		r := g.Request(seat, "1970-01-01T00:00:30.000Z")
		var err error
		if buf, err = r.AppendJSONCached(buf[:0], &cache); err != nil {
			b.Fatal(err)
		}
	}
}
