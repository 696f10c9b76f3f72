package inert

import (
	"io"
	"unicode/utf8"
)

// Mode says how a Writer shows what it escapes.
type Mode int

// The writer modes.
const (
	// TextMode is Block over the stream: text, Markdown, XML and HTML
	// documents, whose structure is ASCII and whose newlines and tabs stay.
	TextMode Mode = iota
	// JSONMode is JSON over the stream: encoded JSON documents.
	JSONMode
)

// Writer passes a stream through the escaper: it writes what it is given
// with every unsafe rune escaped and bytes that are not UTF-8 replaced,
// whatever the document's producer let through. A rune split across two
// writes is held until the next write or Close. Writer is the last guard of
// every report writer; the text it carries was usually escaped already,
// and escaping is idempotent.
type Writer struct {
	w    io.Writer
	mode Mode
	held [utf8.UTFMax]byte
	nh   int
	buf  []byte
	err  error
	// Replaced counts the bytes that were not UTF-8.
	Replaced int
}

// NewWriter returns a Writer to w in mode.
func NewWriter(w io.Writer, mode Mode) *Writer { return &Writer{w: w, mode: mode} }

// Write escapes p to the underlying writer. It reports len(p) written
// when the underlying write succeeds (what it wrote is longer).
func (x *Writer) Write(p []byte) (int, error) {
	if x.err != nil {
		return 0, x.err
	}
	n := len(p)
	if x.nh > 0 {
		p = append(x.held[:x.nh:x.nh], p...)
		x.nh = 0
	}
	// Hold an incomplete rune at the end of p.
	if end := incompleteTail(p); end < len(p) {
		x.nh = copy(x.held[:], p[end:])
		p = p[:end]
	}
	x.buf = x.escape(x.buf[:0], p)
	if err := x.flush(); err != nil {
		return 0, err
	}
	return n, nil
}

func (x *Writer) flush() error {
	if len(x.buf) == 0 {
		return nil
	}
	_, x.err = x.w.Write(x.buf)
	x.buf = x.buf[:0]
	return x.err
}

// Close writes a rune left incomplete by the last write (as U+FFFD); it
// does not close the underlying writer.
func (x *Writer) Close() error {
	if x.err != nil || x.nh == 0 {
		return x.err
	}
	x.buf = x.escape(x.buf[:0], x.held[:x.nh])
	x.nh = 0
	return x.flush()
}

// incompleteTail returns where a UTF-8 sequence that p ends in the middle
// of starts, or len(p).
func incompleteTail(p []byte) int {
	for i := len(p) - 1; i >= 0 && i >= len(p)-utf8.UTFMax+1; i-- {
		c := p[i]
		if c < utf8.RuneSelf {
			return len(p)
		}
		if utf8.RuneStart(c) {
			if utf8.FullRune(p[i:]) {
				return len(p)
			}
			return i
		}
	}
	return len(p)
}

// escape appends p escaped to dst.
func (x *Writer) escape(dst, p []byte) []byte {
	if x.mode == JSONMode {
		if firstUnsafeJSON(p) < 0 {
			return append(dst, p...)
		}
		return append(dst, JSON(p)...)
	}
	if clean(string(p), true) {
		return append(dst, p...)
	}
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRune(p[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			x.Replaced++
			dst = utf8.AppendRune(dst, utf8.RuneError)
		case r == '\n' || r == '\t':
			dst = append(dst, byte(r))
		case Unsafe(r):
			dst = append(dst, escapeRune(r)...)
		default:
			dst = append(dst, p[i:i+n]...)
		}
		i += n
	}
	return dst
}
