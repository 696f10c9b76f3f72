package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/schemas"
)

const validateSynopsis = "--game G [--kind K] [--strict] [--format text|json] [--max-bytes N] [--junit F] [--json F] [--html F] [--md F] [--report-dir DIR] FILE...|-"

// cmdValidate runs "umpire validate": every JSON document or JSON Lines line
// of the inputs is validated against the schema of its kind (given with
// --kind or detected per message). One line per violation, with its level:
// a shape only umpire's pin or reading fixes (the schemas' x-basis) is
// SHOULD unless --strict. A summary on stderr; exit 0 when no violation is
// at MUST, 1 when one is, 2 for usage errors (unknown game or kind, an input
// that cannot be opened), 3 when an input could not be read through. The
// report flags write the same violations as findings (validate_report.go),
// on every exit code but 2.
func cmdValidate(ctx context.Context, e *env, args []string) (code int) {
	fs := newFlagSet(e, "validate", validateSynopsis)
	game := fs.String("game", "", "game: "+harness.NameList())
	kind := fs.String("kind", "", "message kind for every message (default: detected per message; --list-kinds shows them)")
	format := fs.String("format", "text", "output: text, or json (one JSON object per violation)")
	maxBytes := fs.Int("max-bytes", schemas.DefaultMaxBytes, "largest message accepted, in bytes")
	listKinds := fs.Bool("list-kinds", false, "print the message kinds of --game and exit")
	var basis basisFlags
	addStrictFlag(fs, &basis)
	var rf reportFlags
	addReportFlags(fs, &rf)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !checkGame(e, *game) || !checkFormat(e, *format) {
		return exitUsage
	}
	if *listKinds {
		for _, k := range schemas.Kinds(*game) {
			fmt.Fprintln(e.stdout, k)
		}
		return exitOK
	}
	if *kind != "" && !schemas.HasKind(*game, *kind) {
		fmt.Fprintf(e.stderr, "umpire: unknown --kind %q for %s (want one of: %s)\n", *kind, *game, strings.Join(schemas.Kinds(*game), ", "))
		return exitUsage
	}
	if *maxBytes <= 0 {
		fmt.Fprintln(e.stderr, "umpire: --max-bytes must be positive")
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "umpire: validate needs at least one FILE (or - for standard input)")
		fs.Usage()
		return exitUsage
	}
	// Open every input first: an input that cannot be opened is a usage
	// error (exit 2) and nothing is reported as valid or invalid.
	type source struct {
		name string
		r    io.Reader
	}
	var srcs []source
	for _, name := range fs.Args() {
		r, shown, closeFn, err := openInput(ctx, e, name)
		if err != nil {
			fmt.Fprintf(e.stderr, "umpire: cannot read %s: %v\n", name, err)
			return exitUsage
		}
		defer closeFn()
		srcs = append(srcs, source{name: shown, r: r})
	}
	reps := newValidateReports(rf, *game, fs.Args(), basis.strict)
	defer func() {
		if !reps.write(e) && code != exitError {
			code = exitError
		}
	}()
	set, err := schemas.Compile(schemas.WithMaxBytes(*maxBytes))
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: %v\n", err)
		reps.failed("the schemas", "the schemas could not be compiled: "+err.Error())
		return exitError
	}
	console := rf.console(e).stdout // the report owns standard output
	out := &violationWriter{w: console, json: *format == "json", strict: basis.strict}
	var total, invalid, violations, notKept, failing, lenient int
	for _, src := range srcs {
		// Inputs are read as they are validated, in memory bounded by
		// --max-bytes; violations past rules.MaxKeptPerRule of one kind
		// (keyword location) in one input are counted, not printed.
		capped := rules.NewCap(0)
		reps.begin(src.name)
		mr, err := newMessageReader(src.r, *maxBytes)
		for err == nil {
			var m message
			if m, err = mr.next(); err != nil {
				break
			}
			if total%1024 == 0 && ctx.Err() != nil {
				fmt.Fprintln(e.stderr, "umpire: interrupted")
				reps.failed(src.name, "interrupted before the input was read through")
				return exitError
			}
			total++
			k := *kind
			var vs []schemas.Violation
			switch {
			case m.err != "":
				vs = []schemas.Violation{{Message: m.err}}
			case k != "":
				vs = set.Validate(*game, k, m.data)
			default:
				k, vs = set.ValidateAuto(*game, m.data)
			}
			reps.message(k)
			if len(vs) > 0 {
				invalid++
				violations += len(vs)
				must := false
				for _, v := range vs {
					if out.level(v) == rules.Must {
						must = true
					} else {
						lenient++
					}
					if capped.Keep(violationKey(v)) {
						out.write(src.name, m.line, k, v)
						reps.violation(src.name, m.line, k, v, m.data)
					}
				}
				if must {
					failing++
				}
			}
		}
		if err != io.EOF {
			// The input could not be read through: the run is not done.
			fmt.Fprintf(e.stderr, "umpire: cannot read %s: %v\n", src.name, err)
			reps.failed(src.name, fmt.Sprintf("the input could not be read through: %v", err))
			return exitError
		}
		reps.end(capped)
		notKept += out.notKept(src.name, capped)
	}
	if out.err != nil {
		fmt.Fprintf(e.stderr, "umpire: writing output: %v\n", out.err)
		return exitError
	}
	if notKept > 0 {
		fmt.Fprintf(e.stderr, "umpire validate: %s violation(s) not printed (over %d of one kind per input)\n", rules.Thousands(notKept), rules.MaxKeptPerRule)
	}
	// A violation of a shape only umpire's pin or reading fixes (x-basis)
	// is SHOULD unless --strict: it does not fail the run.
	should := ""
	if lenient > 0 {
		should = fmt.Sprintf(", %d at SHOULD (umpire's pins; MUST with --strict)", lenient)
	}
	fmt.Fprintf(e.stderr, "umpire validate: %d message(s) read, %d invalid, %d violation(s)%s\n", total, invalid, violations, should)
	if failing > 0 {
		return exitFail
	}
	return exitOK
}

