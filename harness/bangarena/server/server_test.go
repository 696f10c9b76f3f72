package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// playAgent plays seat with uniformly random legal items until the match
// is over, checking every answer it gets. It returns the number of
// decisions it made.
func playAgent(t *testing.T, f *fixture, room string, seat int, token string, seed uint64) int {
	rng := rand.New(rand.NewPCG(seed, 1))
	made := 0
	end := time.Now().Add(testWait)
	for time.Now().Before(end) {
		st, w, body := f.observe(room, seat, token)
		if st != http.StatusOK {
			t.Errorf("observe seat %d: have %d %s, want 200", seat, st, body)
			return made
		}
		checkSchema(t, "decision_request", body)
		checkNoLeak(t, w, seat)
		if w.Observation.Phase == ref.PhaseEnded {
			return made
		}
		if len(w.LegalActions) == 0 {
			if w.DecisionID != nil || w.DeadlineAt != nil {
				t.Errorf("seat %d: empty legalActions with decisionId %v deadlineAt %v", seat, w.DecisionID, w.DeadlineAt)
			}
			time.Sleep(time.Millisecond)
			continue
		}
		if w.DecisionID == nil || w.DeadlineAt == nil {
			t.Errorf("seat %d: a decision without decisionId or deadlineAt", seat)
		}
		if len(w.LegalMask) != len(w.LegalActions) {
			t.Errorf("legal_mask has %d items, legalActions %d", len(w.LegalMask), len(w.LegalActions))
		}
		a := w.LegalActions[rng.IntN(len(w.LegalActions))]
		made++
		st, m, body := f.post(room, token, decision(seat, a.ActionID, cmdID(seat, made), w.ObservationVersion))
		switch st {
		case http.StatusOK:
			checkSchema(t, "decision_answer", body)
			if m["random"] == true || m["duplicate"] == true {
				t.Errorf("a legal answer came back %s", body)
			}
		case http.StatusConflict: // the deadline passed meanwhile: the server answered
			checkSchema(t, "error", body)
		default:
			t.Errorf("decision %s: have %d %s", a.ActionID, st, body)
			return made
		}
	}
	t.Errorf("seat %d: the match did not end within the test wait", seat)
	return made
}

func TestFullRoomWithRESTAgents(t *testing.T) {
	for _, tc := range []struct {
		name   string
		seats  int
		agents []int
		mode   string
	}{
		{"one agent, 6 seats", 6, []int{2}, ref.ModeClassic},
		{"two agents, 5 seats impostor", 5, []int{0, 3}, ref.ModeImpostor},
		{"two agents, 4 seats legacy", 4, []int{1, 2}, ref.ModeLegacy},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, Options{})
			c := f.create(RoomConfig{Seats: tc.seats, RoleMode: tc.mode, Seed: "full-" + tc.name, Agents: tc.agents, DeadlineMs: 30000})
			if len(c.Tokens) != len(tc.agents) {
				t.Fatalf("tokens: have %v, want one per agent seat %v", c.Tokens, tc.agents)
			}
			// The log is 409 not_ended (retryable) before the end.
			st, body := f.do("GET", "/api/ai/rooms/"+c.RoomID+"/log", "", nil)
			if st != http.StatusConflict || !strings.Contains(string(body), CodeNotEnded) || !strings.Contains(string(body), `"retryable":true`) {
				t.Fatalf("log before the end: have %d %s, want 409 not_ended retryable", st, body)
			}
			var wg sync.WaitGroup
			for seat, tok := range c.Tokens {
				wg.Add(1)
				go func() {
					defer wg.Done()
					playAgent(t, f, c.RoomID, seat, tok, uint64(seat)+7)
				}()
			}
			wg.Wait()
			ctx, cancel := context.WithTimeout(context.Background(), testWait)
			defer cancel()
			if err := f.s.Wait(ctx, c.RoomID); err != nil {
				t.Fatal(err)
			}
			rs := f.status(c.RoomID)
			if !rs.Ended || rs.Phase != ref.PhaseEnded || rs.WinnerTeam == "" {
				t.Fatalf("status after the match: %+v", rs)
			}
			// The log is served and re-simulates to the same end.
			st, body = f.do("GET", "/api/ai/rooms/"+c.RoomID+"/log", "", nil)
			if st != http.StatusOK {
				t.Fatalf("log after the end: have %d %s", st, body)
			}
			var events []ref.Event
			sc := bufio.NewScanner(bytes.NewReader(body))
			sc.Buffer(nil, MaxBodyBytes)
			for sc.Scan() {
				var e ref.Event
				if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
					t.Fatalf("log line %q: %v", sc.Text(), err)
				}
				events = append(events, e)
			}
			if len(events) == 0 || events[0].Type != "match_start" || events[len(events)-1].Type != "game_over" {
				t.Fatalf("log: %d events, first %q, last %q", len(events), events[0].Type, events[len(events)-1].Type)
			}
			g, err := ref.Replay(ref.Config{Seats: tc.seats, RoleMode: tc.mode, MatchID: rs.MatchID}, rs.Seed, ref.DecisionsOf(events))
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			team, seats := g.Winners()
			if !g.Over() || team != rs.WinnerTeam || len(seats) != len(rs.WinnerSeats) || g.Version() != rs.Version {
				t.Fatalf("replay ends %q %v v%d, the room %q %v v%d", team, seats, g.Version(), rs.WinnerTeam, rs.WinnerSeats, rs.Version)
			}
		})
	}
}

