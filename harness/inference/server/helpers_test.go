package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// testServer starts a Server behind a real loopback HTTP server; both are
// shut down when the test ends.
func testServer(t testing.TB, opts Options) (*Server, *httptest.Server) {
	t.Helper()
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := s.Shutdown(ctx); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
		ts.Close()
	})
	return s, ts
}

// create asks for a match through the harness extension.
func create(t testing.TB, ts *httptest.Server, spec MatchSpec) Created {
	t.Helper()
	body, _ := json.Marshal(spec)
	resp, err := http.Post(ts.URL+"/api/inference/matches", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("create: status %d: %s", resp.StatusCode, b)
	}
	var c Created
	if err := json.NewDecoder(resp.Body).Decode(&c); err != nil {
		t.Fatal(err)
	}
	return c
}

// fetchLog reads GET /r/{id}.jsonl.
func fetchLog(t testing.TB, ts *httptest.Server, id string) []byte {
	t.Helper()
	resp, err := http.Get(ts.URL + "/r/" + id + ".jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("log: status %d: %s", resp.StatusCode, b)
	}
	return b
}

func strp(s string) *string { return &s }

// frame is one message a client received.
type frame struct {
	env Envelope
	raw []byte
}

// client is a test agent on a WebSocket.
type client struct {
	t      testing.TB
	c      *websocket.Conn
	match  string
	seat   int
	frames []frame
}

// dial connects to seat of match and sends hello with token.
func dial(t testing.TB, ts *httptest.Server, match string, seat int, token string) *client {
	t.Helper()
	url := strings.Replace(ts.URL, "http://", "ws://", 1) + fmt.Sprintf("/ws/inference?match=%s&seat=%d", match, seat)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	c.SetReadLimit(MaxMessageBytes)
	cl := &client{t: t, c: c, match: match, seat: seat}
	t.Cleanup(func() { _ = c.CloseNow() })
	if token != "" {
		cl.send(Hello{Type: TypeHello, MatchID: match, Seat: seat, Token: token})
	}
	return cl
}

func (cl *client) send(v any) {
	cl.t.Helper()
	b, _ := json.Marshal(v)
	cl.sendRaw(b)
}

func (cl *client) sendRaw(b []byte) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := cl.c.Write(ctx, websocket.MessageText, b); err != nil {
		cl.t.Errorf("seat %d write: %v", cl.seat, err)
	}
}

// next reads the next message (within 20 s).
func (cl *client) next() (frame, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, b, err := cl.c.Read(ctx)
	if err != nil {
		return frame{}, err
	}
	var env Envelope
	if err := json.Unmarshal(b, &env); err != nil {
		return frame{}, fmt.Errorf("seat %d got a frame that is not an envelope: %v: %s", cl.seat, err, b)
	}
	f := frame{env: env, raw: b}
	cl.frames = append(cl.frames, f)
	return f, nil
}

// until reads until a message satisfies ok.
func (cl *client) until(ok func(frame) bool) frame {
	cl.t.Helper()
	for {
		f, err := cl.next()
		if err != nil {
			cl.t.Fatalf("seat %d: waiting: %v", cl.seat, err)
		}
		if ok(f) {
			return f
		}
	}
}

func isType(typ string) func(frame) bool { return func(f frame) bool { return f.env.Type == typ } }

// play answers every your_turn with policy (nil: no answer) until
// match_end, and returns an error if the match does not end. pending are
// frames already read that still need an answer.
func (cl *client) play(policy func(frame) *MoveMsg, pending ...frame) error {
	for {
		var f frame
		if len(pending) > 0 {
			f, pending = pending[0], pending[1:]
		} else {
			var err error
			if f, err = cl.next(); err != nil {
				return fmt.Errorf("seat %d: %v", cl.seat, err)
			}
		}
		switch f.env.Type {
		case TypeMatchEnd:
			return nil
		case TypeYourTurn:
			if policy == nil {
				continue
			}
			if mv := policy(f); mv != nil {
				b, _ := json.Marshal(mv)
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				err := cl.c.Write(ctx, websocket.MessageText, b)
				cancel()
				if err != nil {
					return err
				}
			}
		}
	}
}

