package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

func TestParseFaults(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []Fault
		err      bool
	}{
		{"empty", "", nil, false},
		{"one", "leak-hand", []Fault{FaultLeakHand}, false},
		{"blanks and repeats", " leak-hand , accept-stale,leak-hand,", []Fault{FaultLeakHand, FaultAcceptStale}, false},
		{"unknown", "leak-hand,make-coffee", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseFaults(tc.in)
			if (err != nil) != tc.err {
				t.Fatalf("error: have %v, want error %v", err, tc.err)
			}
			if strings.Join(faultStrings(got), ",") != strings.Join(faultStrings(tc.want), ",") {
				t.Fatalf("have %v, want %v", got, tc.want)
			}
		})
	}
}

func faultStrings(fs []Fault) []string {
	var s []string
	for _, f := range fs {
		s = append(s, string(f))
	}
	return s
}

func TestFaultsFromEnv(t *testing.T) {
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == FaultsEnv {
				return v
			}
			return ""
		}
	}
	for _, tc := range []struct {
		name   string
		value  string
		unsafe bool
		want   int
		err    bool
	}{
		{"nothing", "", false, 0, false},
		{"env without the flag", "leak-hand", false, 0, true},
		{"flag without the env", "", true, 0, true},
		{"both", "leak-hand,leak-role", true, 2, false},
		{"both, unknown name", "leak-everything", true, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FaultsFromEnv(env(tc.value), tc.unsafe)
			if (err != nil) != tc.err || len(got) != tc.want {
				t.Fatalf("have %v, %v; want %d faults, error %v", got, err, tc.want, tc.err)
			}
		})
	}
	if _, err := New(Options{Faults: []Fault{"typo"}}); err == nil {
		t.Fatal("New accepted an unknown fault")
	}
}

func TestFaultListNamesRules(t *testing.T) {
	// Each fault names the catalogue rule it breaks.
	want := map[Fault]string{
		FaultSkipReask:            "bangarena/server.reask",
		FaultLeakHand:             "bangarena/11.redaction",
		FaultLeakRole:             "bangarena/11.redaction",
		FaultJailMarshal:          "bangarena/5.jail",
		FaultIgnoreDeadline:       "bangarena/14.default-action",
		FaultNoDuplicate:          "bangarena/server.duplicate-command",
		FaultAcceptStale:          "bangarena/server.stale-version",
		FaultStaleApplied:         "bangarena/server.stale-version",
		FaultAcceptFuture:         "bangarena/server.future-version",
		FaultWrongTokenAccepted:   "bangarena/server.token",
		Fault500OnMalformed:       "bangarena/server.malformed-body",
		FaultAnswerWithoutVersion: "bangarena/server.answer-shape",
		FaultLogDropsDecision:     "bangarena/server.replay",
		FaultMCPMissingTool:       "bangarena/server.mcp-tools",
	}
	for f, r := range ruleFaultRules() {
		want[f] = r
	}
	for f, r := range recipeFaultRules() {
		want[f] = r
	}
	for f, r := range mcpFaultRules() {
		want[f] = r
	}
	for f, r := range fairFaultRules() {
		want[f] = r
	}
	want[FaultRolesHiddenAtEnd] = "bangarena/11.redaction"
	want[FaultSevenSeatsOneAide] = "bangarena/2.role-distribution"
	want[FaultPackHashOther] = "bangarena/12.pack-hash"
	want[FaultBasedOnIgnored] = "bangarena/server.based-on-version"
	want[FaultVersionMismatch] = "bangarena/11.version"
	want[FaultDeadlineNullPending] = "bangarena/12.deadline-at"
	want[FaultRelayMessage] = "bangarena/1.no-free-text"
	for f, r := range gloryFaultRules() {
		want[f] = r
	}
	for f, r := range timeoutFaultRules() {
		want[f] = r
	}
	for f, r := range setupFaultRules() {
		want[f] = r
	}
	for f, r := range cardFaultRules() {
		want[f] = r
	}
	for f, r := range effectFaultRules() {
		want[f] = r
	}
	for f, r := range charFaultRules() {
		want[f] = r
	}
	for _, fi := range FaultList() {
		if fi.Ref == "" || fi.Breaks == "" {
			t.Errorf("%s: no reference or description", fi.Name)
		}
		if w, ok := want[fi.Name]; !ok || fi.Rule != w {
			t.Errorf("%s breaks %q, want %q", fi.Name, fi.Rule, w)
		}
	}
	if n := 41 + len(setupFaults()) + len(cardFaults()) + len(gloryFaults()) + len(charFaults()) + len(effectFaults()) + len(mcpFaults()) + len(fairFaults()) + len(revealFaults()) + len(sizeFaults()) + len(packFaults()) + len(basedOnFaults()) + len(versionFaults()) + len(deadlineFaults()) + len(relayFaults()) + len(timeoutFaults()); len(FaultList()) != n {
		t.Fatalf("%d faults, want %d", len(FaultList()), n)
	}
}

