package bangarena

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"
)

func legalSet(l []LegalAction) []string {
	out := make([]string, len(l))
	for i, a := range l {
		b, _ := json.Marshal(a)
		out[i] = string(b)
	}
	sort.Strings(out)
	return out
}

// TestLegalFromViewAgrees: at every decision of random games in every mode,
// the legal actions re-derived from the decider's observation alone equal
// the engine's own list (READINGS 8: as sets).
func TestLegalFromViewAgrees(t *testing.T) {
	t.Parallel()
	covers(t, "bangarena/13.action-ids", "bangarena/11.fields")
	r := rand.New(rand.NewPCG(9, 9))
	games := 8
	if testing.Short() {
		games = 4
	}
	for i := range games {
		cfg := Config{Seats: 4 + i%5, RoleMode: []string{ModeClassic, ModePartners, ModeImpostor, ModeLegacy}[i%4], StagedCharacters: i%3 == 0}
		g, _ := NewGame(cfg, fmt.Sprint("fromview-", i))
		for n := 0; !g.Over() && n < decisionCap; n++ {
			seat, _ := g.Decider()
			// A round trip through JSON, as a client would read it.
			b, _ := json.Marshal(g.View(seat))
			var v PlayerView
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			have, err := LegalFromView(v)
			if err != nil {
				t.Fatalf("game %d step %d: %v", i, n, err)
			}
			want := g.Legal(seat)
			if fmt.Sprint(legalSet(have)) != fmt.Sprint(legalSet(want)) {
				t.Fatalf("game %d step %d seat %d phase %s:\nfrom view %v\nengine    %v", i, n, seat, g.Phase(), ids(have), ids(want))
			}
			g.PlayRandom(r)
		}
	}
}

func TestLegalFromViewRejectsBadViews(t *testing.T) {
	covers(t, "bangarena/11.fields", "bangarena/5.uid-form")
	g, _ := NewGame(Config{Seats: 4}, "bad-view")
	seat, _ := g.Decider()
	good := g.View(seat)
	tests := []struct {
		name   string
		break_ func(v *PlayerView)
		rule   string // bangarena/11.fields when empty
	}{
		{"no players", func(v *PlayerView) { v.Players = nil }, ""},
		{"you outside", func(v *PlayerView) { v.You = 9 }, ""},
		// A uid of another form than WIRE.md's: the pin's (TestUnknownUIDRules).
		{"unknown hand uid", func(v *PlayerView) { v.Players[v.You].Hand[0].UID = "ace_99" }, "bangarena/5.uid-form"},
		{"no marshal", func(v *PlayerView) {
			for i := range v.Players {
				v.Players[i].RoleID = nil
			}
		}, ""},
		{"seat order", func(v *PlayerView) { v.Players[1].Seat = 3 }, ""},
		{"bad weapon", func(v *PlayerView) { w := "weapon_laser"; v.Players[0].WeaponCardID = &w }, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := json.Marshal(good)
			var v PlayerView
			_ = json.Unmarshal(b, &v)
			tc.break_(&v)
			want := tc.rule
			if want == "" {
				want = "bangarena/11.fields"
			}
			if _, err := LegalFromView(v); ruleOf(err) != want {
				t.Fatalf("have %v, want a %s error", err, want)
			}
		})
	}
}

