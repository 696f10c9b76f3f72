package selftest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/harness"
	_ "github.com/umpire-arena/umpire/harness/allgames"
	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/reports"
)

// Games selftest knows, in run order.
const (
	GameInference = harness.GameInference // the names are declared once, in package harness
	GameBangArena = harness.GameBangArena
)

// Defaults of Options.
const (
	// DefaultMatches is the number of matches per certified agent and the
	// number of simulated logs per game: enough to show every check at work
	// within about a minute on two cores.
	DefaultMatches = 4
	// DefaultReportDir is where reports go when Options.ReportDir is "".
	DefaultReportDir = "umpire-report"
	// DefaultBudget bounds a whole run.
	DefaultBudget = 5 * time.Minute
	// DefaultGrace is how long the watchdog waits, after a step's deadline,
	// for the step to return before abandoning it.
	DefaultGrace = 15 * time.Second
	// Seed seeds every match of a run, so two runs play the same matches.
	Seed = "selftest"
	// SummarySchema names the version of the JSON form of a Summary.
	SummarySchema = "umpire-selftest/1"
)

// Files written at the top of the report directory.
const (
	FileIndex       = "index.html"
	FileSummary     = "summary.md"
	FileSummaryJSON = "summary.json"
)

// VerdictSkip is the verdict of a step that did not apply on this machine.
const VerdictSkip reports.Verdict = "skip"

// ErrOptions is wrapped by the errors Run returns for unusable Options.
var ErrOptions = errors.New("selftest: bad options")

// Options configure a run. The zero value runs every step of both games
// with the defaults.
type Options struct {
	// Games are the games to cover, in order (nil: inference, bangarena).
	Games []string
	// Matches is the number of matches per certified agent and of
	// simulated logs per game (DefaultMatches when 0).
	Matches int
	// ReportDir receives the reports (DefaultReportDir when "").
	ReportDir string
	// Root is the source tree holding examples/agents ("": searched upwards
	// from the working directory; agents are skipped when none is found).
	Root string
	// Budget bounds the whole run (DefaultBudget when 0).
	Budget time.Duration
	// Grace is the watchdog's patience after a step's deadline
	// (DefaultGrace when 0).
	Grace time.Duration
	// StepTimeout, when not 0, replaces every step's own timeout.
	StepTimeout time.Duration
	// Version is umpire's version, recorded in the reports.
	Version string
	// Observe, when not nil, receives progress events. It is called from the
	// goroutine that called Run and from the running step's goroutine, never
	// from two at once, and never after Run returns.
	Observe func(Event)
	// LookPath finds programs (exec.LookPath when nil). Tests use it to
	// play a machine without go or python3.
	LookPath func(file string) (string, error)
	// SelfAgent is the command line of the agent built into umpire's
	// binary ("/path/to/umpire example-agent"; the game flag is added).
	// Where the example agents' sources are not at hand (a binary outside a
	// clone), the agent steps certify it instead of skipping.
	SelfAgent string
	// Extra steps run after the planned ones (tests inject failing steps).
	Extra []Step
	// Only, when not nil, keeps the planned steps it returns true for
	// (Extra steps are always kept).
	Only func(Step) bool
}

// Step is one unit of a run: it produces one report.
type Step struct {
	// Name is unique within a run and names the step's report directory,
	// e.g. "conform-inference".
	Name string `json:"name"`
	// Game is the game the step covers.
	Game string `json:"game"`
	// Title says what the step does, for people.
	Title string `json:"title"`
	// Timeout bounds the step.
	Timeout time.Duration `json:"-"`
	// Run carries the step out. It returns the step's report, or an error:
	// one made by Skip when the step does not apply here, any other when
	// it could not be carried out.
	Run func(ctx context.Context, env Env) (*reports.Report, error) `json:"-"`
}

// Env is what a running step is given.
type Env struct {
	// Dir is the step's report directory: it exists and is empty. Steps may
	// keep evidence there (the verify steps keep their logs).
	Dir string
	// Progress reports how far the step has got (done of total units).
	Progress func(done, total int)
}

