package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// legalReports builds the report of a legal run when report flags ask for
// one: one check, "the message's legal actions are the rules'", whose
// findings are the differences --check found (missing, extra, different:
// each a finding of the rule it breaks) or the reason nothing could be
// derived. A run that ended with exit 2 or 3 writes one errored case
// holding the reason the console gave. It sees the run from outside —
// the outcome of --check (diff), the exit code and the last line printed —
// so the comparison code needs no knowledge of reports.
type legalReports struct {
	flags   reportFlags
	rep     *reports.Report
	game    string
	name    string
	check   bool
	diffed  bool
	finds   []reports.Finding
	lastOut *lastLine
	lastErr *lastLine
}

// newLegalReports starts the report of "umpire legal" of game on the input
// name; it is inert (every method a no-op) when no report flag is given.
func newLegalReports(flags reportFlags, game, name string, check bool) *legalReports {
	l := &legalReports{flags: flags, game: game, name: name, check: check, lastOut: &lastLine{}, lastErr: &lastLine{}}
	if !flags.any() {
		return l
	}
	cat := rules.Default().Select(func(r rules.Rule) bool {
		_, ok := legalRuleSet(game)[r.ID]
		return ok
	})
	l.rep = reports.New(reports.Meta{Version: strings.TrimSpace(version), Kind: reports.KindLegal, Games: []string{game},
		RulesVersions: harness.RulesVersions(game), Target: name, Started: time.Now(),
		Config: map[string]any{"command": "legal", "check": check}}, cat)
	return l
}

// console returns the env the command prints through: its stdout and
// stderr are watched for their last line, and stdout goes to stderr when
// a report takes standard output.
func (l *legalReports) console(e *env) *env {
	if l.rep == nil {
		return e
	}
	c := *e
	c.stdout = legalConsole{teeWriter{e.stdout, l.lastOut}, l}
	if l.flags.toStdout() {
		c.stdout = legalConsole{teeWriter{e.stderr, l.lastOut}, l}
	}
	c.stderr = teeWriter{e.stderr, l.lastErr}
	return &c
}

// legalConsole is the standard output of a legal run with reports: it
// hands the outcome of --check to the reports (noteLegalDiff).
type legalConsole struct {
	teeWriter
	lr *legalReports
}

// noteLegalDiff gives the outcome d of --check to the reports of the run,
// when e is the console of one (legalReports.console); otherwise it does
// nothing.
func noteLegalDiff(e *env, d any) {
	if c, ok := e.stdout.(legalConsole); ok {
		c.lr.diff(d)
	}
}

// diff records the outcome of --check. d is the command's diff value; only
// its JSON form is read (missing, extra and different lists), so any
// differ that keeps that output fits.
func (l *legalReports) diff(d any) {
	if l.rep == nil {
		return
	}
	l.diffed = true
	raw, err := json.Marshal(d)
	if err != nil {
		return
	}
	var v struct {
		Missing   []json.RawMessage `json:"missing"`
		Extra     []json.RawMessage `json:"extra"`
		Different []string          `json:"different"`
		// Readings: the reading a difference rests on, by actionId.
		Readings map[string]string `json:"readings"`
	}
	if json.Unmarshal(raw, &v) != nil {
		return
	}
	g := gameOf(l.game).LegalRules
	where := rules.Where{File: l.name, Pointer: g.Pointer}
	// A difference that rests on a reading of umpire's carries it as its
	// basis (SHOULD unless --strict), as the live check grades it.
	onReading := func(f rules.Finding, item json.RawMessage) rules.Finding {
		var a struct {
			ActionID string `json:"actionId"`
		}
		if json.Unmarshal(item, &a) == nil && v.Readings[a.ActionID] != "" {
			f.Basis, f.Ref = rules.BasisReading, v.Readings[a.ActionID]
		}
		return f
	}
	for _, m := range v.Missing {
		l.finds = append(l.finds, reports.Finding{Finding: onReading(rules.Finding{Rule: g.Missing(m), Level: rules.Must, Where: where,
			Expected: m, Message: "an action the rules allow is missing from the message's list"}, m)})
	}
	for _, x := range v.Extra {
		l.finds = append(l.finds, reports.Finding{Finding: onReading(rules.Finding{Rule: g.Extra, Level: rules.Must, Where: where,
			Got: x, Message: "the message lists an action the rules do not allow here"}, x)})
	}
	for _, s := range v.Different {
		f := rules.Finding{Rule: g.Different(s), Level: rules.Must, Where: where, Message: "an item differs from the rules': " + s}
		if m := differentRe.FindStringSubmatch(s); m != nil {
			f.Expected, f.Got = m[3], m[1]+m[2]
		}
		l.finds = append(l.finds, reports.Finding{Finding: f})
	}
}

