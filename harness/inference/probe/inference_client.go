package probe

import (
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
	"sync/atomic"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/coder/websocket"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/reports"
)

// infMsg is one message a seat received from an Inference server.
type infMsg struct {
	Seat int
	At   time.Time
	Raw  []byte
	// Env is the message as the one reader of the envelope reads it
	// (wire.ReadEnvelope): each field on its own, a field of another
	// shape than WIRE.md pins left zero (the schema check reports it).
	Env wire.Envelope
	// Ev is the decoded log object of an event message (wire.ReadEvent).
	Ev wire.Event
	// Closed marks the end of the seat's connection (Err says why).
	Closed bool
	Err    error
}

// turnOf returns the envelope's turn (-1 when absent).
func (m *infMsg) turnOf() int {
	if m.Env.Turn == nil {
		return -1
	}
	return *m.Env.Turn
}

// view reads the message's visible_state whole with the one reader
// (wire.ReadView, its logs included), for the scripted players and the
// probes: a field absent or of another shape is left zero (nil), the rest
// read (a probe that needs to tell them apart reads the wire.View); only a
// view that is not a JSON object is an error.
func (m *infMsg) view() (ref.VisibleState, error) {
	v, ok := wire.ReadView(m.Env.VisibleState)
	if !ok {
		return ref.VisibleState{}, errors.New("visible_state is not a JSON object")
	}
	v.ReadLogs()
	return v.VisibleState, nil
}

// legal reads the your_turn's legal_actions tolerantly (wire.ReadLegal):
// every item that is an object with an action; amount, min and max read
// when they are integers (other fields, and items of another shape, are
// skipped). It is an error when legal_actions is not an array.
func (m *infMsg) legal() ([]ref.LegalAction, error) {
	l, ok := wire.ReadLegal(m.Env.LegalActions)
	if !ok {
		return nil, errors.New("legal_actions is not an array")
	}
	return l, nil
}

// infPlay is a set of WebSocket connections to one match, one per seat the
// suite plays, with every message received recorded in order.
type infPlay struct {
	t       *conform.Target
	matchID string
	conns   map[int]*websocket.Conn
	// raws are the network connections under every connection opened,
	// for Close.
	raws   map[*websocket.Conn]*conform.RawConns
	in     chan infMsg
	wg     sync.WaitGroup
	cancel context.CancelFunc
	// ctx is the play's context (cancelled by Close), for the reader of a
	// seat that reconnects (inference_rejoin.go).
	ctx context.Context

	mu sync.Mutex
	// trans is a ring of the latest infTranscriptKeep messages, sent and
	// received, for the evidence of findings (tail); head is where the
	// next one goes once it is full.
	trans []reports.Message
	head  int
	// Got holds every message received, in the order next returned them:
	// at most maxPlayMessages, holding at most maxPlayBytes (kept).
	Got  []infMsg
	kept atomic.Int64
	seen atomic.Int64
	// ended counts seats whose connection closed or got match_end.
	ended map[int]bool
	// announced is the longest deadline a your_turn announced (next
	// waits at least three of them for a message).
	announced time.Duration
}

// infCreate asks the harness extension for a match. The answer is read
// tolerantly (I-INF-P5): match_id a string or a number, tokens an object
// keyed by seat or a list indexed by seat; any other field is ignored.
func infCreate(ctx context.Context, t *conform.Target, spec map[string]any) (string, map[int]string, error) {
	id, toks, _, err := infCreateCaps(ctx, t, spec)
	return id, toks, err
}

