package players

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

func TestNew(t *testing.T) {
	if got := strings.Join(Kinds(), ","); got != "aggressive,heuristic,passive,random" {
		t.Fatalf("Kinds = %s", got)
	}
	for _, k := range Kinds() {
		p, err := New(k, 1)
		if err != nil || p.Kind() != k {
			t.Fatalf("New(%s) = %v, %v", k, p, err)
		}
	}
	if _, err := New("chaos-monkey", 1); err == nil || !strings.Contains(err.Error(), "heuristic") {
		t.Fatalf("unknown kind: %v", err)
	}
}

func mkPlayers(t *testing.T, kinds []string, seed string) []Player {
	t.Helper()
	ps := make([]Player, len(kinds))
	for i, k := range kinds {
		p, err := New(k, PlayerSeed(seed, i))
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = p
	}
	return ps
}

// TestPlayersOnlyPlayListedMoves: every kind, in many matches, only plays
// moves of the referee's legal list (Simulate fails otherwise), and the
// log of a seed is the same every time (inference/illegal.listed-only).
func TestPlayersOnlyPlayListedMoves(t *testing.T) {
	t.Run("inference/illegal.listed-only", func(t *testing.T) {
		cfg := ref.DefaultConfig()
		for i := 0; i < 60; i++ {
			kinds := []string{"random", "passive", "aggressive", "heuristic", Kinds()[i%4], Kinds()[(i/4)%4]}
			seed := fmt.Sprint("adv-", i)
			var a, b bytes.Buffer
			ra, err := Simulate(context.Background(), cfg, "m", seed, mkPlayers(t, kinds, seed), &a)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Simulate(context.Background(), cfg, "m", seed, mkPlayers(t, kinds, seed), &b); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Fatalf("seed %s: two runs differ", seed)
			}
			if ra.Rounds < 1 || ra.Actions < 1 || len(ra.Ranking) != 6 || ra.LogBytes != a.Len() {
				t.Fatalf("result %+v", ra)
			}
		}
	})
}

func view(value, toCall, credits int, breakeven *int) *ref.VisibleState {
	v := value
	return &ref.VisibleState{YourValue: &v, ToCall: toCall, YourCredits: credits, CallBreakevenValue: breakeven}
}

func TestStrategies(t *testing.T) {
	lim := ref.DefaultConfig().Limits(1)
	open := ref.LegalActions(nil, 50, 0, 0, lim)
	facing := ref.LegalActions(nil, 50, 8, 0, lim)
	capped := ref.LegalActions(nil, 50, 8, 3, lim)
	be := 60
	tests := []struct {
		name  string
		kind  string
		vs    *ref.VisibleState
		legal []ref.LegalAction
		check func(ref.Move) bool
	}{
		{"passive checks", "passive", view(99, 0, 50, nil), open, func(m ref.Move) bool { return m.Action == ref.ActionCall }},
		{"passive calls", "passive", view(1, 8, 50, &be), facing, func(m ref.Move) bool { return m.Action == ref.ActionCall }},
		{"aggressive raises", "aggressive", view(1, 8, 50, &be), facing, func(m ref.Move) bool { return m.Action == ref.ActionRaise && m.Amount >= 1 && m.Amount <= 10 }},
		{"aggressive calls at the cap", "aggressive", view(1, 8, 50, &be), capped, func(m ref.Move) bool { return m.Action == ref.ActionCall }},
		{"random never folds a free check", "random", view(1, 0, 50, nil), open, func(m ref.Move) bool { return m.Action != ref.ActionFold }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for seed := int64(0); seed < 50; seed++ {
				p, _ := New(tc.kind, seed)
				if m := p.Decide(tc.vs, tc.legal); !tc.check(m) {
					t.Fatalf("seed %d: %+v", seed, m)
				}
			}
		})
	}
	t.Run("heuristic", func(t *testing.T) {
		folds, raises, messages := 0, 0, 0
		for seed := int64(0); seed < 400; seed++ {
			p, _ := New("heuristic", seed)
			weak := p.Decide(view(10, 8, 50, &be), facing)
			strong := p.Decide(view(98, 8, 50, &be), facing)
			if weak.Action == ref.ActionFold {
				folds++
			}
			if strong.Action == ref.ActionRaise {
				raises++
			}
			if strong.Action == ref.ActionFold {
				t.Fatalf("seed %d: folded 98 against breakeven 60", seed)
			}
			if weak.Message != "" || strong.Message != "" {
				messages++
			}
		}
		// Mostly folds weak values, mostly raises strong ones, bluffs and
		// talks now and then.
		if folds < 340 || folds == 400 || raises < 390 || messages == 0 || messages > 60 {
			t.Fatalf("folds %d, raises %d, messages %d of 400", folds, raises, messages)
		}
	})
}

func TestSimulateErrors(t *testing.T) {
	cfg := ref.DefaultConfig()
	if _, err := Simulate(context.Background(), cfg, "m", "s", mkPlayers(t, []string{"random"}, "s"), nil); err == nil {
		t.Fatal("wrong number of players accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Simulate(ctx, cfg, "m", "s", mkPlayers(t, []string{"passive", "passive", "passive", "passive", "passive", "passive"}, "s"), nil); err == nil {
		t.Fatal("cancelled context ignored")
	}
	bad := []Player{badPlayer{}, badPlayer{}, badPlayer{}}
	cfg.TableSize = 3
	if _, err := Simulate(context.Background(), cfg, "m", "s", bad, nil); err == nil || !strings.Contains(err.Error(), "raise-bounds") {
		t.Fatalf("illegal scripted move: %v", err)
	}
}

type badPlayer struct{}

func (badPlayer) Kind() string { return "bad" }
func (badPlayer) Decide(*ref.VisibleState, []ref.LegalAction) ref.Move {
	return ref.Move{Action: ref.ActionRaise, Amount: 99}
}

func BenchmarkSimulate6x40(b *testing.B) {
	cfg := ref.DefaultConfig()
	kinds := []string{"random", "passive", "aggressive", "heuristic", "heuristic", "random"}
	for i := 0; i < b.N; i++ {
		seed := fmt.Sprint("bench-", i)
		ps := make([]Player, len(kinds))
		for j, k := range kinds {
			ps[j], _ = New(k, PlayerSeed(seed, j))
		}
		if _, err := Simulate(context.Background(), cfg, "m", seed, ps, nil); err != nil {
			b.Fatal(err)
		}
	}
}
