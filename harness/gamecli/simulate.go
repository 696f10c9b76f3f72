package gamecli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// SimArgs are the flags of "umpire simulate", read (Adversaries is the
// game's SimAdversaries when the flag is not given; Mode is "" for the
// game's default).
type SimArgs struct {
	Game, Seed, LogDir, Adversaries, Format, Mode string
	Matches, Seats, Rounds                        int
}

// MatchSeed is the seed of match i (0-based) of a run seeded seed:
// "<seed>/<i>".
func MatchSeed(seed string, i int) string { return fmt.Sprintf("%s/%d", seed, i) }

// MatchID is the id (and log file name) of match i: the seed with
// characters other than letters, digits, '-' and '_' replaced by '_' (at
// most 40 of them), then "-" and i in four digits.
func MatchID(seed string, i int) string {
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

// Seeds names the seeds of a run's matches: the first, and the last
// when there are several.
func Seeds(seed string, matches int) string {
	last := ""
	if matches > 1 {
		last = " … " + MatchSeed(seed, matches-1)
	}
	return MatchSeed(seed, 0) + last
}

// MakeLogDir creates --log-dir when one is given; false (said on stderr)
// when it cannot be made.
func MakeLogDir(e Env, dir string) bool {
	if dir == "" {
		return true
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(e.Stderr, "umpire simulate: cannot create the log directory: %v\n", err)
		return false
	}
	return true
}

// PrintSummary prints a run's summary, indented JSON or text, and
// returns the exit code.
func PrintSummary(e Env, format string, sum interface{ WriteText(Env) }) int {
	if format == "json" {
		if err := WriteJSONIndented(e.Stdout, sum); err != nil {
			return ExitError
		}
		return ExitOK
	}
	sum.WriteText(e)
	return ExitOK
}

// PlayMatches calls play(ctx, i) for the n matches of a run on GOMAXPROCS
// workers, reporting progress on stderr for runs of 100 matches or more
// (a line redrawn in place on a terminal). The first error cancels the
// matches not yet played; the error of the lowest match index is returned,
// and a run interrupted before its end is an error too. play writes its
// result at index i, so results come out in match order whatever the
// scheduling.
func PlayMatches(ctx context.Context, e Env, n int, play func(ctx context.Context, i int) error) error {
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
			if e.IsTerminal {
				fmt.Fprintf(e.Stderr, "\rsimulate: %d/%d matches", finished, n)
			} else {
				fmt.Fprintf(e.Stderr, "simulate: %d/%d matches\n", finished, n)
			}
		}
	}
	if e.IsTerminal && n >= 100 {
		fmt.Fprint(e.Stderr, "\r\033[K")
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

// ParseKinds reads --adversaries: the comma-separated kinds, each checked
// by check; an unknown one is said on stderr (with hint after it, when
// given) and false returned.
func ParseKinds(e Env, list string, check func(kind string) error, hint string) ([]string, bool) {
	var kinds []string
	for _, k := range strings.Split(list, ",") {
		k = strings.TrimSpace(k)
		if err := check(k); err != nil {
			if hint != "" {
				hint = " (" + hint + ")"
			}
			fmt.Fprintf(e.Stderr, "umpire simulate: --adversaries: %v%s\n", err, hint)
			return nil, false
		}
		kinds = append(kinds, k)
	}
	return kinds, true
}

// StartRun reads --adversaries (ParseKinds) and makes --log-dir
// (MakeLogDir); when either fails (said on stderr) it returns false and
// the exit code.
func StartRun(e Env, adversaries, logDir string, check func(kind string) error, hint string) ([]string, int, bool) {
	kinds, ok := ParseKinds(e, adversaries, check, hint)
	if !ok {
		return nil, ExitUsage, false
	}
	if !MakeLogDir(e, logDir) {
		return nil, ExitError, false
	}
	return kinds, ExitOK, true
}

// WithLog plays one match through play, its log written to
// dir/<id>.jsonl when dir is given (w nil when it is not).
func WithLog(dir, id string, play func(w io.Writer) error) error {
	if dir == "" {
		return play(nil)
	}
	f, err := os.Create(filepath.Join(dir, id+".jsonl"))
	if err != nil {
		return err
	}
	err = play(f)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = cerr
	}
	return err
}

// KindStats is one adversary kind's record over a run (a game's summary
// may embed it and add its own figures).
type KindStats struct {
	Kind    string  `json:"kind"`
	Seats   int     `json:"seats"`
	Wins    int     `json:"wins"`
	WinRate float64 `json:"win_rate"`
}

// Rate computes WinRate once the seats and wins are counted.
func (k *KindStats) Rate() {
	if k.Seats > 0 {
		k.WinRate = float64(k.Wins) / float64(k.Seats)
	}
}

// PerSecond is n over sec seconds; 0 for no time.
func PerSecond(n int, sec float64) float64 {
	if sec <= 0 {
		return 0
	}
	return float64(n) / sec
}
