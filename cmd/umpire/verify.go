package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"unicode"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/referee/verify"
)

const verifySynopsis = "--game G [--format text|json] [--deal auto|umpire|other] [--seed S]... [--unfinished] LOG.jsonl...|-"

// cmdVerify runs "umpire verify": each match log is replayed line by line
// through the shadow referee (referee/verify) and every divergence from the
// rules is printed with its rule id, level, line, expected and got. Text
// output groups findings per file and round; --format json streams one JSON
// object per finding. A summary line closes the output. Exit 0 when no MUST
// finding, 1 when there is one, 2 for usage errors and unreadable files, 3
// when the run could not be carried out.
func cmdVerify(ctx context.Context, e *env, args []string) (code int) {
	fs := newFlagSet(e, "verify", verifySynopsis)
	game := fs.String("game", "", "game: inference or bangarena")
	format := fs.String("format", "text", "output: text (findings grouped per round), or json (one JSON object per finding)")
	deal := fs.String("deal", "auto", "re-derive hidden values from the revealed seed: auto (when the log shows umpire's deal function), umpire (always), other (never)")
	unfinished := fs.Bool("unfinished", false, "accept logs that stop before match_end (matches still in play)")
	var seeds []string
	fs.Func("seed", "BangArena: a candidate match seed, or the run seed of umpire simulate (repeatable); the log's seedCommit picks the right one", func(s string) error {
		seeds = append(seeds, s)
		return nil
	})
	if c, ok := parseFlags(fs, args); !ok {
		return c
	}
	if !checkGame(e, *game) || !checkFormat(e, *format) {
		return exitUsage
	}
	if *game == gameBangArena {
		return verifyBangArena(ctx, e, fs.Args(), seeds, *format == "json", *unfinished)
	}
	modes := map[string]verify.DealMode{"auto": verify.DealAuto, "umpire": verify.DealUmpire, "other": verify.DealOther}
	mode, ok := modes[*deal]
	if !ok {
		fmt.Fprintf(e.stderr, "umpire: unknown --deal %q (want auto, umpire or other)\n", *deal)
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "umpire: verify needs at least one LOG.jsonl (or - for standard input)")
		fs.Usage()
		return exitUsage
	}
	// Open every input first: one that cannot be opened is a usage error and
	// nothing is verified.
	type source struct {
		name string
		r    io.Reader
		f    *os.File
	}
	var srcs []source
	defer func() {
		for _, s := range srcs {
			if s.f != nil {
				s.f.Close()
			}
		}
	}()
	for _, name := range fs.Args() {
		if name == "-" {
			srcs = append(srcs, source{name: "<stdin>", r: e.stdin})
			continue
		}
		f, err := os.Open(name)
		if err == nil {
			var st os.FileInfo
			if st, err = f.Stat(); err == nil && st.IsDir() {
				err = fmt.Errorf("is a directory")
			}
		}
		if err != nil {
			if f != nil {
				f.Close()
			}
			fmt.Fprintf(e.stderr, "umpire: cannot read %s: %v\n", name, err)
			return exitUsage
		}
		srcs = append(srcs, source{name: name, r: f, f: f})
	}
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(e.stderr, "umpire: internal error while verifying: %v\n", p)
			code = exitError
		}
	}()
	out := &findingWriter{w: e.stdout, json: *format == "json"}
	var total verify.Summary
	for _, s := range srcs {
		v := verify.NewInference(verify.Options{File: s.name, Deal: mode, Unfinished: *unfinished})
		var buf []rules.Finding
		emit := out.write
		if !out.json {
			emit = func(f rules.Finding) { buf = append(buf, f) }
		}
		sum, err := v.Read(ctx, s.r, emit)
		if err != nil {
			if ctx.Err() != nil {
				fmt.Fprintln(e.stderr, "umpire: interrupted")
				return exitError
			}
			fmt.Fprintf(e.stderr, "umpire: cannot read %s: %v\n", s.name, err)
			return exitUsage
		}
		if !out.json {
			out.group(s.name, buf, sum)
		}
		total.Lines += sum.Lines
		total.Rounds += sum.Rounds
		total.Must += sum.Must
		total.Should += sum.Should
		total.Info += sum.Info
		total.Inconclusive += sum.Inconclusive
		total.DealsRederived += sum.DealsRederived
	}
	out.summary(len(srcs), total)
	if out.err != nil {
		fmt.Fprintf(e.stderr, "umpire: writing output: %v\n", out.err)
		return exitError
	}
	if total.Must > 0 {
		return exitFail
	}
	return exitOK
}

