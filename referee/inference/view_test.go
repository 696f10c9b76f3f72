package inference

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestVisibleStateExample: the rules' example (placeholders completed, see
// testdata/README.md) round-trips through VisibleState byte for byte
// (inference/wire.visible-state.fields).
func TestVisibleStateExample(t *testing.T) {
	t.Run("inference/wire.visible-state.fields", func(t *testing.T) {
		raw, err := os.ReadFile("testdata/visible_state_example.json")
		if err != nil {
			t.Fatal(err)
		}
		raw = bytes.TrimSpace(raw)
		var vs VisibleState
		if err := json.Unmarshal(raw, &vs); err != nil {
			t.Fatal(err)
		}
		out, err := json.Marshal(vs)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, raw) {
			t.Fatalf("round trip differs:\nhave %s\nwant %s", out, raw)
		}
		// Our own views carry the same keys in the same order.
		s, _ := table(t, 0, 0, 0, 0)
		start(t, s, 1, 2, 3)
		var mine, theirs map[string]any
		_ = json.Unmarshal([]byte(viewJSON(s, 1)), &mine)
		_ = json.Unmarshal(raw, &theirs)
		for k := range theirs {
			if _, ok := mine[k]; !ok {
				t.Errorf("engine view lacks %q", k)
			}
		}
	})
}

// TestViewContents (inference/visibility.own-value, inference/visibility.public,
// inference/wire.visible-state.contribution, inference/visibility.no-peek).
func TestViewContents(t *testing.T) {
	s, _ := table(t, 0, 0, 0, 0)
	start(t, s, 11, 22, 33)
	act(t, s, 1, ActionRaise, 4)
	vs := s.View(2)
	t.Run("inference/visibility.own-value", func(t *testing.T) {
		if vs.YourValue == nil || *vs.YourValue != 33 || vs.YourSeat != 2 {
			t.Fatalf("your_value %v, want 33", vs.YourValue)
		}
	})
	t.Run("inference/visibility.public", func(t *testing.T) {
		if vs.Round != 1 || vs.Dealer != 0 || vs.Pot != 10 || vs.CurrentBet != 4 || vs.ToCall != 4 || vs.RaisesUsed != 1 ||
			len(vs.Actions) != 1 || vs.Turn == nil || vs.Turn.Seat != 2 || vs.Turn.Turn != 1 || vs.Players[1].Credits != 94 {
			b, _ := json.Marshal(vs)
			t.Fatalf("view %s", b)
		}
	})
	t.Run("inference/wire.visible-state.contribution", func(t *testing.T) {
		if vs.Players[1].Contribution != 6 || vs.Players[0].Contribution != 2 {
			t.Fatalf("contributions %d, %d; want 6 (ante + raise), 2", vs.Players[1].Contribution, vs.Players[0].Contribution)
		}
	})
	t.Run("inference/visibility.no-peek", func(t *testing.T) {
		j := viewJSON(s, 2)
		for _, v := range []string{"11", "22"} {
			if strings.Contains(j, `"value":`+v) || strings.Contains(j, ":"+v+",") {
				t.Fatalf("seat 2's view shows another value %s: %s", v, j)
			}
		}
		// After an uncontested round nothing is revealed either.
		act(t, s, 2, ActionFold, 0)
		act(t, s, 0, ActionFold, 0)
		if j := viewJSON(s, 0); strings.Contains(j, `"value"`) {
			t.Fatalf("uncontested round revealed a value: %s", j)
		}
	})
}

// TestHistory: past rounds keep winners, pot and reveals; the last 20 keep
// actions and messages, older ones are trimmed (inference/visibility.history).
func TestHistory(t *testing.T) {
	t.Run("inference/visibility.history", func(t *testing.T) {
		s, _ := table(t, 0, 0, 0, 0)
		for r := 0; r < 23; r++ {
			start(t, s, 10, 20, 30)
			for s.Phase() == PhaseBetting {
				if err := s.Apply(s.ToAct(), Move{Action: ActionCall, Message: "hm"}); err != nil {
					t.Fatal(err)
				}
			}
		}
		vs := s.View(0)
		if len(vs.History) != 23 {
			t.Fatalf("%d history entries", len(vs.History))
		}
		for i, h := range vs.History {
			full := i >= 3
			if (h.Actions != nil) != full || (h.Messages != nil) != full {
				t.Fatalf("round %d: full=%v but actions %v messages %v", h.Round, full, h.Actions, h.Messages)
			}
			if h.Pot != 3*AnteFor(2, DefaultConfig().AnteRamp, h.Round) || len(h.Winners) != 1 || h.Winners[0] != 2 || len(h.Reveals) != 3 {
				t.Fatalf("round %d: %+v", h.Round, h)
			}
		}
		b, _ := json.Marshal(vs.History[0])
		if string(b) != `{"round":1,"dealer":0,"pot":6,"uncontested":false,"winners":[2],"reveals":[{"seat":0,"value":10},{"seat":1,"value":20},{"seat":2,"value":30}],"payouts":[{"seat":2,"amount":6}]}` {
			t.Fatalf("trimmed entry %s", b)
		}
	})
}

