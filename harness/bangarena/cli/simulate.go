package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/umpire-arena/umpire/harness"
	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	"github.com/umpire-arena/umpire/harness/gamecli"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// simulate is "umpire simulate --game bangarena".
func simulate(ctx context.Context, e gamecli.Env, a gamecli.SimArgs) int {
	mode := a.Mode
	if mode == "" {
		mode = ba.ModeClassic
	}
	return simulateBangArena(ctx, e, bangSimOptions{matches: a.Matches, seed: a.Seed, seats: a.Seats, mode: mode,
		logDir: a.LogDir, adversaries: a.Adversaries, format: a.Format})
}

// bangSimOptions are the flags of "umpire simulate --game bangarena".
type bangSimOptions struct {
	matches, seats                          int
	seed, mode, logDir, adversaries, format string
}

// SimSummary is the result of "umpire simulate --game bangarena" (the
// JSON of --format json).
type SimSummary struct {
	Game        string          `json:"game"`
	Seed        string          `json:"seed"`
	Seats       int             `json:"seats"`
	Mode        string          `json:"roleMode"`
	Matches     int             `json:"matches"`
	Rounds      int             `json:"rounds"`
	Turns       int             `json:"turns"`
	Decisions   int             `json:"decisions"`
	Events      int             `json:"events"`
	WinsByTeam  map[string]int  `json:"wins_by_team"`
	ByKind      []bangKindStats `json:"by_adversary"`
	ElapsedSec  float64         `json:"elapsed_s"`
	MatchesPerS float64         `json:"matches_per_s"`
	LogDir      string          `json:"log_dir,omitempty"`
	Results     []baadv.Result  `json:"results"`
	kinds       map[string]*bangKindStats
	order       []string
}

// bangKindStats is one adversary type's record over a BangArena run.
type bangKindStats = gamecli.KindStats

// bangPlayerSeed is the seed of the player in seat j of a match seeded ms.
func bangPlayerSeed(ms string, j int) string { return fmt.Sprintf("%s/seat-%d", ms, j) }

// simulateBangArena plays o.matches BangArena matches on the engine alone.
// Match i is seeded "<seed>/<i>" (as for Inference) and its matchId is
// the log's name, sim-<seed>-<i>; seat j is played by
// adversaries[(i+j) mod len], seeded "<match seed>/seat-<j>".
func simulateBangArena(ctx context.Context, e gamecli.Env, o bangSimOptions) int {
	cfg := ba.Config{Seats: o.seats, RoleMode: o.mode}
	if _, err := ba.NewGame(cfg, o.seed); err != nil {
		fmt.Fprintf(e.Stderr, "umpire simulate: %v\n", err)
		return gamecli.ExitUsage
	}
	kinds, code, ok := gamecli.StartRun(e, o.adversaries, o.logDir, func(k string) error { _, err := baadv.New(k, ""); return err },
		"BangArena knows "+strings.Join(baadv.Names(), ", "))
	if !ok {
		return code
	}
	sum := &SimSummary{Game: harness.GameBangArena, Seed: o.seed, Seats: o.seats, Mode: o.mode, WinsByTeam: map[string]int{}, LogDir: o.logDir, kinds: map[string]*bangKindStats{}}
	for _, k := range kinds {
		if sum.kinds[k] == nil {
			sum.kinds[k] = &bangKindStats{Kind: k}
			sum.order = append(sum.order, k)
		}
	}
	began := time.Now()
	results, players, turns, err := runBangSimulations(ctx, e, cfg, o.seed, kinds, o.matches, o.logDir)
	if err != nil {
		fmt.Fprintf(e.Stderr, "umpire simulate: %v\n", err)
		return gamecli.ExitError
	}
	for i, r := range results {
		sum.add(r, players[i])
		sum.Turns += turns[i]
	}
	sum.ElapsedSec = time.Since(began).Seconds()
	sum.MatchesPerS = gamecli.PerSecond(sum.Matches, sum.ElapsedSec)
	for _, k := range sum.order {
		ks := sum.kinds[k]
		ks.Rate()
		sum.ByKind = append(sum.ByKind, *ks)
	}
	return gamecli.PrintSummary(e, o.format, sum)
}