// findingWriter prints findings as text or JSON Lines, keeping the first
// write error.
type findingWriter struct {
	w    io.Writer
	json bool
	err  error
}

func (o *findingWriter) printf(format string, args ...any) {
	if o.err == nil {
		_, o.err = fmt.Fprintf(o.w, format, args...)
	}
}

// write prints one finding as a JSON line (HTML characters left as they
// are; control characters escaped by the encoder).
func (o *findingWriter) write(f rules.Finding) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil {
		f.Expected, f.Got = fmt.Sprint(f.Expected), fmt.Sprint(f.Got)
		b.Reset()
		_ = enc.Encode(f)
	}
	o.printf("%s", b.Bytes())
}

// group prints one file's findings for people, grouped per round (findings
// of the match as a whole first), in line order within a round.
func (o *findingWriter) group(name string, fs []rules.Finding, sum verify.Summary) {
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].Where.Round != fs[j].Where.Round {
			return fs[i].Where.Round < fs[j].Where.Round
		}
		return fs[i].Where.Line < fs[j].Where.Line
	})
	o.printf("%s\n", cleanText(name))
	round := -1
	for _, f := range fs {
		if f.Where.Round != round {
			round = f.Where.Round
			if round == 0 {
				o.printf("  match:\n")
			} else {
				o.printf("  round %d:\n", round)
			}
		}
		var at []string
		if f.Where.Turn != nil {
			at = append(at, fmt.Sprintf("turn %d", *f.Where.Turn))
		}
		if f.Where.Seat != nil {
			at = append(at, fmt.Sprintf("seat %d", *f.Where.Seat))
		}
		loc := fmt.Sprintf("line %d", f.Where.Line)
		if len(at) > 0 {
			loc += " (" + strings.Join(at, ", ") + ")"
		}
		o.printf("    %s: %s %s: %s\n", loc, f.Level, f.Rule, cleanText(f.Message))
		if f.Expected != nil || f.Got != nil {
			o.printf("      expected %s, got %s\n", jsonText(f.Expected), jsonText(f.Got))
		}
	}
	verdict := "conforms"
	if sum.Must > 0 {
		verdict = "does not conform"
	}
	public := ""
	if sum.Public {
		public = ", public log"
	}
	o.printf("  %s: %d line(s), %d round(s)%s, %d MUST, %d SHOULD, %d INFO, %d inconclusive, %d deal(s) re-derived\n",
		verdict, sum.Lines, sum.Rounds, public, sum.Must, sum.Should, sum.Info, sum.Inconclusive, sum.DealsRederived)
}

// summary prints the closing line: text, or a JSON object {"summary":…}.
func (o *findingWriter) summary(files int, t verify.Summary) {
	if o.json {
		b, _ := json.Marshal(map[string]any{"summary": map[string]any{
			"files": files, "lines": t.Lines, "rounds": t.Rounds, "must": t.Must, "should": t.Should,
			"info": t.Info, "inconclusive": t.Inconclusive, "deals_rederived": t.DealsRederived,
		}})
		o.printf("%s\n", b)
		return
	}
	o.printf("umpire verify: %d file(s), %d line(s), %d round(s): %d MUST, %d SHOULD, %d INFO finding(s), %d inconclusive check(s)\n",
		files, t.Lines, t.Rounds, t.Must, t.Should, t.Info, t.Inconclusive)
}

// jsonText renders a finding's expected or got value as compact JSON, so
// that text taken from a log cannot carry control characters to a
// terminal.
func jsonText(v any) string {
	if v == nil {
		return "nothing"
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return cleanText(fmt.Sprint(v))
	}
	return cleanText(strings.TrimSuffix(b.String(), "\n"))
}