// violationWriter prints violations as text lines or JSON objects and keeps
// the first write error.
type violationWriter struct {
	w      io.Writer
	json   bool
	strict bool
	err    error
}

// violationJSON is one violation in --format json.
type violationJSON struct {
	File             string `json:"file"`
	Line             int    `json:"line"`
	Kind             string `json:"kind,omitempty"`
	InstanceLocation string `json:"instanceLocation"`
	KeywordLocation  string `json:"keywordLocation"`
	Keyword          string `json:"keyword,omitempty"`
	Message          string `json:"message"`
	Level            string `json:"level"`
	Basis            string `json:"basis"`
	Ref              string `json:"ref,omitempty"`
}

// level is the level of a violation in this run: MUST for the documents'
// shapes, SHOULD for a pin's or a reading's unless strict.
func (vw *violationWriter) level(v schemas.Violation) rules.Level {
	if v.Binding() || vw.strict {
		return rules.Must
	}
	return rules.Should
}

func (vw *violationWriter) write(file string, line int, kind string, v schemas.Violation) {
	if vw.err != nil {
		return
	}
	if vw.json {
		enc := json.NewEncoder(inertJSON(vw.w)) // one object per line
		enc.SetEscapeHTML(false)
		basis := v.Basis
		if basis == "" {
			basis = schemas.BasisDocument
		}
		vw.err = enc.Encode(violationJSON{file, line, kind, v.InstanceLocation, v.KeywordLocation, v.Keyword, v.Message, string(vw.level(v)), basis, v.Ref})
		return
	}
	prefix := ""
	if vw.level(v) != rules.Must {
		prefix = "SHOULD "
	}
	_, vw.err = fmt.Fprintf(vw.w, "%s:%d: %s%s\n", inert.String(file), line, prefix, inert.String(v.String()))
}

// violationKey is the kind of a violation the output caps: its keyword
// location, or "(message)" for a message that is not JSON, over the cap or
// of an undetected kind.
func violationKey(v schemas.Violation) string {
	if v.KeywordLocation != "" {
		return v.KeywordLocation
	}
	return "(message)"
}

// notKept says what an input's Cap counted but did not print, one line (or
// JSON object {"not_kept":…}) per kind, and returns how many.
func (vw *violationWriter) notKept(file string, c *rules.Cap) int {
	for _, n := range c.NotKept() {
		if vw.err != nil {
			break
		}
		if vw.json {
			enc := json.NewEncoder(inertJSON(vw.w))
			enc.SetEscapeHTML(false)
			vw.err = enc.Encode(map[string]any{"not_kept": map[string]any{"file": file, "keywordLocation": n.Key, "count": n.Count}})
			continue
		}
		_, vw.err = fmt.Fprintf(vw.w, "%s: … and %s more violation(s) at %s, not printed\n", inert.String(file), rules.Thousands(n.Count), inert.String(n.Key))
	}
	return c.Total()
}
