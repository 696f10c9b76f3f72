package agent

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"time"
	"unicode/utf8"
)

// DefaultMaxLine is the default cap on one line (or HTTP body) from an agent:
// 1 MiB, the message size both sides of the wire must accept.
const DefaultMaxLine = 1 << 20

// evidenceBytes is how much of an over-cap line is kept for the report.
const evidenceBytes = 256

// LineKind says what a line an agent wrote is.
type LineKind string

// The kinds of line.
const (
	// Object: one JSON object (a candidate answer).
	Object LineKind = "object"
	// NotObject: valid JSON that is not an object (array, string, number…).
	NotObject LineKind = "not_object"
	// NotJSON: not valid JSON (including several values on one line).
	NotJSON LineKind = "not_json"
	// Blank: empty or whitespace only.
	Blank LineKind = "blank"
	// Oversize: longer than the cap; Bytes holds only its first bytes (at
	// most 256, and never more than the cap).
	Oversize LineKind = "oversize"
)

// Malformed reports whether a line of this kind is a protocol violation by
// itself (anything but an object or an over-cap line, which is a flood).
func (k LineKind) Malformed() bool { return k == NotObject || k == NotJSON || k == Blank }

// Line is one line an agent wrote (or one HTTP response body).
type Line struct {
	// Bytes is the line without its line ending and surrounding white space
	// (for an Oversize line, its first bytes only). It is the agent's text:
	// escape it wherever it is rendered.
	Bytes []byte
	// Size is the length of the line as written, line ending excluded. For
	// an Oversize line it is what had been read of the line when it was
	// reported: more than the cap, and the whole line only when its end
	// came in the same read (a line over the cap is reported as soon as it
	// crosses it, so an agent that never ends its line is caught at once).
	Size int
	// Kind classifies the line.
	Kind LineKind
	// Seq numbers the lines of one stream from 1.
	Seq int
	// At is when the line arrived (with a monotonic clock reading).
	At time.Time
}

// Classify says what kind of line b is (b is taken as a whole line).
func Classify(b []byte) LineKind {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) == 0:
		return Blank
	case !json.Valid(b) || !utf8.Valid(b): // the wire is UTF-8
		return NotJSON
	case b[0] == '{':
		return Object
	default:
		return NotObject
	}
}

// splitLines reads r line by line and calls emit for each line, stopping
// when emit returns false or r ends. Memory stays bounded by max plus the
// read buffer: a longer line is reported as Oversize, with its first bytes,
// as soon as it crosses max — not at its end, which may never come (an
// agent writing without a line ending) — and the rest of it is skipped
// unreported. A last line without a line ending is reported too. It
// returns the read error (nil at a clean end of input).
func splitLines(r io.Reader, max int, now func() time.Time, emit func(Line) bool) error {
	if max <= 0 {
		max = DefaultMaxLine
	}
	evidence := min(evidenceBytes, max)
	br := bufio.NewReaderSize(r, 64<<10)
	var (
		buf      []byte
		size     int
		over     bool
		reported bool // the over-cap line was emitted already
		seq      int
	)
	flush := func() bool {
		seq++
		l := Line{Size: size, Seq: seq, At: now()}
		if over {
			l.Kind = Oversize
			l.Bytes = bytes.Clone(buf)
		} else {
			t := bytes.TrimSpace(buf)
			l.Kind = Classify(t)
			l.Bytes = bytes.Clone(t)
		}
		buf, size, over = buf[:0], 0, false
		return emit(l)
	}
	// skipRest ends the line whose over-cap part was reported: nothing
	// more is emitted for it.
	skipRest := func() { buf, size, over, reported = buf[:0], 0, false, false }
	for {
		chunk, err := br.ReadSlice('\n')
		end := len(chunk) > 0 && chunk[len(chunk)-1] == '\n'
		if end {
			chunk = chunk[:len(chunk)-1]
		}
		size += len(chunk)
		switch {
		case over:
		case size > max:
			over = true
			if keep := evidence - len(buf); keep > 0 {
				buf = append(buf, chunk[:min(keep, len(chunk))]...)
			}
			if len(buf) > evidence {
				buf = buf[:evidence]
			}
		default:
			buf = append(buf, chunk...)
		}
		if end {
			if reported {
				skipRest()
				continue
			}
			// A CRLF ending counts as a line ending, not as content.
			if !over && len(buf) > 0 && buf[len(buf)-1] == '\r' {
				buf = buf[:len(buf)-1]
				size--
			}
			if !flush() {
				return nil
			}
			continue
		}
		if over && !reported {
			// Over the cap and not ended yet: report it now, and skip the
			// rest of it.
			if !flush() {
				return nil
			}
			over, reported = true, true
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil {
			if (size > 0 || over) && !reported {
				flush()
			}
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}