// TestEachFaultBreaksItsBehaviour switches each fault on and observes the
// one behaviour it breaks (the same probe without the fault is covered by
// the protocol tests).
func TestEachFaultBreaksItsBehaviour(t *testing.T) {
	for _, tc := range []struct {
		fault Fault
		probe func(t *testing.T, f *fixture, c Created, seat int, w wire) bool // true: broken as expected
	}{
		{FaultSkipReask, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			st, m, _ := f.post(c.RoomID, c.Tokens[seat], decision(seat, "bogus", "c1", w.ObservationVersion))
			return st == http.StatusOK && m["random"] == true
		}},
		{FaultNoDuplicate, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			d := decision(seat, w.LegalActions[0].ActionID, "c1", w.ObservationVersion)
			if st, _, body := f.post(c.RoomID, c.Tokens[seat], d); st != http.StatusOK {
				t.Fatalf("first: %d %s", st, body)
			}
			_, m, _ := f.post(c.RoomID, c.Tokens[seat], d)
			return m["duplicate"] != true
		}},
		{FaultAcceptStale, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			st, _, _ := f.post(c.RoomID, c.Tokens[seat], decision(seat, w.LegalActions[0].ActionID, "c1", w.ObservationVersion-1))
			return st == http.StatusOK
		}},
		{FaultAcceptFuture, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			st, _, _ := f.post(c.RoomID, c.Tokens[seat], decision(seat, w.LegalActions[0].ActionID, "c0", w.ObservationVersion-1))
			if st == http.StatusOK {
				t.Fatalf("an older version was accepted")
			}
			st, _, _ = f.post(c.RoomID, c.Tokens[seat], decision(seat, w.LegalActions[0].ActionID, "c1", w.ObservationVersion+5))
			return st == http.StatusOK
		}},
		{FaultStaleApplied, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			st, _, _ := f.post(c.RoomID, c.Tokens[seat], decision(seat, w.LegalActions[0].ActionID, "c1", w.ObservationVersion-1))
			_, after, _ := f.observe(c.RoomID, seat, c.Tokens[seat])
			return st == http.StatusConflict && after.ObservationVersion != w.ObservationVersion
		}},
		{FaultLeakHand, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			for _, p := range w.Observation.Players {
				for _, card := range p.Hand {
					if p.Seat != seat && card.CardID != "" {
						return true
					}
				}
			}
			return false
		}},
		{FaultLeakRole, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			for _, p := range w.Observation.Players {
				if p.Seat != seat && p.RoleID != nil && *p.RoleID != ref.RoleMarshal {
					return true
				}
			}
			return false
		}},
		{FaultWrongTokenAccepted, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			other := c.Tokens[(seat+1)%4]
			st1, _, _ := f.observe(c.RoomID, seat, "wrong")
			st2, _, _ := f.post(c.RoomID, other, decision(seat, w.LegalActions[0].ActionID, "c1", w.ObservationVersion))
			return st1 == http.StatusOK && st2 == http.StatusOK
		}},
		{Fault500OnMalformed, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			st, _ := f.do("POST", "/api/ai/rooms/"+c.RoomID+"/decision", c.Tokens[seat], []byte(`{"seat":`))
			return st == http.StatusInternalServerError
		}},
		{FaultAnswerWithoutVersion, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			st, m, body := f.post(c.RoomID, c.Tokens[seat], decision(seat, w.LegalActions[0].ActionID, "c1", w.ObservationVersion))
			if st != http.StatusOK {
				t.Fatalf("decision: %d %s", st, body)
			}
			_, has := m["observationVersion"]
			return !has
		}},
		{FaultMCPMissingTool, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			rc := &rpcClient{f: f}
			_, m := rc.rpc(t, "tools/list", map[string]any{})
			return !bytes.Contains(m["result"], []byte(ToolSubmitDecision))
		}},
	} {
		t.Run(string(tc.fault), func(t *testing.T) {
			f := newFixture(t, Options{Faults: []Fault{tc.fault}})
			c := agentsRoom(t, f, RoomConfig{})
			seat, w := f.waitDecider(c)
			if !tc.probe(t, f, c, seat, w) {
				t.Fatalf("fault %s on, but its behaviour is not broken", tc.fault)
			}
		})
		t.Run(string(tc.fault)+" off", func(t *testing.T) {
			f := newFixture(t, Options{})
			c := agentsRoom(t, f, RoomConfig{})
			seat, w := f.waitDecider(c)
			if tc.probe(t, f, c, seat, w) {
				t.Fatalf("fault %s off, yet the behaviour is broken", tc.fault)
			}
		})
	}
}