// infCreateCaps is infCreate that also returns the optional test
// capabilities the answer announces (docs/wire.md harness extension:
// "capabilities", a list of names; none when absent or of another shape).
func infCreateCaps(ctx context.Context, t *conform.Target, spec map[string]any) (string, map[int]string, []string, error) {
	status, body, err := conform.DoJSON(ctx, t, http.MethodPost, "/api/inference/matches", nil, spec)
	if err != nil {
		return "", nil, nil, err
	}
	if status < 200 || status > 299 {
		return "", nil, nil, &conform.CreateError{What: "a match", Path: "/api/inference/matches", Status: status, Body: body}
	}
	var out struct {
		MatchID json.RawMessage `json:"match_id"`
		Tokens  json.RawMessage `json:"tokens"`
		Caps    json.RawMessage `json:"capabilities"`
	}
	if err := json.Unmarshal(body, &out); err != nil {
		return "", nil, nil, fmt.Errorf("creating a match: unexpected answer %s", conform.Clip(body))
	}
	var caps []string
	_ = json.Unmarshal(out.Caps, &caps) // another shape announces nothing umpire knows
	var id string
	if json.Unmarshal(out.MatchID, &id) != nil {
		var n json.Number
		if json.Unmarshal(out.MatchID, &n) == nil {
			id = n.String()
		}
	}
	if id == "" {
		return "", nil, nil, fmt.Errorf("creating a match: the answer has no match_id: %s", conform.Clip(body))
	}
	toks := map[int]string{}
	var byKey map[string]string
	var list []string
	switch {
	case json.Unmarshal(out.Tokens, &byKey) == nil:
		for k, v := range byKey {
			n, err := strconv.Atoi(k)
			if err != nil {
				return "", nil, nil, fmt.Errorf("creating a match: token key %q is not a seat", k)
			}
			toks[n] = v
		}
	case json.Unmarshal(out.Tokens, &list) == nil:
		for i, v := range list {
			toks[i] = v
		}
	default:
		return "", nil, nil, fmt.Errorf("creating a match: tokens are neither an object keyed by seat nor a list: %s", conform.Clip(body))
	}
	if err := conform.CheckAnnounced(t, "creating a match", toks); err != nil {
		return "", nil, nil, err
	}
	return id, toks, caps, nil
}

// wsURL returns the WebSocket URL of a seat.
func wsURL(t *conform.Target, matchID string, seat int) string {
	u := t.URL
	switch {
	case strings.HasPrefix(u, "https://"):
		u = "wss://" + strings.TrimPrefix(u, "https://")
	case strings.HasPrefix(u, "http://"):
		u = "ws://" + strings.TrimPrefix(u, "http://")
	}
	return u + "/ws/inference?match=" + url.QueryEscape(matchID) + "&seat=" + strconv.Itoa(seat)
}

// dialSeat opens a seat's connection without saying hello, offering no
// compression.
func dialSeat(ctx context.Context, t *conform.Target, matchID string, seat int) (*websocket.Conn, *conform.RawConns, error) {
	return dialSeatMode(ctx, t, matchID, seat, websocket.CompressionDisabled)
}