// roundTrip passes a request through JSON, as a client reads it.
func roundTrip(t testing.TB, req DecisionRequest) DecisionRequest {
	t.Helper()
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	var out DecisionRequest
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkPartial asserts what LegalFromRequest may answer for a request
// whose events were cut: the derived items are the engine's, less exactly
// the items of the undecided commands.
func checkPartial(t *testing.T, want, have []LegalAction, und []Undecided) {
	t.Helper()
	drop := map[string]bool{}
	for _, u := range und {
		if u.Reason == "" {
			t.Fatalf("undecided %s without a reason", u.Command)
		}
		drop[u.Command] = true
	}
	var kept []LegalAction
	for _, a := range want {
		if !drop[a.Command] {
			kept = append(kept, a)
		}
	}
	if fmt.Sprint(legalSet(kept)) != fmt.Sprint(legalSet(have)) {
		t.Fatalf("with undecided %v:\nfrom view %v\nengine    %v", und, ids(have), ids(want))
	}
}

// TestLegalFromRequestAgrees: for thousands of DecisionRequests of random
// self-play in every mode and seat count, the list derived from the
// request alone equals the engine's exactly (actionIds and argsSchema, as
// sets: READINGS 8) with nothing undecided; with the events cut to a
// random suffix, what is derived is still the engine's list less the
// commands reported undecided, never a guess.
func TestLegalFromRequestAgrees(t *testing.T) {
	t.Parallel()
	covers(t, "bangarena/13.action-ids", "bangarena/11.fields", "bangarena/3.shot-limit", "bangarena/13.peek-role")
	r := rand.New(rand.NewPCG(21, 21))
	games := 24
	if testing.Short() {
		games = 10
	}
	modes := []string{ModeClassic, ModePartners, ModeImpostor, ModeLegacy}
	requests, cut, undecided := 0, 0, 0
	for i := range games {
		cfg := Config{Seats: 4 + i%5, RoleMode: modes[(i/5)%4], StagedCharacters: i%2 == 0}
		g, err := NewGame(cfg, fmt.Sprint("fromrequest-", i))
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; !g.Over() && n < decisionCap; n++ {
			seat, _ := g.Decider()
			req := roundTrip(t, g.Request(seat, "1970-01-01T00:00:30.000Z"))
			have, und, err := LegalFromRequest(req)
			if err != nil {
				t.Fatalf("game %d step %d: %v", i, n, err)
			}
			if len(und) != 0 || fmt.Sprint(legalSet(have)) != fmt.Sprint(legalSet(req.LegalActions)) {
				t.Fatalf("game %d step %d seat %d phase %s (undecided %v):\nfrom request %v\nengine       %v", i, n, seat, g.Phase(), und, ids(have), ids(req.LegalActions))
			}
			requests++
			if n%3 == 0 {
				ev := req.Observation.Events
				k := r.IntN(len(ev) + 1)
				req.Observation.Events = ev[k:]
				have, und, err := LegalFromRequest(req)
				if err != nil {
					t.Fatalf("game %d step %d cut at %d: %v", i, n, k, err)
				}
				checkPartial(t, req.LegalActions, have, und)
				cut++
				if len(und) > 0 {
					undecided++
				}
			}
			g.PlayRandom(r)
		}
	}
	if requests < 1000 && !testing.Short() {
		t.Fatalf("only %d requests", requests)
	}
	t.Logf("%d requests agree; %d cut observations, %d with undecided parts", requests, cut, undecided)
	if undecided == 0 && !testing.Short() {
		t.Fatal("no cut observation left anything undecided: the check cannot fail")
	}
}

func TestLegalFromRequestSeatMismatch(t *testing.T) {
	covers(t, "bangarena/12.request")
	g, _ := NewGame(Config{Seats: 4}, "mismatch")
	seat, _ := g.Decider()
	req := g.Request(seat, "")
	req.SeatID = (seat + 1) % 4
	if _, _, err := LegalFromRequest(req); ruleOf(err) != "bangarena/12.request" {
		t.Fatalf("have %v", err)
	}
}

// BenchmarkLegalFromRequest times the derivation for the requests of one
// 6-seat match (decoded once), per request.
func BenchmarkLegalFromRequest(b *testing.B) {
	g, _ := NewGame(Config{Seats: 6}, "bench-fromrequest")
	r := rand.New(rand.NewPCG(1, 1))
	var reqs []DecisionRequest
	for !g.Over() {
		seat, _ := g.Decider()
		reqs = append(reqs, roundTrip(b, g.Request(seat, "")))
		g.PlayRandom(r)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, _, err := LegalFromRequest(reqs[i%len(reqs)]); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzLegalFromRequest feeds arbitrary requests, and the same with their
// events cut anywhere: never a panic, errors typed, every undecided part
// named and explained.
func FuzzLegalFromRequest(f *testing.F) {
	g, _ := NewGame(Config{Seats: 5, RoleMode: ModeImpostor, StagedCharacters: true}, "fuzz-request")
	r := rand.New(rand.NewPCG(4, 4))
	for range 40 {
		g.PlayRandom(r)
	}
	seat, _ := g.Decider()
	b, _ := json.Marshal(g.Request(seat, ""))
	f.Add(b, uint16(0))
	f.Add([]byte(`{"seatId":0,"observation":{"you":0,"turnSeat":0,"phase":"play","players":[{"seat":0,"roleId":"marshal","hp":1,"maxHp":1},{"seat":1}]}}`), uint16(3))
	f.Fuzz(func(t *testing.T, data []byte, cut uint16) {
		var req DecisionRequest
		if json.Unmarshal(data, &req) != nil {
			return
		}
		full, _, err := LegalFromRequest(req)
		if err != nil {
			if ruleOf(err) == "" {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		if ev := req.Observation.Events; len(ev) > 0 {
			req.Observation.Events = ev[int(cut)%len(ev):]
		}
		part, und, err := LegalFromRequest(req)
		if err != nil {
			t.Fatalf("the full observation reads but a cut one does not: %v", err)
		}
		for _, u := range und {
			if u.Reason == "" || u.Command == "" {
				t.Fatalf("undecided without command or reason: %+v", u)
			}
		}
		if len(part) > len(full)+len(g.seats)*deckSize {
			t.Fatalf("%d items from a cut observation", len(part))
		}
	})
}