func TestFaultIgnoreDeadline(t *testing.T) {
	for _, on := range []bool{false, true} {
		clock := NewFakeClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		opts := Options{Clock: clock}
		if on {
			opts.Faults = []Fault{FaultIgnoreDeadline}
		}
		f := newFixture(t, opts)
		c := agentsRoom(t, f, RoomConfig{DeadlineMs: 1000})
		_, w := f.waitDecider(c)
		time.Sleep(10 * time.Millisecond) // let the room goroutine reach its wait
		clock.Advance(time.Hour)
		answered := false
		end := time.Now().Add(200 * time.Millisecond)
		for time.Now().Before(end) && !answered {
			answered = f.status(c.RoomID).Version > w.ObservationVersion
			time.Sleep(time.Millisecond)
		}
		if answered == on {
			t.Fatalf("fault %v: answered at the deadline = %v", on, answered)
		}
	}
}

func TestFaultJailMarshal(t *testing.T) {
	// A crafted table: seat 1 holds a Jail in its play phase, seat 0 is the
	// Marshal. The fault adds the forbidden item; without it nothing changes.
	marshal := ref.RoleMarshal
	mk := func() ref.DecisionRequest {
		return ref.DecisionRequest{
			SeatID: 1,
			Observation: ref.PlayerView{Phase: ref.PhasePlay, You: 1, Players: []ref.PlayerInfo{
				{Seat: 0, Alive: true, RoleID: &marshal},
				{Seat: 1, Alive: true, Hand: []ref.HandCard{{UID: "jail_01", CardID: "jail", Suit: "hearts", Rank: "4"}}},
			}},
			LegalActions: []ref.LegalAction{{ActionID: "end_play", Command: "end_play"}},
		}
	}
	for _, on := range []bool{false, true} {
		s, err := New(Options{})
		if err != nil {
			t.Fatal(err)
		}
		if on {
			s.faults[FaultJailMarshal] = true
		}
		g, err := ref.NewGame(ref.Config{Seats: 4}, "jail")
		if err != nil {
			t.Fatal(err)
		}
		r := &room{s: s, g: g}
		req := mk()
		r.applyViewFaultsLocked(1, &req)
		has := actionIDs(req.LegalActions)["equip_blue:jail_01:0"]
		if has != on {
			t.Fatalf("fault %v: Jail on the Marshal offered = %v", on, has)
		}
	}
}

func TestFaultLogDropsDecision(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultLogDropsDecision}
		}
		f := newFixture(t, opts)
		c := f.create(RoomConfig{Seats: 5, Seed: "drop"})
		ctx, cancel := context.WithTimeout(context.Background(), testWait)
		if err := f.s.Wait(ctx, c.RoomID); err != nil {
			t.Fatal(err)
		}
		cancel()
		st := f.status(c.RoomID)
		_, body := f.do("GET", "/api/ai/rooms/"+c.RoomID+"/log", "", nil)
		var events []ref.Event
		sc := bufio.NewScanner(bytes.NewReader(body))
		sc.Buffer(nil, MaxBodyBytes)
		for sc.Scan() {
			var e ref.Event
			if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
				t.Fatal(err)
			}
			events = append(events, e)
		}
		g, _ := ref.Replay(ref.Config{Seats: 5, MatchID: st.MatchID}, st.Seed, ref.DecisionsOf(events))
		replays := g != nil && g.Over() && g.Version() == st.Version
		if replays == on {
			t.Fatalf("fault %v: the served log replays to the end = %v", on, replays)
		}
	}
}
