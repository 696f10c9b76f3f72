package reports

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
)

// JUnit XML as read by common CI parsers (Jenkins, GitLab, GitHub test
// reporters), in one of two shapes (JUnitCases):
//
//   - by rule (the default, as h2spec does): <testsuites> holding one
//     <testsuite> per game and section of the rules, one <testcase> per rule
//     of the report's catalogue, named by its id, so a CI test tab shows
//     which rule failed. A rule is <failure> when a MUST finding cites it
//     (or a check listing it failed without findings, or it is a stale
//     known-failing entry), <error> when a check that can cover it errored,
//     <skipped> when no check evaluated it (not exercised, with why, or not
//     checked), and passes when it was evaluated without a MUST finding.
//     The failure text gives every finding of the rule with its check.
//   - by check (JUnitByCheck): one <testsuite> per check section, one
//     <testcase> per check, for people who follow checks rather than rules
//     and for certification runs read that way before; umpire keeps it
//     because CI history keyed by check names would otherwise break.
//
// In both, a skipped case carries its reason as the message; a failure's
// text gives, per finding, the requirement (the rule's text from the
// report's catalogue), where, expected and got. Findings at SHOULD/INFO
// only pass in JUnit and are listed in <system-out>, so JUnit failures
// match the exit code. A rule (or check) failing only on MUST findings the
// known-failing list excuses is <skipped type="known-failing"> with the
// message "KNOWN FAILING: reason" and the findings as its text, as pytest
// writes an expected failure, and the run's properties name each
// known-failing rule with its counts (umpire.known_failing.RULE). An A/B
// run adds, in both shapes, a suite "A/B" with one case for its SPRT,
// failing when the test makes the run exit 1; a run that exits non-zero
// with no failing case otherwise (an empty run, a stale entry in the
// by-check shape) gets a case "verdict of the run" that fails with the
// headline's reasons. The properties umpire.verdict (the headline word:
// PASS, FAIL, REGRESSION, …) and umpire.exit_code follow the exit code.
// The check view stays complete in the JSON and HTML reports.

// JUnitCases says what one JUnit test case is.
type JUnitCases string

// The two shapes of JUnit.
const (
	JUnitByRule  JUnitCases = "rule"
	JUnitByCheck JUnitCases = "check"
)