// SkipError says why a step was skipped.
type SkipError struct{ Reason string }

func (e *SkipError) Error() string { return "skipped: " + e.Reason }

// Skip returns the error a Step returns when it does not apply here.
func Skip(reason string) error { return &SkipError{Reason: reason} }

// EventKind says what an Event reports.
type EventKind int

// The kinds of Event.
const (
	// StepStarted: Step is about to run.
	StepStarted EventKind = iota
	// StepProgress: Step has done Done of Total units.
	StepProgress
	// StepFinished: Result holds the step's outcome.
	StepFinished
)

// Event is one progress report of a run.
type Event struct {
	Kind EventKind
	// Index is the step's position (0-based) among Count steps.
	Index, Count int
	Step         Step
	Done, Total  int
	Result       *StepResult
}

// StepResult is the outcome of one step.
type StepResult struct {
	Name  string `json:"name"`
	Game  string `json:"game"`
	Title string `json:"title"`
	// Verdict is the step report's verdict, or VerdictSkip.
	Verdict reports.Verdict `json:"verdict"`
	// ExitCode is the step's own exit code (0 for a skip).
	ExitCode int `json:"exit_code"`
	// Reason says why the step was skipped or errored.
	Reason string `json:"reason,omitempty"`
	// Counts tallies the step's checks.
	Counts reports.Counts `json:"counts"`
	// Matches is the number of matches the step played or verified.
	Matches int `json:"matches,omitempty"`
	// Duration is the step's wall-clock time, in nanoseconds in JSON.
	Duration time.Duration `json:"duration_ns"`
	// Dir is the step's report directory relative to the report directory
	// (slash-separated); "" when the step wrote no report.
	Dir string `json:"dir,omitempty"`
	// Files are the report files written, relative to the report directory.
	Files []string `json:"files,omitempty"`
	// Failures name the first failing or erroring checks with their first
	// finding, for the summary (the reports hold them all).
	Failures []string `json:"failures,omitempty"`
}

// Summary is the outcome of a run.
type Summary struct {
	Schema    string    `json:"schema"`
	Version   string    `json:"umpire_version"`
	Games     []string  `json:"games"`
	Matches   int       `json:"matches"`
	ReportDir string    `json:"report_dir"`
	Started   time.Time `json:"started"`
	// Duration is the run's wall-clock time, in nanoseconds in JSON.
	Duration time.Duration   `json:"duration_ns"`
	Verdict  reports.Verdict `json:"verdict"`
	ExitCode int             `json:"exit_code"`
	// Interrupted is true when the caller's context ended the run early.
	Interrupted bool         `json:"interrupted,omitempty"`
	Steps       []StepResult `json:"steps"`
	// Warnings are remarks about the run itself (e.g. an index that could
	// not be written).
	Warnings []string `json:"warnings,omitempty"`
}

// maxFailures caps StepResult.Failures.
const maxFailures = 5

