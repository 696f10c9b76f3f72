package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/umpire-arena/umpire/harness"
	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	infadv "github.com/umpire-arena/umpire/harness/inference/players"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/inference"
)

// simulateSummary is the result of "umpire simulate --game inference".
type simulateSummary struct {
	Game        string          `json:"game"`
	Seed        string          `json:"seed"`
	Seats       int             `json:"seats"`
	RoundsMax   int             `json:"rounds_per_match"`
	Matches     int             `json:"matches"`
	Rounds      int             `json:"rounds"`
	Actions     int             `json:"actions"`
	Endings     map[string]int  `json:"endings"`
	ByKind      []kindStats     `json:"by_adversary"`
	ElapsedSec  float64         `json:"elapsed_s"`
	MatchesPerS float64         `json:"matches_per_s"`
	ActionsPerS float64         `json:"actions_per_s"`
	LogDir      string          `json:"log_dir,omitempty"`
	Results     []infadv.Result `json:"results"`
	kinds       map[string]*kindStats
}

// kindStats is one adversary type's record over a run.
type kindStats struct {
	Kind       string  `json:"kind"`
	Seats      int     `json:"seats"`
	Wins       int     `json:"wins"`
	WinRate    float64 `json:"win_rate"`
	AvgCredits float64 `json:"avg_credits"`
	credits    int
}

// simMatchSeed is the seed of match i (0-based) of a run seeded seed:
// "<seed>/<i>".
func simMatchSeed(seed string, i int) string { return fmt.Sprintf("%s/%d", seed, i) }

// simMatchID is the id (and log file name) of match i: the seed with
// characters other than letters, digits, '-' and '_' replaced by '_' (at
// most 40 of them), then "-" and i in four digits.
func simMatchID(seed string, i int) string {
	var b strings.Builder
	for _, r := range seed {
		if b.Len() >= 40 {
			break
		}
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return fmt.Sprintf("sim-%s-%04d", b.String(), i)
}

// cmdSimulate runs "umpire simulate": self-play between scripted adversaries
// on the referee alone. Match i of N (0-based) is seeded "<seed>/<i>"; the
// player entering at index j is of kind adversaries[(i+j) mod len] and
// seeded infadv.PlayerSeed(match seed, j); seats are then drawn from the
// match seed.
func cmdSimulate(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "simulate", "--game G --matches N --seed S [--seats K] [--rounds R] [--mode M] [--log-dir DIR] [--adversaries LIST] [--format text|json]")
	game := fs.String("game", "", harness.NameList())
	matches := fs.Int("matches", 1, "number of matches to play")
	seed := fs.String("seed", "umpire", "run seed; match i is seeded \"<seed>/<i>\"")
	seats := fs.Int("seats", 6, "seats per table (3-8)")
	rounds := fs.Int("rounds", 40, "rounds per match")
	logDir := fs.String("log-dir", "", "write each match's full log to DIR/<match-id>.jsonl")
	advs := fs.String("adversaries", "random,passive,aggressive,heuristic", "comma-separated adversary kinds, dealt round-robin to the seats")
	format := fs.String("format", "text", "text or json")
	mode := fs.String("mode", "classic", "BangArena role mode: classic, partners, impostor or legacy")
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
	advSet := false
	fs.Visit(func(f *flag.Flag) { advSet = advSet || f.Name == "adversaries" })
	return gameOf(*game).simulate(ctx, e, simArgs{game: *game, matches: *matches, seed: *seed, seats: *seats, rounds: *rounds,
		logDir: *logDir, adversaries: *advs, adversariesSet: advSet, format: *format, mode: *mode})
}

// simArgs are the flags of "umpire simulate", read.
type simArgs struct {
	game, seed, logDir, adversaries, format, mode string
	matches, seats, rounds                        int
	// adversariesSet says --adversaries was given (BangArena has its own
	// default list).
	adversariesSet bool
}

// simulateBangArenaArgs is simulate for BangArena.
func simulateBangArenaArgs(ctx context.Context, e *env, a simArgs) int {
	list := "random,heuristic"
	if a.adversariesSet {
		list = a.adversaries
	}
	return simulateBangArena(ctx, e, bangSimOptions{matches: a.matches, seed: a.seed, seats: a.seats, mode: a.mode,
		logDir: a.logDir, adversaries: list, format: a.format})
}