// JUnit writes JUnit XML in the shape Cases names (by rule when empty).
type JUnit struct {
	Cases JUnitCases
}

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Timestamp  string          `xml:"timestamp,attr,omitempty"`
	Properties []junitProperty `xml:"properties>property,omitempty"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Skipped   *junitMessage `xml:"skipped,omitempty"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Error     *junitMessage `xml:"error,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// seconds is d as JUnit's time attribute: seconds with three decimals,
// never negative (a duration read from a report may be anything).
func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", max(d, 0).Seconds()) }

// addTime is a+b for the sums of JUnit times: negative terms count as 0
// and the sum saturates instead of wrapping round to a negative time.
func addTime(a, b time.Duration) time.Duration {
	a, b = max(a, 0), max(b, 0)
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// checkTimes returns the time JUnit credits each check with: its own
// duration, or, for a check that measured none but judged a match (a
// certification's checks judge the whole match they ran on), an equal
// share of that match's wall-clock time among its checks, so that a
// certification's cases do not all read 0 s. The baseline's matches of an
// A/B run are not the agent's checks' time.
func (r *Report) checkTimes() []time.Duration {
	matchTime := map[string]time.Duration{}
	for _, m := range r.Matches {
		if m.Side != SideBaseline {
			matchTime[m.Seed] = addTime(matchTime[m.Seed], m.Duration)
		}
	}
	unmeasured := map[string]int{}
	for _, c := range r.Checks {
		if c.Duration <= 0 && c.Seed != "" {
			unmeasured[c.Seed]++
		}
	}
	out := make([]time.Duration, len(r.Checks))
	for i, c := range r.Checks {
		out[i] = max(c.Duration, 0)
		if out[i] == 0 && c.Seed != "" {
			out[i] = matchTime[c.Seed] / time.Duration(unmeasured[c.Seed])
		}
	}
	return out
}

// WriteJUnit writes the report as JUnit XML, one test case per rule,
// through the escaper (inert.Writer): the document is valid UTF-8 and inert
// whatever the report holds.
func WriteJUnit(w io.Writer, r *Report) error { return JUnit{}.Write(w, r) }

// Write writes the report as JUnit XML in the shape o.Cases names, through
// the escaper as WriteJUnit does.
func (o JUnit) Write(w io.Writer, r *Report) error {
	var root junitSuites
	switch o.Cases {
	case JUnitByCheck:
		root = junitByCheck(r)
	case JUnitByRule, "":
		root = junitByRule(r)
	default:
		return fmt.Errorf("reports: unknown JUnit shape %q (want rule or check)", o.Cases)
	}
	x := inert.NewWriter(w, inert.TextMode)
	if err := writeJUnit(x, r, root); err != nil {
		return err
	}
	if err := x.Close(); err != nil {
		return fmt.Errorf("reports: writing JUnit: %w", err)
	}
	return nil
}

func junitByCheck(r *Report) junitSuites {
	root := junitSuites{Name: "umpire " + string(r.Meta.Kind) + " " + strings.Join(r.Meta.Games, ",")}
	index := map[string]int{}
	var total time.Duration
	var suiteTime []time.Duration
	times := r.checkTimes()
	for ci, c := range r.Checks {
		sec := c.Section
		if sec == "" {
			sec = "checks"
		}
		i, ok := index[sec]
		if !ok {
			i = len(root.Suites)
			index[sec] = i
			suiteTime = append(suiteTime, 0)
			root.Suites = append(root.Suites, junitSuite{Name: xmlText(sec), Timestamp: r.Meta.Started.UTC().Format("2006-01-02T15:04:05")})
		}
		s := &root.Suites[i]
		tc := junitCase{
			Name:      xmlText(clip(c.Label(), 300)),
			Classname: xmlText("umpire." + strings.Join(r.Meta.Games, ",") + "." + sec),
			Time:      seconds(times[ci]),
		}
		switch {
		case c.Status == Skip || c.Status == Disabled:
			tc.Skipped = &junitMessage{Message: xmlText(c.Status.String() + ": " + c.Reason)}
			s.Skipped++
		case c.Status == Error:
			tc.Error = &junitMessage{Message: xmlText(clip(c.Reason, 500)), Type: "error", Text: xmlText(r.findingsText(c))}
			s.Errors++
		case c.Failing():
			tc.Failure = &junitMessage{Message: xmlText(r.failureMessage(c)), Type: "MUST", Text: xmlText(r.findingsText(c))}
			s.Failures++
		case c.KnownFailing():
			tc.Skipped = &junitMessage{Message: xmlText(clip(knownMessage(c.KnownReason()), 500)), Type: junitKnownType, Text: xmlText(r.findingsText(c))}
			s.Skipped++
		case c.Warning():
			tc.SystemOut = xmlText("warnings (not failing the run):\n" + r.findingsText(c))
		}
		s.Tests++
		s.Cases = append(s.Cases, tc)
		total = addTime(total, times[ci])
		suiteTime[i] = addTime(suiteTime[i], times[ci])
	}
	for i := range root.Suites {
		root.Suites[i].Time = seconds(suiteTime[i])
	}
	root.Time = seconds(total)
	return root
}

// abSuite is the A/B run's suite: one case for its SPRT, failing when the
// test makes the run exit 1, so that JUnit failures still match the exit
// code.
func abSuite(r *Report) (junitSuite, bool) {
	ab := r.AB()
	if ab == nil {
		return junitSuite{}, false
	}
	o := ab.Overall.SPRT
	tc := junitCase{Name: "SPRT against the baseline", Classname: xmlText("umpire." + strings.Join(r.Meta.Games, ",") + ".ab"), Time: seconds(0),
		SystemOut: xmlText(ab.Spec.Hypotheses() + "\n" + o.DecisionText())}
	s := junitSuite{Name: "A/B", Tests: 1, Time: seconds(0), Timestamp: r.Meta.Started.UTC().Format("2006-01-02T15:04:05")}
	switch {
	case r.Meta.Shard != nil:
		tc.Skipped = &junitMessage{Message: "skip: one shard; the test is decided on the merge of all shards"}
		s.Skipped++
	case r.abExit() == ExitFail:
		tc.Failure = &junitMessage{Message: xmlText(o.DecisionText()), Type: "SPRT", Text: xmlText(ab.Spec.Hypotheses())}
		s.Failures++
	}
	s.Cases = []junitCase{tc}
	return s, true
}

// junitKnownType is the type of the <skipped> element of a known-failing
// case, as pytest marks an expected failure ("pytest.xfail"): CI test tabs
// show it as skipped with its message, neither failed nor passed.
const junitKnownType = "known-failing"

// knownMessage is the message of a known-failing case.
func knownMessage(reason string) string {
	return "KNOWN FAILING: " + reason + " (listed with --known-failing: reported, not failing the run)"
}

// runSuite is the suite of a run whose exit code is not zero while no case
// fails or errors (an empty run, say): one case saying why, so JUnit
// failures match the exit code.
func runSuite(r *Report, h Headline) junitSuite {
	why := strings.Join(h.Why, "; ")
	if why == "" {
		why = "the run exits " + fmt.Sprint(h.ExitCode)
	}
	tc := junitCase{Name: "verdict of the run", Classname: "umpire.run", Time: seconds(0)}
	s := junitSuite{Name: "umpire verdict", Tests: 1, Time: seconds(0), Timestamp: r.Meta.Started.UTC().Format("2006-01-02T15:04:05")}
	if h.Tone == ToneError {
		tc.Error = &junitMessage{Message: xmlText(clip(h.Word+": "+why, 500)), Type: "error"}
		s.Errors++
	} else {
		tc.Failure = &junitMessage{Message: xmlText(clip(h.Word+": "+why, 500)), Type: strings.ToLower(h.Word)}
		s.Failures++
	}
	s.Cases = []junitCase{tc}
	return s
}

// writeJUnit totals the suites, adds the run's properties and writes.
func writeJUnit(w io.Writer, r *Report, root junitSuites) error {
	if s, ok := abSuite(r); ok {
		root.Suites = append(root.Suites, s)
	}
	h := r.Headline()
	failed := false
	for _, s := range root.Suites {
		failed = failed || s.Failures+s.Errors > 0
	}
	if h.ExitCode != ExitOK && !failed {
		root.Suites = append(root.Suites, runSuite(r, h))
	}
	for i := range root.Suites {
		s := &root.Suites[i]
		root.Tests += s.Tests
		root.Failures += s.Failures
		root.Errors += s.Errors
		root.Skipped += s.Skipped
	}
	if len(root.Suites) > 0 {
		props := []junitProperty{
			{"umpire.version", r.Meta.Version},
			{"umpire.verdict", h.Word},
			{"umpire.exit_code", fmt.Sprint(h.ExitCode)},
			{"umpire.rules", strings.Join(r.Meta.RulesVersions, " ")},
			{"umpire.target", xmlText(clip(r.Meta.Target, 500))},
		}
		if r.Meta.Shard != nil {
			props = append(props, junitProperty{"umpire.shard", fmt.Sprintf("%d/%d", r.Meta.Shard.K, r.Meta.Shard.N)})
		}
		for _, k := range r.KnownFailures() {
			props = append(props, junitProperty{"umpire.known_failing." + k.Rule, xmlText(clip(k.Text(), 500))})
		}
		root.Suites[0].Properties = props
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return fmt.Errorf("reports: writing JUnit: %w", err)
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(root); err != nil {
		return fmt.Errorf("reports: writing JUnit: %w", err)
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return fmt.Errorf("reports: writing JUnit: %w", err)
	}
	return nil
}

// failureMessage is the one-line message of a failing check: the first MUST
// finding's rule and message.
func (r *Report) failureMessage(c Check) string {
	for _, f := range c.Findings {
		if f.Level == rules.Must {
			msg := f.Rule + ": " + f.Message
			if n := len(c.Findings); n > 1 {
				msg += fmt.Sprintf(" (and %d more findings)", n-1)
			}
			return clip(msg, 500)
		}
	}
	if c.Reason != "" {
		return clip(c.Reason, 500)
	}
	return "check failed without findings"
}

// findingsText renders every finding of c in the h2spec manner:
// requirement, then expected, then got.
func (r *Report) findingsText(c Check) string {
	var b strings.Builder
	if c.Reason != "" {
		fmt.Fprintf(&b, "%s\n", clip(c.Reason, 2000))
	}
	if c.Seed != "" {
		fmt.Fprintf(&b, "seed: %s\n", c.Seed)
	}
	// Findings that say the same thing are written once, with their count
	// and places (GroupFindings); the first one's transcript stands for
	// them.
	for i, g := range GroupFindings(c.Findings) {
		f := g.First
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s %s (basis: %s)", f.Level, f.Rule, BasisText(f.Basis, f.Ref))
		if g.Count() > 1 {
			fmt.Fprintf(&b, " — %d findings like this one", g.Count())
		}
		b.WriteString("\n")
		if f.Known != "" {
			fmt.Fprintf(&b, "  known failing: %s\n", clip(f.Known, 500))
		}
		if ru, ok := r.Rule(f.Rule); ok {
			fmt.Fprintf(&b, "  requirement: %s (%s)\n", ru.Text, SourceText(ru))
		}
		if w := whereText(f.Where); w != "" {
			fmt.Fprintf(&b, "  where:       %s\n", w)
		}
		fmt.Fprintf(&b, "  expected:    %s\n", clip(valueText(f.Expected), 2000))
		fmt.Fprintf(&b, "  got:         %s\n", clip(valueText(f.Got), 2000))
		fmt.Fprintf(&b, "  message:     %s\n", clip(f.Message, 2000))
		if g.Count() > 1 {
			fmt.Fprintf(&b, "  all at:      %s\n", clip(g.Places(c.Findings, 20), 2000))
		}
		if n := len(f.Transcript); n > 0 {
			fmt.Fprintf(&b, "  transcript (%d messages):\n", n)
			for _, m := range f.Transcript {
				fmt.Fprintf(&b, "    %s %s%s\n", m.Dir, clip(m.Content(), 500), m.flag())
			}
		}
	}
	return b.String()
}

// xmlText makes s inert (inert.Block: control characters, which XML 1.0
// cannot carry, and bidi overrides shown as \uXXXX; invalid UTF-8
// replaced); encoding/xml escapes the markup.
func xmlText(s string) string { return inert.Block(s) }
