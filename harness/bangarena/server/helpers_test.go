package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/schemas"
)

// testWait bounds every wait of a test on wall-clock time.
const testWait = 3 * time.Minute

var (
	schemaOnce sync.Once
	schemaSet  *schemas.Set
	schemaErr  error
)

func compiledSchemas(t testing.TB) *schemas.Set {
	t.Helper()
	schemaOnce.Do(func() { schemaSet, schemaErr = schemas.Compile() })
	if schemaErr != nil {
		t.Fatalf("schemas: %v", schemaErr)
	}
	return schemaSet
}

// checkSchema validates a response body against a BangArena schema kind.
func checkSchema(t testing.TB, kind string, body []byte) {
	t.Helper()
	if err := schemas.Err(compiledSchemas(t).Validate("bangarena", kind, body)); err != nil {
		t.Fatalf("%s does not match its schema: %v\n%s", kind, err, truncate(body))
	}
}

func truncate(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}

// fixture is a server on a real loopback socket.
type fixture struct {
	t    testing.TB
	s    *Server
	http *httptest.Server
	base string
}

func newFixture(t testing.TB, opts Options) *fixture {
	t.Helper()
	return newFixtureWith(t, opts, nil)
}

// newFixtureWith lets prepare change the server before its handler is
// built (e.g. the MCP implementation).
func newFixtureWith(t testing.TB, opts Options, prepare func(*Server)) *fixture {
	t.Helper()
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	if prepare != nil {
		prepare(s)
	}
	hs := httptest.NewServer(s.Handler())
	f := &fixture{t: t, s: s, http: hs, base: hs.URL}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), testWait)
		defer cancel()
		if err := s.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		hs.Close()
	})
	return f
}

// do sends a request and returns status and body.
func (f *fixture) do(method, path, token string, body []byte) (int, []byte) {
	f.t.Helper()
	req, err := http.NewRequest(method, f.base+path, bytes.NewReader(body))
	if err != nil {
		f.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("x-agent-token", token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := f.http.Client().Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		f.t.Fatal(err)
	}
	return resp.StatusCode, b
}

func (f *fixture) create(cfg RoomConfig) Created {
	f.t.Helper()
	b, _ := json.Marshal(cfg)
	st, body := f.do("POST", "/api/ai/rooms", "", b)
	if st != http.StatusOK {
		f.t.Fatalf("create room: have %d %s, want 200", st, body)
	}
	var c Created
	if err := json.Unmarshal(body, &c); err != nil {
		f.t.Fatal(err)
	}
	return c
}

// wire is the decoded shape of a Request as a client sees it.
type wire struct {
	MatchID            string            `json:"matchId"`
	SeatID             int               `json:"seatId"`
	DecisionID         *string           `json:"decisionId"`
	ObservationVersion int               `json:"observationVersion"`
	DeadlineAt         *string           `json:"deadlineAt"`
	Observation        ref.PlayerView    `json:"observation"`
	LegalActions       []ref.LegalAction `json:"legalActions"`
	LegalMask          []ref.LegalAction `json:"legal_mask"`
}

func (f *fixture) observe(room string, seat int, token string) (int, wire, []byte) {
	f.t.Helper()
	st, body := f.do("GET", "/api/ai/rooms/"+room+"/observe?seat="+strconv.Itoa(seat), token, nil)
	var w wire
	if st == http.StatusOK {
		if err := json.Unmarshal(body, &w); err != nil {
			f.t.Fatalf("observe: %v\n%s", err, truncate(body))
		}
	}
	return st, w, body
}

func (f *fixture) post(room string, token string, d any) (int, map[string]any, []byte) {
	f.t.Helper()
	b, err := json.Marshal(d)
	if err != nil {
		f.t.Fatal(err)
	}
	st, body := f.do("POST", "/api/ai/rooms/"+room+"/decision", token, b)
	var m map[string]any
	_ = json.Unmarshal(body, &m)
	return st, m, body
}

func (f *fixture) status(room string) RoomStatus {
	f.t.Helper()
	st, ok := f.s.Status(room)
	if !ok {
		f.t.Fatalf("no room %s", room)
	}
	return st
}

// decision builds a decision body.
func decision(seat int, actionID, commandID string, version int) map[string]any {
	return map[string]any{"seat": seat, "actionId": actionID, "commandId": commandID, "observationVersion": version}
}

// waitDecider polls until one of the agent seats has a pending decision and
// returns it with its request.
func (f *fixture) waitDecider(c Created) (int, wire) {
	f.t.Helper()
	end := time.Now().Add(testWait)
	for time.Now().Before(end) {
		for seat, tok := range c.Tokens {
			st, w, body := f.observe(c.RoomID, seat, tok)
			if st != http.StatusOK {
				f.t.Fatalf("observe seat %d: %d %s", seat, st, body)
			}
			if len(w.LegalActions) > 0 {
				return seat, w
			}
		}
		if f.status(c.RoomID).Ended {
			f.t.Fatalf("room %s ended before an agent decision", c.RoomID)
		}
		time.Sleep(time.Millisecond)
	}
	f.t.Fatal("no agent decision within the test wait")
	return -1, wire{}
}

func actionIDs(l []ref.LegalAction) map[string]bool {
	m := map[string]bool{}
	for _, a := range l {
		m[a.ActionID] = true
	}
	return m
}

// checkNoLeak fails when a request shows another seat's hand cards or a
// hidden role of a living seat before the end.
func checkNoLeak(t testing.TB, w wire, seat int) {
	t.Helper()
	for _, p := range w.Observation.Players {
		if p.Seat == seat {
			continue
		}
		for _, c := range p.Hand {
			if c.UID != "" || c.CardID != "" || c.Suit != "" || c.Rank != "" {
				t.Fatalf("seat %d sees a card of seat %d's hand: %+v", seat, p.Seat, c)
			}
		}
		if p.RoleID != nil && *p.RoleID != ref.RoleMarshal && p.Alive && w.Observation.Phase != ref.PhaseEnded {
			t.Fatalf("seat %d sees the hidden role %q of living seat %d", seat, *p.RoleID, p.Seat)
		}
	}
}

func cmdID(seat, n int) string { return fmt.Sprintf("c-%d-%d", seat, n) }

// faultMatch plays match i of 8 classic seats, with the characters dealt in
// turn, through the engine with the deviations of devs on (as the server
// passes them), choosing at random from the PCG stream (i, stream), and
// returns its log. The seed is prefix-i.
func faultMatch(t *testing.T, prefix string, stream uint64, i int, devs faultSet) []ref.Event {
	t.Helper()
	chars := make([]string, 8)
	for s := range chars {
		chars[s] = fmt.Sprintf("char_%02d", (i*8+s)%16+1)
	}
	g, err := ref.NewGame(ref.Config{Seats: 8, RoleMode: ref.ModeClassic, Characters: chars, Deviations: devs.deviations()}, fmt.Sprintf("%s-%d", prefix, i))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(i), stream))
	for range 5000 {
		if _, ok := g.PlayRandom(rng); !ok {
			break
		}
	}
	return g.Log()
}
