package judge

import (
	"bytes"
	"fmt"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// TestFollowAgreesWithViews: at every decision of engine self-play
// (raises, folds, all-ins, busts, a ramp), the figures the judge holds
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
	for k, w := range want {
		if got[k] != w {
			return fmt.Sprintf("%s: view %v, judge %v", k, got[k], w)
		}
	}
	return ""
}
