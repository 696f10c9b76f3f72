package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
)

// bigReport is a valid conform report of about size bytes as WriteJSON
// writes it: checks with MUST findings, each with a transcript of JSON
// messages of a few KiB, as a long run against a failing server gives.
func bigReport(size int, small bool) *Report {
	if small {
		return smallFindings(size)
	}
	r := New(Meta{Kind: KindConform, Games: []string{"inference"}, Version: "test", Started: time.Unix(0, 0).UTC()}, rules.Default())
	body := `{"type":"your_turn","match_id":"m","legal_actions":[` + strings.Repeat(`{"action":"raise","min":1,"max":100},`, 60) + `{"action":"fold"}]}`
	seat := 1
	per := 0
	for i := 0; per*i < size; i++ {
		var tr []Message
		for j := range 8 {
			tr = append(tr, Message{Dir: Received, At: time.Unix(int64(j), 0).UTC(), Seat: &seat, Body: []byte(body)})
		}
		c := Check{Name: "check-" + strconv.Itoa(i), Rules: []string{"inference/round.3.raise-cap"}, Status: Fail, Duration: time.Millisecond,
			Findings: []Finding{{Finding: rules.Finding{Rule: "inference/round.3.raise-cap", Level: rules.Must, Message: fmt.Sprintf("differs %d", i), Expected: "a", Got: "b"}, Transcript: tr}}}
		r.Checks = append(r.Checks, c)
		if per == 0 {
			per = 8*(len(body)*2+120) + 600 // indented bodies grow about twice
		}
	}
	r.Normalize()
	return r
}

// TestWriteBigReport writes a big report for measuring report merge:
// UMPIRE_BIG_REPORT=path UMPIRE_BIG_SIZE=bytes go test -run TestWriteBigReport ./reports
func TestWriteBigReport(t *testing.T) {
	path := os.Getenv("UMPIRE_BIG_REPORT")
	if path == "" {
		t.Skip("UMPIRE_BIG_REPORT not set")
	}
	size, _ := strconv.Atoi(os.Getenv("UMPIRE_BIG_SIZE"))
	if size == 0 {
		size = 240 << 20
	}
	r := bigReport(size, os.Getenv("UMPIRE_BIG_SHAPE") == "small")
	if os.Getenv("UMPIRE_BIG_SHAPE") == "latencies" {
		r = latencies(size)
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("UMPIRE_BIG_COMPACT") != "" {
		var c bytes.Buffer
		if err := json.Compact(&c, b.Bytes()); err != nil {
			t.Fatal(err)
		}
		b = c
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// smallFindings is a report of about size bytes of many small findings
// without transcripts: the decoded structure outweighs the bytes.
func smallFindings(size int) *Report {
	r := New(Meta{Kind: KindConform, Games: []string{"inference"}, Version: "test", Started: time.Unix(0, 0).UTC()}, rules.Default())
	const perCheck = 1000
	for i := 0; i*perCheck*330 < size; i++ {
		c := Check{Name: "check-" + strconv.Itoa(i), Rules: []string{"inference/round.3.raise-cap"}, Status: Fail, Duration: time.Millisecond,
			Evaluated: map[string]int{"inference/round.3.raise-cap": perCheck}}
		for j := range perCheck {
			c.Findings = append(c.Findings, Finding{Finding: rules.Finding{Rule: "inference/round.3.raise-cap", Level: rules.Must, Message: fmt.Sprintf("differs %d", j), Expected: j, Got: "b"}})
		}
		r.Checks = append(r.Checks, c)
	}
	r.Normalize()
	return r
}

// TestMergeOwnedHoldsFindingsOnce: a merge that owns the report it read
// (umpire report merge) holds each finding once; the live heap after the
// read and the merge stays within twice the report's bytes (a copy of
// every finding, as Merge makes to leave its inputs alone, is about three
// times). The report is of many small findings, the worst ratio of decoded
// structure to bytes.
func TestMergeOwnedHoldsFindingsOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads a 24 MiB report")
	}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, smallFindings(32<<20)); err != nil {
		t.Fatal(err)
	}
	size := buf.Len()
	for _, tc := range []struct {
		name  string
		merge func(*Report) (*Report, error)
		max   float64
	}{
		{"owned", func(r *Report) (*Report, error) { return MergeOwned(rules.Default(), r) }, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := liveHeap()
			r, err := ReadJSON(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			m, err := tc.merge(r)
			if err != nil {
				t.Fatal(err)
			}
			held := liveHeap() - base
			runtime.KeepAlive(m)
			runtime.KeepAlive(r)
			if ratio := float64(held) / float64(size); ratio > tc.max {
				t.Errorf("the merge of a %d-byte report holds %d bytes (%.2fx), want at most %.1fx", size, held, ratio, tc.max)
			} else {
				t.Logf("the merge of a %d-byte report holds %d bytes (%.2fx)", size, held, ratio)
			}
		})
	}
}

