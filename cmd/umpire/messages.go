package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// message is one JSON message of an input, with its 1-based starting line;
// err is set instead of data when the message cannot be handed on whole:
// it is longer than the cap, or not valid JSON where the input is cut into
// documents.
type message struct {
	line int
	data []byte
	err  string
}

// messageReader cuts an untrusted input into messages as it reads, in
// memory bounded by the message cap whatever the input's length. The input
// is JSON Lines (one message per line, blank lines skipped) when its first
// non-blank line is a complete JSON value by itself, is longer than the
// cap, or when its first two non-blank lines both open an object (a JSON
// Lines file whose first line is broken); otherwise it is one or more JSON
// documents that may span lines. An input with no message gives one empty
// message, so that a run that checked nothing fails.
type messageReader struct {
	lr    *lineReader
	max   int
	held  []message // the first non-blank lines, read to choose the mode
	lines bool      // JSON Lines
	docs  *docSplitter
	empty bool // nothing but blank lines
	done  bool
}

func newMessageReader(r io.Reader, max int) (*messageReader, error) {
	m := &messageReader{lr: newLineReader(r, max), max: max}
	var firstLen int
	var raw [][]byte
	for len(m.held) < 2 {
		line, n, err := m.lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if line != nil && len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if len(m.held) == 0 {
			firstLen = n
		}
		msg := message{line: m.lr.no}
		if line == nil {
			msg.err = tooLong(n, max)
		} else {
			msg.data = bytes.Clone(line)
		}
		m.held = append(m.held, msg)
		raw = append(raw, msg.data)
		if len(m.held) == 1 && (line == nil || json.Valid(bytes.TrimSpace(line))) {
			break // JSON Lines: no need for a second line
		}
	}
	switch {
	case len(m.held) == 0:
		m.empty = true
	case firstLen > max || json.Valid(bytes.TrimSpace(m.held[0].data)):
		m.lines = true
	case len(m.held) == 2 && m.held[0].data != nil && m.held[1].data != nil &&
		bytes.HasPrefix(bytes.TrimSpace(m.held[0].data), []byte("{")) && bytes.HasPrefix(bytes.TrimSpace(m.held[1].data), []byte("{")):
		m.lines = true
	default:
		// Documents: the held lines, then the rest of the input.
		var b bytes.Buffer
		for _, l := range raw {
			if l == nil {
				// A line over the cap: whatever document holds it is over
				// the cap too, which a stand-in of max+1 bytes keeps.
				b.WriteByte('"')
				b.Write(bytes.Repeat([]byte("x"), max+1))
				b.WriteByte('"')
			}
			b.Write(l)
			b.WriteByte('\n')
		}
		m.docs = newDocSplitter(io.MultiReader(&b, m.lr.br), max, m.held[0].line)
		m.held = nil
	}
	return m, nil
}

// tooLong is the error of a message of n bytes over the cap.
func tooLong(n, max int) string {
	return fmt.Sprintf("message of %d bytes exceeds the cap of %d bytes", n, max)
}

// next returns the next message, or io.EOF after the last one; another
// error is a read error of the input.
func (m *messageReader) next() (message, error) {
	if m.done {
		return message{}, io.EOF
	}
	if m.empty {
		m.done = true
		return message{line: 1}, nil
	}
	if len(m.held) > 0 {
		msg := m.held[0]
		m.held = m.held[1:]
		return msg, nil
	}
	if m.docs != nil {
		msg, err := m.docs.next()
		if err != nil {
			m.done = true
		}
		return msg, err
	}
	for {
		line, n, err := m.lr.next()
		if err != nil {
			m.done = true
			return message{}, err
		}
		if line == nil {
			return message{line: m.lr.no, err: tooLong(n, m.max)}, nil
		}
		if len(bytes.TrimSpace(line)) > 0 {
			return message{line: m.lr.no, data: line}, nil
		}
	}
}

// docSplitter cuts a stream into consecutive JSON values without decoding
// them: it follows strings and the nesting of objects and arrays (with a
// counter, so any depth costs no memory), skips white space between
// values, and keeps at most max bytes of one value: a longer one is
// read through and reported by its length.
type docSplitter struct {
	src  io.Reader
	buf  []byte
	pos  int
	max  int
	line int
	val  []byte
	eof  bool
	err  error
}

func newDocSplitter(r io.Reader, max, line int) *docSplitter {
	return &docSplitter{src: r, buf: make([]byte, 0, 64<<10), max: max, line: line}
}

// byte returns the next byte, ok false at the end or on a read error.
func (d *docSplitter) byte() (byte, bool) {
	if d.pos == len(d.buf) {
		if d.eof {
			return 0, false
		}
		n, err := d.src.Read(d.buf[:cap(d.buf)])
		d.buf, d.pos = d.buf[:n], 0
		if err == io.EOF {
			d.eof = true
		} else if err != nil {
			d.eof, d.err = true, err
		}
		if n == 0 {
			return d.byte()
		}
	}
	c := d.buf[d.pos]
	d.pos++
	if c == '\n' {
		d.line++
	}
	return c, true
}

func (d *docSplitter) unread() {
	d.pos--
	if d.buf[d.pos] == '\n' {
		d.line--
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// next returns the next value, io.EOF after the last, or the read error.
func (d *docSplitter) next() (message, error) {
	var c byte
	var ok bool
	for {
		if c, ok = d.byte(); !ok {
			if d.err != nil {
				return message{}, d.err
			}
			return message{}, io.EOF
		}
		if !isSpace(c) {
			break
		}
	}
	start := d.line
	d.val = d.val[:0]
	n := 0
	keep := func(c byte) {
		n++
		if n <= d.max {
			d.val = append(d.val, c)
		}
	}
	keep(c)
	depth, inStr, esc := 0, false, false
	switch c {
	case '{', '[':
		depth = 1
	case '"':
		inStr = true
	case '}', ']', ',', ':':
		return d.finish(start, n, true)
	default: // a scalar: up to white space or a structural character
		for {
			c, ok = d.byte()
			if !ok {
				break
			}
			if isSpace(c) || bytes.IndexByte([]byte(`{}[],:"`), c) >= 0 {
				d.unread()
				break
			}
			keep(c)
		}
		return d.finish(start, n, false)
	}
	for depth > 0 || inStr {
		c, ok = d.byte()
		if !ok {
			if d.err != nil {
				return message{}, d.err
			}
			if n > d.max {
				return message{line: start, err: tooLong(n, d.max)}, nil
			}
			return message{line: start, err: "invalid JSON: truncated input"}, nil
		}
		keep(c)
		switch {
		case inStr && esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case inStr && c == '"':
			inStr = false
		case inStr:
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
		}
	}
	return d.finish(start, n, false)
}

// finish hands on the value read (n bytes, starting at line start).
func (d *docSplitter) finish(start, n int, stray bool) (message, error) {
	if n > d.max {
		return message{line: start, err: tooLong(n, d.max)}, nil
	}
	if stray {
		return message{line: start, err: fmt.Sprintf("invalid JSON: unexpected %q outside a value", d.val)}, nil
	}
	if !json.Valid(d.val) {
		// Say where, as encoding/json finds it.
		var v any
		err := json.Unmarshal(d.val, &v)
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return message{line: start + bytes.Count(d.val[:min(int(syn.Offset), len(d.val))], []byte("\n")), err: "invalid JSON: " + err.Error()}, nil
		}
		if err != nil {
			return message{line: start, err: "invalid JSON: " + err.Error()}, nil
		}
	}
	return message{line: start, data: d.val}, nil
}