// agentsRoom makes a room where every seat is an agent, so every decision
// waits for the test.
func agentsRoom(t *testing.T, f *fixture, cfg RoomConfig) Created {
	t.Helper()
	if cfg.Seats == 0 {
		cfg.Seats = 4
	}
	if cfg.Seed == "" {
		cfg.Seed = t.Name()
	}
	cfg.Agents = nil
	for s := 0; s < cfg.Seats; s++ {
		cfg.Agents = append(cfg.Agents, s)
	}
	if cfg.DeadlineMs == 0 {
		cfg.DeadlineMs = 600000
	}
	return f.create(cfg)
}

func TestReaskThenRandom(t *testing.T) {
	f := newFixture(t, Options{})
	c := agentsRoom(t, f, RoomConfig{})
	seat, w := f.waitDecider(c)
	tok := c.Tokens[seat]
	st, m, body := f.post(c.RoomID, tok, decision(seat, "not-an-action", "c1", w.ObservationVersion))
	if st != http.StatusBadRequest || !strings.Contains(string(body), `"reask":true`) {
		t.Fatalf("first illegal answer: have %d %s, want 400 reask", st, body)
	}
	checkSchema(t, "error", body)
	if v := f.status(c.RoomID).Version; v != w.ObservationVersion {
		t.Fatalf("a reask changed the state: version %d → %d", w.ObservationVersion, v)
	}
	// The same commandId may be sent again after a reask (not stored).
	st, m, body = f.post(c.RoomID, tok, decision(seat, "still-not", "c1", w.ObservationVersion))
	if st != http.StatusOK || m["random"] != true || m["requestedActionId"] != "still-not" {
		t.Fatalf("second illegal answer: have %d %s, want 200 random", st, body)
	}
	checkSchema(t, "decision_answer", body)
	if rb, _ := m["replacedBy"].(string); !actionIDs(w.LegalActions)[rb] {
		t.Fatalf("replacedBy %q is not an item of legalActions", rb)
	}
	if v := f.status(c.RoomID).Version; v != w.ObservationVersion+1 {
		t.Fatalf("version after the replacement: have %d, want %d", v, w.ObservationVersion+1)
	}
}

func TestSeatPolicies(t *testing.T) {
	for _, tc := range []struct {
		policy string
		flag   string
	}{
		{PolicyRandom, "random"},
		{PolicySkip, "skipped"},
	} {
		t.Run(tc.policy, func(t *testing.T) {
			f := newFixture(t, Options{})
			c := agentsRoom(t, f, RoomConfig{Policy: tc.policy})
			seat, w := f.waitDecider(c)
			r := f.s.room(c.RoomID)
			r.mu.Lock()
			def, _ := r.g.DefaultAction(seat)
			r.mu.Unlock()
			st, m, body := f.post(c.RoomID, c.Tokens[seat], decision(seat, "bogus", "c1", w.ObservationVersion))
			if st != http.StatusOK || m[tc.flag] != true || m["requestedActionId"] != "bogus" {
				t.Fatalf("illegal answer under %s: have %d %s", tc.policy, st, body)
			}
			checkSchema(t, "decision_answer", body)
			rb, _ := m["replacedBy"].(string)
			if !actionIDs(w.LegalActions)[rb] {
				t.Fatalf("replacedBy %q is not legal", rb)
			}
			if tc.policy == PolicySkip && rb != def.ActionID {
				t.Fatalf("skip replaced by %q, want the default answer %q", rb, def.ActionID)
			}
		})
	}
}

