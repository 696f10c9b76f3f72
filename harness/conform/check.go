package conform

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/onsi/ginkgo/v2/types"
	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// Check is one conformance check: a function of a live target, the rules it
// covers and how long it may take.
type Check struct {
	// Name is the check's stable name, e.g. "illegal move is refused".
	Name string
	// Game is the game the check applies to.
	Game string
	// Section groups checks in reports, e.g. "Probes" or "Hidden information".
	Section string
	// Rules are the rule ids the check can cover (its Ginkgo labels and
	// filters); what it covered in a run is the Result's Evaluated.
	Rules []string
	// Timeout bounds the check, derived from the target's deadline.
	Timeout func(t *Target) time.Duration
	// Run carries the check out.
	Run func(ctx context.Context, t *Target) Result
}

// Result is what a check found. Status is left zero (Disabled) for a check
// that ran: Run derives Pass or Fail from the findings. A check sets Skip or
// Error, with a Reason, when it could not judge the target.
//
// Evaluated counts the rules the check evaluated, passed or failed: the
// coverage matrix attributes a rule to the check only when it is there (a
// finding's rule is added by Finish). NotExercised says why a rule of the
// check's Rules was not evaluated, when the check knows; NotApplicable
// why one is about what the target does not offer (an optional endpoint:
// MCP), so the coverage headline leaves it out of its count.
type Result struct {
	Status        reports.Status
	Reason        string
	Findings      []reports.Finding
	Evaluated     map[string]int
	NotExercised  map[string]string
	NotApplicable map[string]string
	// Err is the error an errored check ended with (Errored), kept for
	// its type: one wrapping ErrNoAnswer says the target stalled.
	Err error
}

// eval counts one evaluation of each rule.
func (r *Result) Eval(ids ...string) {
	if r.Evaluated == nil {
		r.Evaluated = map[string]int{}
	}
	for _, id := range ids {
		r.Evaluated[id]++
	}
}

// evalAll adds evaluation counts (a verifier's Summary.Evaluated).
func (r *Result) EvalAll(m map[string]int) {
	for id, n := range m {
		if r.Evaluated == nil {
			r.Evaluated = map[string]int{}
		}
		r.Evaluated[id] += n
	}
}

// notExercised records why rule id was not evaluated.
func (r *Result) NoteNotExercised(id, why string) {
	if r.NotExercised == nil {
		r.NotExercised = map[string]string{}
	}
	r.NotExercised[id] = why
}

// skip returns a skipped result.
func Skip(format string, args ...any) Result {
	return Result{Status: reports.Skip, Reason: fmt.Sprintf(format, args...)}
}

// orSkip returns r when it holds findings (they must not be lost to a
// skip), else a skipped result.
func (r Result) OrSkip(format string, args ...any) Result {
	if len(r.Findings) > 0 {
		return r
	}
	return Skip(format, args...)
}

// errored returns a result for a check umpire could not carry out.
func Errored(err error) Result {
	return Result{Status: reports.Error, Reason: err.Error(), Err: err}
}

// MustFindings returns the MUST findings of r.
func (r Result) MustFindings() []reports.Finding {
	var out []reports.Finding
	for _, f := range r.Findings {
		if f.Level == rules.Must {
			out = append(out, f)
		}
	}
	return out
}

// TimeoutOf returns the check's timeout for t (a default of 30 s when the
// check names none; Target.CheckTimeout overrides both).
func (c Check) TimeoutOf(t *Target) time.Duration {
	if t.CheckTimeout > 0 {
		return t.CheckTimeout
	}
	if c.Timeout == nil {
		return 30 * time.Second
	}
	return c.Timeout(t)
}

// Labels returns the check's Ginkgo labels: its game and its rule ids with
// the slash replaced by a dot (Ginkgo labels may not hold a slash), e.g.
// "inference.round.3.raise-cap".
func (c Check) Labels() []string {
	out := []string{c.Game}
	for _, id := range c.Rules {
		out = append(out, Label(id))
	}
	return out
}

// Label turns a rule id into a Ginkgo label.
func Label(ruleID string) string {
	return strings.ReplaceAll(ruleID, "/", ".")
}

// Filter returns the checks whose labels match a Ginkgo label filter
// expression (e.g. "inference.illegal.no-consume || bangarena"). Rule ids
// written with a slash are accepted and read as labels.
func Filter(checks []Check, expr string) ([]Check, error) {
	expr = labelExpr(expr)
	f, err := types.ParseLabelFilter(expr)
	if err != nil {
		return nil, fmt.Errorf("%w: label filter: %v", ErrConfig, err)
	}
	var out []Check
	for _, c := range checks {
		if f(c.Labels()) {
			out = append(out, c)
		}
	}
	return out, nil
}

