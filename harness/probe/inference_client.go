package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/reports"
)

// infMsg is one message a seat received from an Inference server.
type infMsg struct {
	Seat int
	At   time.Time
	Raw  []byte
	Env  infEnvelope
	// Ev is the decoded log object of an event message.
	Ev infEvent
	// Closed marks the end of the seat's connection (Err says why).
	Closed bool
	Err    error
}

// infEnvelope is any server message of WIRE.md's envelope.
type infEnvelope struct {
	Type         string          `json:"type"`
	MatchID      string          `json:"match_id"`
	Round        int             `json:"round"`
	Turn         *int            `json:"turn"`
	DeadlineMS   *int            `json:"deadline_ms"`
	VisibleState json.RawMessage `json:"visible_state"`
	LegalActions json.RawMessage `json:"legal_actions"`
	Code         string          `json:"code"`
	Message      string          `json:"message"`
	Event        json.RawMessage `json:"event"`
	Seed         string          `json:"seed"`
	SeedCommit   string          `json:"seed_commit"`
}

// infEvent is a match-log object (the fields the probes read).
type infEvent struct {
	Type        string `json:"type"`
	Round       int    `json:"round"`
	Turn        *int   `json:"turn"`
	Seat        *int   `json:"seat"`
	Value       *int   `json:"value"`
	Action      string `json:"action"`
	Amount      int    `json:"amount"`
	Timeout     bool   `json:"timeout"`
	Strikes     int    `json:"strikes"`
	SitOut      bool   `json:"sit_out"`
	BackInRound int    `json:"back_in_round"`
	DealtIn     []int  `json:"dealt_in"`
	Uncontested bool   `json:"uncontested"`
	Reveals     []struct {
		Seat  int `json:"seat"`
		Value int `json:"value"`
	} `json:"reveals"`
	SeedCommit string `json:"seed_commit"`
}

// turnOf returns the envelope's turn (-1 when absent).
func (m *infMsg) turnOf() int {
	if m.Env.Turn == nil {
		return -1
	}
	return *m.Env.Turn
}

// view decodes the your_turn's visible_state.
func (m *infMsg) view() (ref.VisibleState, error) {
	var vs ref.VisibleState
	err := json.Unmarshal(m.Env.VisibleState, &vs)
	return vs, err
}

// legal decodes the your_turn's legal_actions.
func (m *infMsg) legal() ([]ref.LegalAction, error) {
	var l []ref.LegalAction
	err := json.Unmarshal(m.Env.LegalActions, &l)
	return l, err
}

// infPlay is a set of WebSocket connections to one match, one per seat the
// suite plays, with every message received recorded in order.
type infPlay struct {
	t       *Target
	matchID string
	conns   map[int]*websocket.Conn
	in      chan infMsg
	wg      sync.WaitGroup
	cancel  context.CancelFunc

	mu    sync.Mutex
	trans []reports.Message
	// Got holds every message received, in the order next returned them.
	Got []infMsg
	// ended counts seats whose connection closed or got match_end.
	ended map[int]bool
}

// infCreate asks the harness extension for a match.
func infCreate(ctx context.Context, t *Target, spec map[string]any) (string, map[int]string, error) {
	var out struct {
		MatchID string            `json:"match_id"`
		Tokens  map[string]string `json:"tokens"`
	}
	status, body, err := doJSON(ctx, t, http.MethodPost, "/api/inference/matches", nil, spec)
	if err != nil {
		return "", nil, err
	}
	if status != http.StatusOK && status != http.StatusCreated {
		return "", nil, fmt.Errorf("creating a match: HTTP %d: %s", status, clip(body))
	}
	if err := json.Unmarshal(body, &out); err != nil || out.MatchID == "" {
		return "", nil, fmt.Errorf("creating a match: unexpected answer %s", clip(body))
	}
	toks := map[int]string{}
	for k, v := range out.Tokens {
		n, err := strconv.Atoi(k)
		if err != nil {
			return "", nil, fmt.Errorf("creating a match: token key %q is not a seat", k)
		}
		toks[n] = v
	}
	return out.MatchID, toks, nil
}

