package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/selftest"
	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/reports"
)

const selftestSynopsis = "[--game G] [--matches N] [--report-dir DIR] [--format text|json] [--junit F] [--json F] [--html F] [--md F]"

// cmdSelftest runs "umpire selftest": the out-of-the-box demo. For each
// game (or only --game) it runs the server conformance suite against the
// embedded server, certifies the bundled example agents, and verifies
// freshly simulated match logs (harness/selftest), writes every report
// under --report-dir with an overall index.html, and prints a summary
// table. Exit 0 when everything conforms, 1 on a MUST finding, 2 for usage
// errors, 3 when a step could not be carried out.
func cmdSelftest(ctx context.Context, e *env, args []string) int {
	return selftestMain(ctx, e, args, nil)
}

// selftestMain is cmdSelftest with a hook that adjusts the options after
// the flags (tests inject steps with it; users have no flag for that).
func selftestMain(ctx context.Context, e *env, args []string, hook func(*selftest.Options)) int {
	fs := newFlagSet(e, "selftest", selftestSynopsis)
	game := fs.String("game", "", "only this game: "+harness.NameList()+" (default all)")
	matches := fs.Int("matches", selftest.DefaultMatches, "matches per certified agent, and simulated logs per game")
	dir := fs.String("report-dir", selftest.DefaultReportDir, "directory for the reports (one subdirectory per step, index.html on top)")
	format := fs.String("format", "text", "console output: text (progress and a summary table), or json (the summary)")
	var rf reportFlags
	addReportFileFlags(fs, &rf)
	if c, ok := parseFlags(fs, args); !ok {
		return c
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "umpire selftest: unexpected arguments %q\n", fs.Args())
		return exitUsage
	}
	if !checkFormat(e, *format) {
		return exitUsage
	}
	var games []string
	if *game != "" {
		if !checkGame(e, *game) {
			return exitUsage
		}
		games = []string{*game}
	}
	if *matches < 1 {
		fmt.Fprintln(e.stderr, "umpire selftest: --matches must be at least 1")
		return exitUsage
	}
	if *dir == "" {
		fmt.Fprintln(e.stderr, "umpire selftest: --report-dir must not be empty")
		return exitUsage
	}

	// Progress goes to stdout with text output; with JSON output stdout
	// carries only the summary, so progress goes to stderr as plain lines.
	var p *selftestProgress
	console := rf.console(e).stdout // a report of "-" owns standard output
	if *format == "json" || rf.toStdout() {
		p = newSelftestProgress(e.stderr, false)
	} else {
		p = newSelftestProgress(e.stdout, e.isTerminal)
	}
	opts := selftest.Options{Games: games, Matches: *matches, ReportDir: *dir,
		Version: strings.TrimSpace(version), Observe: p.observe, SelfAgent: selfAgent()}
	if hook != nil {
		hook(&opts)
	}
	if *format == "text" {
		fmt.Fprintf(console, "umpire selftest · reports in %s\n", inert.String(opts.ReportDir))
	}
	p.start()
	sum, err := selftest.Run(ctx, opts)
	p.stop()
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire selftest: %v\n", err)
		writeSelftestError(e, rf, err.Error())
		if errors.Is(err, selftest.ErrOptions) {
			return exitUsage
		}
		return exitError
	}
	code := sum.ExitCode
	if !writeSelftestReports(e, rf, sum) && code == exitOK {
		code = exitError
	}
	if *format == "json" {
		if err := selftest.WriteSummaryJSON(console, sum); err != nil {
			fmt.Fprintf(e.stderr, "umpire selftest: writing the summary: %v\n", err)
			return exitError
		}
		return code
	}
	printSelftestSummary(console, sum)
	return code
}

// printSelftestSummary prints the table of steps and the overall verdict.
func printSelftestSummary(w io.Writer, sum *selftest.Summary) {
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "step\tverdict\tpass\tfail\tskip\terror\tmatches\tduration\treport")
	for _, s := range sum.Steps {
		report, counts, matches := "—", "—\t—\t—\t—", "—"
		if s.Dir != "" {
			report = filepath.Join(sum.ReportDir, filepath.FromSlash(s.Dir), reports.FileHTML)
		}
		if s.Verdict != selftest.VerdictSkip && s.Dir != "" {
			c := s.Counts
			counts = fmt.Sprintf("%d\t%d\t%d\t%d", c.Pass, c.Fail, c.Skip, c.Error)
		}
		if s.Matches > 0 {
			matches = fmt.Sprint(s.Matches)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%v\t%s\n", inert.String(s.Name), verdictWord(s.Verdict), counts, matches,
			roundSelftest(s.Duration), inert.String(report))
	}
	_ = tw.Flush()
	var notes []string
	for _, s := range sum.Steps {
		if s.Reason != "" {
			notes = append(notes, fmt.Sprintf("  %s: %s", inert.String(s.Name), inert.String(s.Reason)))
		}
		for _, f := range s.Failures {
			notes = append(notes, fmt.Sprintf("  %s: %s", inert.String(s.Name), inert.String(f)))
		}
	}
	for _, x := range sum.Warnings {
		notes = append(notes, "  warning: "+inert.String(x))
	}
	if len(notes) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, strings.Join(notes, "\n"))
	}
	what := map[int]string{
		exitOK:    "everything checked conforms",
		exitFail:  "a MUST rule is violated (or a step checked nothing)",
		exitError: "a step could not be carried out",
	}[sum.ExitCode]
	if sum.Interrupted {
		what = "interrupted"
	}
	fmt.Fprintf(w, "\n%s: %s · %d steps in %v · exit %d\n", verdictWord(sum.Verdict), what, len(sum.Steps), roundSelftest(sum.Duration), sum.ExitCode)
	fmt.Fprintf(w, "open %s\n", inert.String(filepath.Join(sum.ReportDir, selftest.FileIndex)))
}

