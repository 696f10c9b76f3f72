package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
)

const verifySynopsis = "--game G [--format text|json] [--deal auto|umpire|other] [--seed S]... [--unfinished] [--strict] [--junit F] [--json F] [--html F] [--md F] [--report-dir DIR] LOG.jsonl...|-"

// cmdVerify runs "umpire verify": each match log is replayed line by line
// through the shadow referee (referee/inference/verify, referee/bangarena/verify) and every divergence from the
// rules is printed with its rule id, level, line, expected and got. Text
// output groups findings per file and round; --format json streams one JSON
// object per finding. A summary line closes the output. Exit 0 when no MUST
// finding, 1 when there is one, 2 for usage errors and unreadable files, 3
// when the run could not be carried out.
func cmdVerify(ctx context.Context, e *env, args []string) (code int) {
	fs := newFlagSet(e, "verify", verifySynopsis)
	game := fs.String("game", "", "game: "+harness.NameList())
	format := fs.String("format", "text", "output: text (findings grouped per round), or json (one JSON object per finding)")
	deal := fs.String("deal", "auto", gameHelp("how a log's hidden values and chance are held to umpire's generator from the revealed seed: auto, umpire or other",
		func(h gamecli.Help) string { return h.Deal }))
	unfinished := fs.Bool("unfinished", false, "accept logs that stop before match_end (matches still in play)")
	var seeds []string
	fs.Func("seed", gameHelp("a seed of the logs (repeatable)", func(h gamecli.Help) string { return h.Seed }), func(s string) error {
		seeds = append(seeds, s)
		return nil
	})
	var basis basisFlags
	addStrictFlag(fs, &basis)
	var rf reportFlags
	addReportFlags(fs, &rf)
	if c, ok := parseFlags(fs, args); !ok {
		return c
	}
	if !checkGame(e, *game) || !checkFormat(e, *format) {
		return exitUsage
	}
	if *deal != "auto" && *deal != "umpire" && *deal != "other" {
		fmt.Fprintf(e.stderr, "umpire: unknown --deal %q (want auto, umpire or other)\n", *deal)
		return exitUsage
	}
	reps := newVerifyReports(rf, *game, fs.Args(), basis.strict)
	orig := e
	defer func() {
		if !reps.write(orig) && code == exitOK {
			code = exitError
		}
	}()
	e = rf.console(e) // a report of "-" owns standard output: the findings go to stderr
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "umpire: verify needs at least one LOG.jsonl (or - for standard input)")
		fs.Usage()
		return exitUsage
	}
	opts := games.VerifyOptions{Deal: *deal, Seeds: seeds, Unfinished: *unfinished}
	return verifyLogs(ctx, e, gameOf(*game), fs.Args(), opts, *format == "json", basis.strict, reps)
}

// verifyLogs is "umpire verify" for the logs names of game g: every input
// is opened first (one that cannot be is a usage error and nothing is
// verified), then each is replayed by the game's verifier (Game.Verify),
// its findings printed per file, and a summary closes the output. Exit 1
// on a MUST finding or an input without a single round or event (a run
// that checked nothing must not pass), 2 when the game's verifier needs a
// log's seed and it is unknown (give --seed; I-BA-V1).
func verifyLogs(ctx context.Context, e *env, g *cliGame, names []string, opts games.VerifyOptions, asJSON, strict bool, reps *verifyReports) (code int) {
	type source struct {
		name string
		r    io.Reader
	}
	var srcs []source
	for _, name := range names {
		r, shown, closeFn, ok := openLog(ctx, e, name)
		if !ok {
			return exitUsage
		}
		defer closeFn()
		srcs = append(srcs, source{name: shown, r: r})
	}
	defer recoverVerify(e, &code)
	out := &findingWriter{w: e.stdout, json: asJSON, strict: strict, keep: reps.on()}
	var sums []games.VerifySummary
	unknown, notKept, empty := 0, 0, 0
	for _, s := range srcs {
		buf, emit, capped := out.collector()
		m0, s0, i0 := out.counted()
		o := opts
		o.File = s.name
		sum, err := g.Verify(ctx, s.r, o, emit)
		if c, ok := verifyReadOK(ctx, e, s.name, err); !ok {
			reps.failed(s.name, "the log could not be read through: "+errText(ctx, err))
			return c
		}
		m1, s1, i1 := out.counted()
		sum.Must, sum.Should, sum.Info = m1-m0, s1-s0, i1-i0
		if sum.SeedUnknown {
			unknown++
		}
		nothing := ""
		if sum.Units == 0 {
			empty++ // nothing of a match read: blank lines, garbage, or a header alone
			nothing = "the log holds no " + g.VerifyUnit + " of a match: nothing to verify"
		} else if sum.SeedUnknown {
			nothing = "the log could not be re-simulated: give the match seed with --seed"
		}
		reps.log(s.name, *buf, sum.Evaluated, capped, nothing)
		if !out.json {
			notKept += g.VerifyGroup(out, s.name, *buf, sum, capped)
		} else {
			notKept += out.notKept(s.name, capped)
		}
		sums = append(sums, sum)
	}
	g.VerifySummary(out, sums, notKept)
	if !out.flushed(e) {
		return exitError
	}
	must := 0
	for _, s := range sums {
		must += s.Must
	}
	switch {
	case empty > 0:
		fmt.Fprintf(e.stderr, "umpire verify: %d input(s) hold no %s of a match: nothing to verify\n", empty, g.VerifyUnit)
		return exitFail
	case must > 0:
		return exitFail
	case unknown > 0:
		fmt.Fprintf(e.stderr, "umpire: %d log(s) could not be re-simulated: give the match seed (or the simulate run seed) with --seed\n", unknown)
		return exitUsage
	}
	return exitOK
}

