package certifyside

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	baserver "github.com/umpire-arena/umpire/harness/bangarena/server"
)

// TestBADoMatchesHTTPTest checks that the driver's door to the server (its
// in-process Observe and Decide) gives the status and body a recorded HTTP
// round trip through the server's handler gives (without the line break),
// with and without dialects.
func TestBADoMatchesHTTPTest(t *testing.T) {
	for _, dialects := range [][]baserver.Dialect{nil, {baserver.DialectErrorCodes, baserver.DialectExtraFields}} {
		s, err := baserver.New(baserver.Options{Deadline: time.Hour, Dialects: dialects})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Shutdown(context.Background())
		c, err := s.CreateRoom(baserver.RoomConfig{Seats: 4, Seed: "do", Agents: []int{0, 1, 2, 3}})
		if err != nil {
			t.Fatal(err)
		}
		recorded := func(method, path, token string, body []byte) (int, []byte) {
			req := httptest.NewRequest(method, path, nil)
			if body != nil {
				req = httptest.NewRequest(method, path, bytes.NewReader(body))
			}
			if token != "" {
				req.Header.Set("x-agent-token", token)
			}
			rec := httptest.NewRecorder()
			s.Handler().ServeHTTP(rec, req)
			return rec.Code, bytes.TrimSuffix(rec.Body.Bytes(), []byte("\n"))
		}
		room := "/api/ai/rooms/" + c.RoomID
		observes := []struct {
			room  string
			seat  int
			token string
		}{
			{c.RoomID, 0, c.Tokens[0]},
			{c.RoomID, 1, c.Tokens[1]},
			{c.RoomID, 1, c.Tokens[2]},
			{c.RoomID, 1, ""},
			{"r-none", 0, c.Tokens[0]},
		}
		for _, o := range observes {
			haveCode, have := s.Observe(nil, o.room, o.seat, o.token)
			wantCode, want := recorded(http.MethodGet, "/api/ai/rooms/"+o.room+"/observe?seat="+strconv.Itoa(o.seat), o.token, nil)
			if haveCode != wantCode || !bytes.Equal(have, want) {
				t.Errorf("dialects %v: observe %s seat %d: have %d %s, want %d %s", dialects, o.room, o.seat, haveCode, excerpt(have), wantCode, excerpt(want))
			}
		}
		for _, body := range [][]byte{[]byte(`{"seat":0}`), []byte(`not json`), bytes.Repeat([]byte(" "), baserver.MaxBodyBytes+1)} {
			haveCode, have := s.Decide(c.RoomID, c.Tokens[0], body)
			wantCode, want := recorded(http.MethodPost, room+"/decision", c.Tokens[0], body)
			if haveCode != wantCode || !bytes.Equal(have, want) {
				t.Errorf("dialects %v: decision %s: have %d %s, want %d %s", dialects, excerpt(body), haveCode, excerpt(have), wantCode, excerpt(want))
			}
		}
	}
}