// TestBreakeven (inference/visibility.breakeven): hand-computed values and
// null when nothing is owed.
func TestBreakeven(t *testing.T) {
	tests := []struct {
		name                 string
		pot, cost, opponents int
		want                 int
		ok                   bool
	}{
		{"nothing owed", 10, 0, 2, 0, false},
		// One opponent: share(v) = (2v−1)/200. (2v−1)/200·20 ≥ 10 → v ≥ 50.5.
		{"one opponent, even money", 10, 10, 1, 51, true},
		// (2v−1)/200·40 ≥ 10 → v ≥ 25.5.
		{"one opponent, 3 to 1", 30, 10, 1, 26, true},
		// Two: share = ((v−1)² + (v−1) + 1/3)/10⁴ ≥ 1/3 → v − 1 = 58.
		{"two opponents", 20, 10, 2, 59, true},
		{"no opponent", 10, 5, 0, 1, true},
	}
	t.Run("inference/visibility.breakeven", func(t *testing.T) {
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				v, ok := BreakevenValue(tc.pot, tc.cost, tc.opponents)
				if v != tc.want || ok != tc.ok {
					t.Fatalf("have %d %v, want %d %v", v, ok, tc.want, tc.ok)
				}
			})
		}
	})
	t.Run("in views", func(t *testing.T) {
		s, _ := table(t, 0, 0, 0, 0)
		start(t, s, 1, 2, 3)
		if vs := s.View(1); vs.CallBreakevenValue != nil {
			t.Fatalf("breakeven %d with nothing to call, want null", *vs.CallBreakevenValue)
		}
		act(t, s, 1, ActionRaise, 4) // pot 10; seat 2 owes 4 against 2 opponents
		want, _ := BreakevenValue(10, 4, 2)
		if vs := s.View(2); vs.CallBreakevenValue == nil || *vs.CallBreakevenValue != want {
			t.Fatalf("breakeven %v, want %d", vs.CallBreakevenValue, want)
		}
	})
}

// TestLegalActions: the wire form of each item (inference/wire.legal-actions.fold,
// inference/wire.legal-actions.call, inference/wire.legal-actions.raise).
func TestLegalActions(t *testing.T) {
	lim := DefaultConfig().Limits(1)
	tests := []struct {
		name                        string
		rule                        string
		credits, toCall, raisesUsed int
		want                        string
	}{
		{"check", "inference/wire.legal-actions.call", 50, 0, 0, `[{"action":"fold"},{"action":"call","amount":0},{"action":"raise","min":1,"max":10}]`},
		{"short call is all-in", "inference/wire.legal-actions.call", 3, 5, 0, `[{"action":"fold"},{"action":"call","amount":3}]`},
		{"fold always", "inference/wire.legal-actions.fold", 1, 1, 3, `[{"action":"fold"},{"action":"call","amount":1}]`},
		{"raise max limited by stack", "inference/wire.legal-actions.raise", 9, 4, 0, `[{"action":"fold"},{"action":"call","amount":4},{"action":"raise","min":1,"max":5}]`},
		{"no raise after cap", "inference/wire.legal-actions.raise", 50, 2, 3, `[{"action":"fold"},{"action":"call","amount":2}]`},
		{"no raise when exactly covering the call", "inference/wire.legal-actions.raise", 4, 4, 0, `[{"action":"fold"},{"action":"call","amount":4}]`},
	}
	for _, tc := range tests {
		t.Run(tc.rule+"/"+tc.name, func(t *testing.T) {
			b, err := json.Marshal(LegalActions(nil, tc.credits, tc.toCall, tc.raisesUsed, lim))
			if err != nil || string(b) != tc.want {
				t.Fatalf("have %s (%v)\nwant %s", b, err, tc.want)
			}
			var back []LegalAction
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			if b2, _ := json.Marshal(back); string(b2) != tc.want {
				t.Fatalf("round trip %s", b2)
			}
		})
	}
}