// runBangSimulations plays the matches on GOMAXPROCS workers; results, and
// the adversary kind of every seat, come back in match order.
func runBangSimulations(ctx context.Context, e gamecli.Env, cfg ba.Config, seed string, kinds []string, n int, logDir string) ([]baadv.Result, [][]string, []int, error) {
	results := make([]baadv.Result, n)
	seats := make([][]string, n)
	turns := make([]int, n)
	err := gamecli.PlayMatches(ctx, e, n, func(ctx context.Context, i int) error {
		ms, id := gamecli.MatchSeed(seed, i), gamecli.MatchID(seed, i)
		c := cfg
		c.MatchID = id
		players := make([]baadv.Player, c.Seats)
		seats[i] = make([]string, c.Seats)
		for j := range players {
			seats[i][j] = kinds[(i+j)%len(kinds)]
			players[j], _ = baadv.New(seats[i][j], bangPlayerSeed(ms, j))
		}
		var err error
		results[i], turns[i], err = bangSimulateOne(ctx, c, ms, players, logDir, id)
		if err != nil {
			return fmt.Errorf("match %s: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return nil, nil, nil, err
	}
	return results, seats, turns, nil
}

// turnCounter counts the turn_start events of a log written through it.
type turnCounter struct {
	n    int
	tail []byte // the end of the previous write, for a match split across writes
}

var turnStartMark = []byte(`"type":"turn_start"`)

// Write counts the marks in p.
func (c *turnCounter) Write(p []byte) (int, error) {
	buf := append(c.tail, p...)
	c.n += bytes.Count(buf, turnStartMark)
	// Keep what may begin a mark, but never a whole one (counted already).
	keep := min(len(buf), len(turnStartMark)-1)
	c.tail = append(c.tail[:0], buf[len(buf)-keep:]...)
	return len(p), nil
}

// bangSimulateOne plays one match, writing its log to logDir/<id>.jsonl
// when logDir is set, and returns its result and number of turns.
func bangSimulateOne(ctx context.Context, cfg ba.Config, seed string, players []baadv.Player, logDir, id string) (baadv.Result, int, error) {
	var tc turnCounter
	var res baadv.Result
	err := gamecli.WithLog(logDir, id, func(w io.Writer) (err error) {
		log := io.Writer(&tc)
		if w != nil {
			log = io.MultiWriter(w, &tc)
		}
		res, err = baadv.Simulate(ctx, cfg, seed, players, log)
		return err
	})
	return res, tc.n, err
}

// add counts one match whose seats were played by kinds.
func (s *SimSummary) add(r baadv.Result, kinds []string) {
	s.Matches++
	s.Rounds += r.Rounds
	s.Decisions += r.Decisions
	s.Events += r.Events
	team := r.WinnerTeam
	if team == "" {
		team = "none"
	}
	s.WinsByTeam[team]++
	for _, k := range kinds {
		s.kinds[k].Seats++
	}
	for _, seat := range r.WinnerSeats {
		if seat >= 0 && seat < len(kinds) {
			s.kinds[kinds[seat]].Wins++
		}
	}
	s.Results = append(s.Results, r)
}

// WriteText prints the summary for people.
func (s *SimSummary) WriteText(e gamecli.Env) {
	w := e.Stdout
	fmt.Fprintf(w, "umpire simulate · BangArena (%s) · seed %q · %d seats · %s mode\n\n", ba.RulesetVersion, s.Seed, s.Seats, s.Mode)
	fmt.Fprintf(w, "  games      %d\n", s.Matches)
	fmt.Fprintf(w, "  turns      %d  (%.1f per game, %d rounds)\n", s.Turns, float64(s.Turns)/float64(s.Matches), s.Rounds)
	fmt.Fprintf(w, "  decisions  %d  (%.1f per game)\n", s.Decisions, float64(s.Decisions)/float64(s.Matches))
	fmt.Fprintf(w, "  speed      %.0f games/s  (%.2fs)\n", s.MatchesPerS, s.ElapsedSec)
	fmt.Fprintf(w, "  seeds      %s\n\n", gamecli.Seeds(s.Seed, s.Matches))
	teams := make([]string, 0, len(s.WinsByTeam))
	for t := range s.WinsByTeam {
		teams = append(teams, t)
	}
	sort.Strings(teams)
	tw := tabwriter.NewWriter(w, 0, 4, 3, ' ', 0)
	fmt.Fprintln(tw, "  winning team\tgames\tshare")
	for _, t := range teams {
		fmt.Fprintf(tw, "  %s\t%d\t%.1f%%\n", t, s.WinsByTeam[t], 100*float64(s.WinsByTeam[t])/float64(s.Matches))
	}
	_ = tw.Flush()
	fmt.Fprintln(w)
	fmt.Fprintln(tw, "  adversary\tseats\twins\twin rate")
	for _, k := range s.ByKind {
		fmt.Fprintf(tw, "  %s\t%d\t%d\t%.1f%%\n", k.Kind, k.Seats, k.Wins, 100*k.WinRate)
	}
	_ = tw.Flush()
	fmt.Fprintln(w, "\n  wins = seats on the winning side (dead winners count)")
	if s.LogDir != "" {
		fmt.Fprintf(w, "  logs       %s/<match-id>.jsonl  (%d full logs)\n", s.LogDir, s.Matches)
		fmt.Fprintf(w, "  verify     umpire verify --game bangarena --seed %q %s/*.jsonl\n", s.Seed, s.LogDir)
	} else {
		fmt.Fprintln(w, "  add --log-dir DIR to keep every match log; umpire verify --game bangarena --seed S replays them")
	}
}