// verdictWord is a verdict in capitals.
func verdictWord(v reports.Verdict) string { return strings.ToUpper(string(v)) }

// roundSelftest rounds a duration for the console.
func roundSelftest(d time.Duration) time.Duration {
	if d >= time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Millisecond)
}

// selftestProgress renders a run's progress: on a terminal one live line
// per step (a bar, the units done and the time spent, redrawn in place),
// elsewhere one plain line when a step starts and one when it ends.
type selftestProgress struct {
	w    io.Writer
	tty  bool
	mu   sync.Mutex
	cur  *selftest.Event // the running step, nil between steps
	t0   time.Time       // when it started
	quit chan struct{}
	wg   sync.WaitGroup
}

func newSelftestProgress(w io.Writer, tty bool) *selftestProgress {
	return &selftestProgress{w: w, tty: tty, quit: make(chan struct{})}
}

// start begins redrawing the live line on a terminal, so the clock moves
// while a step has nothing to report.
func (p *selftestProgress) start() {
	if !p.tty {
		return
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-p.quit:
				return
			case <-tick.C:
				p.mu.Lock()
				p.draw()
				p.mu.Unlock()
			}
		}
	}()
}

// stop ends the redrawing.
func (p *selftestProgress) stop() {
	close(p.quit)
	p.wg.Wait()
}

// observe receives the run's events.
func (p *selftestProgress) observe(ev selftest.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	tag := fmt.Sprintf("[%d/%d]", ev.Index+1, ev.Count)
	switch ev.Kind {
	case selftest.StepStarted:
		p.cur, p.t0 = &ev, time.Now()
		if p.tty {
			p.draw()
		} else {
			fmt.Fprintf(p.w, "%s %s: %s\n", tag, inert.String(ev.Step.Name), inert.String(ev.Step.Title))
		}
	case selftest.StepProgress:
		if p.cur != nil {
			p.cur.Done, p.cur.Total = ev.Done, ev.Total
		}
		if p.tty {
			p.draw()
		}
	case selftest.StepFinished:
		p.cur = nil
		r := ev.Result
		line := fmt.Sprintf("%s %s: %s", tag, inert.String(r.Name), verdictWord(r.Verdict))
		if r.Verdict != selftest.VerdictSkip && r.Dir != "" {
			c := r.Counts
			line += fmt.Sprintf(" (%d pass, %d fail, %d skip, %d error)", c.Pass, c.Fail, c.Skip, c.Error)
		}
		line += fmt.Sprintf(" in %v", roundSelftest(r.Duration))
		if r.Reason != "" {
			line += " — " + inert.String(firstLine(r.Reason))
		}
		if p.tty {
			fmt.Fprint(p.w, "\r\033[K")
		}
		fmt.Fprintln(p.w, line)
	}
}

// draw redraws the live line of the running step (terminal only; the
// caller holds mu).
func (p *selftestProgress) draw() {
	if p.cur == nil {
		return
	}
	const width = 24
	ev := p.cur
	bar := strings.Repeat("·", width)
	count := ""
	if ev.Total > 0 {
		n := min(width, ev.Done*width/ev.Total)
		bar = strings.Repeat("█", n) + strings.Repeat("·", width-n)
		count = fmt.Sprintf(" %d/%d", ev.Done, ev.Total)
	}
	fmt.Fprintf(p.w, "\r\033[K[%d/%d] %-24s %s%s %v", ev.Index+1, ev.Count, inert.String(ev.Step.Name), bar, count,
		time.Since(p.t0).Round(100*time.Millisecond))
}

// firstLine cuts text at its first newline.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// selfAgent is the command line of the agent built into this binary, for
// the selftest steps that cannot find the example sources ("" when the
// binary is a test binary or cannot name itself).
func selfAgent() string {
	exe, err := os.Executable()
	if err != nil || strings.HasSuffix(exe, ".test") {
		return ""
	}
	return shellWord(exe) + " example-agent"
}

// shellWord quotes s for sh when it holds anything but plain characters.
func shellWord(s string) string {
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_./:=,+@%", c)) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}