// simulateInference is simulate for Inference.
func simulateInference(ctx context.Context, e *env, a simArgs) int {
	cfg := inference.DefaultConfig()
	cfg.TableSize, cfg.Rounds = a.seats, a.rounds
	if err := cfg.Validate(); err != nil {
		fmt.Fprintf(e.stderr, "umpire simulate: %v\n", err)
		return exitUsage
	}
	var kinds []string
	for _, k := range strings.Split(a.adversaries, ",") {
		k = strings.TrimSpace(k)
		if _, err := infadv.New(k, 0); err != nil {
			fmt.Fprintf(e.stderr, "umpire simulate: --adversaries: %v\n", err)
			return exitUsage
		}
		kinds = append(kinds, k)
	}
	if !makeLogDir(e, a.logDir) {
		return exitError
	}
	sum := &simulateSummary{Game: a.game, Seed: a.seed, Seats: cfg.TableSize, RoundsMax: cfg.Rounds, Endings: map[string]int{}, LogDir: a.logDir, kinds: map[string]*kindStats{}}
	for _, k := range kinds {
		if sum.kinds[k] == nil {
			sum.kinds[k] = &kindStats{Kind: k}
		}
	}
	began := time.Now()
	results, err := runSimulations(ctx, e, cfg, a.seed, kinds, a.matches, a.logDir)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire simulate: %v\n", err)
		return exitError
	}
	for _, r := range results {
		sum.add(r)
	}
	sum.finish(time.Since(began))
	return printSimSummary(e, a.format, sum)
}

// makeLogDir creates --log-dir when one is given; false (said on stderr)
// when it cannot be made.
func makeLogDir(e *env, dir string) bool {
	if dir == "" {
		return true
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(e.stderr, "umpire simulate: cannot create the log directory: %v\n", err)
		return false
	}
	return true
}

// printSimSummary prints a run's summary, indented JSON or text, and
// returns the exit code.
func printSimSummary(e *env, format string, sum interface{ writeText(*env) }) int {
	if format == "json" {
		if err := writeJSONIndented(e.stdout, sum); err != nil {
			return exitError
		}
		return exitOK
	}
	sum.writeText(e)
	return exitOK
}

// simSeeds names the seeds of a run's matches: the first, and the last
// when there are several.
func simSeeds(seed string, matches int) string {
	last := ""
	if matches > 1 {
		last = " … " + simMatchSeed(seed, matches-1)
	}
	return simMatchSeed(seed, 0) + last
}