// infJoin connects the given seats to a match and says hello on each; the
// messages they receive are delivered by next. ctx bounds the whole play.
func infJoin(ctx context.Context, t *conform.Target, matchID string, tokens map[int]string) (*infPlay, error) {
	ctx, cancel := context.WithCancel(ctx)
	p := &infPlay{t: t, matchID: matchID, conns: map[int]*websocket.Conn{}, raws: map[*websocket.Conn]*conform.RawConns{}, in: make(chan infMsg, 256), cancel: cancel, ctx: ctx, ended: map[int]bool{}}
	for i, seat := range conform.SortedSeats(tokens) {
		c, raw, err := dialSeatMode(ctx, t, matchID, seat, joinCompression(i))
		if err != nil {
			p.Close()
			return nil, err
		}
		p.conns[seat], p.raws[c] = c, raw
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
		if err == nil && (p.seen.Add(1) > maxPlayMessages || p.kept.Add(int64(len(data)+playMessageCost)) > maxPlayBytes) {
			err = errPlayTooLarge
		}
		if errors.Is(err, websocket.ErrMessageTooBig) {
			// A frame past the bound is never read through: the seat got
			// no answer it could read, however fast the frame comes.
			err = p.t.NoAnswer(fmt.Sprintf("seat %d: no message within umpire's bound of %d bytes, the server sent a longer one", seat, maxMessageBytes), 0, err)
		}
		if err != nil {
			m.Closed, m.Err = true, err
		} else {
			m.Raw = data
			if env, ok := wire.ReadEnvelope(data); ok {
				m.Env = env
				if env.Type == "event" {
					m.Ev = wire.ReadEvent(env.Event)
				}
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

// infTranscriptKeep is how many of the latest messages a play keeps for
// the evidence of findings: a finding shows at most the last few, so what
// a play keeps besides Got stays bounded however long the server talks.
const infTranscriptKeep = 64

// maxPlayMessages and maxPlayBytes bound what one play keeps of what the
// server sent (Got): a match of 40 rounds at 6 seats is a few thousand
// messages of a few hundred bytes; a server that sends more than either
// bound is not read further (errPlayTooLarge). Each message counts its
// length plus playMessageCost for what umpire keeps of it.
const (
	maxPlayMessages = 1 << 17
	maxPlayBytes    = 128 << 20
	playMessageCost = 512
)

// errPlayTooLarge ends a play whose server sent more than one play may keep.
var errPlayTooLarge = fmt.Errorf("the server sent more than %d messages or %d MiB in one match (umpire's bound on what it keeps of a match): it stopped reading", maxPlayMessages, maxPlayBytes>>20)

// record adds a message to the transcript ring (tokens are redacted on the
// way in).
func (p *infPlay) record(dir reports.Direction, seat int, data []byte) {
	s := seat
	msg := reports.NewMessage(dir, time.Now(), &s, data)
	p.mu.Lock()
	if len(p.trans) < infTranscriptKeep {
		p.trans = append(p.trans, msg)
	} else {
		p.trans[p.head] = msg
		p.head = (p.head + 1) % infTranscriptKeep
	}
	p.mu.Unlock()
}

// tail returns the last n transcript messages (at most infTranscriptKeep),
// oldest first.
func (p *infPlay) tail(n int) []reports.Message {
	p.mu.Lock()
	defer p.mu.Unlock()
	ordered := append(append([]reports.Message(nil), p.trans[p.head:]...), p.trans[:p.head]...)
	if len(ordered) <= n {
		return ordered
	}
	return ordered[len(ordered)-n:]
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
// connection has ended or seen match_end. A play on which no seat got a
// message for answerWait (the target went silent, trickles a frame, or
// sends one that never ends) ends with a NoAnswerError.
func (p *infPlay) next(ctx context.Context) (infMsg, error) {
	wait := p.answerWait()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		if len(p.ended) == len(p.conns) {
			return infMsg{}, io.EOF
		}
		select {
		case <-timer.C:
			return infMsg{}, p.t.NoAnswer(fmt.Sprintf("match %s: a message on any of the %d seats", p.matchID, len(p.conns)), wait, nil)
		case m := <-p.in:
			if m.Closed && (errors.Is(m.Err, errPlayTooLarge) || errors.Is(m.Err, conform.ErrNoAnswer)) {
				return infMsg{}, m.Err
			}
			if m.Closed || m.Env.Type == "match_end" {
				p.ended[m.Seat] = true
			}
			if m.Closed {
				continue
			}
			if d := m.Env.DeadlineMS; d != nil && *d > 0 {
				p.announced = max(p.announced, time.Duration(*d)*time.Millisecond)
			}
			p.Got = append(p.Got, m)
			return m, nil
		case <-ctx.Done():
			return infMsg{}, ctx.Err()
		}
	}
}

// answerWait is how long a play waits for the next message of any seat:
// the target's request bound (10 s or three deadlines), or three of the
// longest deadline a your_turn announced, whichever is longer. On a match
// handed over (no --create) the suite may hold only some seats, and the
// others' players may join late and think long: at least
// handedOverWait there.
func (p *infPlay) answerWait() time.Duration {
	w := max(p.t.RequestWait(), 3*p.announced)
	if !p.t.Create {
		w = max(w, handedOverWait)
	}
	return w
}

// handedOverWait is the least answerWait of a match handed over: past a
// server's wait for its seats to join (the embedded server's is 30 s) and a
// few long deadlines of players the suite does not hold.
const handedOverWait = 2 * time.Minute

// closeWait bounds the closing handshakes of a play's connections, all
// together: a server that never answers a close frame (one sending a frame
// that never ends, or silent) costs that once, not five seconds a seat.
const closeWait = 2 * time.Second

// Close ends every connection it opened (a seat that joined again has
// two) and waits for the readers: the closing handshakes run side by side,
// each within closeWait (closeSeat).
func (p *infPlay) Close() {
	var wg sync.WaitGroup
	for c, raw := range p.raws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			closeSeat(c, raw, "done")
		}()
	}
	wg.Wait()
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
func infFetchLog(ctx context.Context, t *conform.Target, matchID string) (int, []byte, error) {
	return conform.DoJSON(ctx, t, http.MethodGet, "/r/"+url.PathEscape(matchID)+".jsonl", nil, nil)
}

// handshakeError is a seat's WebSocket handshake the server answered with
// an HTTP status instead of switching protocols.
type handshakeError struct {
	seat, status int
	err          error
}

func (e *handshakeError) Error() string {
	return fmt.Sprintf("seat %d: connecting: the server answered the WebSocket handshake with HTTP %d instead of 101", e.seat, e.status)
}

func (e *handshakeError) Unwrap() error { return e.err }