// normalize fills defaults and checks the options.
func (o Options) normalize() (Options, error) {
	if len(o.Games) == 0 {
		o.Games = harness.Names()
	}
	seen := map[string]bool{}
	for _, g := range o.Games {
		if _, err := games.Lookup(g); err != nil {
			return o, fmt.Errorf("%w: %v", ErrOptions, err)
		}
		if seen[g] {
			return o, fmt.Errorf("%w: game %q given twice", ErrOptions, g)
		}
		seen[g] = true
	}
	if o.Matches == 0 {
		o.Matches = DefaultMatches
	}
	if o.Matches < 1 || o.Matches > 1000 {
		return o, fmt.Errorf("%w: matches must be between 1 and 1000, have %d", ErrOptions, o.Matches)
	}
	if o.ReportDir == "" {
		o.ReportDir = DefaultReportDir
	}
	if o.Budget == 0 {
		o.Budget = DefaultBudget
	}
	if o.Grace == 0 {
		o.Grace = DefaultGrace
	}
	if o.Budget < 0 || o.Grace < 0 || o.StepTimeout < 0 {
		return o, fmt.Errorf("%w: negative duration", ErrOptions)
	}
	if o.LookPath == nil {
		o.LookPath = exec.LookPath
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	names := map[string]bool{}
	for _, s := range o.Extra {
		if s.Name == "" || s.Run == nil || !safeName(s.Name) {
			return o, fmt.Errorf("%w: extra step %q needs a plain name and a Run function", ErrOptions, s.Name)
		}
		if names[s.Name] {
			return o, fmt.Errorf("%w: step %q given twice", ErrOptions, s.Name)
		}
		names[s.Name] = true
	}
	return o, nil
}

// safeName reports whether a step name can be a directory name as it is.
func safeName(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return s != ""
}

// Plan returns the steps a run with opts carries out, in order. It fails
// only on unusable options.
func Plan(opts Options) ([]Step, error) {
	o, err := opts.normalize()
	if err != nil {
		return nil, err
	}
	steps, _ := plan(o)
	return steps, nil
}

// plan returns the steps and the shared Go agent builder (to clean up).
func plan(o Options) ([]Step, *goBuild) {
	src := findSources(o.Root)
	gb := &goBuild{src: src, lookPath: o.LookPath}
	var steps []Step
	for _, name := range o.Games {
		g, err := games.Lookup(name)
		if err != nil {
			continue // normalize has refused it
		}
		steps = append(steps,
			conformStep(o, g),
			certifyGoStep(o, g, gb),
			certifyPythonStep(o, g, src),
			verifyStep(o, g),
		)
	}
	if o.Only != nil {
		kept := steps[:0]
		for _, s := range steps {
			if o.Only(s) {
				kept = append(kept, s)
			}
		}
		steps = kept
	}
	steps = append(steps, o.Extra...)
	if o.StepTimeout > 0 {
		for i := range steps {
			steps[i].Timeout = o.StepTimeout
		}
	}
	return steps, gb
}

// Run carries out a selftest: every step of the plan in order, each step's
// reports in its directory, then the overall index.html, summary.md and
// summary.json. The error is non-nil only when the run cannot start (bad
// options, a report directory that cannot be created); everything that
// goes wrong in a step is in the Summary.
func Run(ctx context.Context, opts Options) (*Summary, error) {
	o, err := opts.normalize()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(o.ReportDir, 0o755); err != nil {
		return nil, fmt.Errorf("selftest: cannot create the report directory: %w", err)
	}
	steps, gb := plan(o)
	defer gb.cleanup()

	start := time.Now()
	sum := &Summary{Schema: SummarySchema, Version: o.Version, Games: o.Games, Matches: o.Matches,
		ReportDir: o.ReportDir, Started: start}
	runCtx, cancel := context.WithTimeout(ctx, o.Budget)
	defer cancel()
	obs := newObserver(o.Observe)
	defer obs.close()

	for i, s := range steps {
		obs.emit(Event{Kind: StepStarted, Index: i, Count: len(steps), Step: s})
		var res StepResult
		if err := runCtx.Err(); err != nil {
			res = resultOf(s)
			res.Verdict, res.ExitCode = reports.VerdictError, reports.ExitError
			res.Reason = "not run: " + stopReason(ctx, o.Budget)
		} else {
			res = runStep(runCtx, ctx, o, s, i, len(steps), obs)
		}
		sum.Steps = append(sum.Steps, res)
		obs.emit(Event{Kind: StepFinished, Index: i, Count: len(steps), Step: s, Result: &res})
	}
	sum.Interrupted = ctx.Err() != nil
	sum.Duration = time.Since(start)
	sum.Verdict, sum.ExitCode = overall(sum.Steps)
	if err := writeIndex(sum); err != nil {
		sum.Warnings = append(sum.Warnings, "writing the overall index: "+err.Error())
		if sum.ExitCode == reports.ExitOK {
			sum.Verdict, sum.ExitCode = reports.VerdictError, reports.ExitError
		}
	}
	return sum, nil
}

// stopReason says why the run stopped before a step.
func stopReason(parent context.Context, budget time.Duration) string {
	if parent.Err() != nil {
		return "interrupted"
	}
	return fmt.Sprintf("the run's budget of %v is spent", budget)
}

// resultOf starts the result of s.
func resultOf(s Step) StepResult { return StepResult{Name: s.Name, Game: s.Game, Title: s.Title} }

// outcome is what a step's goroutine hands back.
type outcome struct {
	rep *reports.Report
	err error
}

// runStep runs one step under its deadline and the watchdog, writes its
// reports and returns its result. parent is the caller's context (to tell
// an interruption from a deadline).
func runStep(ctx, parent context.Context, o Options, s Step, i, n int, obs *observer) (res StepResult) {
	res = resultOf(s)
	start := time.Now()
	defer func() { res.Duration = time.Since(start) }()
	dir := filepath.Join(o.ReportDir, s.Name)
	// Only the step's own directory is cleared: stale logs and reports of
	// an earlier run must not sit beside the new ones.
	_ = os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		res.Verdict, res.ExitCode, res.Reason = reports.VerdictError, reports.ExitError, "cannot create the step's report directory: "+err.Error()
		return res
	}
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = time.Minute
	}
	sctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	var mu sync.Mutex
	live := true // progress after the watchdog gave up on the step is dropped
	progress := func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if live {
			obs.emit(Event{Kind: StepProgress, Index: i, Count: n, Step: s, Done: done, Total: total})
		}
	}
	ch := make(chan outcome, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				ch <- outcome{err: fmt.Errorf("internal error: %v\n%s", p, debug.Stack())}
			}
		}()
		rep, err := s.Run(sctx, Env{Dir: dir, Progress: progress})
		ch <- outcome{rep, err}
	}()
	var out outcome
	select {
	case out = <-ch:
	case <-sctx.Done():
		select {
		case out = <-ch:
		case <-time.After(o.Grace):
			mu.Lock()
			live = false
			mu.Unlock()
			res.Verdict, res.ExitCode = reports.VerdictError, reports.ExitError
			res.Reason = fmt.Sprintf("%s, and the step did not stop within %v: abandoned", deadlineReason(ctx, parent, timeout), o.Grace)
			return res
		}
	}
	mu.Lock()
	live = false
	mu.Unlock()
	late := sctx.Err() != nil // before writing reports, which takes time too

	var skip *SkipError
	switch {
	case errors.As(out.err, &skip):
		res.Verdict, res.ExitCode, res.Reason = VerdictSkip, reports.ExitOK, skip.Reason
		_ = os.Remove(dir) // empty: nothing to link
		return res
	case out.err != nil && late && (errors.Is(out.err, context.Canceled) || errors.Is(out.err, context.DeadlineExceeded)):
		res.Verdict, res.ExitCode, res.Reason = reports.VerdictError, reports.ExitError, deadlineReason(ctx, parent, timeout)
	case out.err != nil:
		res.Verdict, res.ExitCode, res.Reason = reports.VerdictError, reports.ExitError, out.err.Error()
	case out.rep == nil:
		res.Verdict, res.ExitCode, res.Reason = reports.VerdictError, reports.ExitError, "the step returned no report"
	}
	if out.rep != nil {
		rep := out.rep
		rep.Normalize()
		sum := rep.Summary()
		res.Verdict, res.ExitCode, res.Counts, res.Matches = sum.Verdict, sum.ExitCode, sum.Counts, len(rep.Matches)
		if res.Matches == 0 && rep.Meta.Kind == reports.KindVerify {
			res.Matches = len(rep.Meta.Seeds) // the logs verified
		}
		if out.err != nil {
			res.Verdict, res.ExitCode = reports.VerdictError, reports.ExitError
		}
		res.Failures = failures(rep)
		files, err := reports.WriteDir(dir, rep)
		if err != nil {
			res.Verdict, res.ExitCode = reports.VerdictError, reports.ExitError
			res.Reason = joinReason(res.Reason, "writing the step's reports: "+err.Error())
		}
		res.Dir = filepath.ToSlash(s.Name)
		for _, f := range files {
			if rel, err := filepath.Rel(o.ReportDir, f); err == nil {
				res.Files = append(res.Files, filepath.ToSlash(rel))
			}
		}
	}
	// A step that returned after its deadline or an interruption did not
	// carry out its whole plan, whatever its partial report says.
	if why := deadlineReason(ctx, parent, timeout); late && !strings.Contains(res.Reason, why) {
		res.Verdict, res.ExitCode = reports.VerdictError, reports.ExitError
		res.Reason = joinReason(res.Reason, why)
	} else if res.Verdict == reports.VerdictError && res.Reason == "" {
		res.Reason = "a check could not be carried out (see the step's report)"
	}
	return res
}

