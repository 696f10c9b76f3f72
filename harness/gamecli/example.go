package gamecli

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
)

// ExampleAgentMaxLine is the largest line the built-in agent reads (the
// 1 MiB message limit of the wire, with room for its line break).
const ExampleAgentMaxLine = 1<<20 + 2

// ExampleLines reads the agent's input line by line and writes each answer
// on a line of its own; handle returns the answer (nil for none) and
// whether the input is done.
func ExampleLines(ctx context.Context, in io.Reader, out io.Writer, handle func(line []byte) (any, bool, error)) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), ExampleAgentMaxLine)
	w := bufio.NewWriter(out)
	for sc.Scan() {
		if ctx.Err() != nil {
			return nil
		}
		answer, done, err := handle(sc.Bytes())
		if err != nil {
			return err
		}
		if answer != nil {
			b, err := json.Marshal(answer)
			if err != nil {
				return err
			}
			w.Write(b)
			w.WriteByte('\n')
			if err := w.Flush(); err != nil {
				return err
			}
		}
		if done {
			return nil
		}
	}
	return sc.Err()
}
