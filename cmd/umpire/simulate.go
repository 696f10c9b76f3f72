package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/gamecli"
)

// cmdSimulate runs "umpire simulate": self-play between scripted adversaries
// on the referee alone. Match i of N (0-based) is seeded "<seed>/<i>"; the
// player entering at index j is of kind adversaries[(i+j) mod len] and
// seeded from the match seed (harness/<game>/cli: the game's body).
func cmdSimulate(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "simulate", "--game G --matches N --seed S [--seats K] [--rounds R] [--mode M] [--log-dir DIR] [--adversaries LIST] [--format text|json]")
	game := fs.String("game", "", harness.NameList())
	matches := fs.Int("matches", 1, "number of matches to play")
	seed := fs.String("seed", "umpire", "run seed; match i is seeded \"<seed>/<i>\"")
	seats := fs.Int("seats", 0, "seats per table ("+seatRanges()+"; default the game's, "+defaultSeats()+")")
	rounds := fs.Int("rounds", 40, "rounds per "+roundsGames()+" match")
	logDir := fs.String("log-dir", "", "write each match's full log to DIR/<match-id>.jsonl")
	advs := fs.String("adversaries", "", "comma-separated adversary kinds, dealt round-robin to the seats (default "+simAdversaries()+")")
	format := fs.String("format", "text", "text or json")
	mode := fs.String("mode", "", gameHelp("", func(h gamecli.Help) string { return h.Mode }))
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !checkNoArgs(e, fs, "simulate") {
		return exitUsage
	}
	if !checkGame(e, *game) || !checkFormat(e, *format) {
		return exitUsage
	}
	if *matches < 1 {
		fmt.Fprintln(e.stderr, "umpire simulate: --matches must be at least 1")
		return exitUsage
	}
	g := gameOf(*game)
	advSet := false
	fs.Visit(func(f *flag.Flag) { advSet = advSet || f.Name == "adversaries" })
	if !advSet {
		*advs = strings.Join(g.SimAdversaries, ",")
	}
	if *seats == 0 {
		*seats = g.DefaultSeats
	}
	return g.Simulate(ctx, e.cmd(), gamecli.SimArgs{Game: *game, Matches: *matches, Seed: *seed, Seats: *seats, Rounds: *rounds,
		LogDir: *logDir, Adversaries: *advs, Format: *format, Mode: *mode})
}