// wsURL returns the WebSocket URL of a seat.
func wsURL(t *Target, matchID string, seat int) string {
	u := t.URL
	switch {
	case strings.HasPrefix(u, "https://"):
		u = "wss://" + strings.TrimPrefix(u, "https://")
	case strings.HasPrefix(u, "http://"):
		u = "ws://" + strings.TrimPrefix(u, "http://")
	}
	return u + "/ws/inference?match=" + url.QueryEscape(matchID) + "&seat=" + strconv.Itoa(seat)
}

// dialSeat opens a seat's connection without saying hello.
func dialSeat(ctx context.Context, t *Target, matchID string, seat int) (*websocket.Conn, error) {
	c, resp, err := websocket.Dial(ctx, wsURL(t, matchID, seat), &websocket.DialOptions{HTTPClient: t.client()})
	if resp != nil && resp.Body != nil {
		_ = resp.Body.Close()
	}
	if err != nil {
		return nil, fmt.Errorf("seat %d: connecting: %w", seat, err)
	}
	c.SetReadLimit(1 << 20)
	return c, nil
}

// infJoin connects the given seats to a match and says hello on each; the
// messages they receive are delivered by next. ctx bounds the whole play.
func infJoin(ctx context.Context, t *Target, matchID string, tokens map[int]string) (*infPlay, error) {
	ctx, cancel := context.WithCancel(ctx)
	p := &infPlay{t: t, matchID: matchID, conns: map[int]*websocket.Conn{}, in: make(chan infMsg, 256), cancel: cancel, ended: map[int]bool{}}
	for _, seat := range sortedSeats(tokens) {
		c, err := dialSeat(ctx, t, matchID, seat)
		if err != nil {
			p.Close()
			return nil, err
		}
		p.conns[seat] = c
		hello := map[string]any{"type": "hello", "match_id": matchID, "seat": seat, "token": tokens[seat]}
		if err := p.send(ctx, seat, hello); err != nil {
			p.Close()
			return nil, err
		}
		p.wg.Add(1)
		go p.read(ctx, seat, c)
	}
	return p, nil
}

// read delivers one connection's messages.
func (p *infPlay) read(ctx context.Context, seat int, c *websocket.Conn) {
	defer p.wg.Done()
	for {
		_, data, err := c.Read(ctx)
		m := infMsg{Seat: seat, At: time.Now()}
		if err != nil {
			m.Closed, m.Err = true, err
		} else {
			m.Raw = data
			if jerr := json.Unmarshal(data, &m.Env); jerr == nil && m.Env.Type == "event" {
				_ = json.Unmarshal(m.Env.Event, &m.Ev)
			}
			p.record(reports.Received, seat, data)
		}
		select {
		case p.in <- m:
		case <-ctx.Done():
			return
		}
		if err != nil {
			return
		}
	}
}

// record adds a message to the transcript (tokens are redacted on the way in).
func (p *infPlay) record(dir reports.Direction, seat int, data []byte) {
	s := seat
	p.mu.Lock()
	p.trans = append(p.trans, reports.NewMessage(dir, time.Now(), &s, data))
	p.mu.Unlock()
}

// tail returns the last n transcript messages.
func (p *infPlay) tail(n int) []reports.Message {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.trans) <= n {
		return append([]reports.Message(nil), p.trans...)
	}
	return append([]reports.Message(nil), p.trans[len(p.trans)-n:]...)
}