// callPolicy checks or calls, raising by 1 now and then with a message.
func callPolicy(match string) func(frame) *MoveMsg {
	n := 0
	return func(f frame) *MoveMsg {
		n++
		mv := &MoveMsg{Type: TypeMove, MatchID: match, Turn: *f.env.Turn, Action: ref.ActionCall}
		for _, la := range f.env.LegalActions {
			if la.Action == ref.ActionRaise && n%4 == 0 {
				mv.Action, mv.Amount = ref.ActionRaise, la.Min
				mv.Message = "<b>raise</b> & \"quote\""
			}
		}
		return mv
	}
}

// events returns the match-log objects a client received as events.
func (cl *client) events() []ref.Event {
	var out []ref.Event
	for _, f := range cl.frames {
		if f.env.Type != TypeEvent {
			continue
		}
		e, err := ref.ParseEvent(f.env.Event)
		if err != nil {
			cl.t.Fatalf("seat %d: event does not parse: %v: %s", cl.seat, err, f.raw)
		}
		out = append(out, e)
	}
	return out
}

// parseLog parses every line of a log with the engine's parser.
func parseLog(t testing.TB, log []byte) []ref.Event {
	t.Helper()
	var out []ref.Event
	for i, line := range bytes.Split(bytes.TrimSpace(log), []byte("\n")) {
		e, err := ref.ParseEvent(line)
		if err != nil {
			t.Fatalf("log line %d: %v: %s", i+1, err, line)
		}
		out = append(out, e)
	}
	return out
}

// replay re-derives a full log with the engine: the configuration from
// match_start, the seed from match_end, every deal from ref.DealValue, and
// the seats' moves and timeouts as logged. It returns the log the engine
// writes; err is the engine's rejection of a logged move, if any.
func replay(t testing.TB, log []byte) ([]byte, error) {
	t.Helper()
	evs := parseLog(t, log)
	if len(evs) < 2 || evs[0].Type != ref.EventMatchStart || evs[len(evs)-1].Type != ref.EventMatchEnd {
		t.Fatalf("log does not run from match_start to match_end")
	}
	start, end := evs[0], evs[len(evs)-1]
	l := start.Limits
	cfg := ref.Config{TableSize: start.TableSize, Rounds: start.RoundsTotal, StartingCredits: start.StartingCredits,
		Ante: l.Ante, AnteRamp: l.AnteRamp, MinRaise: l.MinRaise, MaxRaise: l.MaxRaise, MaxRaisesPerRound: l.MaxRaisesPerRound,
		TurnDeadlineMS: l.TurnDeadlineMS, MaxConsecutiveTimeouts: l.MaxConsecutiveTimeouts, SitOutRounds: l.SitOutRounds, MaxMessageChars: l.MaxMessageChars}
	names := make([]string, len(start.Seats))
	for i, s := range start.Seats {
		names[i] = s.Name
	}
	buf := &ref.LogBuffer{}
	st, err := ref.NewState(cfg, ref.Setup{MatchID: start.MatchID, Seed: end.Seed, Names: names, FirstDealer: ref.FirstDealer(end.Seed, cfg.TableSize)}, buf)
	if err != nil {
		t.Fatal(err)
	}
	vals := make([]int, cfg.TableSize)
	msg := ""
	for _, e := range evs[1:] {
		var err error
		switch e.Type {
		case ref.EventRoundStart:
			for s := range vals {
				vals[s] = ref.DealValue(end.Seed, e.Round, s)
			}
			if st.Phase() == ref.PhaseReady {
				err = st.StartRound(vals)
			}
		case ref.EventMessage:
			msg = e.Text
		case ref.EventTimeout:
			err = st.Timeout()
		case ref.EventAction:
			if e.Timeout {
				continue
			}
			mv := ref.Move{Action: e.Action, Message: msg}
			if e.Action == ref.ActionRaise {
				mv.Amount = e.Amount
			}
			msg = ""
			err = st.Apply(e.Seat, mv)
		}
		if err != nil {
			return buf.Buf, err
		}
	}
	return buf.Buf, nil
}

// divergence returns the first line where got differs from want (1-based,
// 0 when equal) and the type of want's line there.
func divergence(want, got []byte) (int, string) {
	w := bytes.Split(bytes.TrimSpace(want), []byte("\n"))
	g := bytes.Split(bytes.TrimSpace(got), []byte("\n"))
	for i := range w {
		if i >= len(g) || !bytes.Equal(w[i], g[i]) {
			e, _ := ref.ParseEvent(w[i])
			return i + 1, e.Type
		}
	}
	if len(g) > len(w) {
		return len(w) + 1, "(extra)"
	}
	return 0, ""
}

