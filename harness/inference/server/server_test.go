package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestFullMatchTwoClients: two WebSocket agents play legal moves against
// four scripted seats until match_end; the log re-derives exactly, credits
// are conserved, and no frame a client received shows another seat's value.
func TestFullMatchTwoClients(t *testing.T) {
	_, ts := testServer(t, Options{})
	spec := MatchSpec{Seats: 6, Rounds: 12, DeadlineMS: 10000, Seed: strp("two-clients"), Agents: []int{1, 4},
		Adversaries: []string{"random", "aggressive", "heuristic", "passive"}}
	c := create(t, ts, spec)
	if len(c.Tokens) != 2 || c.Tokens["1"] == "" || c.Tokens["4"] == "" || c.Tokens["1"] == c.Tokens["4"] {
		t.Fatalf("tokens %v: want two different tokens for seats 1 and 4", c.Tokens)
	}
	clients := []*client{dial(t, ts, c.MatchID, 1, c.Tokens["1"]), dial(t, ts, c.MatchID, 4, c.Tokens["4"])}
	var wg sync.WaitGroup
	errs := make([]error, len(clients))
	for i, cl := range clients {
		wg.Go(func() { errs[i] = cl.play(callPolicy(c.MatchID)) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	log := fetchLog(t, ts, c.MatchID)
	evs := checkLog(t, log)
	end := evs[len(evs)-1]
	for _, cl := range clients {
		t.Run(fmt.Sprintf("seat %d", cl.seat), func(t *testing.T) {
			first := cl.frames[0].env
			if first.Type != TypeWelcome || first.VisibleState == nil || first.VisibleState.Round != 0 || first.VisibleState.YourValue != nil || first.VisibleState.Turn != nil {
				t.Fatalf("first frame %s: want a welcome at round 0 with your_value and turn null", cl.frames[0].raw)
			}
			last := cl.frames[len(cl.frames)-1].env
			if last.Type != TypeMatchEnd || last.Seed != end.Seed || last.SeedCommit != ref.SeedCommit(end.Seed) || last.MatchID != c.MatchID || len(last.Ranking) != 6 || last.Reason != end.Reason {
				t.Fatalf("last frame %s: want match_end with seed, seed_commit, ranking", cl.frames[len(cl.frames)-1].raw)
			}
			if w := leaks(cl); w != "" {
				t.Fatalf("inference/visibility.no-peek: %s", w)
			}
			// Own values only, each the seeded deal.
			turns, privates := 0, 0
			for _, f := range cl.frames {
				vs := f.env.VisibleState
				if f.env.Type == TypeYourTurn {
					turns++
					if f.env.DeadlineMS == nil || *f.env.DeadlineMS != 10000 || vs.Turn == nil || vs.Turn.Seat != cl.seat || *f.env.Turn != vs.Turn.Turn || f.env.Round != vs.Round || len(f.env.LegalActions) < 2 {
						t.Fatalf("inference/protocol.envelope: your_turn %s", f.raw)
					}
				}
				if vs != nil && vs.YourValue != nil && *vs.YourValue != ref.DealValue(end.Seed, vs.Round, cl.seat) {
					t.Fatalf("your_value %d in round %d is not the seat's deal", *vs.YourValue, vs.Round)
				}
			}
			for _, e := range cl.events() {
				if e.Type == ref.EventDealPrivate {
					privates++
					if e.Seat != cl.seat || e.Value != ref.DealValue(end.Seed, e.Round, cl.seat) {
						t.Fatalf("inference/wire.events.objects: deal_private %+v sent to seat %d", e, cl.seat)
					}
				}
				if e.Type == ref.EventMatchEnd {
					t.Fatalf("match_end must come as the envelope, not as an event")
				}
			}
			if turns == 0 || privates == 0 {
				t.Fatalf("seat %d had %d turns and %d deal_private events", cl.seat, turns, privates)
			}
			// The event stream is the log without other seats' deal_private
			// lines (match_end comes as the envelope).
			var want [][]byte
			for _, line := range bytes.Split(bytes.TrimSpace(log), []byte("\n")) { // as sent, deal field included
				e, _ := ref.ParseEvent(line)
				if (e.Type == ref.EventDealPrivate && e.Seat != cl.seat) || e.Type == ref.EventMatchEnd {
					continue
				}
				want = append(want, line)
			}
			var got [][]byte
			for _, f := range cl.frames {
				if f.env.Type == TypeEvent {
					got = append(got, f.env.Event)
				}
			}
			if !bytes.Equal(bytes.Join(got, []byte("\n")), bytes.Join(want, []byte("\n"))) {
				t.Fatalf("events received (%d) differ from the log (%d lines)", len(got), len(want))
			}
		})
	}
}

// TestIllegalMoveKeepsTheTurn: an illegal move gets error illegal_move
// with the open turn, and the same turn stays open for a legal move; junk,
// stale turns and moves out of turn get their own codes.
func TestIllegalMoveKeepsTheTurn(t *testing.T) {
	_, ts := testServer(t, Options{})
	c := create(t, ts, MatchSpec{Seats: 3, Rounds: 3, DeadlineMS: 20000, Seed: strp("illegal"), Agents: []int{0, 1}, Adversaries: []string{"passive"}})
	a := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
	a.until(isType(TypeWelcome))

	t.Run("inference/illegal.not-your-turn", func(t *testing.T) {
		// Seat 1 has not said hello: the match has not started.
		a.send(MoveMsg{Type: TypeMove, MatchID: c.MatchID, Turn: 0, Action: ref.ActionCall})
		f := a.until(isType(TypeError))
		if f.env.Code != CodeNotYourTurn || f.env.Turn == nil || *f.env.Turn != 0 {
			t.Fatalf("got %s, want not_your_turn with turn 0", f.raw)
		}
	})
	b := dial(t, ts, c.MatchID, 1, c.Tokens["1"])
	go func() { _ = b.play(callPolicy(c.MatchID)) }()

	yt := a.until(isType(TypeYourTurn))
	turn := *yt.env.Turn
	cases := []struct {
		name string
		send []byte
		code string
		rule string
	}{
		{"inference/round.3.raise-bounds", []byte(fmt.Sprintf(`{"type":"move","match_id":%q,"turn":%d,"action":"raise","amount":99}`, c.MatchID, turn)), CodeIllegalMove, "inference/round.3.raise-bounds"},
		{"inference/wire.move.action", []byte(fmt.Sprintf(`{"type":"move","match_id":%q,"turn":%d,"action":"allin"}`, c.MatchID, turn)), CodeIllegalMove, "inference/wire.move.action"},
		{"inference/round.4.message-length", []byte(fmt.Sprintf(`{"type":"move","turn":%d,"action":"call","message":%q}`, turn, strings.Repeat("é", 281))), CodeIllegalMove, "inference/round.4.message-length"},
		{"stale turn", []byte(fmt.Sprintf(`{"type":"move","turn":%d,"action":"call"}`, turn+7)), CodeStaleTurn, ""},
		{"not JSON", []byte(`call!`), CodeBadMessage, ""},
		{"no turn", []byte(`{"type":"move","action":"call"}`), CodeBadMessage, ""},
		{"raise without amount", []byte(fmt.Sprintf(`{"type":"move","turn":%d,"action":"raise"}`, turn)), CodeBadMessage, ""},
		{"amount not an integer", []byte(fmt.Sprintf(`{"type":"move","turn":%d,"action":"raise","amount":1.5}`, turn)), CodeBadMessage, ""},
		{"unknown type", []byte(`{"type":"dance"}`), CodeBadMessage, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a.sendRaw(tc.send)
			f := a.until(func(f frame) bool {
				return f.env.Type == TypeError || f.env.Type == TypeEvent && strings.Contains(string(f.env.Event), `"type":"action"`)
			})
			if f.env.Type != TypeError {
				t.Fatalf("inference/illegal.no-consume: the move was played: %s", f.raw)
			}
			if f.env.Code != tc.code || f.env.Rule != tc.rule || f.env.Turn == nil || *f.env.Turn != turn {
				t.Fatalf("got %s, want code %s rule %q turn %d", f.raw, tc.code, tc.rule, turn)
			}
		})
	}
	t.Run("inference/illegal.no-consume", func(t *testing.T) {
		a.send(MoveMsg{Type: TypeMove, MatchID: c.MatchID, Turn: turn, Action: ref.ActionCall})
		f := a.until(func(f frame) bool {
			return f.env.Type == TypeError || f.env.Type == TypeEvent && strings.Contains(string(f.env.Event), `"type":"action"`)
		})
		e, _ := ref.ParseEvent(f.env.Event)
		if f.env.Type != TypeEvent || e.Seat != 0 || e.Turn != turn || e.Timeout || e.Action != ref.ActionCall {
			t.Fatalf("the legal move after errors: got %s, want seat 0's call at turn %d", f.raw, turn)
		}
	})
	if err := a.play(callPolicy(c.MatchID)); err != nil {
		t.Fatal(err)
	}
	checkLog(t, fetchLog(t, ts, c.MatchID))
}

// TestSilentSeatSitsOut: a connected seat that never moves gets the
// default action at each deadline (check when nothing is owed, else fold),
// sits out after three timeouts with back_in_round = round + 6, is dealt
// in again then on its last strike, and reconnecting does not bring it
// back sooner.
func TestSilentSeatSitsOut(t *testing.T) {
	_, ts := testServer(t, Options{})
	c := create(t, ts, MatchSpec{Seats: 4, Rounds: 16, DeadlineMS: 15, Seed: strp("silent"), Agents: []int{2}, Adversaries: []string{"aggressive", "passive", "heuristic"}})
	cl := dial(t, ts, c.MatchID, 2, c.Tokens["2"])
	if err := cl.play(nil); err != nil {
		t.Fatal(err)
	}
	evs := checkLog(t, fetchLog(t, ts, c.MatchID))

	// to_call of each of seat 2's turns, from the your_turn messages.
	owed := map[[2]int]int{}
	for _, f := range cl.frames {
		if f.env.Type == TypeYourTurn {
			owed[[2]int{f.env.Round, *f.env.Turn}] = f.env.VisibleState.ToCall
		}
	}
	var strikes []ref.Event
	returns := map[int]int{}
	for i, e := range evs {
		switch {
		case e.Type == ref.EventTimeout && e.Seat == 2:
			strikes = append(strikes, e)
			next := evs[i+1]
			want := ref.ActionFold
			to, ok := owed[[2]int{e.Round, e.Turn}]
			if !ok {
				t.Fatalf("timeout %+v without a your_turn", e)
			}
			if to == 0 {
				want = ref.ActionCall
			}
			if next.Type != ref.EventAction || !next.Timeout || next.Action != want || next.Seat != 2 {
				t.Fatalf("inference/timeouts.default-action: after %+v got %+v, want %s", e, next, want)
			}
		case e.Type == ref.EventReturn && e.Seat == 2:
			returns[e.Round]++
		}
	}
	if len(strikes) < 3 {
		t.Fatalf("inference/timeouts.strikes: %d timeouts", len(strikes))
	}
	lastSitOut := ref.Event{}
	for i, e := range strikes {
		if e.Strikes != i+1 {
			t.Fatalf("inference/timeouts.strikes: timeout %d has strikes %d", i+1, e.Strikes)
		}
		if e.SitOut != (e.Strikes >= 3) {
			t.Fatalf("inference/timeouts.sit-out: strike %d sit_out %v", e.Strikes, e.SitOut)
		}
		if !e.SitOut {
			continue
		}
		if e.BackInRound != e.Round+6 {
			t.Fatalf("inference/timeouts.sit-out: back_in_round %d after round %d", e.BackInRound, e.Round)
		}
		if lastSitOut.SitOut && e.Round != lastSitOut.Round && e.Round != lastSitOut.BackInRound {
			t.Fatalf("inference/timeouts.last-strike: after a sit-out until round %d the next timeout came in round %d", lastSitOut.BackInRound, e.Round)
		}
		lastSitOut = e
	}
	for _, e := range strikes {
		if e.SitOut && e.BackInRound <= 16 && returns[e.BackInRound] != 1 {
			t.Fatalf("inference/timeouts.back-in-round: no return line in round %d", e.BackInRound)
		}
	}
	checkSitOut(t, evs, 2)
}

// checkSitOut checks from a log that seat is never dealt in while it sits
// out and comes back exactly in the announced back_in_round.
func checkSitOut(t *testing.T, evs []ref.Event, seat int) {
	t.Helper()
	back := 0
	for _, e := range evs {
		switch {
		case e.Type == ref.EventTimeout && e.Seat == seat && e.SitOut:
			back = e.BackInRound
		case e.Type == ref.EventRoundStart && back != 0:
			in := slices.Contains(e.DealtIn, seat)
			if in != (e.Round >= back) {
				t.Fatalf("inference/timeouts.back-in-round: seat %d dealt in %v in round %d, back_in_round %d", seat, in, e.Round, back)
			}
			if in {
				back = 0
			}
		}
	}
}

// TestSitOutSurvivesReconnect: a seat that reconnects while it sits out
// gets a welcome showing the sit-out with its back_in_round, and is not
// dealt in before that round. The clock is manual: the silent seat's turns
// time out only when the test advances it.
func TestSitOutSurvivesReconnect(t *testing.T) {
	clk := newManualClock()
	_, ts := testServer(t, Options{Clock: clk})
	c := create(t, ts, MatchSpec{Seats: 4, Rounds: 14, DeadlineMS: 1000, Seed: strp("sit-out-reconnect"), Agents: []int{0, 2}, Adversaries: []string{"passive"}})
	type got struct {
		cl *client
		f  frame
	}
	ch := make(chan got, 1024)
	feed := func(cl *client) {
		for {
			f, err := cl.next()
			if err != nil {
				return
			}
			ch <- got{cl, f}
		}
	}
	a := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
	go feed(a)
	go feed(dial(t, ts, c.MatchID, 2, c.Tokens["2"]))
	var sitOut ref.Event
	checked := false
	for done := false; !done; {
		g := <-ch
		switch {
		case g.f.env.Type == TypeMatchEnd && g.cl == a:
			done = true
		case g.f.env.Type == TypeYourTurn && g.cl.seat == 2:
			clk.Advance(time.Second) // silent: let the deadline pass
		case g.f.env.Type == TypeEvent && g.cl.seat == 2:
			if e, _ := ref.ParseEvent(g.f.env.Event); e.Type == ref.EventTimeout && e.SitOut {
				sitOut = e
			}
		case g.f.env.Type == TypeYourTurn && g.cl == a:
			r := g.f.env.Round
			if !checked && sitOut.SitOut && r > sitOut.Round && r < sitOut.BackInRound {
				// The match waits for seat 0 while seat 2 sits out.
				b := dial(t, ts, c.MatchID, 2, c.Tokens["2"])
				w := b.until(isType(TypeWelcome))
				p := w.env.VisibleState.Players[2]
				if w.env.VisibleState.Round != r || !p.SittingOut || p.BackInRound != sitOut.BackInRound || p.InRound {
					t.Fatalf("inference/timeouts.back-in-round: welcome in round %d shows %+v, want sitting out until %d", w.env.VisibleState.Round, p, sitOut.BackInRound)
				}
				checked = true
				go feed(b)
			}
			a.send(MoveMsg{Type: TypeMove, MatchID: c.MatchID, Turn: *g.f.env.Turn, Action: ref.ActionCall})
		}
	}
	if !checked {
		t.Fatal("seat 0 never had a turn while seat 2 sat out")
	}
	evs := checkLog(t, fetchLog(t, ts, c.MatchID))
	checkSitOut(t, evs, 2)
}

// TestReconnectDuringTurn: a seat that drops during its turn and says
// hello again gets a welcome with the current state and your_turn for the
// same turn with no more time than before; the turn is still its to play.
func TestReconnectDuringTurn(t *testing.T) {
	_, ts := testServer(t, Options{})
	c := create(t, ts, MatchSpec{Seats: 3, Rounds: 2, DeadlineMS: 20000, Seed: strp("reconnect"), Agents: []int{0}, Adversaries: []string{"passive"}})
	a := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
	yt := a.until(isType(TypeYourTurn))
	_ = a.c.Close(websocket.StatusNormalClosure, "bye")

	b := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
	w := b.until(isType(TypeWelcome))
	vs := w.env.VisibleState
	if vs.Round != yt.env.Round || vs.Turn == nil || vs.Turn.Turn != *yt.env.Turn || vs.Turn.Seat != 0 || vs.YourValue == nil || *vs.YourValue != *yt.env.VisibleState.YourValue {
		t.Fatalf("welcome after reconnect: %s, want round %d turn %d with own value", w.raw, yt.env.Round, *yt.env.Turn)
	}
	ms := b.until(isType(TypeEvent))
	if !strings.Contains(string(ms.env.Event), `"type":"match_start"`) {
		t.Fatalf("after welcome: %s, want the match_start event", ms.raw)
	}
	yt2 := b.until(isType(TypeYourTurn))
	if *yt2.env.Turn != *yt.env.Turn || yt2.env.Round != yt.env.Round || *yt2.env.DeadlineMS > *yt.env.DeadlineMS {
		t.Fatalf("your_turn after reconnect %s: want the same turn with at most %d ms", yt2.raw, *yt.env.DeadlineMS)
	}
	if err := b.play(callPolicy(c.MatchID), yt2); err != nil {
		t.Fatal(err)
	}
	checkLog(t, fetchLog(t, ts, c.MatchID))
}

// TestHelloChecks: a wrong token gets unauthorized and the connection
// ends; junk before the hello gets bad_message; unknown matches and seats
// are refused before the upgrade.
func TestHelloChecks(t *testing.T) {
	_, ts := testServer(t, Options{})
	c := create(t, ts, MatchSpec{Seats: 3, Rounds: 1, Seed: strp("hello"), Agents: []int{0}})
	tests := []struct {
		name  string
		seat  int
		sends []string
		codes []string
	}{
		{"wrong token", 0, []string{`{"type":"hello","match_id":"` + c.MatchID + `","seat":0,"token":"nope"}`}, []string{CodeUnauthorized}},
		{"no token", 0, []string{`{"type":"hello","seat":0}`}, []string{CodeUnauthorized}},
		{"scripted seat", 1, []string{`{"type":"hello","seat":1,"token":"` + c.Tokens["0"] + `"}`}, []string{CodeUnauthorized}},
		{"junk then wrong token", 0, []string{`hello?`, `{"type":"move","turn":0,"action":"call"}`, `{"type":"hello","seat":0,"token":"x"}`}, []string{CodeBadMessage, CodeBadMessage, CodeUnauthorized}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cl := dial(t, ts, c.MatchID, tc.seat, "")
			for i, s := range tc.sends {
				cl.sendRaw([]byte(s))
				f, err := cl.next()
				if err != nil || f.env.Type != TypeError || f.env.Code != tc.codes[i] || f.env.Turn == nil {
					t.Fatalf("after %s: got %s (%v), want error %s with a turn", s, f.raw, err, tc.codes[i])
				}
			}
			f, err := cl.next()
			if err == nil {
				t.Fatalf("connection still open after unauthorized: %s", f.raw)
			}
			if code := websocket.CloseStatus(err); code != websocket.StatusPolicyViolation {
				t.Fatalf("closed with %v, want policy violation", code)
			}
		})
	}
	for _, q := range []string{"match=nope&seat=0", "match=" + c.MatchID + "&seat=9", "match=" + c.MatchID + "&seat=x"} {
		resp, err := http.Get(ts.URL + "/ws/inference?" + q)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound && resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("%s: status %d", q, resp.StatusCode)
		}
	}
}

