package judge

import (
	"bytes"
	"fmt"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
)

// TestFollowAgreesWithViews: at every decision of engine self-play
// (raises, folds, all-ins, busts, a ramp, table talk), the figures the judge holds
// after the log lines so far are those of the seat's visible_state: the
// judge's state can answer a seat's view.
func TestFollowAgreesWithViews(t *testing.T) {
	for _, seed := range []string{"follow-1", "follow-2", "follow-3"} {
		t.Run(seed, func(t *testing.T) {
			cfg := ref.DefaultConfig()
			cfg.TableSize, cfg.Rounds, cfg.StartingCredits = 5, 16, 30
			log := &ref.LogBuffer{}
			m, err := ref.NewMatch(cfg, "m-"+seed, seed, []string{"a", "b", "c", "d", "e"}, log)
			if err != nil {
				t.Fatal(err)
			}
			type point struct {
				lines int
				vs    ref.VisibleState
			}
			var points []point
			for k := 0; m.Phase() != ref.PhaseOver; k++ {
				seat := m.ToAct()
				points = append(points, point{bytes.Count(log.Buf, []byte("\n")), m.View(seat)})
				legal := m.Legal(nil)
				mv := ref.Move{Action: ref.ActionCall}
				switch {
				case k%7 == 3:
					mv = ref.Move{Action: ref.ActionFold}
				case k%5 == 1:
					for _, l := range legal {
						if l.Action == ref.ActionRaise {
							mv = ref.Move{Action: ref.ActionRaise, Amount: l.Max}
						}
					}
				}
				if k%4 == 2 {
					mv.Message = fmt.Sprintf("move \"%d\" é", k)
				}
				if err := m.Apply(seat, mv); err != nil {
					t.Fatal(err)
				}
			}
			lines := bytes.Split(bytes.TrimSpace(log.Buf), []byte("\n"))
			v, figs := Follow(FromLog(lines), Options{Name: seed})
			if len(v.Findings) != 0 {
				t.Fatalf("self-play judged: %v", v.Findings)
			}
			if len(figs) != len(lines) {
				t.Fatalf("%d figures for %d lines", len(figs), len(lines))
			}
			for _, p := range points {
				f := figs[p.lines-1]
				if d := diffView(f, p.vs); d != "" {
					t.Fatalf("after line %d, seat %d's view of round %d: %s", p.lines, p.vs.YourSeat, p.vs.Round, d)
				}
			}
			if len(points) < 50 {
				t.Fatalf("only %d decisions", len(points))
			}
		})
	}
}

// diffView says how a view differs from the figures ("" when it does not).
func diffView(f Figures, vs ref.VisibleState) string {
	want := map[string]any{"round": f.Round.Round, "dealer": f.Round.Dealer, "ante": f.Round.Ante, "pot": f.Pot(),
		"current_bet": f.Round.CurrentBet, "raises_used": f.Round.RaisesUsed, "to_call": f.Owes(vs.YourSeat)}
	got := map[string]any{"round": vs.Round, "dealer": vs.Dealer, "ante": vs.Limits.Ante, "pot": vs.Pot,
		"current_bet": vs.CurrentBet, "raises_used": vs.RaisesUsed, "to_call": vs.ToCall}
	for _, p := range vs.Players {
		s := f.Seats[p.Seat]
		back := 0
		if s.SittingOut {
			back = s.BackInRound
		}
		k := fmt.Sprintf("players[%d]", p.Seat)
		want[k] = fmt.Sprint(s.Credits, s.Contribution, s.Folded, s.AllIn, s.SittingOut, back, s.InRound)
		got[k] = fmt.Sprint(p.Credits, p.Contribution, p.Folded, p.AllIn, p.SittingOut, p.BackInRound, p.InRound)
	}
	want["actions"], got["actions"] = fmt.Sprint(f.Actions), fmt.Sprint(vs.Actions)
	want["messages"], got["messages"] = fmt.Sprint(f.Messages), fmt.Sprint(vs.Messages)
	for k, w := range want {
		if got[k] != w {
			return fmt.Sprintf("%s: view %v, judge %v", k, got[k], w)
		}
	}
	return ""
}

// TestFollowHistory: the history entry of a round follows its showdown
// line: the winners it names (that they are the seats paid is WIRE.md's
// pin, judged on the showdown), the seats paid when it names none, no
// reveals when one seat was left, and for a round nobody was dealt into
// the server's own flag (I-INF-10 is umpire's reading).
func TestFollowHistory(t *testing.T) {
	two := Figures{Round: ref.RoundState{Dealer: 1}, Seats: []ref.SeatState{{InRound: true, Contribution: 2}, {InRound: true, Contribution: 2}}}
	one := Figures{Seats: []ref.SeatState{{InRound: true, Contribution: 2}, {InRound: true, Folded: true, Contribution: 2}}}
	none := Figures{Seats: make([]ref.SeatState, 2)}
	pot, zero := 4, 0
	split := []ref.Payout{{Seat: 0, Amount: 2}, {Seat: 1, Amount: 2}}
	tests := []struct {
		name   string
		ev     wire.Event
		before Figures
		want   string
	}{
		{"winners as named", wire.Event{Round: 3, Pot: &pot, Winners: []int{0}, Payouts: split, Reveals: []ref.Reveal{{Seat: 0, Value: 7}, {Seat: 1, Value: 7}}}, two,
			"{3 1 4 false [0] [{0 7} {1 7}] [{0 2} {1 2}] [] []}"},
		{"winners paid", wire.Event{Round: 3, Pot: &pot, Payouts: split}, two, "{3 1 4 false [0 1] [] [{0 2} {1 2}] [] []}"},
		{"one left reveals nothing", wire.Event{Round: 3, Pot: &pot, Winners: []int{0}, Payouts: []ref.Payout{{Seat: 0, Amount: 4}}, Reveals: []ref.Reveal{{Seat: 0, Value: 7}}}, one,
			"{3 0 4 true [0] [] [{0 4}] [] []}"},
		{"nobody in, flagged", wire.Event{Round: 3, Pot: &zero, Uncontested: true}, none, "{3 0 0 true [] [] [] [] []}"},
		{"nobody in, not flagged", wire.Event{Round: 3, Pot: &zero}, none, "{3 0 0 false [] [] [] [] []}"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := fmt.Sprint(finished(tc.ev, tc.before)); got != tc.want {
				t.Fatalf("history entry %s, want %s", got, tc.want)
			}
		})
	}
}