// labelExpr rewrites rule ids (game/…) in a filter expression as labels.
func labelExpr(expr string) string {
	for _, g := range harness.Names() {
		expr = strings.ReplaceAll(expr, g+"/", g+".")
	}
	return expr
}

// Run carries c out against t within its timeout and returns the report
// entry. A check that ends with its context's deadline is an Error.
func Run(ctx context.Context, t *Target, c Check) reports.Check {
	rc, _ := runCheck(ctx, t, c)
	return rc
}

// runCheck is Run that also says whether the check stalled: it errored
// because the target did not answer in time — its own budget ran out, its
// error wraps ErrNoAnswer, or a wait on the target ran out while it ran
// (Target.NoAnswer), whatever words its reason uses.
func runCheck(ctx context.Context, t *Target, c Check) (reports.Check, bool) {
	start := time.Now()
	before := t.noAnswers()
	cctx, cancel := context.WithTimeout(ctx, c.TimeoutOf(t))
	defer cancel()
	res := runAbandoning(cctx, t, c)
	res.Findings = Grade(res.Findings, t.Strict)
	if res.Status == reports.Disabled && cctx.Err() != nil && len(res.MustFindings()) == 0 {
		reason := fmt.Sprintf("%s %v", timedOutReason, c.TimeoutOf(t))
		if ctx.Err() != nil {
			reason = strings.TrimPrefix(notRunReason(ctx), "not run: ") + " while the check ran"
		}
		res = Result{Status: reports.Error, Reason: reason, Findings: res.Findings, Err: cctx.Err()}
	}
	stalled := res.Status == reports.Error && ctx.Err() == nil &&
		(errors.Is(res.Err, ErrNoAnswer) || errors.Is(cctx.Err(), context.DeadlineExceeded) || t.noAnswers() > before)
	return Finish(c, res, time.Since(start)), stalled
}

// runGuarded runs the check, turning a panic into an Error.
func runGuarded(ctx context.Context, t *Target, c Check) (res Result) {
	defer func() {
		if p := recover(); p != nil {
			res = Result{Status: reports.Error, Reason: fmt.Sprintf("internal error: %v", p)}
		}
	}()
	return c.Run(ctx, t)
}

// RunAll carries checks out against t one after another, in order: the
// suite as "umpire conform", selftest and the Ginkgo specs run it. Once ctx
// is done the remaining checks are recorded as Error "interrupted" (or,
// when the run's budget ended it, "not run: the run's budget ran out"),
// never dropped. each, when not nil, sees every result as it finishes.
func RunAll(ctx context.Context, t *Target, checks []Check, each func(i int, rc reports.Check)) []reports.Check {
	return RunAllProgress(ctx, t, checks, nil, each)
}

// MaxTimedOut is how many checks in a row may run out of time before the
// rest of a suite is given up: the target has stopped answering, and
// waiting out every check's budget would only delay the verdict.
const MaxTimedOut = 2

// RunAllProgress is RunAll with a start hook, called as each check begins
// (a console heartbeat names what the suite waits for).
func RunAllProgress(ctx context.Context, t *Target, checks []Check, start func(i int, c Check), each func(i int, rc reports.Check)) []reports.Check {
	out := make([]reports.Check, 0, len(checks))
	timedOut := 0
	for i, c := range checks {
		var rc reports.Check
		switch {
		case ctx.Err() != nil:
			rc = Finish(c, Result{Status: reports.Error, Reason: notRunReason(ctx)}, 0)
		case timedOut >= MaxTimedOut:
			rc = Finish(c, Result{Status: reports.Error, Reason: fmt.Sprintf("not run: the %d checks before it got no answer in time; the target seems to have stopped answering", timedOut)}, 0)
		default:
			if start != nil {
				start(i, c)
			}
			var stalled bool
			rc, stalled = runCheck(ctx, t, c)
			if (rc.Failing() || rc.Status == reports.Error) && ctx.Err() == nil && coversAny(c, t.Flaky) {
				var again reports.Check
				again, stalled = runCheck(ctx, t, c)
				rc = retried(rc, again)
			}
			if stalled && rc.Status == reports.Error {
				timedOut++
			} else {
				timedOut = 0
			}
		}
		out = append(out, rc)
		if each != nil {
			each(i, rc)
		}
	}
	return out
}