// TestHarnessExtension: the creation endpoint validates its body with the
// rule ids, the rules endpoint serves the catalogue, and the log hides
// deal_private lines until the match is over.
func TestHarnessExtension(t *testing.T) {
	s, ts := testServer(t, Options{})
	bad := []struct {
		name, body, rule string
	}{
		{"inference/table.size", `{"seats":9}`, "inference/table.size"},
		{"inference/round.2.ante", `{"ante":-1}`, "inference/round.2.ante"},
		{"not JSON", `{`, ""},
		{"agent seat out of range", `{"seats":3,"agents":[5]}`, ""},
		{"unknown adversary", `{"adversaries":["chaos-monkey"]}`, ""},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := http.Post(ts.URL+"/api/inference/matches", "application/json", strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body struct {
				Error struct{ Code, Message, Rule string }
			}
			_ = json.NewDecoder(resp.Body).Decode(&body)
			if resp.StatusCode != http.StatusBadRequest || body.Error.Rule != tc.rule || body.Error.Message == "" {
				t.Fatalf("status %d, body %+v; want 400 citing %q", resp.StatusCode, body, tc.rule)
			}
		})
	}
	t.Run("rules", func(t *testing.T) {
		resp, err := http.Get(ts.URL + "/rules/inference")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var doc RulesDoc
		if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil {
			t.Fatal(err)
		}
		want := rules.Default().ForGame("inference")
		if doc.RulesVersion != ref.RulesVersion || len(doc.Rules) != len(want) || !doc.Rules[0].Equal(want[0]) {
			t.Fatalf("rules: %d rules, version %s; want %d", len(doc.Rules), doc.RulesVersion, len(want))
		}
	})
	t.Run("log during and after the match", func(t *testing.T) {
		c := create(t, ts, MatchSpec{Seats: 3, Rounds: 2, DeadlineMS: 20000, Seed: strp("log"), Agents: []int{0}, Adversaries: []string{"passive"}})
		a := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
		yt := a.until(isType(TypeYourTurn))
		during := fetchLog(t, ts, c.MatchID)
		if bytes.Contains(during, []byte(`"deal_private"`)) || !bytes.Contains(during, []byte(`"round_start"`)) {
			t.Fatalf("log during the match:\n%s\nwant public lines only", during)
		}
		if err := a.play(callPolicy(c.MatchID), yt); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Wait(context.Background(), c.MatchID); err != nil {
			t.Fatal(err)
		}
		after := fetchLog(t, ts, c.MatchID)
		if !bytes.Contains(after, []byte(`"deal_private"`)) {
			t.Fatalf("log after the match lacks deal_private lines")
		}
		checkLog(t, after)
		for _, path := range []string{"/r/" + c.MatchID, "/r/nope.jsonl"} {
			resp, err := http.Get(ts.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusNotFound {
				t.Fatalf("%s: status %d, want 404", path, resp.StatusCode)
			}
		}
	})
}