// openLog opens one LOG.jsonl|- argument of verify; ok is false, the
// failure said on stderr, when it cannot be read.
func openLog(ctx context.Context, e *env, name string) (r io.Reader, shown string, closeFn func(), ok bool) {
	r, shown, closeFn, err := openInput(ctx, e, name)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: cannot read %s: %v\n", name, err)
		return nil, "", nil, false
	}
	return r, shown, closeFn, true
}

// recoverVerify, deferred, turns a panic of the verifier into exit 3.
func recoverVerify(e *env, code *int) {
	if p := recover(); p != nil {
		fmt.Fprintf(e.stderr, "umpire: internal error while verifying: %v\n", p)
		*code = exitError
	}
}

// errText says why a read stopped.
func errText(ctx context.Context, err error) string {
	if ctx.Err() != nil {
		return "interrupted"
	}
	return err.Error()
}

// verifyReadOK says whether one log was read through (err is nil) and,
// when not, gives the exit code after saying why on stderr: 3 for an
// interrupted run, 2 for a log that does not read (like parseFlags).
func verifyReadOK(ctx context.Context, e *env, name string, err error) (code int, ok bool) {
	if err == nil {
		return exitOK, true
	}
	if ctx.Err() != nil {
		fmt.Fprintln(e.stderr, "umpire: interrupted")
		return exitError, false
	}
	fmt.Fprintf(e.stderr, "umpire: cannot read %s: %v\n", name, err)
	return exitUsage, false
}

// findingWriter prints findings as text or JSON Lines, keeping the first
// write error.
type findingWriter struct {
	w    io.Writer
	json bool
	err  error
	// keep holds the findings in JSON mode too (for the reports).
	keep bool
	// strict and cat grade every finding by its basis before it is shown
	// (rules.Grade); levels counts the graded findings.
	strict bool
	cat    *rules.Catalogue
	levels map[rules.Level]int
	// graded levels by what decides them, so that a finding the Cap does
	// not keep is counted without being graded (a log of a billion bad
	// lines gives a billion findings).
	gradedAs  map[gradeKey]rules.Level
	lastKey   gradeKey // the last finding's key and level: a run of one kind
	lastLevel rules.Level
	haveLast  bool
}

// gradeKey is what a finding's graded level depends on.
type gradeKey struct {
	rule          string
	level, stated rules.Level
	basis         rules.Basis
}

// grade counts f at its graded level and, when keep, returns it graded
// (its level following its basis; see rules.Grade).
func (o *findingWriter) grade(f rules.Finding, keep bool) rules.Finding {
	if o.cat == nil {
		o.cat, o.levels, o.gradedAs = rules.Default(), map[rules.Level]int{}, map[gradeKey]rules.Level{}
	}
	k := gradeKey{rule: f.Rule, level: f.Level, stated: f.Stated, basis: f.Basis}
	lvl, known := o.lastLevel, o.haveLast && k == o.lastKey
	if !known {
		lvl, known = o.gradedAs[k]
	}
	if keep || !known {
		f = o.cat.Grade(f, o.strict)
		lvl = f.Level
		if !known && len(o.gradedAs) < 4096 {
			o.gradedAs[k] = lvl
		}
	}
	o.lastKey, o.lastLevel, o.haveLast = k, lvl, true
	o.levels[lvl]++
	return f
}

