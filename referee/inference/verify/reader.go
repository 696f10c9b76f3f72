package verify

import (
	"bufio"
	"context"
	"errors"
	"io"

	"github.com/umpire-arena/umpire/referee/rules"
)

// VerifyReader verifies the Inference match log read from r (named name in
// findings) with default options, passing every finding to emit (which may
// be nil) as it is found. See (*Verifier).Read.
func VerifyReader(ctx context.Context, r io.Reader, name string, emit func(rules.Finding)) (Summary, error) {
	return NewInference(Options{File: name}).Read(ctx, r, emit)
}

// Read feeds every line of r to the verifier, then finishes it, and returns
// the summary. Lines longer than MaxLineBytes are findings
// (inference/log.line-length), not errors; only a read error or ctx being
// done stops it early, with that error. Memory stays bounded by
// MaxLineBytes whatever the log's length.
func (v *Verifier) Read(ctx context.Context, r io.Reader, emit func(rules.Finding)) (Summary, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte // a line longer than the reader's buffer, being joined
	lineNo := 0
	send := func(fs []rules.Finding) {
		if emit != nil {
			for _, f := range fs {
				emit(f)
			}
		}
	}
	over := 0 // bytes of the current line beyond MaxLineBytes
	for {
		chunk, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			if len(long)+len(chunk) > MaxLineBytes {
				over += len(long) + len(chunk)
				long = long[:0]
			} else {
				long = append(long, chunk...)
			}
			continue
		}
		if len(chunk) > 0 || over > 0 || len(long) > 0 {
			lineNo++
			line := chunk
			if len(line) > 0 && line[len(line)-1] == '\n' {
				line = line[:len(line)-1]
			}
			if len(line) > 0 && line[len(line)-1] == '\r' {
				line = line[:len(line)-1]
			}
			switch {
			case over > 0:
				// Report the length without holding the line.
				send(v.tooLong(lineNo, over+len(long)+len(line)))
			case len(long) > 0:
				long = append(long, line...)
				send(v.Line(lineNo, long))
			default:
				send(v.Line(lineNo, line))
			}
			long, over = long[:0], 0
			if lineNo%1024 == 0 {
				if cerr := ctx.Err(); cerr != nil {
					return v.Summary(), cerr
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return v.Summary(), err
		}
	}
	if err := ctx.Err(); err != nil {
		return v.Summary(), err
	}
	send(v.FinishFindings())
	return v.Summary(), nil
}

// tooLong reports a line of n bytes, over MaxLineBytes, at lineNo.
func (v *Verifier) tooLong(lineNo, n int) []rules.Finding {
	v.out = v.out[:0]
	v.lineNo = lineNo
	v.sum.Lines++
	v.eval(eLineLength)
	if v.st == stEnded && !v.done {
		v.report("inference/log.match-end-last", -1, -1, nil, n, "nothing may follow match_end; this line is ignored")
		v.done = true
	} else if !v.done {
		v.report("inference/log.line-length", -1, -1, MaxLineBytes, n, "a log line is at most %d bytes; this one has %d and is skipped", MaxLineBytes, n)
	}
	return v.out
}