func TestDuplicateCommandID(t *testing.T) {
	f := newFixture(t, Options{})
	c := agentsRoom(t, f, RoomConfig{})
	seat, w := f.waitDecider(c)
	d := decision(seat, w.LegalActions[0].ActionID, "same", w.ObservationVersion)
	st, first, body := f.post(c.RoomID, c.Tokens[seat], d)
	if st != http.StatusOK || first["duplicate"] != nil {
		t.Fatalf("first: have %d %s", st, body)
	}
	v := f.status(c.RoomID).Version
	st, again, body := f.post(c.RoomID, c.Tokens[seat], d)
	if st != http.StatusOK || again["duplicate"] != true || again["observationVersion"] != first["observationVersion"] {
		t.Fatalf("repeat: have %d %s, want 200 duplicate with observationVersion %v", st, body, first["observationVersion"])
	}
	checkSchema(t, "decision_answer", body)
	if v2 := f.status(c.RoomID).Version; v2 != v {
		t.Fatalf("a duplicate changed the state: %d → %d", v, v2)
	}
}

func TestStaleVersion(t *testing.T) {
	f := newFixture(t, Options{})
	c := agentsRoom(t, f, RoomConfig{})
	seat, w := f.waitDecider(c)
	for _, key := range []string{"observationVersion", "basedOnVersion"} {
		d := map[string]any{"seat": seat, "actionId": w.LegalActions[0].ActionID, "commandId": "stale-" + key, key: w.ObservationVersion - 1}
		st, _, body := f.post(c.RoomID, c.Tokens[seat], d)
		if st != http.StatusConflict || !strings.Contains(string(body), CodeStale) || !strings.Contains(string(body), `"retryable":true`) {
			t.Fatalf("%s stale: have %d %s, want 409 stale_version", key, st, body)
		}
		checkSchema(t, "error", body)
	}
	if v := f.status(c.RoomID).Version; v != w.ObservationVersion {
		t.Fatalf("stale answers changed the state: %d → %d", w.ObservationVersion, v)
	}
}

func TestTokens(t *testing.T) {
	f := newFixture(t, Options{})
	c := agentsRoom(t, f, RoomConfig{})
	seat, w := f.waitDecider(c)
	other := (seat + 1) % 4
	d := decision(seat, w.LegalActions[0].ActionID, "tok", w.ObservationVersion)
	for _, tc := range []struct {
		name  string
		token string
		want  int
	}{
		{"missing", "", http.StatusUnauthorized},
		{"wrong", "0123456789abcdef", http.StatusUnauthorized},
		{"another seat's", c.Tokens[other], http.StatusForbidden},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, _, body := f.post(c.RoomID, tc.token, d)
			if st != tc.want {
				t.Fatalf("decision: have %d %s, want %d", st, body, tc.want)
			}
			checkSchema(t, "error", body)
			st, _, body = f.observe(c.RoomID, seat, tc.token)
			if st != tc.want {
				t.Fatalf("observe: have %d %s, want %d", st, body, tc.want)
			}
			if v := f.status(c.RoomID).Version; v != w.ObservationVersion {
				t.Fatalf("a rejected token changed the state: %d → %d", w.ObservationVersion, v)
			}
		})
	}
	// The commandId was never stored: the right token applies it now.
	if st, m, body := f.post(c.RoomID, c.Tokens[seat], d); st != http.StatusOK || m["duplicate"] != nil {
		t.Fatalf("right token: have %d %s", st, body)
	}
}

