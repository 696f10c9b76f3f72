// Command trivial is the agent of the certify load benchmark: it plays
// both games with as little work as an agent can do, so that the benchmark
// measures umpire, not the agent. Inference: it checks when that is free and
// folds otherwise (so it stays in the match to its end and answers every
// round). BangArena: it takes the first legal item of every DecisionRequest.
//
// Without flags it speaks JSON Lines on stdin/stdout and exits on
// match_end. With -http ADDR it serves the same answers over HTTP (each
// request POSTed, the answer in the response body) and prints its URL on
// the first line of stdout; with -echo as well, it answers every POST with
// the request body (the bare round trip the benchmark compares with).
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"sync/atomic"

	"github.com/tidwall/gjson"
)

func main() {
	addr := flag.String("http", "", "serve over HTTP on this address instead of stdin/stdout")
	echo := flag.Bool("echo", false, "with -http: answer each request with its body")
	flag.Parse()
	if *addr != "" {
		serve(*addr, *echo)
		return
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	var (
		buf []byte
		n   int64
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
		if bytes.HasPrefix(line, []byte(`{"type":"match_end"`)) {
			return
		}
		n++
		if b := answer(out.AvailableBuffer(), line, n); b != nil {
			out.Write(append(b, '\n'))
			out.Flush()
		}
	}
}

// answer appends the answer to a request to dst, nil when line needs
// none. n numbers the commandIds.
func answer(dst, line []byte, n int64) []byte {
	switch {
	case bytes.HasPrefix(line, []byte(`{"type":"your_turn"`)):
		r := gjson.GetManyBytes(line, "match_id", "turn", `legal_actions.#(action=="call").amount`)
		action := `"fold"}`
		if r[2].Exists() && r[2].Int() == 0 {
			action = `"call"}`
		}
		b := append(dst, `{"type":"move","match_id":`...)
		b = strconv.AppendQuote(b, r[0].Str)
		b = append(b, `,"turn":`...)
		b = strconv.AppendInt(b, r[1].Int(), 10)
		return append(append(b, `,"action":`...), action...)
	case bytes.Contains(line, []byte(`"legalActions":[{`)):
		r := gjson.GetManyBytes(line, "seatId", "observationVersion", "legalActions.0.actionId")
		b := append(dst, `{"seat":`...)
		b = strconv.AppendInt(b, r[0].Int(), 10)
		b = append(b, `,"observationVersion":`...)
		b = strconv.AppendInt(b, r[1].Int(), 10)
		b = append(b, `,"actionId":`...)
		b = strconv.AppendQuote(b, r[2].Str)
		b = append(b, `,"commandId":"c-`...)
		b = strconv.AppendInt(b, n, 10)
		return append(b, `"}`...)
	}
	return nil
}

func serve(addr string, echo bool) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("http://%s/\n", ln.Addr())
	var n atomic.Int64
	err = http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if echo {
			w.Write(body)
			return
		}
		b := answer(nil, body, n.Add(1))
		if b == nil {
			b = []byte(`{}`)
		}
		w.Write(b)
	}))
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
