package gametest_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	_ "github.com/umpire-arena/umpire/harness/allgames"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/harness/games/gametest"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestInvariantsCatchBrokenGames breaks one thing of a real game's
// descriptor at a time: the invariant about it, and only that one, fails.
func TestInvariantsCatchBrokenGames(t *testing.T) {
	base, err := games.Lookup("inference")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		invariant string
		want      string
		breakIt   func(g *games.Game)
	}{
		{"facts", "out of order", func(g *games.Game) { g.MinSeats = g.MaxSeats + 1 }},
		{"rules-are-its-own", "not a rule of inference", func(g *games.Game) {
			checks := g.Checks
			g.Checks = func() []conform.Check {
				cs := checks()
				cs[0].Rules = append([]string{"bangarena/4.distance"}, cs[0].Rules...)
				return cs
			}
		}},
		{"rules-are-its-own", "not in the catalogue", func(g *games.Game) {
			g.VerifyRules = func() []string { return []string{"inference/" + "no.such-rule"} }
		}},
		{"dialects", "unknown dialect is accepted", func(g *games.Game) {
			g.ParseDialects = func(list string) ([]string, error) { return []string{list}, nil }
		}},
		{"engine-self-check", "views leak", func(g *games.Game) {
			g.SelfCheck = func(string, int) error { return errors.New("views leak") }
		}},
		{"logs", "no finding, no error", func(g *games.Game) {
			g.Verify = func(ctx context.Context, r io.Reader, o games.VerifyOptions, emit func(rules.Finding)) (games.VerifySummary, error) {
				return games.VerifySummary{Units: 1}, nil
			}
		}},
		{"logs", "does not accept self-play", func(g *games.Game) {
			verify := g.Verify
			g.Verify = func(ctx context.Context, r io.Reader, o games.VerifyOptions, emit func(rules.Finding)) (games.VerifySummary, error) {
				emit(rules.Finding{Rule: "inference/round.2.ante", Level: rules.Must, Message: "a judge that sees ghosts"})
				return verify(ctx, r, o, emit)
			}
		}},
	}
	o := gametest.Options{Matches: 1}
	for _, tc := range cases {
		t.Run(tc.invariant+"/"+tc.want, func(t *testing.T) {
			g := *base
			tc.breakIt(&g)
			for _, inv := range gametest.Invariants() {
				got := inv.Check(&g, o)
				if inv.Name == tc.invariant {
					if !strings.Contains(strings.Join(got, "\n"), tc.want) {
						t.Errorf("%s: want a problem saying %q, got %q", inv.Name, tc.want, got)
					}
				} else if len(got) > 0 {
					t.Errorf("%s fails too: %q", inv.Name, got)
				}
			}
		})
	}
	t.Run("holds", func(t *testing.T) {
		g := *base
		for _, inv := range gametest.Invariants() {
			if got := inv.Check(&g, o); len(got) > 0 {
				t.Errorf("%s: %q", inv.Name, got)
			}
		}
	})
}