func TestReadBARequest(t *testing.T) {
	s, err := baserver.New(baserver.Options{Deadline: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	c, err := s.CreateRoom(baserver.RoomConfig{Seats: 4, Seed: "read", Agents: []int{0, 1, 2, 3}})
	if err != nil {
		t.Fatal(err)
	}
	pending := 0
	for seat := range 4 {
		code, body := s.Observe(nil, c.RoomID, seat, c.Tokens[seat])
		if code != http.StatusOK {
			t.Fatalf("observe: %d %s", code, body)
		}
		req, err := readBARequest(body)
		if err != nil {
			t.Fatalf("seat %d: %v", seat, err)
		}
		st, _ := s.Status(c.RoomID)
		if req.version != st.Version {
			t.Errorf("seat %d: version have %d, want %d", seat, req.version, st.Version)
		}
		if len(req.legal) > 0 {
			pending++
			if req.deadlineAt == "" || !strings.Contains(string(body), `"deadlineAt":"`+req.deadlineAt+`"`) {
				t.Errorf("seat %d: deadlineAt %q not read from %s", seat, req.deadlineAt, excerpt(body))
			}
			for _, a := range req.legal {
				if a.ActionID == "" || a.Command == "" || !strings.Contains(string(body), `"actionId":"`+a.ActionID+`","command":"`+a.Command+`"`) {
					t.Errorf("seat %d: item %+v not as in the body", seat, a)
				}
			}
		} else if req.deadlineAt != "" {
			t.Errorf("seat %d: deadlineAt %q with nothing pending", seat, req.deadlineAt)
		}
	}
	if pending != 1 {
		t.Fatalf("%d seats read a pending decision, want 1", pending)
	}
	bad := []string{
		``, `[]`, `{"legalActions":[],"deadlineAt":null}`,
		`{"observationVersion":"3","legalActions":[],"deadlineAt":null}`,
		`{"observationVersion":1.5,"legalActions":[],"deadlineAt":null}`,
		`{"observationVersion":3,"legalActions":{},"deadlineAt":null}`,
		`{"observationVersion":3,"legalActions":[],"deadlineAt":5}`,
		`{"observationVersion":3,"legalActions":[{"command":"x"}],"deadlineAt":null}`,
	}
	for _, b := range bad {
		if req, err := readBARequest([]byte(b)); err == nil {
			t.Errorf("%s: read as %+v, want an error", b, req)
		}
	}
}

// TestObserveRequestReadsTheBody: over whole seeded matches, every seat's
// observe through ObserveRequest gives the body Observe gives, and its
// typed reading is readBARequest's reading of that body; with dialects the
// driver reads the body.
func TestObserveRequestReadsTheBody(t *testing.T) {
	for _, dialects := range [][]baserver.Dialect{nil, {baserver.DialectExtraFields}} {
		name := "plain"
		if dialects != nil {
			name = fmt.Sprint(dialects)
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel() // a server of its own, in memory: the two side by side
			observeRequestReadsTheBody(t, dialects)
		})
	}
}

// observeRequestReadsTheBody is TestObserveRequestReadsTheBody over a
// server speaking dialects.
func observeRequestReadsTheBody(t *testing.T, dialects []baserver.Dialect) {
	s, err := baserver.New(baserver.Options{Deadline: time.Hour, Dialects: dialects})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	seeds := []string{"typed-1", "typed-2", "typed-3"}
	if raceEnabled {
		// One goroutine reads and decides: under the detector one
		// match per dialect walks the same paths (it took minutes).
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		c, err := s.CreateRoom(baserver.RoomConfig{Seats: 4, Seed: seed, Agents: []int{0, 1, 2, 3}})
		if err != nil {
			t.Fatal(err)
		}
		decisions := 0
		for step := 0; step < 300; step++ {
			var pending *baRequest
			pendingSeat := -1
			for seat := range 4 {
				var o baserver.Observed
				code, typedBody, typed := s.ObserveRequest(nil, c.RoomID, seat, c.Tokens[seat], &o)
				_, body := s.Observe(nil, c.RoomID, seat, c.Tokens[seat])
				if code != http.StatusOK || !bytes.Equal(typedBody, body) {
					t.Fatalf("%s seat %d: ObserveRequest answered %d %s, Observe %s", seed, seat, code, excerpt(typedBody), excerpt(body))
				}
				if typed != (dialects == nil) {
					t.Fatalf("dialects %v: typed reading %v", dialects, typed)
				}
				want, err := readBARequest(body)
				if err != nil {
					t.Fatal(err)
				}
				if typed {
					have := baRequest{version: o.Version, legal: o.Legal}
					if o.DeadlineAt != nil {
						have.deadlineAt = *o.DeadlineAt
					}
					if fmt.Sprint(have) != fmt.Sprint(*want) && !(len(have.legal) == 0 && len(want.legal) == 0 && have.version == want.version && have.deadlineAt == want.deadlineAt) {
						t.Fatalf("%s seat %d: typed %+v, body %+v", seed, seat, have, *want)
					}
					if (o.DeadlineAt == nil) != !bytes.Contains(body, []byte(`"deadlineAt":"`)) {
						t.Fatalf("%s seat %d: deadlineAt %v in %s", seed, seat, o.DeadlineAt, excerpt(body))
					}
				}
				if len(want.legal) > 0 {
					pending, pendingSeat = want, seat
				}
			}
			if pending == nil {
				break
			}
			v := pending.version
			body := rawJSON(baserver.Decision{Seat: &pendingSeat, ActionID: pending.legal[0].ActionID, CommandID: "c-" + strconv.Itoa(step), ObservationVersion: &v})
			if code, resp := s.Decide(c.RoomID, c.Tokens[pendingSeat], body); code != http.StatusOK {
				t.Fatalf("%s: decision answered %d %s", seed, code, excerpt(resp))
			}
			decisions++
		}
		if decisions < 20 {
			t.Fatalf("%s: only %d decisions played", seed, decisions)
		}
	}
}