// runSimulations plays the matches on GOMAXPROCS workers. Each match is
// independent and seeded, so the results (kept in match order) do not
// depend on the scheduling.
func runSimulations(ctx context.Context, e *env, cfg inference.Config, seed string, kinds []string, n int, logDir string) ([]infadv.Result, error) {
	results := make([]infadv.Result, n)
	err := playMatches(ctx, e, n, func(ctx context.Context, i int) error {
		ms, id := simMatchSeed(seed, i), simMatchID(seed, i)
		players := make([]infadv.Player, cfg.TableSize)
		for j := range players {
			players[j], _ = infadv.New(kinds[(i+j)%len(kinds)], infadv.PlayerSeed(ms, j))
		}
		var err error
		if logDir != "" {
			results[i], err = simulateToFile(ctx, cfg, id, ms, players, filepath.Join(logDir, id+".jsonl"))
		} else {
			results[i], err = infadv.Simulate(ctx, cfg, id, ms, players, nil)
		}
		if err != nil {
			return fmt.Errorf("match %s: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return results, nil
}

// playMatches calls play(ctx, i) for the n matches of a run on GOMAXPROCS
// workers, reporting progress on stderr for runs of 100 matches or more
// (a line redrawn in place on a terminal). The first error cancels the
// matches not yet played; the error of the lowest match index is returned,
// and a run interrupted before its end is an error too. play writes its
// result at index i, so results come out in match order whatever the
// scheduling.
func playMatches(ctx context.Context, e *env, n int, play func(ctx context.Context, i int) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errs := make([]error, n)
	jobs := make(chan int)
	done := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if errs[i] = play(ctx, i); errs[i] != nil {
					cancel()
				}
				done <- i
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := 0; i < n; i++ {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(done) }()
	every, finished := max(1, n/10), 0
	for range done {
		finished++
		if n >= 100 && finished%every == 0 && finished < n {
			if e.isTerminal {
				fmt.Fprintf(e.stderr, "\rsimulate: %d/%d matches", finished, n)
			} else {
				fmt.Fprintf(e.stderr, "simulate: %d/%d matches\n", finished, n)
			}
		}
	}
	if e.isTerminal && n >= 100 {
		fmt.Fprint(e.stderr, "\r\033[K")
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil && finished < n {
		return fmt.Errorf("interrupted after %d of %d matches", finished, n)
	}
	return nil
}

func simulateToFile(ctx context.Context, cfg inference.Config, id, seed string, players []infadv.Player, path string) (infadv.Result, error) {
	f, err := os.Create(path)
	if err != nil {
		return infadv.Result{}, err
	}
	res, err := infadv.Simulate(ctx, cfg, id, seed, players, f)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = cerr
	}
	return res, err
}

func (s *simulateSummary) add(r infadv.Result) {
	s.Matches++
	s.Rounds += r.Rounds
	s.Actions += r.Actions
	s.Endings[r.Reason]++
	credits := map[int]int{}
	for _, x := range r.Ranking {
		credits[x.Seat] = x.Credits
	}
	for seat, k := range r.Kinds {
		ks := s.kinds[k]
		ks.Seats++
		ks.credits += credits[seat]
	}
	for _, seat := range r.WinnerSet {
		s.kinds[r.Kinds[seat]].Wins++
	}
	s.Results = append(s.Results, r)
}

func (s *simulateSummary) finish(d time.Duration) {
	s.ElapsedSec = d.Seconds()
	if s.ElapsedSec > 0 {
		s.MatchesPerS = float64(s.Matches) / s.ElapsedSec
		s.ActionsPerS = float64(s.Actions) / s.ElapsedSec
	}
	for _, k := range s.kinds {
		if k.Seats > 0 {
			k.WinRate = float64(k.Wins) / float64(k.Seats)
			k.AvgCredits = float64(k.credits) / float64(k.Seats)
		}
		s.ByKind = append(s.ByKind, *k)
	}
	sort.Slice(s.ByKind, func(i, j int) bool {
		if s.ByKind[i].WinRate != s.ByKind[j].WinRate {
			return s.ByKind[i].WinRate > s.ByKind[j].WinRate
		}
		return s.ByKind[i].Kind < s.ByKind[j].Kind
	})
}

func (s *simulateSummary) writeText(e *env) {
	w := e.stdout
	fmt.Fprintf(w, "umpire simulate · Inference (%s) · seed %q · %d seats × %d rounds\n\n", inference.RulesVersion, s.Seed, s.Seats, s.RoundsMax)
	var ends []string
	for _, r := range []string{inference.ReasonRoundsComplete, inference.ReasonOnePlayerLeft} {
		if n := s.Endings[r]; n > 0 {
			ends = append(ends, fmt.Sprintf("%d %s", n, strings.ReplaceAll(r, "_", " ")))
		}
	}
	fmt.Fprintf(w, "  matches  %d  (%s)\n", s.Matches, strings.Join(ends, ", "))
	fmt.Fprintf(w, "  rounds   %d  (%.1f per match)\n", s.Rounds, float64(s.Rounds)/float64(s.Matches))
	fmt.Fprintf(w, "  actions  %d  (%.1f per round)\n", s.Actions, float64(s.Actions)/float64(max(1, s.Rounds)))
	fmt.Fprintf(w, "  speed    %.0f matches/s, %.0f actions/s  (%.2fs)\n", s.MatchesPerS, s.ActionsPerS, s.ElapsedSec)
	fmt.Fprintf(w, "  seeds    %s\n\n", simSeeds(s.Seed, s.Matches))
	tw := tabwriter.NewWriter(w, 0, 4, 3, ' ', 0)
	fmt.Fprintln(tw, "  adversary\tseats\twins\twin rate\tavg final credits")
	for _, k := range s.ByKind {
		fmt.Fprintf(tw, "  %s\t%d\t%d\t%.1f%%\t%.1f\n", k.Kind, k.Seats, k.Wins, 100*k.WinRate, k.AvgCredits)
	}
	_ = tw.Flush()
	fmt.Fprintln(w, "\n  wins = first places (shared firsts count for each seat)")
	if s.LogDir != "" {
		fmt.Fprintf(w, "  logs     %s/<match-id>.jsonl  (%d full logs, deal_private included)\n", s.LogDir, s.Matches)
	} else {
		fmt.Fprintln(w, "  add --log-dir DIR to keep every match log; umpire verify replays them")
	}
}

// bangSimOptions are the flags of "umpire simulate --game bangarena".
type bangSimOptions struct {
	matches, seats                          int
	seed, mode, logDir, adversaries, format string
}

// bangSimSummary is the result of "umpire simulate --game bangarena".
type bangSimSummary struct {
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
type bangKindStats struct {
	Kind    string  `json:"kind"`
	Seats   int     `json:"seats"`
	Wins    int     `json:"wins"`
	WinRate float64 `json:"win_rate"`
}

// bangPlayerSeed is the seed of the player in seat j of a match seeded ms.
func bangPlayerSeed(ms string, j int) string { return fmt.Sprintf("%s/seat-%d", ms, j) }

// simulateBangArena plays o.matches BangArena matches on the engine alone.
// Match i is seeded "<seed>/<i>" (as for Inference) and its matchId is
// the log's name, sim-<seed>-<i>; seat j is played by
// adversaries[(i+j) mod len], seeded "<match seed>/seat-<j>".
func simulateBangArena(ctx context.Context, e *env, o bangSimOptions) int {
	cfg := ba.Config{Seats: o.seats, RoleMode: o.mode}
	if _, err := ba.NewGame(cfg, o.seed); err != nil {
		fmt.Fprintf(e.stderr, "umpire simulate: %v\n", err)
		return exitUsage
	}
	var kinds []string
	for _, k := range strings.Split(o.adversaries, ",") {
		k = strings.TrimSpace(k)
		if _, err := baadv.New(k, ""); err != nil {
			fmt.Fprintf(e.stderr, "umpire simulate: --adversaries: %v (BangArena knows %s)\n", err, strings.Join(baadv.Names(), ", "))
			return exitUsage
		}
		kinds = append(kinds, k)
	}
	if !makeLogDir(e, o.logDir) {
		return exitError
	}
	sum := &bangSimSummary{Game: harness.GameBangArena, Seed: o.seed, Seats: o.seats, Mode: o.mode, WinsByTeam: map[string]int{}, LogDir: o.logDir, kinds: map[string]*bangKindStats{}}
	for _, k := range kinds {
		if sum.kinds[k] == nil {
			sum.kinds[k] = &bangKindStats{Kind: k}
			sum.order = append(sum.order, k)
		}
	}
	began := time.Now()
	results, players, turns, err := runBangSimulations(ctx, e, cfg, o.seed, kinds, o.matches, o.logDir)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire simulate: %v\n", err)
		return exitError
	}
	for i, r := range results {
		sum.add(r, players[i])
		sum.Turns += turns[i]
	}
	sum.ElapsedSec = time.Since(began).Seconds()
	if sum.ElapsedSec > 0 {
		sum.MatchesPerS = float64(sum.Matches) / sum.ElapsedSec
	}
	for _, k := range sum.order {
		ks := sum.kinds[k]
		if ks.Seats > 0 {
			ks.WinRate = float64(ks.Wins) / float64(ks.Seats)
		}
		sum.ByKind = append(sum.ByKind, *ks)
	}
	return printSimSummary(e, o.format, sum)
}

// runBangSimulations plays the matches on GOMAXPROCS workers; results, and
// the adversary kind of every seat, come back in match order.
func runBangSimulations(ctx context.Context, e *env, cfg ba.Config, seed string, kinds []string, n int, logDir string) ([]baadv.Result, [][]string, []int, error) {
	results := make([]baadv.Result, n)
	seats := make([][]string, n)
	turns := make([]int, n)
	err := playMatches(ctx, e, n, func(ctx context.Context, i int) error {
		ms, id := simMatchSeed(seed, i), simMatchID(seed, i)
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
	if logDir == "" {
		res, err := baadv.Simulate(ctx, cfg, seed, players, &tc)
		return res, tc.n, err
	}
	f, err := os.Create(filepath.Join(logDir, id+".jsonl"))
	if err != nil {
		return baadv.Result{}, 0, err
	}
	res, err := baadv.Simulate(ctx, cfg, seed, players, io.MultiWriter(f, &tc))
	if cerr := f.Close(); err == nil && cerr != nil {
		err = cerr
	}
	return res, tc.n, err
}

func (s *bangSimSummary) add(r baadv.Result, kinds []string) {
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

func (s *bangSimSummary) writeText(e *env) {
	w := e.stdout
	fmt.Fprintf(w, "umpire simulate · BangArena (%s) · seed %q · %d seats · %s mode\n\n", ba.RulesetVersion, s.Seed, s.Seats, s.Mode)
	fmt.Fprintf(w, "  games      %d\n", s.Matches)
	fmt.Fprintf(w, "  turns      %d  (%.1f per game, %d rounds)\n", s.Turns, float64(s.Turns)/float64(s.Matches), s.Rounds)
	fmt.Fprintf(w, "  decisions  %d  (%.1f per game)\n", s.Decisions, float64(s.Decisions)/float64(s.Matches))
	fmt.Fprintf(w, "  speed      %.0f games/s  (%.2fs)\n", s.MatchesPerS, s.ElapsedSec)
	fmt.Fprintf(w, "  seeds      %s\n\n", simSeeds(s.Seed, s.Matches))
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
