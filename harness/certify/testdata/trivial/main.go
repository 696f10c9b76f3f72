// Command trivial is the agent of the certify load benchmark: it plays
// both games with as little work as an agent can do, so that the benchmark
// measures umpire, not the agent. Inference: it checks when that is free and
// folds otherwise (so it stays in the match to its end and answers every
// round). BangArena: it takes the first legal item of every DecisionRequest.
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
	"os"
)

func main() {
	ack := len(os.Args) > 1 && os.Args[1] == "-ack"
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriter(os.Stdout)
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