func TestNoDecisionPending(t *testing.T) {
	f := newFixture(t, Options{})
	c := agentsRoom(t, f, RoomConfig{})
	seat, w := f.waitDecider(c)
	other := (seat + 1) % 4
	st, ow, body := f.observe(c.RoomID, other, c.Tokens[other])
	if st != http.StatusOK || len(ow.LegalActions) != 0 || ow.DecisionID != nil || ow.DeadlineAt != nil {
		t.Fatalf("observe off turn: have %d %s, want empty legalActions, null decisionId", st, truncate(body))
	}
	checkSchema(t, "decision_request", body)
	st, _, body = f.post(c.RoomID, c.Tokens[other], decision(other, w.LegalActions[0].ActionID, "x", w.ObservationVersion))
	if st != http.StatusConflict || !strings.Contains(string(body), `"retryable":true`) || !strings.Contains(string(body), CodeNotPending) {
		t.Fatalf("decision off turn: have %d %s, want 409 retryable", st, body)
	}
	if v := f.status(c.RoomID).Version; v != w.ObservationVersion {
		t.Fatalf("an off-turn decision changed the state")
	}
}

func TestMalformedBodies(t *testing.T) {
	for _, fault := range []bool{false, true} {
		opts := Options{}
		want := http.StatusUnprocessableEntity
		if fault {
			opts.Faults = []Fault{Fault500OnMalformed}
			want = http.StatusInternalServerError
		}
		f := newFixture(t, opts)
		c := agentsRoom(t, f, RoomConfig{})
		seat, w := f.waitDecider(c)
		tok := c.Tokens[seat]
		act := w.LegalActions[0].ActionID
		v := w.ObservationVersion
		for _, tc := range []struct {
			name string
			body string
		}{
			{"empty", ``},
			{"truncated", `{"seat":`},
			{"array", `[1,2]`},
			{"null", `null`},
			{"string seat", `{"seat":"0","actionId":"` + act + `","commandId":"m","observationVersion":1}`},
			{"no actionId", `{"seat":0,"commandId":"m","observationVersion":1}`},
			{"no commandId", `{"seat":0,"actionId":"end_play","observationVersion":1}`},
			{"no version", `{"seat":0,"actionId":"end_play","commandId":"m"}`},
			{"versions disagree", `{"seat":0,"actionId":"end_play","commandId":"m","observationVersion":1,"basedOnVersion":2}`},
			{"args not an object", `{"seat":0,"actionId":"end_play","commandId":"m","observationVersion":1,"args":[1]}`},
			{"two values", `{"seat":0,"actionId":"end_play","commandId":"m","observationVersion":1} {}`},
			{"too large", `{"seat":0,"actionId":"end_play","commandId":"` + strings.Repeat("x", MaxBodyBytes) + `","observationVersion":1}`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				st, body := f.do("POST", "/api/ai/rooms/"+c.RoomID+"/decision", tok, []byte(tc.body))
				if st != want {
					t.Fatalf("have %d %s, want %d", st, truncate(body), want)
				}
				checkSchema(t, "error", body)
				if nv := f.status(c.RoomID).Version; nv != v {
					t.Fatalf("a malformed body changed the state: %d → %d", v, nv)
				}
			})
		}
	}
}

