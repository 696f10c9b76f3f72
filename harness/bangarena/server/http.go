package server

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// Handler returns the server's HTTP handler: the REST endpoints of §12,
// the harness extensions of WIRE.md and MCP at /mcp.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/arena/rules", func(w http.ResponseWriter, req *http.Request) {
		if s.faults.on(FaultNoRulesSummary) {
			writeReply(w, errReply(http.StatusNotFound, CodeUnknownPath, "no endpoint %s %s", req.Method, req.URL.Path))
			return
		}
		writeReply(w, reply{http.StatusOK, RulesSummary()})
	})
	mux.HandleFunc("POST /api/ai/rooms", s.handleCreate)
	mux.HandleFunc("GET /api/ai/rooms/{roomId}", func(w http.ResponseWriter, req *http.Request) {
		st, ok := s.Status(req.PathValue("roomId"))
		if !ok {
			writeReply(w, errReply(http.StatusNotFound, CodeNotFound, "no room %q", req.PathValue("roomId")))
			return
		}
		writeReply(w, reply{http.StatusOK, st})
	})
	mux.HandleFunc("GET /api/ai/rooms/{roomId}/observe", func(w http.ResponseWriter, req *http.Request) {
		seat, err := strconv.Atoi(req.URL.Query().Get("seat"))
		if err != nil {
			writeReply(w, errReply(http.StatusUnprocessableEntity, CodeBadSeat, "query parameter seat must be a seat number"))
			return
		}
		s.writeObserve(w, req.PathValue("roomId"), seat, req.Header.Get("x-agent-token"))
	})
	mux.HandleFunc("POST /api/ai/rooms/{roomId}/decision", func(w http.ResponseWriter, req *http.Request) {
		body, rp, ok := readBody(w, req)
		if !ok {
			if s.faults.on(Fault500OnMalformed) {
				rp.status = http.StatusInternalServerError
			}
			writeReply(w, rp)
			return
		}
		writeReply(w, s.decide(req.PathValue("roomId"), req.Header.Get("x-agent-token"), body))
	})
	mux.HandleFunc("GET /api/ai/rooms/{roomId}/log", func(w http.ResponseWriter, req *http.Request) {
		r := s.room(req.PathValue("roomId"))
		if r == nil {
			writeReply(w, errReply(http.StatusNotFound, CodeNotFound, "no room %q", req.PathValue("roomId")))
			return
		}
		b, ended := r.logLines()
		if !ended {
			writeReply(w, errReply(http.StatusConflict, CodeNotEnded, "the match is not over yet; the log is served after it").
				with(func(e *APIError) { e.Retryable = true }))
			return
		}
		w.Header().Set("Content-Type", "application/x-ndjson")
		w.Header().Set("Umpire-Seed", r.g.Seed())
		w.Header().Set("Umpire-Config", r.configHeader())
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(b)
	})
	mux.Handle("/mcp", http.MaxBytesHandler(s.mcp, MaxBodyBytes))
	mux.HandleFunc("/", func(w http.ResponseWriter, req *http.Request) {
		writeReply(w, errReply(http.StatusNotFound, CodeUnknownPath, "no endpoint %s %s", req.Method, req.URL.Path))
	})
	return s.withDialects(mux)
}

func (s *Server) handleCreate(w http.ResponseWriter, req *http.Request) {
	body, rp, ok := readBody(w, req)
	if !ok {
		writeReply(w, rp)
		return
	}
	var cfg RoomConfig
	if err := json.Unmarshal(body, &cfg); err != nil {
		writeReply(w, errReply(http.StatusUnprocessableEntity, CodeMalformed, "body is not a room config: %v", err))
		return
	}
	writeReply(w, s.create(cfg))
}

// create answers POST /api/ai/rooms (and is shared with tests).
func (s *Server) create(cfg RoomConfig) reply {
	c, err := s.CreateRoom(cfg)
	var ce *configError
	switch {
	case err == nil:
		return reply{http.StatusOK, c}
	case errors.As(err, &ce):
		return errReply(http.StatusUnprocessableEntity, CodeBadConfig, "%v", err)
	case errors.Is(err, ErrTooManyRooms):
		return errReply(http.StatusConflict, CodeTooManyRooms, "%v", err).with(func(e *APIError) { e.Retryable = true })
	default:
		return errReply(http.StatusConflict, CodeShuttingDown, "%v", err)
	}
}

