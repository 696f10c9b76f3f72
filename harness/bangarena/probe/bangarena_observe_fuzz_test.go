package probe

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// The bounds of reading one answer to observe of n bytes: what the read
// allocates in all (observeChurnBound) and what it holds afterwards, the
// request and its gaps (observeHeldBound). Both are linear in n: never a
// product of its nesting or of its items. A list of 200,000 empty legal
// items ("[]", 3 bytes each) allocates 280 bytes per byte of the answer;
// an answer of 20,000 small events holds 14 per byte (an event decodes to
// 544 bytes), the reader decodes at most 4,096 of them.
func observeChurnBound(n int) uint64 { return 1024*uint64(n) + 4<<20 }
func observeHeldBound(n int) int64   { return 16*int64(n) + 1<<20 }

// allocated is the bytes allocated while f runs.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// observeSeeds are answers to observe: umpire's own, a server's, and
// hostile ones (megabytes of nesting, long lists of nothing, shapes that
// are not umpire's).
func observeSeeds(tb testing.TB) [][]byte {
	var out [][]byte
	for _, p := range []string{
		filepath.Join("..", "..", "..", "referee", "bangarena", "testdata", "rules_example_request.json"),
		filepath.Join("..", "..", "..", "schemas", "testdata", "valid", "bangarena", "decision_request.json"),
		filepath.Join("testdata", "live", "jail_marshal_offered.json"),
	} {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, data)
	}
	for _, s := range []string{
		`{"legalActions":[{"actionId":"end_play"}],"observation":{"phase":"play","turnSeat":2}}`,
		`{"legalActions":[],"observation":{"phase":"ended","winnerTeam":"law","turnSeat":0}}`,
		`{"legalActions":[],"observation":{"phase":"play","pendingChoice":{"seat":1e300},"turnSeat":-1}}`,
		`{"legalActions":{},"observation":{"events":[{"type":"damage"},null,1,"x"],"knownRoles":{"0":"sheriff"}}}`,
		`{"observation":null}`, `[]`, `null`, `{"observation":{}}`, "\xff\xfe",
	} {
		out = append(out, []byte(s))
	}
	out = append(out,
		// 8 MiB of '[' (the read cap) overflowed a recursive validator's stack.
		bytes.Repeat([]byte("["), 8<<20),
		append([]byte(`{"legalActions":[],"observation":{"events":`), bytes.Repeat([]byte("["), 1<<20)...),
		append(append([]byte(`{"observation":{"events":[`), bytes.Repeat([]byte(`{"type":"damage","seat":0,"amount":1},`), 20000)...), []byte(`{}]}}`)...),
		append(append([]byte(`{"legalActions":[`), bytes.Repeat([]byte(`[],`), 200000)...), []byte(`[]],"observation":{}}`)...),
	)
	return out
}

// FuzzObserveReader: the reader of an answer to observe (baGlance, the
// polling glance; readObserved, the full read through ReadRequestWith and
// the room's event cache) never panics, allocates within a small multiple
// of the answer's size, and the glance reads only a 200 answer that is
// valid JSON.
func FuzzObserveReader(f *testing.F) {
	for _, s := range observeSeeds(f) {
		f.Add(http.StatusOK, s)
	}
	f.Add(http.StatusForbidden, []byte(`{"error":"not your seat"}`))
	f.Fuzz(func(t *testing.T, status int, data []byte) {
		r := &baRoom{}
		var g baGlanced
		var ok bool
		n := allocated(func() {
			g, ok = baGlance(status, data)
			r.readObserved(1, status, data)
			// A second read goes through the filled event cache.
			r.readObserved(1, status, data)
		})
		if ok && (status != http.StatusOK || !json.Valid(data)) {
			t.Fatalf("glance read status %d, %.200q as %+v", status, data, g)
		}
		if max := 2 * observeChurnBound(len(data)); n > max {
			t.Fatalf("reading %d bytes twice allocated %d (at most %d): %.200q", len(data), n, max, data)
		}
		// What a read holds is measured on answers of some size only (two
		// collections per input would slow the fuzzer tenfold); below, the
		// bound on what it allocates bounds it.
		if len(data) < 64<<10 {
			return
		}
		h := held(func() any {
			req, gaps, _ := (&baRoom{}).readObserved(1, status, data)
			return []any{req, gaps}
		})
		if max := observeHeldBound(len(data)); h > max {
			t.Fatalf("reading %d bytes holds %d (at most %d): %.200q", len(data), h, max, data)
		}
	})
}

// held is the heap that what f returns holds, after a collection.
func held(f func() any) int64 {
	runtime.GC()
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	v := f()
	runtime.GC()
	runtime.ReadMemStats(&b)
	runtime.KeepAlive(v)
	return int64(b.HeapAlloc) - int64(a.HeapAlloc)
}
