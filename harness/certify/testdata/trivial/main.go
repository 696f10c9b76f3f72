// Command trivial is the agent of the certify load benchmark: it plays
// both games with as little work as an agent can do, so that the benchmark
// measures umpire, not the agent. Inference: it checks when that is free and
// folds otherwise (so it stays in the match to its end and answers every
// round). BangArena: it takes the first legal item of every DecisionRequest.
// It reads a request of the embedded servers' layout only where the fields
// it needs are (fast.go; any other layout is read whole), allocates
// nothing for it, waits for its input in the runtime's poller (stdin), and
// reads and writes with raw system calls (rawio.go).
//
// Built as it is, it speaks JSON Lines on stdin/stdout and exits on
// match_end (after a match_start line, umpire --agent-keep, on the end of
// its input); it imports nothing it does not need, since every package's
// initialisation is paid again at each agent start. Built with -tags http,
// it serves the same answers over HTTP (-http ADDR: each request POSTed,
// the answer in the response body) and prints its URL on the first line of
// stdout; with -echo it answers every POST with the request body (the bare
// round trip the benchmark compares with), and with -ack it answers every
// request (every line, over JSON Lines) with {} (a round trip whose answer
// is as small as a decision's).
//go:build !http

package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
)

func main() {
	ack := len(os.Args) > 1 && os.Args[1] == "-ack"
	in := bufio.NewReaderSize(stdin(), 1<<20)
	out := bufio.NewWriter(stdout())
	var (
		buf  []byte
		n    int64
		kept bool // a match_start came: play until the input ends
	)
	for {
		line, err := in.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			buf = append(buf[:0], line...)
			for err == bufio.ErrBufferFull {
				line, err = in.ReadSlice('\n')
				buf = append(buf, line...)
			}
			line = buf
		}
		if err != nil {
			return
		}
		if bytes.HasPrefix(line, []byte(`{"type":"match_start"`)) {
			kept = true
			continue
		}
		if bytes.HasPrefix(line, []byte(`{"type":"match_end"`)) {
			if kept {
				continue
			}
			return
		}
		n++
		if ack {
			out.WriteString("{}\n")
			out.Flush()
			continue
		}
		if b := answer(out.AvailableBuffer(), line, n); b != nil {
			out.Write(append(b, '\n'))
			out.Flush()
		}
	}
}

// stdin returns the agent's input. Over a pipe, as umpire starts it, it
// is a non-blocking one: a read that waits for umpire parks the goroutine
// in the runtime's poller instead of holding a thread in a blocking
// system call, which the runtime's monitor would hand its processor off
// from, waking another thread each time. Its reads are raw system calls
// (rawIn), which do not wake that monitor either.
func stdin() io.Reader {
	if rc := pipeConn(0, "stdin"); rc != nil {
		return rawIn{rc}
	}
	return os.Stdin
}

// stdout returns the agent's output: over a pipe a non-blocking one
// written with raw system calls (rawOut), as stdin is read.
func stdout() io.Writer {
	if rc := pipeConn(1, "stdout"); rc != nil {
		return rawOut{rc}
	}
	return os.Stdout
}
