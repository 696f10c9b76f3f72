// Command trivial is the agent of the certify load benchmark: it plays
// both games over JSON Lines with as little work as an agent can do, so that
// the benchmark measures umpire, not the agent. Inference: it checks when
// that is free and folds otherwise (so it stays in the match to its end and
// answers every round). BangArena: it takes the first legal item of every
// DecisionRequest. It exits on match_end.
package main

import (
	"bufio"
	"bytes"
	"os"
	"strconv"

	"github.com/tidwall/gjson"
)

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	var (
		buf []byte
		n   int
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
		switch {
		case bytes.HasPrefix(line, []byte(`{"type":"your_turn"`)):
			r := gjson.GetManyBytes(line, "match_id", "turn", `legal_actions.#(action=="call").amount`)
			action := `"fold"}`
			if r[2].Exists() && r[2].Int() == 0 {
				action = `"call"}`
			}
			b := append(out.AvailableBuffer(), `{"type":"move","match_id":`...)
			b = strconv.AppendQuote(b, r[0].Str)
			b = append(b, `,"turn":`...)
			b = strconv.AppendInt(b, r[1].Int(), 10)
			b = append(append(b, `,"action":`...), action+"\n"...)
			out.Write(b)
			out.Flush()
		case bytes.Contains(line, []byte(`"legalActions":[{`)):
			n++
			r := gjson.GetManyBytes(line, "seatId", "observationVersion", "legalActions.0.actionId")
			b := append(out.AvailableBuffer(), `{"seat":`...)
			b = strconv.AppendInt(b, r[0].Int(), 10)
			b = append(b, `,"observationVersion":`...)
			b = strconv.AppendInt(b, r[1].Int(), 10)
			b = append(b, `,"actionId":`...)
			b = strconv.AppendQuote(b, r[2].Str)
			b = append(b, `,"commandId":"c-`...)
			b = strconv.AppendInt(b, int64(n), 10)
			b = append(b, "\"}\n"...)
			out.Write(b)
			out.Flush()
		case bytes.HasPrefix(line, []byte(`{"type":"match_end"`)):
			return
		}
	}
}
