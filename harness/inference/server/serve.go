package server

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/coder/websocket"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// The server's endpoints: WebSocket connections (hello, token check, the
// seat's message pump), stdio agents, and the HTTP handlers of the harness
// extension, the match log and the rule catalogue.

// serveWS runs one WebSocket connection: hello and token check, then the
// seat's messages go to the match goroutine.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	m := s.lookup(q.Get("match"))
	if m == nil {
		httpError(w, http.StatusNotFound, "not_found", "no such match", "")
		return
	}
	seat, err := strconv.Atoi(q.Get("seat"))
	if err != nil || seat < 0 || seat >= len(m.seats) {
		httpError(w, http.StatusBadRequest, "bad_request", "seat must be a seat number of the match", "")
		return
	}
	if !s.track() {
		httpError(w, http.StatusServiceUnavailable, "shutting_down", "the server is shutting down", "")
		return
	}
	defer s.wg.Done()
	// A client offering permessage-deflate (browsers, the ws library) gets
	// it, each message compressed on its own, unless DialectNoCompression
	// declines; others get plain frames.
	mode := websocket.CompressionNoContextTakeover
	if s.dia.on(DialectNoCompression) {
		mode = websocket.CompressionDisabled
	}
	wc, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.opts.OriginPatterns, CompressionMode: mode})
	if err != nil {
		return
	}
	defer wc.CloseNow()
	wc.SetReadLimit(MaxMessageBytes)
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	t := s.dia.wrap(wsTransport{wc})
	if !s.hello(ctx, m, seat, t) {
		return
	}
	c := newConn(seat, t, s.opts.SendQueue, false)
	s.wg.Go(func() { c.writeLoop(ctx, s.opts.WriteTimeout) })
	s.pump(ctx, m, c)
}

// hello waits for the connection's hello; junk gets bad_message, a wrong
// token unauthorized and the end of the connection.
func (s *Server) hello(ctx context.Context, m *match, seat int, t transport) bool {
	hctx, cancel := context.WithTimeout(ctx, s.opts.HelloTimeout)
	defer cancel()
	answer := func(code, text string) {
		wctx, cancel := context.WithTimeout(ctx, s.opts.WriteTimeout)
		defer cancel()
		_ = t.write(wctx, encodeError(m.id, code, text, int(m.openTurn.Load()), ""))
	}
	for {
		data, text, err := t.read(hctx)
		if err != nil {
			return false
		}
		if !text {
			answer(CodeBadMessage, "messages are JSON text frames")
			continue
		}
		msg, bad := parseIn(data)
		switch {
		case bad != "":
			if !s.faults.on(FaultBadMessageIgnored) {
				answer(CodeBadMessage, bad)
			}
			continue
		case *msg.Type != TypeHello:
			answer(CodeBadMessage, "the first message must be a hello")
			continue
		case msg.MatchID != nil && *msg.MatchID != m.id, msg.Seat != nil && *msg.Seat != seat:
			answer(CodeBadMessage, "hello names another match or seat than the URL")
			continue
		}
		si := m.seats[seat]
		if !si.agent || (msg.Token == nil || subtle.ConstantTimeCompare([]byte(*msg.Token), []byte(si.token)) != 1) && !s.faults.on(FaultAcceptWrongToken) {
			if !s.faults.on(FaultAuthSilent) {
				answer(CodeUnauthorized, "wrong token for this seat")
			}
			t.finish(reasonUnauthorized)
			return false
		}
		return true
	}
}

// pump attaches c to its seat and forwards what the agent sends until the
// connection ends.
func (s *Server) pump(ctx context.Context, m *match, c *conn) {
	select {
	case m.events <- connEvent{kind: evAttach, c: c}:
	case <-m.done:
		m.serveEnded(c)
	case <-ctx.Done():
		c.kill("server shutting down")
		return
	}
	for {
		rctx, cancel := s.readCtx(ctx)
		data, text, err := c.t.read(rctx)
		cancel()
		if err != nil {
			break
		}
		select {
		case m.events <- connEvent{kind: evFrame, c: c, data: data, text: text}:
		case <-m.done:
			if s.faults.on(FaultMoveAfterEnd) {
				m.lateMove(c, data)
			}
		case <-c.quit:
		}
	}
	c.kill("connection closed")
	select {
	case m.events <- connEvent{kind: evDetach, c: c}:
	case <-m.done:
	case <-ctx.Done():
	}
}

// ErrAgentGone is returned by RunStdio when the agent's stream ends before
// the match does; the seat then times out turn by turn.
var ErrAgentGone = errors.New("inference server: the agent's stream ended before the match")

// RunStdio plays one agent seat of a match over a JSON Lines stream: the
// envelope messages go to w, one per line, and the agent's lines are read
// from r. Attaching is the seat's hello (I-INF-S6). It returns nil once
// match_end is written, ErrAgentGone when r ends first, or ctx's error.
// When the seat is dropped or the match ends, w is closed if it is an
// io.Closer (an agent's stdin then sees EOF). A goroutine reading r may stay
// blocked in r.Read until the caller closes r.
func (s *Server) RunStdio(ctx context.Context, matchID string, seat int, r io.Reader, w io.Writer) error {
	return s.runSeat(ctx, matchID, seat, newLineTransport(r, w), false)
}

