package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/schemas"
)

const validateSynopsis = "--game G [--kind K] [--strict] [--format text|json] [--max-bytes N] FILE...|-"

// cmdValidate runs "umpire validate": every JSON document or JSON Lines line
// of the inputs is validated against the schema of its kind (given with
// --kind or detected per message). One line per violation, with its level:
// a shape only umpire's pin or reading fixes (the schemas' x-basis) is
// SHOULD unless --strict. A summary on stderr; exit 0 when no violation is
// at MUST, 1 when one is, 2 for usage errors (unknown game or kind, an input
// that cannot be read).
func cmdValidate(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "validate", validateSynopsis)
	game := fs.String("game", "", "game: inference or bangarena")
	kind := fs.String("kind", "", "message kind for every message (default: detected per message; --list-kinds shows them)")
	format := fs.String("format", "text", "output: text, or json (one JSON object per violation)")
	maxBytes := fs.Int("max-bytes", schemas.DefaultMaxBytes, "largest message accepted, in bytes")
	listKinds := fs.Bool("list-kinds", false, "print the message kinds of --game and exit")
	var basis basisFlags
	addStrictFlag(fs, &basis)
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
	// Read every input first: an input that cannot be read is a usage error
	// (exit 2) and nothing is reported as valid or invalid.
	inputs := make([]input, 0, fs.NArg())
	for _, name := range fs.Args() {
		in, err := readInput(e, name, 0)
		if err != nil {
			fmt.Fprintf(e.stderr, "umpire: cannot read %s: %v\n", name, err)
			return exitUsage
		}
		inputs = append(inputs, in)
	}
	set, err := schemas.Compile(schemas.WithMaxBytes(*maxBytes))
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire: %v\n", err)
		return exitError
	}
	out := &violationWriter{w: e.stdout, json: *format == "json", strict: basis.strict}
	var total, invalid, violations, failing, lenient int
	for _, in := range inputs {
		for _, m := range splitMessages(in.data) {
			if ctx.Err() != nil {
				fmt.Fprintln(e.stderr, "umpire: interrupted")
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
					out.write(in.name, m.line, k, v)
				}
				if must {
					failing++
				}
			}
		}
	}
	if out.err != nil {
		fmt.Fprintf(e.stderr, "umpire: writing output: %v\n", out.err)
		return exitError
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

// message is one JSON message of an input, with its 1-based starting line;
// err is set when the input could not be split there (a syntax error in a
// multi-line document).
type message struct {
	line int
	data []byte
	err  string
}

// splitMessages cuts an input into messages. It is JSON Lines (one message per
// line, blank lines skipped) when the first non-blank line is a complete JSON
// value by itself, or when the first two non-blank lines both open an object
// (a JSON Lines file whose first line is broken); otherwise it is one or more
// JSON documents that may span lines. An input with no message gives one
// message "empty input", so that a run that checked nothing fails.
func splitMessages(data []byte) []message {
	lines := bytes.Split(data, []byte("\n"))
	var nonBlank []int
	for i, l := range lines {
		if len(bytes.TrimSpace(l)) > 0 {
			nonBlank = append(nonBlank, i)
			if len(nonBlank) == 2 {
				break
			}
		}
	}
	if len(nonBlank) == 0 {
		return []message{{line: 1, data: data}}
	}
	first := bytes.TrimSpace(lines[nonBlank[0]])
	jsonLines := gjson.ValidBytes(first) ||
		(len(nonBlank) == 2 && first[0] == '{' && bytes.HasPrefix(bytes.TrimSpace(lines[nonBlank[1]]), []byte("{")))
	if jsonLines {
		var out []message
		for i, l := range lines {
			l = bytes.TrimRight(l, "\r")
			if len(bytes.TrimSpace(l)) == 0 {
				continue
			}
			out = append(out, message{line: i + 1, data: l})
		}
		return out
	}
	return splitDocuments(data)
}

// splitDocuments reads consecutive JSON documents; it stops at the first
// syntax error, which it reports at the line where it was found.
func splitDocuments(data []byte) []message {
	lineAt := func(off int64) int { return 1 + bytes.Count(data[:min(int(off), len(data))], []byte("\n")) }
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []message
	for {
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			return out
		}
		if err != nil {
			var syn *json.SyntaxError
			switch {
			case errors.As(err, &syn):
				out = append(out, message{line: lineAt(syn.Offset), err: "invalid JSON: " + err.Error()})
			case errors.Is(err, io.ErrUnexpectedEOF):
				out = append(out, message{line: lineAt(dec.InputOffset()), err: "invalid JSON: truncated input"})
			default:
				out = append(out, message{line: lineAt(dec.InputOffset()), err: "invalid JSON: " + err.Error()})
			}
			return out
		}
		start := dec.InputOffset() - int64(len(raw))
		out = append(out, message{line: lineAt(start), data: raw})
	}
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
		enc := json.NewEncoder(vw.w) // one object per line
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
	_, vw.err = fmt.Fprintf(vw.w, "%s:%d: %s%s\n", escapeText(file), line, prefix, escapeText(v.String()))
}