// liveHeap is the heap in use after a collection.
func liveHeap() int64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// latencies is a certification report of about size bytes (compact) of
// matches with long lists of latencies of 1 to 10 ms: 8 bytes of JSON
// each, as in memory.
func latencies(size int) *Report {
	r := New(Meta{Kind: KindCertify, Games: []string{"inference"}, Version: "test", Started: time.Unix(0, 0).UTC()}, rules.Default())
	const per = 10000
	for i := 0; i*per*8 < size; i++ {
		m := Match{Seed: strconv.Itoa(i), Agent: "a", Adversary: "random", Seats: 4, Rank: 1, Termination: TermOK, Latencies: make([]time.Duration, per)}
		for j := range m.Latencies {
			m.Latencies[j] = time.Duration(1_000_000 + (i*per+j)*7919%9_000_000)
		}
		r.Matches = append(r.Matches, m)
		r.Meta.Seeds = append(r.Meta.Seeds, m.Seed)
	}
	r.Normalize()
	return r
}

// latencyReference is LatencyOf as it was before it sorted the durations
// in place: the floats sorted, and a histogram of a slice of milliseconds.
func latencyReference(ds []time.Duration) Latency {
	xs := make([]float64, len(ds))
	ms := make([]float64, len(ds))
	for i, d := range ds {
		xs[i] = float64(d)
		ms[i] = float64(d) / float64(time.Millisecond)
	}
	slices.Sort(xs)
	l := Latency{Count: len(ds), Histogram: NewHistogram(ms, LatencyEdgesMS())}
	if len(xs) > 0 {
		l.P50 = time.Duration(math.Round(percentileSorted(xs, 50)))
		l.P95 = time.Duration(math.Round(percentileSorted(xs, 95)))
		l.P99 = time.Duration(math.Round(percentileSorted(xs, 99)))
		l.Max = time.Duration(xs[len(xs)-1])
	}
	return l
}

// TestLatencyOfInPlace: the statistics that sort one copy of the
// latencies give the figures the float sort gave, on hostile values too
// (negative, past 2^53, the extremes).
func TestLatencyOfInPlace(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tests := map[string][]time.Duration{
		"none":    nil,
		"one":     {5 * time.Millisecond},
		"extreme": {math.MaxInt64, math.MinInt64, 0, -1, 1<<53 + 1, 1 << 53, 1<<53 - 1},
	}
	for _, n := range []int{2, 3, 100, 1001} {
		ds := make([]time.Duration, n)
		for i := range ds {
			ds[i] = time.Duration(rng.Int64N(int64(20 * time.Second)))
			if i%7 == 0 {
				ds[i] = time.Duration(rng.Int64())
			}
		}
		tests[fmt.Sprintf("%d random", n)] = ds
	}
	for name, ds := range tests {
		want := latencyReference(ds)
		if got := LatencyOf(ds); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: LatencyOf = %+v, want %+v", name, got, want)
		}
	}
}