// readBody reads at most MaxBodyBytes; a larger body is malformed (422).
func readBody(w http.ResponseWriter, req *http.Request) ([]byte, reply, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, req.Body, MaxBodyBytes))
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return nil, errReply(http.StatusUnprocessableEntity, CodeMalformed, "body larger than %d bytes", MaxBodyBytes), false
		}
		return nil, errReply(http.StatusUnprocessableEntity, CodeMalformed, "cannot read body: %v", err), false
	}
	return body, reply{}, true
}

func writeReply(w http.ResponseWriter, rp reply) {
	b, err := appendBody(make([]byte, 0, 1024), rp.body)
	writeJSON(w, rp.status, b, err)
}

// writeJSON writes an encoded answer and a newline; err is an encoding
// error, answered 500.
func writeJSON(w http.ResponseWriter, status int, b []byte, err error) {
	if err != nil {
		status = http.StatusInternalServerError
		b, _ = json.Marshal(ErrorBody{APIError{Code: CodeInternal, Message: "cannot encode the answer"}})
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// writeObserve answers GET …/observe as observe does, the request encoded
// under the room's lock with the seat's event cache (observeLocked) into a
// pooled buffer.
func (s *Server) writeObserve(w http.ResponseWriter, roomID string, seat int, token string) {
	r := s.room(roomID)
	if r == nil {
		writeReply(w, errReply(http.StatusNotFound, CodeNotFound, "no room %q", roomID))
		return
	}
	bp, _ := s.bufs.Get().(*[]byte)
	if bp == nil {
		bp = new([]byte)
	}
	r.mu.Lock()
	rp, ok := r.authLocked(seat, token)
	if !ok {
		r.mu.Unlock()
		writeReply(w, rp)
		s.bufs.Put(bp)
		return
	}
	b, err := r.observeLocked(seat, (*bp)[:0], nil)
	r.mu.Unlock()
	writeJSON(w, http.StatusOK, b, err)
	if cap(b) <= maxPooled {
		*bp = b[:0]
		s.bufs.Put(bp)
	}
}

// observeLocked appends seat's observe body (without its line break) to
// b. The engine gives the events new since the seat's last observe
// (RequestSince) and the seat's cache holds the encoding of the earlier
// ones, so neither the engine nor the server keeps a projection of the log
// per seat. Once the match is over, the cache serves one last observe (the
// final one of a seat that played to the end) and is dropped. When o is
// not nil it is filled from the request the body encodes (Observed.read).
func (r *room) observeLocked(seat int, b []byte, o *Observed) ([]byte, error) {
	si := &r.seats[seat]
	if r.ended {
		defer func() { si.events, si.delta, si.items, si.view = ref.EventCache{}, nil, nil, ref.ViewStore{} }()
	}
	from := si.events.From(r.g.Config().MatchID, seat)
	var (
		req   ref.DecisionRequest
		next  int
		items []ref.Item // the typed items the body is written from (no fault on)
	)
	if len(r.s.faults) == 0 {
		// No fault rewrites the request: its items are written from the
		// referee's typed items, without argsSchema maps.
		req, si.items, next = r.g.RequestSinceItems(seat, "", from, &si.view, si.items)
		if r.pendingLocked(seat) {
			items = si.items[:len(si.items):len(si.items)]
			if items == nil {
				items = []ref.Item{}
			}
		}
	} else {
		req, next = r.g.RequestSince(seat, "", from, si.delta)
		si.delta = req.Observation.Events
	}
	q := r.finishRequestLocked(seat, req)
	out, err := q.appendJSONSince(b, &si.events, from, next, items)
	if errors.Is(err, errSlowPath) {
		// An encoding only encoding/json can write: the whole request.
		q = r.requestLocked(seat)
		out, err = q.appendJSON(b, nil)
	}
	if o != nil {
		o.read(&q)
	}
	return out, err
}

// maxPooled is the largest buffer kept for the next answer.
const maxPooled = 1 << 20