// runSeat plays one agent seat over lt (RunStdio, RunInProcess); typed
// connections keep what each message says.
func (s *Server) runSeat(ctx context.Context, matchID string, seat int, lt transport, typed bool) error {
	m := s.lookup(matchID)
	if m == nil {
		return ErrNoMatch
	}
	if seat < 0 || seat >= len(m.seats) || !m.seats[seat].agent {
		return fmt.Errorf("inference server: seat %d of match %s is not an agent seat", seat, matchID)
	}
	if !s.track() {
		return ErrClosed
	}
	defer s.wg.Done()
	t := s.dia.wrap(lt)
	c := newConn(seat, t, s.opts.SendQueue, true)
	c.typed = typed
	s.wg.Go(func() { c.writeLoop(s.ctx, s.opts.WriteTimeout) })
	select {
	case m.events <- connEvent{kind: evAttach, c: c}:
	case <-m.done:
		m.serveEnded(c)
	case <-ctx.Done():
		c.kill("cancelled")
		return ctx.Err()
	case <-s.ctx.Done():
		c.kill("server shutting down")
		return ErrClosed
	}
	readErr := make(chan error, 1)
	go func() { // not tracked: it ends when r does
		for {
			data, text, err := t.read(ctx)
			if err != nil {
				readErr <- err
				return
			}
			select {
			case m.events <- connEvent{kind: evFrame, c: c, data: data, text: text}:
			case <-m.done:
			case <-c.quit:
				readErr <- nil
				return
			}
		}
	}()
	detach := func() {
		c.kill("detached")
		select {
		case m.events <- connEvent{kind: evDetach, c: c}:
		case <-m.done:
		case <-s.ctx.Done():
		}
	}
	select {
	case <-c.wrote:
	case err := <-readErr:
		if !c.finishing.Load() {
			detach()
			if err == nil || errors.Is(err, io.EOF) {
				return ErrAgentGone
			}
			return fmt.Errorf("%w: %v", ErrAgentGone, err)
		}
		// match_end is queued (an agent may leave once it has read it):
		// let the writer finish.
		select {
		case <-c.wrote:
		case <-ctx.Done():
			detach()
			return ctx.Err()
		}
	case <-ctx.Done():
		detach()
		return ctx.Err()
	}
	if c.finished {
		return nil
	}
	detach()
	if s.ctx.Err() != nil {
		return ErrClosed
	}
	return errors.New("inference server: the agent was dropped (too slow or write failed)")
}

// serveCreate answers POST /api/inference/matches.
func (s *Server) serveCreate(w http.ResponseWriter, r *http.Request) {
	var spec MatchSpec
	dec := json.NewDecoder(io.LimitReader(r.Body, MaxMessageBytes))
	if err := dec.Decode(&spec); err != nil {
		httpError(w, http.StatusBadRequest, "bad_request", "request body: "+err.Error(), "")
		return
	}
	created, err := s.CreateMatch(spec)
	if err != nil {
		status, code := http.StatusBadRequest, "bad_request"
		var le *LimitError
		switch {
		case errors.Is(err, ErrClosed):
			status = http.StatusServiceUnavailable
		case errors.As(err, &le) && le.Busy:
			status, code = http.StatusServiceUnavailable, "too_many_matches"
			w.Header().Set("Retry-After", "10")
		case errors.As(err, &le):
			code = "over_limit"
		}
		httpError(w, status, code, err.Error(), rules.RuleOf(err))
		return
	}
	writeJSON(w, http.StatusCreated, s.dia.created(created))
}

// serveLog answers GET /r/{id}.jsonl.
func (s *Server) serveLog(w http.ResponseWriter, r *http.Request) {
	id, ok := strings.CutSuffix(r.PathValue("file"), ".jsonl")
	if !ok || s.dia.on(DialectNoLog) {
		httpError(w, http.StatusNotFound, "not_found", "logs are at /r/{match_id}.jsonl", "")
		return
	}
	log, _, err := s.Log(id)
	if err != nil {
		httpError(w, http.StatusNotFound, "not_found", "no such match", "")
		return
	}
	w.Header().Set("Content-Type", "application/jsonl; charset=utf-8")
	_, _ = w.Write(s.dia.rewriteLog(log))
}

// RulesDoc is the body of GET /rules/inference: umpire's catalogue of the
// Inference rules (its own paraphrase, with ids and sections).
type RulesDoc struct {
	Game         string       `json:"game"`
	RulesVersion string       `json:"rules_version"`
	Rules        []rules.Rule `json:"rules"`
}

func (s *Server) serveRules(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, RulesDoc{Game: ref.GameName, RulesVersion: ref.RulesVersion, Rules: rules.Default().ForGame("inference")})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// httpError writes {"error":{"code","message","rule"?}}.
func httpError(w http.ResponseWriter, status int, code, message, rule string) {
	type body struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Rule    string `json:"rule,omitempty"`
	}
	writeJSON(w, status, map[string]body{"error": {Code: code, Message: message, Rule: rule}})
}

// randomHex returns n random bytes in hex.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