// deadlineReason says why a step's context ended: the caller's
// interruption, the run's budget (ctx) or the step's own deadline.
func deadlineReason(ctx, parent context.Context, timeout time.Duration) string {
	switch {
	case parent.Err() != nil:
		return "interrupted"
	case ctx.Err() != nil:
		return "stopped: the run's budget is spent"
	}
	return fmt.Sprintf("stopped at its deadline of %v", timeout)
}

func joinReason(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// failures lists the first failing or erroring checks of rep, each with
// its first finding or reason.
func failures(rep *reports.Report) []string {
	var out []string
	for _, c := range rep.Checks {
		if !(c.Failing() || c.Status == reports.Error) {
			continue
		}
		if len(out) == maxFailures {
			out = append(out, "… more in the report")
			break
		}
		line := c.Label() + ": " + strings.ToUpper(c.Status.String())
		switch {
		case len(c.Findings) > 0:
			f := c.Findings[0].Finding
			line += fmt.Sprintf(" — %s %s: %s", f.Level, f.Rule, f.Message)
			if len(c.Findings) > 1 {
				line += fmt.Sprintf(" (+%d more)", len(c.Findings)-1)
			}
		case c.Reason != "":
			line += " — " + c.Reason
		}
		out = append(out, line)
	}
	return out
}

// overall combines the steps' verdicts with the precedence of package
// reports: error, fail, empty, pass. Skipped steps count for nothing; a run
// with nothing but skips is empty.
func overall(steps []StepResult) (reports.Verdict, int) {
	var anyErr, anyFail, anyEmpty, anyPass bool
	for _, s := range steps {
		switch s.Verdict {
		case reports.VerdictError:
			anyErr = true
		case reports.VerdictFail:
			anyFail = true
		case reports.VerdictEmpty:
			anyEmpty = true
		case reports.VerdictPass:
			anyPass = true
		}
	}
	switch {
	case anyErr:
		return reports.VerdictError, reports.ExitError
	case anyFail:
		return reports.VerdictFail, reports.ExitFail
	case anyEmpty || !anyPass:
		return reports.VerdictEmpty, reports.ExitFail
	}
	return reports.VerdictPass, reports.ExitOK
}

// observer serialises events to Options.Observe and stops them when the
// run returns.
type observer struct {
	mu   sync.Mutex
	fn   func(Event)
	done bool
}

func newObserver(fn func(Event)) *observer { return &observer{fn: fn} }

func (o *observer) emit(ev Event) {
	if o.fn == nil {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.done {
		o.fn(ev)
	}
}

func (o *observer) close() {
	o.mu.Lock()
	o.done = true
	o.mu.Unlock()
}

// WriteSummaryJSON writes sum as indented JSON.
func WriteSummaryJSON(w io.Writer, sum *Summary) error {
	enc := json.NewEncoder(inert.NewWriter(w, inert.JSONMode))
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(sum)
}
