package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// recordingWriter keeps a copy of every Write before passing it on.
type recordingWriter struct {
	mu     sync.Mutex
	writes [][]byte
	w      io.WriteCloser
}

func (r *recordingWriter) Write(p []byte) (int, error) {
	r.mu.Lock()
	r.writes = append(r.writes, bytes.Clone(p))
	r.mu.Unlock()
	return r.w.Write(p)
}

func (r *recordingWriter) Close() error { return r.w.Close() }

// TestStdioBurstIsOneWrite plays the golden match over RunStdio: the agent
// receives exactly the golden transcript (message order and bytes as over a
// WebSocket), and every burst — what the match sends before it waits for
// the agent — arrives as a single Write of whole lines: one per your_turn,
// each ending with it, and one for the end.
func TestStdioBurstIsOneWrite(t *testing.T) {
	s, _ := testServer(t, Options{})
	c, err := s.CreateMatch(MatchSpec{Seats: 3, Rounds: 2, DeadlineMS: 30000, Seed: strp("golden"), Agents: []int{0}, Adversaries: []string{"passive"}})
	if err != nil {
		t.Fatal(err)
	}
	var rec *recordingWriter
	policy := callPolicy(c.MatchID)
	playStdio(t, s, c.MatchID, 0, func(w io.WriteCloser) io.WriteCloser {
		rec = &recordingWriter{w: w}
		return rec
	}, func(env Envelope, _ []byte) any { return policy(frame{env: env}) })
	want, err := os.ReadFile(filepath.Join("testdata", "transcript_seat0.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	got := bytes.ReplaceAll(bytes.Join(rec.writes, nil), []byte(c.MatchID), []byte("m-golden"))
	if n, line := divergence(want, got); n != 0 || !bytes.Equal(want, got) {
		t.Fatalf("stdio stream differs from the golden transcript at message %d: %s", n, line)
	}
	turns, longest := bytes.Count(want, []byte(`{"type":"your_turn"`)), 0
	if len(rec.writes) != turns+1 {
		t.Fatalf("%d Writes for %d your_turn messages, want one per burst (%d)", len(rec.writes), turns, turns+1)
	}
	for i, w := range rec.writes {
		lines := bytes.Split(bytes.TrimSuffix(w, []byte("\n")), []byte("\n"))
		last := lines[len(lines)-1]
		longest = max(longest, len(lines))
		wantLast := `{"type":"your_turn"`
		if i == len(rec.writes)-1 {
			wantLast = `{"type":"match_end"`
		}
		if w[len(w)-1] != '\n' || !bytes.HasPrefix(last, []byte(wantLast)) {
			t.Fatalf("Write %d of %d (%d lines) ends with %.40q, want whole lines ending with %s", i+1, len(rec.writes), len(lines), last, wantLast)
		}
	}
	if longest < 5 {
		t.Fatalf("the longest Write holds %d lines: bursts are not batched", longest)
	}
}

// batchRecorder is a transport that records the bursts handed to it.
type batchRecorder struct {
	mu      sync.Mutex
	batches [][]string
	aborted bool
	block   chan struct{} // writeBatch waits for it when not nil
}

func (r *batchRecorder) read(ctx context.Context) ([]byte, bool, error) {
	<-ctx.Done()
	return nil, false, ctx.Err()
}
func (r *batchRecorder) write(_ context.Context, data []byte) error { return nil }
func (r *batchRecorder) writeBatch(_ context.Context, _ time.Duration, b *batch) error {
	if r.block != nil {
		<-r.block
	}
	var msgs []string
	_ = b.each(func(m []byte) error { msgs = append(msgs, string(m)); return nil })
	r.mu.Lock()
	r.batches = append(r.batches, msgs)
	r.mu.Unlock()
	return nil
}
func (r *batchRecorder) finish(string) {}
func (r *batchRecorder) abort(string) {
	r.mu.Lock()
	r.aborted = true
	r.mu.Unlock()
}

// TestConnBursts: messages are handed over in bursts at flush, in order,
// each message copied (the caller's buffer may be reused); a burst is handed
// over early at maxBurstMessages; finish flushes first.
func TestConnBursts(t *testing.T) {
	tr := &batchRecorder{}
	c := newConn(0, tr, 1024, true)
	go c.writeLoop(context.Background(), time.Second)
	buf := []byte("m0")
	var want [][]string
	burst := func(n int) {
		var b []string
		for i := range n {
			buf = fmt.Appendf(buf[:0], "m%d-%d", len(want), i)
			if !c.send(buf, nil) {
				t.Fatal("send refused")
			}
			b = append(b, string(buf))
			if len(b) == maxBurstMessages {
				want, b = append(want, b), nil
			}
		}
		if !c.flush() {
			t.Fatal("flush refused")
		}
		if len(b) > 0 {
			want = append(want, b)
		}
	}
	burst(3)
	burst(1)
	if !c.flush() { // nothing collected: nothing handed over
		t.Fatal("empty flush refused")
	}
	burst(maxBurstMessages + 2)
	c.sendLast(out{msg: []byte("end-1")}, out{msg: []byte("end-2")})
	want = append(want, []string{"end-1", "end-2"})
	select {
	case <-c.wrote:
	case <-time.After(10 * time.Second):
		t.Fatal("writer did not finish")
	}
	if !c.finished {
		t.Fatal("the writer ended without finishing")
	}
	if have, wantS := fmt.Sprint(tr.batches), fmt.Sprint(want); have != wantS {
		t.Fatalf("bursts\nhave %s\nwant %s", have, wantS)
	}
}

// TestConnQueueBound: the send queue is bounded in messages, those
// collected and those handed over but not yet taken by the writer; one more
// drops the connection ("too slow"). A writer that takes a burst makes room.
func TestConnQueueBound(t *testing.T) {
	for _, limit := range []int{1, 3, 5, 70} {
		t.Run(fmt.Sprint("limit=", limit), func(t *testing.T) {
			tr := &batchRecorder{}
			c := newConn(0, tr, limit, true)
			for i := range limit {
				if !c.send([]byte("x"), nil) {
					t.Fatalf("message %d of %d refused", i+1, limit)
				}
				if i%2 == 0 && !c.flush() {
					t.Fatalf("flush after message %d refused", i+1)
				}
			}
			if c.send([]byte("one too many"), nil) || !c.gone() || !tr.aborted {
				t.Fatalf("message %d accepted (gone %v, aborted %v), want the connection dropped", limit+1, c.gone(), tr.aborted)
			}
			if c.flush() {
				t.Fatal("flush on a dropped connection reports true")
			}
		})
	}
	t.Run("writer makes room", func(t *testing.T) {
		tr := &batchRecorder{block: make(chan struct{})}
		c := newConn(0, tr, 2, true)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go c.writeLoop(ctx, time.Second)
		if !c.send([]byte("a"), nil) || !c.send([]byte("b"), nil) || !c.flush() {
			t.Fatal("refused within the bound")
		}
		deadline := time.Now().Add(10 * time.Second)
		for c.queued.Load() != 0 { // taken, its write blocked
			if time.Now().After(deadline) {
				t.Fatal("the writer never took the burst")
			}
			time.Sleep(time.Millisecond)
		}
		if !c.send([]byte("c"), nil) || !c.send([]byte("d"), nil) {
			t.Fatal("refused after the writer took the first burst")
		}
		if c.send([]byte("e"), nil) {
			t.Fatal("accepted beyond the bound while the writer is stuck")
		}
		close(tr.block)
	})
}

// TestMatchLog: the chunked log gives back exactly the lines added, across
// chunk boundaries and with lines longer than a chunk; the public form
// leaves out deal_private lines only (I-INF-S1).
func TestMatchLog(t *testing.T) {
	var l matchLog
	var full, public []byte
	for i := range 5000 {
		line := fmt.Appendf(nil, `{"type":"round_start","round":%d}`, i)
		switch {
		case i%7 == 3:
			line = fmt.Appendf(nil, `{"type":"deal_private","round":%d}`, i)
		case i%1000 == 999:
			line = fmt.Appendf(nil, `{"type":"message","text":"%s"}`, bytes.Repeat([]byte("x"), logChunk+i))
		}
		l.add(line)
		full = append(append(full, line...), '\n')
		if i%7 != 3 {
			public = append(append(public, line...), '\n')
		}
	}
	if len(l.chunks) < 5 {
		t.Fatalf("%d chunks: the test does not cross chunk boundaries", len(l.chunks))
	}
	if got := l.bytes(false); !bytes.Equal(got, full) {
		t.Fatalf("full log differs (%d bytes, want %d)", len(got), len(full))
	}
	if got := l.bytes(true); !bytes.Equal(got, public) {
		t.Fatalf("public log differs (%d bytes, want %d)", len(got), len(public))
	}
}

// TestLineTransportRead: lines longer than the read buffer come back
// whole, blank lines are skipped, a last line needs no newline, and a line
// over MaxMessageBytes is refused.
func TestLineTransportRead(t *testing.T) {
	long := bytes.Repeat([]byte("y"), 20<<10)
	in := "{\"a\":1}\n\n  \r\n" + string(long) + "\n  {\"b\":2}  \n{\"c\":3}"
	l := newLineTransport(bytes.NewReader([]byte(in)), io.Discard)
	for _, want := range []string{`{"a":1}`, string(long), `{"b":2}`, `{"c":3}`} {
		got, text, err := l.read(context.Background())
		if err != nil || !text || string(got) != want {
			t.Fatalf("read = %.40q (%d bytes), %v, %v; want %.40q (%d bytes)", got, len(got), text, err, want, len(want))
		}
	}
	if _, _, err := l.read(context.Background()); err != io.EOF {
		t.Fatalf("read at the end = %v, want io.EOF", err)
	}
	huge := bytes.Repeat([]byte("z"), MaxMessageBytes+10)
	l = newLineTransport(bytes.NewReader(append(huge, '\n')), io.Discard)
	if _, _, err := l.read(context.Background()); err != errLineTooLong {
		t.Fatalf("read of a %d-byte line = %v, want errLineTooLong", len(huge), err)
	}
}

// playStdio plays seat of matchID over RunStdio with an agent that answers
// every your_turn with move(env, line) and reads on to match_end. wrap, when
// not nil, wraps the writer the server writes the agent's lines to.
func playStdio(t *testing.T, s *Server, matchID string, seat int, wrap func(io.WriteCloser) io.WriteCloser, move func(env Envelope, line []byte) any) {
	t.Helper()
	toAgentR, toAgentW := io.Pipe()
	fromAgentR, fromAgentW := io.Pipe()
	var out io.WriteCloser = toAgentW
	if wrap != nil {
		out = wrap(toAgentW)
	}
	agentErr := make(chan error, 1)
	go func() {
		defer fromAgentW.Close()
		sc := bufio.NewScanner(toAgentR)
		sc.Buffer(nil, MaxMessageBytes)
		for sc.Scan() {
			var env Envelope
			if err := json.Unmarshal(sc.Bytes(), &env); err != nil {
				agentErr <- err
				return
			}
			if env.Type == TypeMatchEnd {
				break
			}
			if env.Type == TypeYourTurn {
				b, _ := json.Marshal(move(env, bytes.Clone(sc.Bytes())))
				if _, err := fromAgentW.Write(append(b, '\n')); err != nil {
					agentErr <- err
					return
				}
			}
		}
		_, _ = io.Copy(io.Discard, toAgentR)
		agentErr <- sc.Err()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.RunStdio(ctx, matchID, seat, fromAgentR, out); err != nil {
		t.Fatalf("RunStdio: %v", err)
	}
	if err := <-agentErr; err != nil {
		t.Fatal(err)
	}
}