// clean escapes control and format characters (terminal escapes, bidi
// overrides) in text shown to people.
func cleanText(s string) string {
	if strings.IndexFunc(s, verifyUnsafeRune) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if verifyUnsafeRune(r) {
			fmt.Fprintf(&b, `\u%04x`, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func verifyUnsafeRune(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == unicode.ReplacementChar
}

// verifyBangArena runs "umpire verify --game bangarena": each full log is
// re-simulated by the engine from its config and seed and compared event
// by event (referee/verify). Same output and exit codes as for Inference;
// a log whose seed is unknown cannot be verified: exit 2 (give --seed;
// I-BA-V1).
func verifyBangArena(ctx context.Context, e *env, names, seeds []string, asJSON, unfinished bool) (code int) {
	if len(names) == 0 {
		fmt.Fprintln(e.stderr, "umpire: verify needs at least one LOG.jsonl (or - for standard input)")
		return exitUsage
	}
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(e.stderr, "umpire: internal error while verifying: %v\n", p)
			code = exitError
		}
	}()
	out := &findingWriter{w: e.stdout, json: asJSON}
	var total verify.BangArenaSummary
	unknown := 0
	for _, name := range names {
		var r io.Reader = e.stdin
		shown := "<stdin>"
		if name != "-" {
			f, err := os.Open(name)
			if err == nil {
				var st os.FileInfo
				if st, err = f.Stat(); err == nil && st.IsDir() {
					err = fmt.Errorf("is a directory")
				}
			}
			if err != nil {
				if f != nil {
					f.Close()
				}
				fmt.Fprintf(e.stderr, "umpire: cannot read %s: %v\n", name, err)
				return exitUsage
			}
			defer f.Close()
			r, shown = f, name
		}
		var buf []rules.Finding
		emit := out.write
		if !out.json {
			emit = func(f rules.Finding) { buf = append(buf, f) }
		}
		sum, err := verify.VerifyBangArenaReader(ctx, r, verify.BangArenaOptions{File: shown, Seeds: seeds, Unfinished: unfinished}, emit)
		if err != nil {
			if ctx.Err() != nil {
				fmt.Fprintln(e.stderr, "umpire: interrupted")
				return exitError
			}
			fmt.Fprintf(e.stderr, "umpire: cannot read %s: %v\n", shown, err)
			return exitUsage
		}
		if sum.SeedUnknown {
			unknown++
		}
		if !out.json {
			out.bangGroup(shown, buf, sum)
		}
		total.Lines += sum.Lines
		total.Events += sum.Events
		total.Decisions += sum.Decisions
		total.Turns += sum.Turns
		total.Must += sum.Must
		total.Should += sum.Should
		total.Info += sum.Info
		total.Repeats += sum.Repeats
		total.Inconclusive += sum.Inconclusive
	}
	if out.json {
		b, _ := json.Marshal(map[string]any{"summary": map[string]any{
			"files": len(names), "lines": total.Lines, "decisions": total.Decisions, "turns": total.Turns, "must": total.Must,
			"should": total.Should, "info": total.Info, "repeats": total.Repeats, "inconclusive": total.Inconclusive, "seed_unknown": unknown,
		}})
		out.printf("%s\n", b)
	} else {
		out.printf("umpire verify: %d file(s), %d line(s), %d turn(s), %d decision(s): %d MUST, %d SHOULD, %d INFO finding(s), %d inconclusive line(s)\n",
			len(names), total.Lines, total.Turns, total.Decisions, total.Must, total.Should, total.Info, total.Inconclusive)
	}
	if out.err != nil {
		fmt.Fprintf(e.stderr, "umpire: writing output: %v\n", out.err)
		return exitError
	}
	switch {
	case total.Must > 0:
		return exitFail
	case unknown > 0:
		fmt.Fprintf(e.stderr, "umpire: %d log(s) could not be re-simulated: give the match seed (or the simulate run seed) with --seed\n", unknown)
		return exitUsage
	}
	return exitOK
}

// bangGroup prints one BangArena log's findings for people, in line order.
func (o *findingWriter) bangGroup(name string, fs []rules.Finding, sum verify.BangArenaSummary) {
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].Where.Line < fs[j].Where.Line })
	o.printf("%s\n", cleanText(name))
	for _, f := range fs {
		loc := fmt.Sprintf("line %d", f.Where.Line)
		var at []string
		if f.Where.Round > 0 {
			at = append(at, fmt.Sprintf("round %d", f.Where.Round))
		}
		if f.Where.Seat != nil {
			at = append(at, fmt.Sprintf("seat %d", *f.Where.Seat))
		}
		if len(at) > 0 {
			loc += " (" + strings.Join(at, ", ") + ")"
		}
		o.printf("    %s: %s %s: %s\n", loc, f.Level, f.Rule, cleanText(f.Message))
		if f.Expected != nil || f.Got != nil {
			o.printf("      expected %s, got %s\n", jsonText(f.Expected), jsonText(f.Got))
		}
	}
	verdict := "conforms"
	switch {
	case sum.Must > 0:
		verdict = "does not conform"
	case sum.SeedUnknown:
		verdict = "not verified (seed unknown)"
	}
	o.printf("  %s: %d line(s), %d turn(s), %d decision(s) replayed, %d MUST, %d SHOULD, %d INFO, %d repeat(s) not reported, %d inconclusive\n",
		verdict, sum.Lines, sum.Turns, sum.Decisions, sum.Must, sum.Should, sum.Info, sum.Repeats, sum.Inconclusive)
}
