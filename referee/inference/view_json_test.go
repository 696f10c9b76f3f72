package inference

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
)

// hostileNames are player names a server must carry through unharmed:
// quotes, backslashes, HTML, controls, line separators, invalid UTF-8.
var hostileNames = []string{
	`"quoted" \ back`, "<script>&amp;</script>", "tab\tnl\ncr\r\x00\x1f\x7f",
	"line\u2028sep\u2029", "bad \xff\xfe utf8", "émoji 🂡", "\u202egnp.exe", "",
}

// sameAsEncodingJSON fails t unless AppendJSON (onto a non-empty prefix,
// to catch writes outside the appended part) equals json.Marshal.
func sameAsEncodingJSON(t testing.TB, vs *VisibleState, what string) {
	t.Helper()
	want, err := json.Marshal(vs)
	if err != nil {
		t.Fatalf("%s: json.Marshal: %v", what, err)
	}
	got := vs.AppendJSON([]byte("prefix"))
	if string(got[:6]) != "prefix" || string(got[6:]) != string(want) {
		t.Fatalf("%s: AppendJSON differs from encoding/json:\nhave %s\nwant %s", what, got[6:], want)
	}
}

func sameLegalAsEncodingJSON(t testing.TB, legal []LegalAction, what string) {
	t.Helper()
	want, err := json.Marshal(legal)
	if err != nil {
		t.Fatalf("%s: json.Marshal: %v", what, err)
	}
	if got := AppendLegalJSON([]byte("x"), legal); string(got[1:]) != string(want) || got[0] != 'x' {
		t.Fatalf("%s: AppendLegalJSON differs from encoding/json:\nhave %s\nwant %s", what, got[1:], want)
	}
}

// TestViewJSONMatchesEncodingJSON plays seeded random matches (hostile
// names, table talk, timeouts, sit-outs, busts, more than HistoryFullRounds
// rounds) and compares AppendJSON with encoding/json for every seat's view
// at every step, and the legal actions of the seat to act
// (inference/wire.visible-state.fields).
func TestViewJSONMatchesEncodingJSON(t *testing.T) {
	matches := 24
	if testing.Short() {
		matches = 6
	}
	views := 0
	for i := range matches {
		cfg := DefaultConfig()
		cfg.TableSize = 3 + i%6
		cfg.Rounds = 5 + i%30
		cfg.StartingCredits = 20 + 7*(i%9)
		names := make([]string, cfg.TableSize)
		for s := range names {
			names[s] = hostileNames[(i+s)%len(hostileNames)]
		}
		seed := fmt.Sprint("view-json-", i)
		m, err := PrepareMatch(cfg, "m-"+seed, seed, names, nil)
		if err != nil {
			t.Fatal(err)
		}
		var vs VisibleState
		var cache HistoryCache
		check := func(step int) {
			for seat := range cfg.TableSize {
				m.ViewInto(seat, &vs) // reused buffers, as servers use them
				what := fmt.Sprintf("match %d step %d seat %d", i, step, seat)
				sameAsEncodingJSON(t, &vs, what)
				if plain, cached := vs.AppendJSON(nil), vs.AppendJSONCached(nil, &cache); string(plain) != string(cached) {
					t.Fatalf("%s: AppendJSONCached differs from AppendJSON:\nhave %s\nwant %s", what, cached, plain)
				}
				views++
			}
		}
		check(-1) // before the start: round 0
		if err := m.Start(); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		for step := 0; m.Phase() != PhaseOver; step++ {
			check(step)
			legal := m.Legal(nil)
			sameLegalAsEncodingJSON(t, legal, fmt.Sprintf("match %d step %d legal", i, step))
			timeout := rng.Float64() < 0.1
			var mv Move
			if !timeout {
				mv = randomMove(rng, legal, m.ToAct())
			}
			if rng.IntN(3) == 0 {
				mv.Message = hostileNames[step%len(hostileNames)]
			}
			if timeout {
				err = m.Timeout()
			} else {
				err = m.Apply(m.ToAct(), mv)
			}
			if err != nil {
				t.Fatalf("match %d step %d: %v", i, step, err)
			}
		}
		check(1 << 20) // over
	}
	if views < 1000 {
		t.Fatalf("only %d views compared", views)
	}
}