// differentRe reads a difference of --check ("call: amount is 2, want 4",
// "x_1: command is \"a\", want \"b\""; "…: min missing, want 1") into what
// was got and what was expected.
var differentRe = regexp.MustCompile(`^[^:]+: \S+ (?:is (.+)|(missing)), want (?:the integer )?(.+)$`)

// write writes the reports asked for once the command returned code; it
// says on stderr when it cannot, and gives the exit code to return.
func (l *legalReports) write(e *env, code int) int {
	if l.rep == nil {
		return code
	}
	c := reports.Check{Name: l.name + ": the legal actions are the rules'", Section: "Decisions", Rules: legalRuleIDs(l.game)}
	switch {
	case code == exitUsage || code == exitError:
		c.Status, c.Reason = reports.Error, nonEmpty(l.lastErr.String(), fmt.Sprintf("umpire legal ended with exit %d", code))
	case code == exitFail && len(l.finds) == 0:
		// Nothing could be derived: the message itself breaks a rule.
		line := l.lastOut.String()
		c.Findings = []reports.Finding{{Finding: rules.Finding{Rule: l.ruleIn(line), Level: rules.Must,
			Where: rules.Where{File: l.name}, Message: line}}}
		c.Status = reports.Fail
	case len(l.finds) > 0:
		c.Status, c.Findings = reports.Fail, l.finds
	default:
		c.Status = reports.Pass
		if !l.check {
			c.Reason = "derived only: give --check to compare with the message's own list"
		}
	}
	l.rep.Checks = []reports.Check{c}
	l.rep.Meta.Duration = time.Since(l.rep.Meta.Started)
	l.rep.Normalize()
	if err := l.flags.write(e, l.rep); err != nil {
		fmt.Fprintf(e.stderr, "umpire legal: writing reports: %v\n", err)
		if code == exitOK {
			return exitError
		}
	}
	return code
}

// ruleIn finds the catalogue rule a console line names, or the rule of the
// message's fields as a whole.
func (l *legalReports) ruleIn(line string) string {
	set := legalRuleSet(l.game)
	for _, w := range strings.FieldsFunc(line, func(r rune) bool { return strings.ContainsRune(" ():,;", r) }) {
		if _, ok := set[w]; ok {
			return w
		}
		if _, ok := rules.Default().Lookup(w); ok {
			return w
		}
	}
	if strings.Contains(line, "exceeds the limit") {
		return gameOf(l.game).LegalRules.LineLength
	}
	return gameOf(l.game).LegalRules.Fields
}

// legalRuleIDs lists the rules "umpire legal" judges for game.
func legalRuleIDs(game string) []string { return gameOf(game).LegalRules.IDs }

func legalRuleSet(game string) map[string]struct{} {
	m := map[string]struct{}{}
	for _, id := range legalRuleIDs(game) {
		m[id] = struct{}{}
	}
	return m
}

// nonEmpty returns s, or def when s is empty.
func nonEmpty(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// lastLine keeps the last non-empty line written to it (at most 4 KiB of
// it), for a report to quote what the console said.
type lastLine struct {
	mu   sync.Mutex
	cur  []byte
	last string
}

const lastLineMax = 4 << 10

func (l *lastLine) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			l.add(p)
			break
		}
		l.add(p[:i])
		if s := strings.TrimSpace(string(l.cur)); s != "" {
			l.last = s
		}
		l.cur = l.cur[:0]
		p = p[i+1:]
	}
	return n, nil
}

func (l *lastLine) add(p []byte) {
	if room := lastLineMax - len(l.cur); room > 0 {
		l.cur = append(l.cur, p[:min(room, len(p))]...)
	}
}

// String returns the last complete line, or the line being written.
func (l *lastLine) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s := strings.TrimSpace(string(l.cur)); s != "" {
		return s
	}
	return l.last
}

// teeWriter writes to w and copies to watch.
type teeWriter struct {
	w     interface{ Write([]byte) (int, error) }
	watch *lastLine
}

func (t teeWriter) Write(p []byte) (int, error) {
	_, _ = t.watch.Write(p)
	return t.w.Write(p)
}
