package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"
)

// stdinName is how an input given as "-" is named in output.
const stdinName = "<stdin>"

// input is one named input read whole.
type input struct {
	name string
	data []byte
}

// readInput reads a FILE|- argument whole: "-" is standard input, named
// stdinName. With maxBytes > 0 an input longer than maxBytes is an error;
// with maxBytes <= 0 there is no cap.
func readInput(e *env, name string, maxBytes int) (input, error) {
	in := input{name: name}
	r := e.stdin
	if name == "-" {
		in.name = stdinName
	} else {
		f, err := os.Open(name)
		if err != nil {
			return in, err
		}
		defer f.Close()
		r = f
	}
	if maxBytes <= 0 {
		data, err := io.ReadAll(r)
		in.data = data
		return in, err
	}
	data, err := io.ReadAll(io.LimitReader(r, int64(maxBytes)+1))
	if err != nil {
		return in, err
	}
	if len(data) > maxBytes {
		return in, fmt.Errorf("input exceeds %d bytes", maxBytes)
	}
	in.data = data
	return in, nil
}

// openInput opens a FILE|- argument for streaming: "-" is standard input,
// shown as stdinName. A directory is refused. closeFn releases the file (it
// does nothing for standard input) and is never nil when err is nil.
func openInput(e *env, name string) (r io.Reader, shown string, closeFn func(), err error) {
	if name == "-" {
		return e.stdin, stdinName, func() {}, nil
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
		return nil, name, nil, err
	}
	return f, name, func() { f.Close() }, nil
}

// writeJSONLine writes v as one line of compact JSON, exactly as
// json.Marshal renders it (HTML characters escaped), then a newline.
func writeJSONLine(w io.Writer, v any) error {
	return json.NewEncoder(w).Encode(v)
}

// writeJSONIndented writes v as JSON indented by two spaces, then a
// newline.
func writeJSONIndented(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// escapeText makes untrusted text (from a message, a log, a file name) safe
// for a terminal: control and format characters (escape sequences, bidi
// overrides) and U+FFFD (where the input was not UTF-8) are shown as
// \uXXXX.
func escapeText(s string) string { return escapeRunes(s, needsEscape) }

func needsEscape(r rune) bool { return unsafeRune(r) || r == unicode.ReplacementChar }

// safeText escapes control and format characters (terminal escapes, bidi
// overrides) in text that may come from an agent, a target or a server, as
// \uXXXX; unlike escapeText it leaves U+FFFD as it is.
func safeText(s string) string { return escapeRunes(s, unsafeRune) }

func unsafeRune(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
}

// escapeRunes shows every rune of s for which escape holds as \uXXXX;
// bytes that are not UTF-8 come out as U+FFFD (or \ufffd when escape holds
// for it), never raw.
func escapeRunes(s string, escape func(rune) bool) string {
	if !strings.ContainsFunc(s, escape) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if escape(r) {
			fmt.Fprintf(&b, `\u%04x`, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