// TestViewJSONEdgeCases: values no engine produces but a caller may build
// (nil lists and pointers, trimmed and empty history lists, unknown action
// names, negative and large numbers) encode as encoding/json has them.
func TestViewJSONEdgeCases(t *testing.T) {
	one, big := 1, -1<<62
	cases := []struct {
		name string
		vs   VisibleState
	}{
		{"zero", VisibleState{}},
		{"empty lists", VisibleState{Players: []PlayerView{}, Actions: []ActionRecord{}, Messages: []MessageRecord{}, History: []RoundRecord{}}},
		{"pointers", VisibleState{YourValue: &one, CallBreakevenValue: &big, Turn: &TurnRef{Turn: 12345, Seat: 3}}},
		{"players", VisibleState{Players: []PlayerView{
			{Seat: 0, Name: "<a>", Credits: -5, Busted: true, SittingOut: true, BackInRound: 7, InRound: true, Folded: true, AllIn: true, Contribution: 1000},
			{Seat: 1, Name: "\xff", BackInRound: -1},
		}}},
		{"actions", VisibleState{Actions: []ActionRecord{
			{Turn: 1, Seat: 2, Action: ActionFold}, {Action: ActionCall, Amount: 3, AllIn: true},
			{Action: ActionRaise, Amount: 10, Timeout: true, AllIn: true}, {Action: "\u2028<x>"}, {},
		}, Messages: []MessageRecord{{Turn: 1, Seat: 1, Text: "\"hi\"\n"}, {}}}},
		{"history", VisibleState{History: []RoundRecord{
			{Round: 1, Dealer: 2, Pot: 30, Uncontested: true, Winners: []int{1}, Reveals: []Reveal{}, Payouts: []Payout{{Seat: 1, Amount: 30}}},
			{Round: 2, Winners: []int{}, Reveals: []Reveal{{Seat: 0, Value: 99}, {Seat: 1, Value: 1}}, Actions: []ActionRecord{}, Messages: []MessageRecord{}},
			{Round: 3, Actions: []ActionRecord{{Action: ActionCall}}, Messages: []MessageRecord{{Text: "&"}}},
		}}},
		{"limits", VisibleState{Game: GameName, RulesVersion: RulesVersion, Limits: Limits{Ante: 1, AnteRamp: AnteRamp{FromRound: 2, EveryRounds: 3, Step: 4}, MinRaise: 5, MaxRaise: 6, MaxRaisesPerRound: 7, ValueMin: 8, ValueMax: 9, TurnDeadlineMS: 10, MaxConsecutiveTimeouts: 11, SitOutRounds: 12, MaxMessageChars: 13}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { sameAsEncodingJSON(t, &tc.vs, tc.name) })
	}
	for _, legal := range [][]LegalAction{nil, {}, {{Action: ActionFold, Amount: 9}}, {{Action: ActionCall, Amount: 4}, {Action: ActionRaise, Min: 1, Max: 20}}, {{Action: "<odd>\xff", Min: 2}}} {
		sameLegalAsEncodingJSON(t, legal, fmt.Sprint(legal))
	}
}

// TestViewJSONDoesNotAllocate: with room in dst, encoding a view and its
// legal actions allocates nothing.
func TestViewJSONDoesNotAllocate(t *testing.T) {
	m, vs := midMatchView(t)
	legal := m.Legal(nil)
	buf := make([]byte, 0, 1<<16)
	if n := testing.AllocsPerRun(50, func() {
		buf = AppendLegalJSON(vs.AppendJSON(buf[:0]), legal)
	}); n != 0 {
		t.Fatalf("AppendJSON allocates %.1f times per call, want 0", n)
	}
}

// midMatchView is a 6-seat match at round 30 and the view of the seat to
// act, with hostile names and table talk.
func midMatchView(t testing.TB) (*Match, *VisibleState) {
	m, err := NewMatch(DefaultConfig(), "bench", "view", hostileNames[:6], nil)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; m.Round() < 30; k++ {
		mv := Move{Action: ActionCall}
		if k%7 == 0 {
			mv.Message = "I <3 \"odds\""
		}
		if err := m.Apply(m.ToAct(), mv); err != nil {
			t.Fatal(err)
		}
	}
	var vs VisibleState
	m.ViewInto(m.ToAct(), &vs)
	return m, &vs
}

// FuzzViewJSON builds a view from fuzzed text and numbers and compares
// AppendJSON and AppendLegalJSON with encoding/json.
func FuzzViewJSON(f *testing.F) {
	f.Add("alice", "I like my odds.", "call", 3, 7, uint8(0))
	f.Add("\xff<\u2028>", "\"\\\x00", "raise", -1, 1<<40, uint8(0xff))
	f.Fuzz(func(t *testing.T, name, text, action string, a, b int, flags uint8) {
		bit := func(k uint) bool { return flags&(1<<k) != 0 }
		vs := VisibleState{Game: name, RulesVersion: text, Round: a, Pot: b, Limits: Limits{Ante: a, MaxRaise: b}}
		if bit(0) {
			vs.YourValue = &a
			vs.Turn = &TurnRef{Turn: b, Seat: a}
		}
		if bit(1) {
			vs.CallBreakevenValue = &b
		}
		if bit(2) {
			vs.Players = []PlayerView{{Seat: a, Name: name, BackInRound: b, Busted: bit(3), AllIn: bit(4)}, {Name: text}}
		}
		if bit(3) {
			vs.Actions = []ActionRecord{{Turn: a, Action: action, Amount: b, Timeout: bit(5), AllIn: bit(6)}}
			vs.Messages = []MessageRecord{{Seat: b, Text: text}}
		}
		if bit(4) {
			h := RoundRecord{Round: a, Winners: []int{a, b}, Reveals: []Reveal{{Seat: a, Value: b}}, Uncontested: bit(7)}
			if bit(5) {
				h.Actions = vs.Actions
				if h.Actions == nil {
					h.Actions = []ActionRecord{}
				}
			}
			if bit(6) {
				h.Messages = []MessageRecord{{Text: name}}
			}
			vs.History = []RoundRecord{h, {}}
		}
		sameAsEncodingJSON(t, &vs, "fuzzed view")
		var legal []LegalAction
		if bit(7) {
			legal = []LegalAction{{Action: action, Amount: a, Min: a, Max: b}, {Action: ActionCall, Amount: b}, {Action: ActionRaise, Min: a, Max: b}}
		}
		sameLegalAsEncodingJSON(t, legal, "fuzzed legal")
	})
}

// TestHistoryCacheSequences: one cache given histories that change in
// every way its key must see — a round added and the oldest dropped, older
// rounds trimmed of their actions and messages, a list empty rather than
// nil, a record of the same round with another pot, rounds out of order,
// no history — encodes each as AppendJSON does.
func TestHistoryCacheSequences(t *testing.T) {
	rec := func(round, pot int, detail bool) RoundRecord {
		r := RoundRecord{Round: round, Dealer: round % 3, Pot: pot, Winners: []int{round % 2}, Reveals: []Reveal{{Seat: 1, Value: round}}}
		if detail {
			r.Actions = []ActionRecord{{Turn: 0, Seat: 1, Action: ActionCall, Amount: round}}
			r.Messages = []MessageRecord{{Turn: 0, Seat: 1, Text: fmt.Sprint("r", round)}}
		}
		return r
	}
	trimmed := rec(2, 20, true)
	trimmed.Actions, trimmed.Messages = []ActionRecord{}, []MessageRecord{}
	steps := [][]RoundRecord{
		{rec(1, 10, true)},
		{rec(1, 10, true), rec(2, 20, true)},
		{rec(1, 10, false), rec(2, 20, true), rec(3, 30, true)},
		{rec(2, 20, false), rec(3, 30, true), rec(4, 40, true)},
		{rec(2, 20, false), trimmed, rec(3, 30, true), rec(4, 40, true)},
		{rec(2, 21, false), rec(3, 30, true), rec(4, 40, true)},
		{rec(4, 40, true), rec(3, 30, true), rec(2, 21, false)},
		{rec(3, 30, true), rec(3, 30, false)},
		{},
		nil,
		{rec(1, 10, true), rec(2, 20, true)},
	}
	var c HistoryCache
	for i, h := range steps {
		vs := VisibleState{History: h}
		if plain, cached := vs.AppendJSON(nil), vs.AppendJSONCached(nil, &c); string(plain) != string(cached) {
			t.Fatalf("step %d: AppendJSONCached differs from AppendJSON:\nhave %s\nwant %s", i, cached, plain)
		}
	}
}