func TestBadRequests(t *testing.T) {
	f := newFixture(t, Options{})
	c := agentsRoom(t, f, RoomConfig{})
	for _, tc := range []struct {
		name, method, path, body string
		want                     int
	}{
		{"unknown room observe", "GET", "/api/ai/rooms/r-nope/observe?seat=0", "", http.StatusNotFound},
		{"unknown room decision", "POST", "/api/ai/rooms/r-nope/decision", `{"seat":0,"actionId":"a","commandId":"c","observationVersion":1}`, http.StatusNotFound},
		{"unknown room log", "GET", "/api/ai/rooms/r-nope/log", "", http.StatusNotFound},
		{"seat not a number", "GET", "/api/ai/rooms/" + c.RoomID + "/observe?seat=x", "", http.StatusUnprocessableEntity},
		{"seat out of range", "GET", "/api/ai/rooms/" + c.RoomID + "/observe?seat=9", "", http.StatusUnprocessableEntity},
		{"bad room config", "POST", "/api/ai/rooms", `{"seats":3}`, http.StatusUnprocessableEntity},
		{"agent seat twice", "POST", "/api/ai/rooms", `{"seats":4,"agents":[1,1]}`, http.StatusUnprocessableEntity},
		{"unknown policy", "POST", "/api/ai/rooms", `{"seats":4,"agents":[1],"policy":"lenient"}`, http.StatusUnprocessableEntity},
		{"unknown adversary", "POST", "/api/ai/rooms", `{"seats":4,"adversaries":["genius"]}`, http.StatusUnprocessableEntity},
		{"unknown role mode", "POST", "/api/ai/rooms", `{"seats":4,"roleMode":"chaos"}`, http.StatusUnprocessableEntity},
		{"room config not JSON", "POST", "/api/ai/rooms", `{`, http.StatusUnprocessableEntity},
		{"unknown path", "GET", "/api/nothing", "", http.StatusNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b []byte
			if tc.body != "" {
				b = []byte(tc.body)
			}
			st, body := f.do(tc.method, tc.path, "tok", b)
			if st != tc.want {
				t.Fatalf("have %d %s, want %d", st, body, tc.want)
			}
			checkSchema(t, "error", body)
		})
	}
}

func TestDeadlineDefaultAnswer(t *testing.T) {
	clock := NewFakeClock(time.Date(2026, 10, 9, 12, 0, 0, 0, time.UTC))
	f := newFixture(t, Options{Clock: clock})
	c := agentsRoom(t, f, RoomConfig{DeadlineMs: 1500})
	for i := 0; i < 5; i++ {
		seat, w := f.waitDecider(c)
		if want := "2026-10-09T12:00:"; w.DeadlineAt == nil || !strings.HasPrefix(*w.DeadlineAt, want) || !strings.HasSuffix(*w.DeadlineAt, "Z") || len(*w.DeadlineAt) != len("2026-10-09T12:00:01.500Z") {
			t.Fatalf("deadlineAt %v: want ISO 8601 UTC with milliseconds", w.DeadlineAt)
		}
		r := f.s.room(c.RoomID)
		r.mu.Lock()
		def, _ := r.g.DefaultAction(seat)
		r.mu.Unlock()
		waitFor(t, func() bool { return clock.Pending() > 0 })
		clock.Advance(1499 * time.Millisecond)
		time.Sleep(5 * time.Millisecond)
		if v := f.status(c.RoomID).Version; v != w.ObservationVersion {
			t.Fatalf("answered before the deadline")
		}
		clock.Advance(time.Millisecond)
		waitFor(t, func() bool { return f.status(c.RoomID).Version > w.ObservationVersion })
		r.mu.Lock()
		log := r.g.Log()
		r.mu.Unlock()
		var last ref.Event
		for _, e := range log {
			if e.Type == "decision" {
				last = e
			}
		}
		if last.Seat != seat || last.ActionID != def.ActionID {
			t.Fatalf("timeout answer: have seat %d %q, want seat %d default %q", last.Seat, last.ActionID, seat, def.ActionID)
		}
		if got := f.status(c.RoomID).Timeouts; got != i+1 {
			t.Fatalf("timeouts: have %d, want %d", got, i+1)
		}
	}
}

func TestPauseBetweenDecisions(t *testing.T) {
	clock := NewFakeClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	f := newFixture(t, Options{Clock: clock, Pause: time.Second})
	c := agentsRoom(t, f, RoomConfig{})
	r := f.s.room(c.RoomID)
	r.mu.Lock()
	seat, _ := r.g.Decider()
	version := r.g.Version()
	r.mu.Unlock()
	st, w, body := f.observe(c.RoomID, seat, c.Tokens[seat])
	if st != http.StatusOK || len(w.LegalActions) != 0 || w.DecisionID != nil {
		t.Fatalf("observe during the pause: have %d %s", st, truncate(body))
	}
	st, _, body = f.post(c.RoomID, c.Tokens[seat], decision(seat, "end_play", "p", version))
	if st != http.StatusConflict || !strings.Contains(string(body), `"retryable":true`) {
		t.Fatalf("decision during the pause: have %d %s, want 409 retryable", st, body)
	}
	waitFor(t, func() bool { return clock.Pending() > 0 })
	clock.Advance(time.Second)
	waitFor(t, func() bool {
		_, w, _ := f.observe(c.RoomID, seat, c.Tokens[seat])
		return len(w.LegalActions) > 0
	})
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	end := time.Now().Add(testWait)
	for !cond() {
		if time.Now().After(end) {
			t.Fatal("condition not met within the test wait")
		}
		time.Sleep(200 * time.Microsecond)
	}
}

