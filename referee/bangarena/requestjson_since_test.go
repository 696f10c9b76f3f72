package bangarena

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestAppendJSONSinceMatchesMarshal plays seeded matches and encodes
// seats' requests from RequestSince deltas through per-seat EventCaches at
// random moments (seats skipped for several decisions, a cache now and
// then handed another seat's request, which starts it over), checking
// every encoding against json.Marshal of Request.
func TestAppendJSONSinceMatchesMarshal(t *testing.T) {
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	checked := 0
	for _, mode := range []string{ModeClassic, ModePartners, ModeImpostor, ModeLegacy} {
		for i := range seeds {
			n := 4 + i%5
			match := "m-" + mode + strconv.Itoa(i)
			g, err := NewGame(Config{Seats: n, RoleMode: mode, MatchID: match}, "since-"+mode+strconv.Itoa(i))
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(i), 9))
			caches := make([]EventCache, n+1) // the last one is shared, misused on purpose
			bufs := make([][]Event, n)
			for step := 0; step < decisionCap; step++ {
				for s := range n {
					if r.IntN(3) == 0 {
						continue
					}
					c := &caches[s]
					if r.IntN(10) == 0 {
						c = &caches[n]
					}
					want, err := json.Marshal(g.Request(s, "1970-01-01T00:00:30.000Z"))
					if err != nil {
						t.Fatal(err)
					}
					from := c.From(match, s)
					req, next := g.RequestSince(s, "1970-01-01T00:00:30.000Z", from, bufs[s])
					have, err := req.AppendJSONSince([]byte("x"), c, from, next)
					if err != nil || have[0] != 'x' || !bytes.Equal(have[1:], want) {
						t.Fatalf("%s seed %d step %d seat %d from %d: AppendJSONSince differs from json.Marshal (%v)\nhave %s\nwant %s", mode, i, step, s, from, err, have, want)
					}
					bufs[s] = req.Observation.Events
					checked++
				}
				if g.Over() {
					break
				}
				g.PlayRandom(r)
			}
		}
	}
	// Events that do not follow the cache's are refused, the buffer intact.
	g, _ := NewGame(Config{Seats: 4, MatchID: "m"}, "since-step")
	var c EventCache
	req, next := g.RequestSince(0, "", 0, nil)
	if _, err := req.AppendJSONSince(nil, &c, 0, next); err != nil {
		t.Fatal(err)
	}
	if c.From("m", 0) != next || c.From("m", 1) != 0 || c.From("other", 0) != 0 {
		t.Fatalf("From: %d %d %d, want %d 0 0", c.From("m", 0), c.From("m", 1), c.From("other", 0), next)
	}
	if have, err := req.AppendJSONSince([]byte("x"), &c, next+1, next+1); err == nil || string(have) != "x" {
		t.Fatalf("a from out of step: have %q, %v; want an error and the buffer as it was", have, err)
	}
	t.Logf("%d requests encoded from deltas", checked)
}

// BenchmarkRequestLateAppendJSONSince is BenchmarkRequestLateAppendJSONCached
// through RequestSince and AppendJSONSince with the seat's cache warm: the
// per-request cost a server pays that keeps no projection of the log per
// seat.
func BenchmarkRequestLateAppendJSONSince(b *testing.B) {
	g := lateGame(b)
	seat, _ := g.Decider()
	var (
		buf   []byte
		evs   []Event
		cache EventCache
	)
	for b.Loop() {
		from := cache.From(g.cfg.MatchID, seat)
		r, next := g.RequestSince(seat, "1970-01-01T00:00:30.000Z", from, evs)
		var err error
		if buf, err = r.AppendJSONSince(buf[:0], &cache, from, next); err != nil {
			b.Fatal(err)
		}
		evs = r.Observation.Events
	}
}