// Printf prints to the output (gamecli.FindingWriter).
func (o *findingWriter) Printf(format string, args ...any) { o.printf(format, args...) }

// Finding prints one finding for people (gamecli.FindingWriter).
func (o *findingWriter) Finding(line int, at []string, f rules.Finding) { o.finding(line, at, f) }

// NotKept says what c counted but did not keep (gamecli.FindingWriter).
func (o *findingWriter) NotKept(name string, c *rules.Cap) int { return o.notKept(name, c) }

// JSON says the output is JSON Lines (gamecli.FindingWriter).
func (o *findingWriter) JSON() bool { return o.json }

// counted returns the graded findings per level so far.
func (o *findingWriter) counted() (must, should, info int) {
	return o.levels[rules.Must], o.levels[rules.Should], o.levels[rules.Info]
}

func (o *findingWriter) printf(format string, args ...any) {
	if o.err == nil {
		_, o.err = fmt.Fprintf(o.w, format, args...)
	}
}

// flushed reports whether every write went through; if not it says so on
// stderr.
func (o *findingWriter) flushed(e *env) bool {
	if o.err != nil {
		fmt.Fprintf(e.stderr, "umpire: writing output: %v\n", o.err)
		return false
	}
	return true
}

// collector returns where one file's findings go: the first
// rules.MaxKeptPerRule of each rule pass, the rest are counted in the
// returned Cap (memory and output stay bounded whatever the log's
// length). With JSON output they are written at once (buf stays empty);
// with text output they are kept in buf for grouping.
func (o *findingWriter) collector() (buf *[]rules.Finding, emit func(rules.Finding), c *rules.Cap) {
	buf, c = new([]rules.Finding), rules.NewCap(0)
	if o.json {
		return buf, func(f rules.Finding) {
			keep := c.Keep(f.Rule)
			if f = o.grade(f, keep); keep {
				o.write(f)
				if o.keep {
					*buf = append(*buf, f)
				}
			}
		}, c
	}
	return buf, func(f rules.Finding) {
		keep := c.Keep(f.Rule)
		if f = o.grade(f, keep); keep {
			*buf = append(*buf, f)
		}
	}, c
}

// notKept says what a file's Cap counted but did not keep: a text line per
// rule after the file's findings, or a JSON object {"not_kept":…} per rule.
// It returns the number of findings not kept.
func (o *findingWriter) notKept(name string, c *rules.Cap) int {
	for _, n := range c.NotKept() {
		if o.json {
			b, _ := json.Marshal(map[string]any{"not_kept": map[string]any{"file": name, "rule": n.Key, "count": n.Count}})
			o.printf("%s\n", inert.JSON(b))
			continue
		}
		o.printf("    %s\n", inert.String(n.String()))
	}
	return c.Total()
}

// finding prints one finding for people at loc ("line N (…)"), with its
// expected and got values when it has them.
func (o *findingWriter) finding(line int, at []string, f rules.Finding) {
	loc := fmt.Sprintf("line %d", line)
	if len(at) > 0 {
		loc += " (" + strings.Join(at, ", ") + ")"
	}
	o.printf("    %s: %s %s: %s\n", loc, f.Level, f.Rule, inert.String(f.Message))
	if f.Expected != nil || f.Got != nil {
		o.printf("      expected %s, got %s\n", jsonText(f.Expected), jsonText(f.Got))
	}
}

// write prints one finding as a JSON line (HTML characters left as they
// are; control characters escaped by the encoder, bidi overrides and
// invalid UTF-8 by inert.JSON).
func (o *findingWriter) write(f rules.Finding) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	f = f.Values() // JSON bytes as JSON, not base64
	if err := enc.Encode(f); err != nil {
		f.Expected, f.Got = rules.ValueText(f.Expected), rules.ValueText(f.Got)
		b.Reset()
		_ = enc.Encode(f)
	}
	o.printf("%s", inert.JSON(b.Bytes()))
}

// jsonText renders a finding's expected or got value as compact JSON, so
// that text taken from a log cannot carry control characters to a
// terminal.
func jsonText(v any) string {
	if v == nil {
		return "nothing"
	}
	v = rules.Value(v) // JSON bytes as JSON, not base64
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return inert.String(rules.ValueText(v))
	}
	return inert.String(strings.TrimSuffix(b.String(), "\n"))
}