// send writes one JSON message (or raw bytes) on a seat's connection.
func (p *infPlay) send(ctx context.Context, seat int, v any) error {
	var data []byte
	switch x := v.(type) {
	case []byte:
		data = x
	case string:
		data = []byte(x)
	default:
		var err error
		if data, err = json.Marshal(v); err != nil {
			return err
		}
	}
	c := p.conns[seat]
	if c == nil {
		return fmt.Errorf("seat %d is not connected", seat)
	}
	p.record(reports.Sent, seat, data)
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := c.Write(wctx, websocket.MessageText, data); err != nil {
		return fmt.Errorf("seat %d: sending: %w", seat, err)
	}
	return nil
}

// move sends a move for the open turn.
func (p *infPlay) move(ctx context.Context, seat, turn int, action string, amount int) error {
	m := map[string]any{"type": "move", "match_id": p.matchID, "turn": turn, "action": action}
	if action == "raise" {
		m["amount"] = amount
	}
	return p.send(ctx, seat, m)
}

// next returns the next message of any seat; io.EOF once every seat's
// connection has ended or seen match_end.
func (p *infPlay) next(ctx context.Context) (infMsg, error) {
	for {
		if len(p.ended) == len(p.conns) {
			return infMsg{}, io.EOF
		}
		select {
		case m := <-p.in:
			if m.Closed || m.Env.Type == "match_end" {
				p.ended[m.Seat] = true
			}
			if m.Closed {
				continue
			}
			p.Got = append(p.Got, m)
			return m, nil
		case <-ctx.Done():
			return infMsg{}, ctx.Err()
		}
	}
}

// Close ends every connection and waits for the readers.
func (p *infPlay) Close() {
	for _, c := range p.conns {
		_ = c.Close(websocket.StatusNormalClosure, "done")
	}
	p.cancel()
	for _, c := range p.conns {
		_ = c.CloseNow()
	}
	p.wg.Wait()
}

// defaultMove answers a your_turn with the call item (a check when nothing
// is owed), the move every server accepts.
func (p *infPlay) defaultMove(ctx context.Context, m infMsg) error {
	return p.move(ctx, m.Seat, m.turnOf(), "call", 0)
}

// playOut answers every your_turn with decide (nil = call) until the match
// ends for every seat.
func (p *infPlay) playOut(ctx context.Context, decide func(m infMsg) error) error {
	for {
		m, err := p.next(ctx)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if m.Env.Type == "your_turn" {
			if decide == nil {
				err = p.defaultMove(ctx, m)
			} else {
				err = decide(m)
			}
			if err != nil {
				if ctx.Err() != nil {
					return err
				}
				// The server closed this seat's connection (a dropped
				// seat times out from now on): stop playing it.
				p.ended[m.Seat] = true
			}
		}
	}
}

// fetchLog reads GET /r/{id}.jsonl.
func infFetchLog(ctx context.Context, t *Target, matchID string) (int, []byte, error) {
	return doJSON(ctx, t, http.MethodGet, "/r/"+url.PathEscape(matchID)+".jsonl", nil, nil)
}

// doJSON makes one HTTP request with an optional JSON body and headers and
// returns the status and body (at most 8 MiB).
func doJSON(ctx context.Context, t *Target, method, path string, header map[string]string, body any) (int, []byte, error) {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		rd = bytes.NewReader(b)
	default:
		data, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(data)
	}
	wait := t.requestTimeout()
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, t.URL+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := t.client().Do(req)
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return 0, nil, fmt.Errorf("%s %s: %s %v: %w", method, path, noAnswerWithin, wait, err)
		}
		return 0, nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return resp.StatusCode, data, fmt.Errorf("%s %s: reading the answer: %w", method, path, err)
	}
	return resp.StatusCode, data, nil
}

// noAnswerWithin is how a request's error says the target did not answer
// within its bound (RunAll gives a suite up after a few of them).
const noAnswerWithin = "no answer within"

// clip shortens a body for an error message.
func clip(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

// sortedSeats returns the seats of a token map in order.
func sortedSeats(m map[int]string) []int {
	out := make([]int, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
