package certify

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	baserver "github.com/umpire-arena/umpire/harness/server/bangarena"
)

// TestBADoMatchesHTTPTest checks that the in-process call gives the status
// and body a recorded HTTP round trip through the same handler gives.
func TestBADoMatchesHTTPTest(t *testing.T) {
	s, err := baserver.New(baserver.Options{Deadline: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	r := &bangarenaDriver{srv: s, h: s.Handler()}
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
		return rec.Code, rec.Body.Bytes()
	}
	room := "/api/ai/rooms/" + c.RoomID
	calls := []struct {
		method, path, token string
		body                []byte
	}{
		{http.MethodGet, room + "/observe?seat=0", c.Tokens[0], nil},
		{http.MethodGet, room + "/observe?seat=1", c.Tokens[1], nil},
		{http.MethodGet, room + "/observe?seat=1", c.Tokens[2], nil},
		{http.MethodGet, room + "/observe?seat=1", "", nil},
		{http.MethodGet, room + "/observe?seat=x", c.Tokens[1], nil},
		{http.MethodGet, "/api/ai/rooms/r-none/observe?seat=0", c.Tokens[0], nil},
		{http.MethodGet, room, "", nil},
		{http.MethodPost, room + "/decision", c.Tokens[0], []byte(`{"seat":0}`)},
		{http.MethodPost, room + "/decision", c.Tokens[0], []byte(`not json`)},
		{http.MethodGet, "/nowhere", "", nil},
	}
	for _, call := range calls {
		haveCode, have := r.do(call.method, call.path, call.token, call.body)
		wantCode, want := recorded(call.method, call.path, call.token, call.body)
		if haveCode != wantCode || !bytes.Equal(have, want) {
			t.Errorf("%s %s: have %d %s, want %d %s", call.method, call.path, haveCode, trim(have), wantCode, trim(want))
		}
	}
}

func TestReadBARequest(t *testing.T) {
	s, err := baserver.New(baserver.Options{Deadline: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	r := &bangarenaDriver{srv: s, h: s.Handler()}
	c, err := s.CreateRoom(baserver.RoomConfig{Seats: 4, Seed: "read", Agents: []int{0, 1, 2, 3}})
	if err != nil {
		t.Fatal(err)
	}
	pending := 0
	for seat := range 4 {
		code, body := r.do(http.MethodGet, "/api/ai/rooms/"+c.RoomID+"/observe?seat="+strconv.Itoa(seat), c.Tokens[seat], nil)
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
				t.Errorf("seat %d: deadlineAt %q not read from %s", seat, req.deadlineAt, trim(body))
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