func TestRulesSummary(t *testing.T) {
	f := newFixture(t, Options{})
	st, body := f.do("GET", "/api/arena/rules", "", nil)
	if st != http.StatusOK {
		t.Fatalf("have %d", st)
	}
	checkSchema(t, "rules_summary", body)
	var s Summary
	if err := json.Unmarshal(body, &s); err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, c := range s.Cards {
		if c.Copies == 0 {
			t.Errorf("card %s has no copies in the engine's deck", c.CardID)
		}
		total += c.Copies
	}
	if total != len(ref.Deck()) || total != 80 {
		t.Fatalf("card copies sum to %d, the deck has %d", total, len(ref.Deck()))
	}
	if len(s.Characters) != 16 || len(s.Commands) != 24 || len(s.Roles) != 5 {
		t.Fatalf("characters %d, commands %d, roles %d", len(s.Characters), len(s.Commands), len(s.Roles))
	}
	if len(s.Rules) == 0 {
		t.Fatal("no catalogue rules in the summary")
	}
	for _, r := range s.Rules {
		if !strings.HasPrefix(r.ID, "bangarena/") {
			t.Fatalf("rule %s is not a BangArena rule", r.ID)
		}
	}
}

func TestManyRoomsAtOnce(t *testing.T) {
	f := newFixture(t, Options{})
	var ids []string
	for i := 0; i < 50; i++ {
		c := f.create(RoomConfig{Seats: 4 + i%5, Seed: "many-" + string(rune('a'+i%26)) + string(rune('a'+i/26)), Adversaries: []string{KindRandom, "heuristic", KindPassive}})
		ids = append(ids, c.RoomID)
	}
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	for _, id := range ids {
		if err := f.s.Wait(ctx, id); err != nil {
			t.Fatalf("room %s: %v", id, err)
		}
		if st := f.status(id); !st.Ended || st.Phase != ref.PhaseEnded {
			t.Fatalf("room %s: %+v", id, st)
		}
	}
}

