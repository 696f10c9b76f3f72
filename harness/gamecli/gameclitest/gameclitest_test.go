package gameclitest

import (
	"context"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestCheckCatchesBrokenParts: each break of a part is named, and a
// whole part passes.
func TestCheckCatchesBrokenParts(t *testing.T) {
	whole := func() *gamecli.Game {
		return &gamecli.Game{
			Legal:    func(gamecli.Env, string, []byte, bool) (gamecli.LegalDiff, int) { return nil, 0 },
			Simulate: func(context.Context, gamecli.Env, gamecli.SimArgs) int { return 0 },
			Example: func(_ context.Context, _ io.Reader, _ io.Writer, p string, _ int64) error {
				if p != "random" {
					return errors.New("unknown player")
				}
				return nil
			},
			ExamplePlayers: []string{"random"},
			VerifyGroup:    func(gamecli.FindingWriter, string, []rules.Finding, games.VerifySummary, *rules.Cap) int { return 0 },
			VerifySummary:  func(gamecli.FindingWriter, []games.VerifySummary, int) {},
			SimAdversaries: []string{"random"},
			Serve: gamecli.Serve{Flags: func(fs *flag.FlagSet, lim *gamecli.Limits) gamecli.Server {
				lim.Running = "max-matches"
				lim.MaxRunning, lim.MaxDeadline = fs.Int("max-matches", 1, ""), fs.Duration("max-deadline", time.Minute, "")
				lim.Idle, lim.KeepFinished = fs.Duration("idle", time.Minute, ""), fs.Duration("keep-finished", time.Minute, "")
				return nil
			}},
		}
	}
	if got := Check(whole()); len(got) > 0 {
		t.Fatalf("a whole part: %q", got)
	}
	for _, tc := range []struct {
		name    string
		breakIt func(g *gamecli.Game)
		want    string
	}{
		{"a listed player that does not play", func(g *gamecli.Game) { g.ExamplePlayers = append(g.ExamplePlayers, "heuristic") }, `example player "heuristic"`},
		{"every player accepted", func(g *gamecli.Game) {
			g.Example = func(context.Context, io.Reader, io.Writer, string, int64) error { return nil }
		}, `example player "nope"`},
		{"no simulate default", func(g *gamecli.Game) { g.SimAdversaries = nil }, "SimAdversaries"},
		{"no verify printer", func(g *gamecli.Game) { g.VerifyGroup = nil }, "VerifyGroup is nil"},
		{"serve without a deadline bound", func(g *gamecli.Game) {
			flags := g.Serve.Flags
			g.Serve.Flags = func(fs *flag.FlagSet, lim *gamecli.Limits) gamecli.Server {
				srv := flags(fs, lim)
				lim.MaxDeadline = nil
				return srv
			}
		}, "Serve.Flags declares no MaxDeadline"},
	} {
		g := whole()
		tc.breakIt(g)
		if got := strings.Join(Check(g), "\n"); !strings.Contains(got, tc.want) {
			t.Errorf("%s: Check = %q, want %q in it", tc.name, got, tc.want)
		}
	}
}