// timedOutReason starts the reason of a check that ran out of time.
const timedOutReason = "the check did not finish within"

// coversAny reports whether c covers one of the rule ids.
func coversAny(c Check, ids []string) bool {
	for _, id := range ids {
		if slices.Contains(c.Rules, id) {
			return true
		}
	}
	return false
}

// retried joins a known-flaky check's failed first attempt with its retry.
// A retry that fails too is the result. A retry that passes makes the check
// a warning: the first attempt's findings stay in it at INFO, marked, and
// its reason says what happened, so a flaky failure is never hidden.
func retried(first, second reports.Check) reports.Check {
	if second.Failing() || second.Status == reports.Error {
		second.Reason = strings.TrimSpace(second.Reason + " (known flaky: failed twice)")
		return second
	}
	note := "known flaky: the first attempt "
	if first.Status == reports.Error {
		note += "errored (" + first.Reason + ")"
	} else {
		note += "failed"
	}
	note += "; the retry passed"
	out := second
	out.Reason = note
	for _, f := range first.Findings {
		f.Level = rules.Info
		f.Message = "first attempt (known flaky, passed on retry): " + f.Message
		out.Findings = append(out.Findings, f)
	}
	if len(out.Findings) > 0 {
		out.Status = reports.Fail
	}
	out.Duration += first.Duration
	return out
}

// Finish turns a Result into a reports.Check: Pass or Fail from the findings
// unless the check chose Skip or Error.
func Finish(c Check, res Result, d time.Duration) reports.Check {
	st := res.Status
	if st == reports.Disabled {
		st = reports.Pass
		if len(res.Findings) > 0 {
			st = reports.Fail
		}
	}
	if (st == reports.Skip || st == reports.Error) && res.Reason == "" {
		res.Reason = "no reason given"
	}
	sort.SliceStable(res.Findings, func(i, j int) bool { return res.Findings[i].Rule < res.Findings[j].Rule })
	// What the check evaluated: its own counts and every rule a finding
	// names; never nil, so the report tells "evaluated nothing" from "does
	// not say".
	evaluated := make(map[string]int, len(res.Evaluated)+len(res.Findings))
	for id, n := range res.Evaluated {
		evaluated[id] = n
	}
	for _, f := range res.Findings {
		if evaluated[f.Rule] == 0 {
			evaluated[f.Rule] = 1
		}
	}
	var why map[string]string
	for id, w := range res.NotExercised {
		if evaluated[id] == 0 {
			if why == nil {
				why = map[string]string{}
			}
			why[id] = w
		}
	}
	var na map[string]string
	for id, w := range res.NotApplicable {
		if evaluated[id] == 0 && slices.Contains(c.Rules, id) {
			if na == nil {
				na = map[string]string{}
			}
			na[id] = w
		}
	}
	return reports.Check{
		Name:          c.Name,
		Section:       c.Section,
		Rules:         append([]string(nil), c.Rules...),
		Status:        st,
		Reason:        res.Reason,
		Duration:      d,
		Findings:      res.Findings,
		Evaluated:     evaluated,
		NotExercised:  why,
		NotApplicable: na,
	}
}

// Checks returns the suite of game, in a fixed order.
func Checks(game string) []Check {
	s, err := suiteOf(game)
	if err != nil {
		return nil
	}
	return s.Checks()
}

// grade sets each finding's level from its basis (rules.Grade): findings on
// umpire's readings and pins are SHOULD unless the run is strict.
func Grade(fs []reports.Finding, strict bool) []reports.Finding {
	if len(fs) == 0 {
		return fs
	}
	cat := rules.Default()
	for i := range fs {
		fs[i].Finding = cat.Grade(fs[i].Finding, strict)
	}
	return fs
}

// finding builds a finding at its rule's catalogue level
// (reports.NewFinding).
func NewFinding(rule string, where rules.Where, expected, got any, format string, args ...any) reports.Finding {
	return reports.NewFinding(rule, where, expected, got, format, args...)
}

// isTimeout reports whether err comes from a context that ended.
func IsTimeout(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}

// Sections of a game's checks (a report groups the checks by them).
const (
	SecSchema  = "Schema"
	SecCross   = "Cross-check"
	SecHidden  = "Hidden information"
	SecProbes  = "Probes"
	SecTimeout = "Timeouts"
)
