package proxy_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/proxy"
	"github.com/umpire-arena/umpire/reports"
)

// permissiveBangArena answers every observe of every room and seat with a
// DecisionRequest of about size bytes whose version grows with each call,
// as a server that lets anyone open rooms would.
func permissiveBangArena(t *testing.T, size int) *httptest.Server {
	t.Helper()
	var mu sync.Mutex
	version := 0
	event := `{"seq":%d,"type":"log","text":"` + strings.Repeat("x", 2000) + `"}`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/observe") {
			http.NotFound(w, r)
			return
		}
		mu.Lock()
		version++
		v := version
		mu.Unlock()
		var b strings.Builder
		fmt.Fprintf(&b, `{"matchId":"m","seatId":%s,"observationVersion":%d,"observation":{"phase":"play","players":[],"events":[`, r.URL.Query().Get("seat"), v)
		for i := 0; b.Len() < size; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			// Each observation's events differ from the last one's, as
			// a server that rewrites its history would send them.
			fmt.Fprintf(&b, event, v*100000+i)
		}
		b.WriteString(`]}}`)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, b.String())
	}))
	t.Cleanup(srv.Close)
	return srv
}

// observeAll polls rooms×seats observes through the relay at front, rounds
// times each, a few at a time.
func observeAll(t *testing.T, ctx context.Context, front string, rooms, seats, rounds int) {
	t.Helper()
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for round := 0; round < rounds; round++ {
		for room := 0; room < rooms; room++ {
			for seat := 0; seat < seats; seat++ {
				wg.Add(1)
				sem <- struct{}{}
				go func(room, seat int) {
					defer wg.Done()
					defer func() { <-sem }()
					req, _ := http.NewRequestWithContext(ctx, http.MethodGet, front+"/api/ai/rooms/r"+strconv.Itoa(room)+"/observe?seat="+strconv.Itoa(seat), nil)
					req.Header.Set("x-agent-token", "tok-"+strconv.Itoa(room)+"-"+strconv.Itoa(seat))
					resp, err := http.DefaultClient.Do(req)
					if err != nil {
						return
					}
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}(room, seat)
			}
		}
	}
	wg.Wait()
}

// heapInUse is the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// waitJudged waits until the relay's judges are idle: Coverage stops moving.
func waitJudged(ctx context.Context, p *proxy.Proxy) {
	last := -1
	for ctx.Err() == nil {
		j, u := p.Coverage()
		if j+u == last {
			return
		}
		last = j + u
		time.Sleep(300 * time.Millisecond)
	}
}

// TestProxyKeepsBoundedObservations: a permissive server's large
// observations, to more seats per room than a room has, in many rooms,
// leave the relay holding what its budget allows, not every observation.
func TestProxyKeepsBoundedObservations(t *testing.T) {
	ctx := testContext(t, 90*time.Second)
	srv := permissiveBangArena(t, 200<<10)
	p, err := proxy.New(proxy.Options{Game: harness.GameBangArena, Target: srv.URL, WindowBytes: 4 << 20, TranscriptBytes: 4 << 20})
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(p)
	defer func() { front.Close(); _ = p.Close() }()
	before := heapInUse()
	// 10 rooms × 24 seats × 2 observations of 200 KiB: 96 MiB relayed.
	observeAll(t, ctx, front.URL, 10, 24, 2)
	waitJudged(ctx, p)
	grew := int64(heapInUse()) - int64(before)
	t.Logf("heap grew by %d KiB after 96 MiB of observations", grew>>10)
	if grew > 24<<20 {
		t.Fatalf("the relay holds %d MiB after 96 MiB of observations; its budget is 4 MiB of windows and caches", grew>>20)
	}
	said := 0
	for _, c := range p.Checks() {
		if c.Name == "server-schema" && strings.Contains(c.Reason, "seats beyond the 16 the relay tracks per room") {
			said++
		}
	}
	if said != 10 {
		t.Errorf("%d of 10 rooms say that seats past the cap were not judged", said)
	}
}

// TestProxyCapsRooms: past MaxMatches, rooms are relayed unjudged and the
// run errs on relay-capacity, naming the cap; the relay tracks no more.
func TestProxyCapsRooms(t *testing.T) {
	ctx := testContext(t, 60*time.Second)
	srv := permissiveBangArena(t, 1<<10)
	p, err := proxy.New(proxy.Options{Game: harness.GameBangArena, Target: srv.URL, MaxMatches: 20})
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(p)
	defer func() { front.Close(); _ = p.Close() }()
	observeAll(t, ctx, front.URL, 60, 1, 1)
	waitJudged(ctx, p)
	if n := len(p.Matches()); n != 20 {
		t.Fatalf("the relay tracks %d rooms, want its cap of 20", n)
	}
	var capacity *reports.Check
	checks := p.Checks()
	for i := range checks {
		if checks[i].Name == "relay-capacity" {
			capacity = &checks[i]
		}
	}
	if capacity == nil || capacity.Status != reports.Error || !strings.Contains(capacity.Reason, "(20, --max-matches): 40 exchange(s)") {
		t.Fatalf("relay-capacity check %+v, want an error naming the cap and 40 exchanges", capacity)
	}
	rep := reports.New(reports.Meta{Kind: reports.KindProxy, Games: []string{"bangarena"}}, nil)
	rep.Checks = checks
	if code := rep.ExitCode(); code != reports.ExitError {
		t.Fatalf("exit %d, want %d", code, reports.ExitError)
	}
}