// engineLog removes what the server adds to the engine's lines: the
// "deal" field of match_start.
func engineLog(log []byte) []byte {
	return bytes.Replace(log, []byte(`,"deal":"`+DealFunction+`"}`), []byte("}"), 1)
}

// checkLog verifies a finished full log: it parses, re-derives exactly,
// the seed matches its commitment, and credits are conserved.
func checkLog(t testing.TB, log []byte) []ref.Event {
	t.Helper()
	evs := parseLog(t, log)
	got, err := replay(t, log)
	if err != nil {
		t.Fatalf("replay rejected a logged move: %v", err)
	}
	if !bytes.Contains(bytes.SplitN(log, []byte("\n"), 2)[0], []byte(`"deal":"umpire-sha256-v1"`)) {
		t.Fatalf("match_start does not name the deal function")
	}
	if n, typ := divergence(engineLog(log), got); n != 0 {
		t.Fatalf("replay diverges at line %d (%s)", n, typ)
	}
	start, end := evs[0], evs[len(evs)-1]
	if have, want := start.SeedCommit, ref.SeedCommit(end.Seed); have != want {
		t.Fatalf("seed_commit %s, want %s", have, want)
	}
	total := 0
	for _, r := range end.Ranking {
		total += r.Credits
	}
	if want := start.StartingCredits * start.TableSize; total != want {
		t.Fatalf("credits at the end %d, want %d", total, want)
	}
	return evs
}

// leaks scans every frame of a client for another seat's hidden value
// outside a showdown's reveals, returning a description of the first.
func leaks(cl *client) string {
	for _, f := range cl.frames {
		var v any
		if err := json.Unmarshal(f.raw, &v); err != nil {
			return "unparsable frame"
		}
		if where := findLeak(v, cl.seat, "", false); where != "" {
			return fmt.Sprintf("%s in %s", where, f.raw)
		}
	}
	return ""
}

// findLeak walks a JSON value: any object carrying "value" and a "seat"
// other than own, not inside a "reveals" list, is a leak.
func findLeak(v any, own int, path string, inReveals bool) string {
	switch x := v.(type) {
	case map[string]any:
		if _, hasValue := x["value"]; hasValue && !inReveals {
			if seat, ok := x["seat"].(float64); ok && int(seat) != own {
				return path
			}
		}
		for k, c := range x {
			if w := findLeak(c, own, path+"/"+k, k == "reveals"); w != "" {
				return w
			}
		}
	case []any:
		for i, c := range x {
			if w := findLeak(c, own, fmt.Sprintf("%s/%d", path, i), inReveals); w != "" {
				return w
			}
		}
	}
	return ""
}

// recordingClock is the wall clock that records every timer duration.
type recordingClock struct {
	RealClock
	mu sync.Mutex
	ds []time.Duration
}

func (c *recordingClock) NewTimer(d time.Duration) Timer {
	c.mu.Lock()
	c.ds = append(c.ds, d)
	c.mu.Unlock()
	return c.RealClock.NewTimer(d)
}

func (c *recordingClock) durations() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.ds...)
}

// manualClock is a clock whose time moves only when Advance is called.
type manualClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*manualTimer
}

type manualTimer struct {
	clk     *manualClock
	c       chan time.Time
	due     time.Time
	stopped bool
}

func newManualClock() *manualClock { return &manualClock{now: time.Unix(1_700_000_000, 0)} }

func (c *manualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *manualClock) NewTimer(d time.Duration) Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &manualTimer{clk: c, c: make(chan time.Time, 1), due: c.now.Add(d)}
	c.timers = append(c.timers, t)
	return t
}

// Advance moves the time on by d and fires the timers now due.
func (c *manualClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	keep := c.timers[:0]
	for _, t := range c.timers {
		switch {
		case t.stopped:
		case !t.due.After(c.now):
			t.stopped = true
			t.c <- c.now
		default:
			keep = append(keep, t)
		}
	}
	c.timers = keep
}

func (t *manualTimer) C() <-chan time.Time { return t.c }

func (t *manualTimer) Stop() bool {
	t.clk.mu.Lock()
	defer t.clk.mu.Unlock()
	was := !t.stopped
	t.stopped = true
	return was
}