// TestManyMatches: 50 matches at once, each with a WebSocket agent, all
// finish with conserved credits and logs that re-derive.
func TestManyMatches(t *testing.T) {
	s, ts := testServer(t, Options{})
	const n = 50
	var wg sync.WaitGroup
	ids := make([]string, n)
	errs := make([]error, n)
	for i := range n {
		c := create(t, ts, MatchSpec{Seats: 5, Rounds: 5, DeadlineMS: 20000, Seed: strp(fmt.Sprint("many-", i)), Agents: []int{i % 5},
			Adversaries: []string{"random", "heuristic", "aggressive"}})
		ids[i] = c.MatchID
		cl := dial(t, ts, c.MatchID, i%5, c.Tokens[strconv.Itoa(i%5)])
		wg.Go(func() { errs[i] = cl.play(callPolicy(c.MatchID)) })
	}
	wg.Wait()
	for i, id := range ids {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		res, err := s.Wait(context.Background(), id)
		if err != nil || res.Rounds < 1 || len(res.Ranking) != 5 {
			t.Fatalf("match %d: %+v, %v", i, res, err)
		}
		checkLog(t, fetchLog(t, ts, id))
	}
}

// TestShutdownLeavesNoGoroutines: matches in play, connected clients and
// a match waiting for its agents all end on Shutdown.
func TestShutdownLeavesNoGoroutines(t *testing.T) {
	before := runtime.NumGoroutine()
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	for i := range 5 {
		c := create(t, ts, MatchSpec{Seats: 3, Rounds: 40, DeadlineMS: 60000, Seed: strp(fmt.Sprint("shutdown-", i)), Agents: []int{0, 1}})
		a := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
		if i%2 == 0 {
			b := dial(t, ts, c.MatchID, 1, c.Tokens["1"])
			b.until(isType(TypeWelcome))
		}
		a.until(isType(TypeWelcome))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if _, err := s.CreateMatch(MatchSpec{}); err != ErrClosed {
		t.Fatalf("CreateMatch after Shutdown: %v, want ErrClosed", err)
	}
	ts.Close()
	http.DefaultClient.CloseIdleConnections()
	var now int
	for range 200 {
		if now = runtime.NumGoroutine(); now <= before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	buf := make([]byte, 1<<20)
	t.Fatalf("%d goroutines before, %d after Shutdown:\n%s", before, now, buf[:runtime.Stack(buf, true)])
}

// TestDeadlineKeepsRunning: an illegal move neither consumes the turn nor
// restarts its deadline, and a reconnect is told exactly the time left
// (manual clock: time moves only when the test says).
func TestDeadlineKeepsRunning(t *testing.T) {
	clk := newManualClock()
	_, ts := testServer(t, Options{Clock: clk})
	c := create(t, ts, MatchSpec{Seats: 3, Rounds: 1, DeadlineMS: 1000, Seed: strp("deadline"), Agents: []int{0}, Adversaries: []string{"passive"}})
	a := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
	yt := a.until(isType(TypeYourTurn))
	if *yt.env.DeadlineMS != 1000 || yt.env.VisibleState.Limits.TurnDeadlineMS != 1000 {
		t.Fatalf("inference/timeouts.deadline: your_turn %s", yt.raw)
	}
	clk.Advance(400 * time.Millisecond)
	a.send(MoveMsg{Type: TypeMove, MatchID: c.MatchID, Turn: *yt.env.Turn, Action: ref.ActionRaise, Amount: 11})
	if f := a.until(isType(TypeError)); f.env.Code != CodeIllegalMove {
		t.Fatalf("got %s, want illegal_move", f.raw)
	}
	b := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
	yt2 := b.until(isType(TypeYourTurn))
	if *yt2.env.DeadlineMS != 600 || *yt2.env.Turn != *yt.env.Turn {
		t.Fatalf("your_turn after reconnect %s: want the same turn with 600 ms left", yt2.raw)
	}
	clk.Advance(600 * time.Millisecond) // the original deadline
	f := b.until(func(f frame) bool {
		return f.env.Type == TypeEvent && strings.Contains(string(f.env.Event), `"type":"timeout"`)
	})
	if e, _ := ref.ParseEvent(f.env.Event); e.Seat != 0 || e.Turn != *yt.env.Turn || e.Strikes != 1 {
		t.Fatalf("inference/timeouts.logged: %s", f.raw)
	}
	if err := b.play(nil); err != nil {
		t.Fatal(err)
	}
}

// TestOrigins: a browser page of another origin may open a WebSocket only
// when Options.OriginPatterns allows it.
func TestOrigins(t *testing.T) {
	for _, tc := range []struct {
		name     string
		patterns []string
		ok       bool
	}{
		{"refused by default", nil, false},
		{"allowed by pattern", []string{"arena.example"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, ts := testServer(t, Options{OriginPatterns: tc.patterns})
			c := create(t, ts, MatchSpec{Seats: 3, Rounds: 1, Seed: strp("origin"), Agents: []int{0}})
			url := strings.Replace(ts.URL, "http://", "ws://", 1) + "/ws/inference?match=" + c.MatchID + "&seat=0"
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://arena.example"}}})
			if (err == nil) != tc.ok {
				t.Fatalf("dial from another origin: %v, want ok %v", err, tc.ok)
			}
			if conn != nil {
				_ = conn.CloseNow()
			}
		})
	}
}