func TestLegalFromView(t *testing.T) {
	s, _ := table(t, 0, 0, 0, 9)
	start(t, s, 1, 2, 3)
	act(t, s, 1, ActionRaise, 4)
	good := s.View(2)
	got, err := LegalFromView(good)
	if want := s.Legal(nil); err != nil || len(got) != len(want) {
		t.Fatalf("LegalFromView %v %v, want %v", got, err, want)
	}
	tests := []struct {
		name   string
		change func(*VisibleState)
		rule   string
	}{
		{"not this seat's turn", func(v *VisibleState) { v.Turn.Seat = 0 }, "inference/illegal.not-your-turn"},
		{"no turn", func(v *VisibleState) { v.Turn = nil }, "inference/illegal.not-your-turn"},
		{"to_call negative", func(v *VisibleState) { v.ToCall = -1 }, "inference/wire.visible-state.fields"},
		{"limits missing", func(v *VisibleState) { v.Limits = Limits{} }, "inference/wire.visible-state.fields"},
		{"nothing left to act with", func(v *VisibleState) { v.YourCredits = 0 }, "inference/round.3.all-in"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vs := s.View(2)
			tc.change(&vs)
			_, err := LegalFromView(vs)
			wantRule(t, err, tc.rule)
		})
	}
	if errs := ViewConventions(good); len(errs) != 0 {
		t.Errorf("ViewConventions of a good view: %v", errs)
	}
	// Conventions are checked apart and never stop the derivation.
	conv := []struct {
		name   string
		change func(*VisibleState)
		rule   string
	}{
		{"to_call inconsistent", func(v *VisibleState) { v.ToCall = 3 }, "inference/protocol.current-bet"},
		{"to_call above credits", func(v *VisibleState) { v.ToCall = 99 }, "inference/protocol.to-call"},
		{"credits disagree", func(v *VisibleState) { v.Players[2].Credits = 1 }, "inference/visibility.public"},
	}
	for _, tc := range conv {
		t.Run(tc.name, func(t *testing.T) {
			vs := s.View(2)
			tc.change(&vs)
			if _, err := LegalFromView(vs); err != nil {
				t.Errorf("LegalFromView: %v, want a derivation", err)
			}
			errs := ViewConventions(vs)
			if len(errs) != 1 {
				t.Fatalf("ViewConventions: %v, want one error", errs)
			}
			wantRule(t, errs[0], tc.rule)
		})
	}
}

// TestBreakevenFastPathAgrees compares the 128-bit path with the big-number
// one over a grid of pots, costs and opponent counts.
func TestBreakevenFastPathAgrees(t *testing.T) {
	for k := 1; k <= 7; k++ {
		for pot := 0; pot <= 800; pot += 13 {
			for cost := 1; cost <= 120; cost += 7 {
				fast := breakevenSmall(pot, cost, k)
				big := breakevenBig(pot, cost, k)
				if fast != big {
					t.Fatalf("pot %d cost %d k %d: fast %d, big %d", pot, cost, k, fast, big)
				}
			}
		}
	}
}

// TestHistoryEmptyLists: recent rounds without messages still carry
// "messages":[] and a round without winners "winners":[] (never null).
func TestHistoryEmptyLists(t *testing.T) {
	s, _ := table(t, 0, 0, 0, 0)
	for i := range 3 {
		s.seats[i].SittingOut, s.seats[i].BackInRound = true, 2
	}
	start(t, s) // nobody live: no winners
	start(t, s, 1, 2, 3)
	act(t, s, 2, ActionFold, 0)
	act(t, s, 0, ActionFold, 0)
	j := viewJSON(s, 0)
	for _, want := range []string{`"winners":[],"reveals":[],"payouts":[],"actions":[],"messages":[]}`, `"actions":[{"turn":0,"seat":2,"action":"fold"},{"turn":1,"seat":0,"action":"fold"}],"messages":[]}`} {
		if !strings.Contains(j, want) {
			t.Fatalf("view lacks %s:\n%s", want, j)
		}
	}
}

// TestViewIntoReuses: ViewInto gives the same JSON as View and, once its
// buffers have grown, does not allocate.
func TestViewIntoReuses(t *testing.T) {
	s, _ := table(t, 0, 0, 0, 0)
	var vs VisibleState
	for r := 0; r < 25; r++ {
		v := []int{10, 20, 30}
		v[r%3] = 90 // the winner rotates: nobody busts
		start(t, s, v...)
		for s.Phase() == PhaseBetting {
			seat := s.ToAct()
			s.ViewInto(seat, &vs)
			a, _ := json.Marshal(vs)
			if b := viewJSON(s, seat); string(a) != b {
				t.Fatalf("ViewInto differs from View:\n%s\n%s", a, b)
			}
			act(t, s, seat, ActionRaise, 1)
			if s.RaisesUsed() == 3 {
				for s.Phase() == PhaseBetting {
					act(t, s, s.ToAct(), ActionCall, 0)
				}
			}
		}
	}
	start(t, s, 10, 20, 30)
	seat := s.ToAct()
	s.ViewInto(seat, &vs)
	if n := testing.AllocsPerRun(100, func() { s.ViewInto(seat, &vs) }); n != 0 {
		t.Fatalf("ViewInto allocates %v times per call", n)
	}
}
