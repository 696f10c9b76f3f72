package cli

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/umpire-arena/umpire/harness/gamecli"
	infadv "github.com/umpire-arena/umpire/harness/inference/players"
	"github.com/umpire-arena/umpire/referee/inference"
)

// SimSummary is the result of "umpire simulate --game inference" (the
// JSON of --format json).
type SimSummary struct {
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
	gamecli.KindStats
	AvgCredits float64 `json:"avg_credits"`
	credits    int
}

// simulate is "umpire simulate --game inference".
func simulate(ctx context.Context, e gamecli.Env, a gamecli.SimArgs) int {
	cfg := inference.DefaultConfig()
	cfg.TableSize, cfg.Rounds = a.Seats, a.Rounds
	if err := cfg.Validate(); err != nil {
		fmt.Fprintf(e.Stderr, "umpire simulate: %v\n", err)
		return gamecli.ExitUsage
	}
	kinds, code, ok := gamecli.StartRun(e, a.Adversaries, a.LogDir, func(k string) error { _, err := infadv.New(k, 0); return err }, "")
	if !ok {
		return code
	}
	sum := &SimSummary{Game: a.Game, Seed: a.Seed, Seats: cfg.TableSize, RoundsMax: cfg.Rounds, Endings: map[string]int{}, LogDir: a.LogDir, kinds: map[string]*kindStats{}}
	for _, k := range kinds {
		if sum.kinds[k] == nil {
			sum.kinds[k] = &kindStats{KindStats: gamecli.KindStats{Kind: k}}
		}
	}
	began := time.Now()
	results, err := runSimulations(ctx, e, cfg, a.Seed, kinds, a.Matches, a.LogDir)
	if err != nil {
		fmt.Fprintf(e.Stderr, "umpire simulate: %v\n", err)
		return gamecli.ExitError
	}
	for _, r := range results {
		sum.add(r)
	}
	sum.finish(time.Since(began))
	return gamecli.PrintSummary(e, a.Format, sum)
}

// runSimulations plays the matches on GOMAXPROCS workers. Each match is
// independent and seeded, so the results (kept in match order) do not
// depend on the scheduling.
func runSimulations(ctx context.Context, e gamecli.Env, cfg inference.Config, seed string, kinds []string, n int, logDir string) ([]infadv.Result, error) {
	results := make([]infadv.Result, n)
	err := gamecli.PlayMatches(ctx, e, n, func(ctx context.Context, i int) error {
		ms, id := gamecli.MatchSeed(seed, i), gamecli.MatchID(seed, i)
		players := make([]infadv.Player, cfg.TableSize)
		for j := range players {
			players[j], _ = infadv.New(kinds[(i+j)%len(kinds)], infadv.PlayerSeed(ms, j))
		}
		err := gamecli.WithLog(logDir, id, func(w io.Writer) (err error) {
			results[i], err = infadv.Simulate(ctx, cfg, id, ms, players, w)
			return err
		})
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

// add counts one match.
func (s *SimSummary) add(r infadv.Result) {
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

// finish computes the rates after d.
func (s *SimSummary) finish(d time.Duration) {
	s.ElapsedSec = d.Seconds()
	s.MatchesPerS, s.ActionsPerS = gamecli.PerSecond(s.Matches, s.ElapsedSec), gamecli.PerSecond(s.Actions, s.ElapsedSec)
	for _, k := range s.kinds {
		k.Rate()
		if k.Seats > 0 {
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

// WriteText prints the summary for people.
func (s *SimSummary) WriteText(e gamecli.Env) {
	w := e.Stdout
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
	fmt.Fprintf(w, "  seeds    %s\n\n", gamecli.Seeds(s.Seed, s.Matches))
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
