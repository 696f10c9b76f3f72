package main

import (
	"bufio"
	"errors"
	"io"
)

// lineReader reads the lines of an untrusted input in bounded memory: a
// line of up to max bytes is returned whole, a longer one only by its
// length (its bytes are read and dropped), so that memory stays bounded by
// max plus the buffer whatever the input holds.
type lineReader struct {
	br   *bufio.Reader
	max  int
	long []byte // a line longer than the buffer, being joined
	no   int    // number of the last line returned
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next line without its line ending ("\n" or "\r\n"),
// and its length n; line is nil when n > max. At the end of the input it
// returns io.EOF (after the last line, which may lack a newline); another
// read error is returned as it is. The line is valid until the next call.
func (lr *lineReader) next() (line []byte, n int, err error) {
	lr.long = lr.long[:0]
	over := 0
	for {
		chunk, err := lr.br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			if over > 0 || len(lr.long)+len(chunk) > lr.max+1 {
				over += len(lr.long) + len(chunk)
				lr.long = lr.long[:0]
			} else {
				lr.long = append(lr.long, chunk...)
			}
			continue
		}
		if err != nil && err != io.EOF {
			return nil, 0, err
		}
		if len(chunk) == 0 && over == 0 && len(lr.long) == 0 {
			return nil, 0, io.EOF
		}
		lr.no++
		line := chunk
		if over == 0 && len(lr.long) > 0 {
			lr.long = append(lr.long, chunk...)
			line = lr.long
		}
		n = over + len(line)
		if len(line) > 0 && line[len(line)-1] == '\n' {
			line, n = line[:len(line)-1], n-1
			if len(line) > 0 && line[len(line)-1] == '\r' {
				line, n = line[:len(line)-1], n-1
			}
		}
		if over > 0 || n > lr.max {
			return nil, n, nil
		}
		return line, n, nil
	}
}