func TestShutdownLeavesNoGoroutine(t *testing.T) {
	before := goroutines()
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		// Agent seats that never answer: the rooms wait on their deadlines.
		if _, err := s.CreateRoom(RoomConfig{Seats: 5, Agents: []int{0, 1, 2, 3, 4}, DeadlineMs: 600000}); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 5; i++ {
		if _, err := s.CreateRoom(RoomConfig{Seats: 6}); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	if err := s.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	for _, id := range s.Rooms() {
		if st, _ := s.Status(id); !st.Ended {
			t.Fatalf("room %s still running after Shutdown", id)
		}
	}
	if _, err := s.CreateRoom(RoomConfig{Seats: 4}); err != ErrClosed {
		t.Fatalf("CreateRoom after Shutdown: have %v, want ErrClosed", err)
	}
	end := time.Now().Add(10 * time.Second)
	for goroutines() > before {
		if time.Now().After(end) {
			t.Fatalf("goroutines: %d before, %d after Shutdown", before, goroutines())
		}
		time.Sleep(time.Millisecond)
	}
}

func TestCreateRoomTokensAreRandomAndDistinct(t *testing.T) {
	f := newFixture(t, Options{})
	seen := map[string]bool{}
	for i := 0; i < 5; i++ {
		c := f.create(RoomConfig{Seats: 8, Agents: []int{0, 1, 2, 3, 4, 5, 6, 7}, Seed: "same"})
		if seen[c.RoomID] {
			t.Fatalf("room id %s repeated", c.RoomID)
		}
		seen[c.RoomID] = true
		for seat, tok := range c.Tokens {
			if len(tok) < 32 || seen[tok] {
				t.Fatalf("seat %d token %q is short or repeated", seat, tok)
			}
			seen[tok] = true
		}
	}
}

func TestAdversaryKinds(t *testing.T) {
	kinds := AdversaryKinds()
	for _, want := range []string{KindRandom, "heuristic", KindPassive} {
		if _, err := Adversaries(want, 1); err != nil {
			t.Errorf("Adversaries(%q): %v", want, err)
		}
		found := false
		for _, k := range kinds {
			found = found || k == want
		}
		if !found {
			t.Errorf("AdversaryKinds() = %v lacks %q", kinds, want)
		}
	}
	if _, err := Adversaries("genius", 1); err == nil {
		t.Fatal("an unknown adversary was accepted")
	}
	if _, err := New(Options{DefaultAdversaries: []string{"genius"}}); err == nil {
		t.Fatal("New accepted an unknown default adversary")
	}
	// A heuristic-only table plays to the end.
	s, err := New(Options{DefaultAdversaries: []string{"heuristic"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	c, err := s.CreateRoom(RoomConfig{Seats: 7, RoleMode: "impostor", Seed: "heuristic"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	if err := s.Wait(ctx, c.RoomID); err != nil {
		t.Fatal(err)
	}
	st, _ := s.Status(c.RoomID)
	if st.WinnerTeam == "" || st.Adversaries[0] != "heuristic" {
		t.Fatalf("status: %+v", st)
	}
}

// recorder is a scripted player that records whether it saw a view.
type recorder struct {
	view     bool
	mu       *sync.Mutex
	sawView  *int
	sawEmpty *int
}

func (p recorder) NeedsObservation() bool { return p.view }

func (p recorder) Decide(req *ref.DecisionRequest) (string, json.RawMessage) {
	p.mu.Lock()
	if len(req.Observation.Players) > 0 {
		*p.sawView++
	} else {
		*p.sawEmpty++
	}
	p.mu.Unlock()
	return req.LegalActions[0].ActionID, nil
}

func TestScriptedRequestsHonourNeedsObservation(t *testing.T) {
	for _, view := range []bool{true, false} {
		var mu sync.Mutex
		var withView, without int
		s, err := New(Options{Players: func(string, int64) (Player, error) {
			return recorder{view: view, mu: &mu, sawView: &withView, sawEmpty: &without}, nil
		}, MaxDecisions: 300})
		if err != nil {
			t.Fatal(err)
		}
		c, err := s.CreateRoom(RoomConfig{Seats: 4, Seed: "needs"})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), testWait)
		if err := s.Wait(ctx, c.RoomID); err != nil {
			t.Fatal(err)
		}
		cancel()
		_ = s.Shutdown(context.Background())
		mu.Lock()
		if view && (withView == 0 || without != 0) || !view && (without == 0 || withView != 0) {
			t.Fatalf("needs view %v: %d requests with a view, %d without", view, withView, without)
		}
		mu.Unlock()
	}
}

func TestRoomStatusRevealsSeedOnlyAtTheEnd(t *testing.T) {
	f := newFixture(t, Options{})
	live := agentsRoom(t, f, RoomConfig{Seed: "secret-live"})
	st, body := f.do("GET", "/api/ai/rooms/"+live.RoomID, "", nil)
	if st != http.StatusOK || strings.Contains(string(body), "secret-live") || !strings.Contains(string(body), `"ended":false`) {
		t.Fatalf("live status: %d %s", st, body)
	}
	done := f.create(RoomConfig{Seats: 4, Seed: "secret-done"})
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	if err := f.s.Wait(ctx, done.RoomID); err != nil {
		t.Fatal(err)
	}
	st, body = f.do("GET", "/api/ai/rooms/"+done.RoomID, "", nil)
	if st != http.StatusOK || !strings.Contains(string(body), `"seed":"secret-done"`) {
		t.Fatalf("ended status: %d %s", st, body)
	}
	resp, err := f.http.Client().Get(f.base + "/api/ai/rooms/" + done.RoomID + "/log")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("Umpire-Seed") != "secret-done" || !strings.Contains(resp.Header.Get("Umpire-Config"), `"seats":4`) {
		t.Fatalf("log headers: %v", resp.Header)
	}
	if st, body := f.do("GET", "/api/ai/rooms/r-none", "", nil); st != http.StatusNotFound {
		t.Fatalf("unknown room status: %d %s", st, body)
	}
}
