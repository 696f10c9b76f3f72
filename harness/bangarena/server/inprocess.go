package server

import (
	"net/http"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// The in-process door: what a client in the same process (certify's driver)
// calls instead of building HTTP requests for the handler. Each answers
// with the status and the body (without the line break) the REST handler
// would write for the same call, dialects included, so a driver on this
// door sees what an agent over the socket sees.

// Observe answers GET /api/ai/rooms/{roomId}/observe?seat=N with token as
// x-agent-token. The body is appended to into[:0] (nil: fresh storage).
func (s *Server) Observe(into []byte, roomID string, seat int, token string) (int, []byte) {
	status, b, _ := s.observeIn(into, roomID, seat, token, nil)
	return status, b
}

// Observed is what an in-process client reads of the DecisionRequest of an
// observe answer, taken from the request the body encodes instead of from
// the body's bytes.
type Observed struct {
	// Version is the request's observationVersion.
	Version int
	// DeadlineAt is its deadlineAt, nil for null.
	DeadlineAt *string
	// Legal holds the actionId and command of each item of its
	// legalActions (never the argsSchema), in order.
	Legal []ref.LegalAction
}

// read fills o from q.
func (o *Observed) read(q *Request) {
	o.Version, o.DeadlineAt = q.ObservationVersion, q.DeadlineAt
	o.Legal = make([]ref.LegalAction, len(q.LegalActions))
	for i, a := range q.LegalActions {
		o.Legal[i] = ref.LegalAction{ActionID: a.ActionID, Command: a.Command}
	}
}

// ObserveRequest is Observe that also fills o from the request the body
// encodes, and reports true, when the answer is a 200 whose body is exactly
// that request's encoding (no dialect rewrote it): a client that needs only
// these fields need not read them back from the body. On false, o is
// unchanged and the body is the only reading.
func (s *Server) ObserveRequest(into []byte, roomID string, seat int, token string, o *Observed) (int, []byte, bool) {
	if s.dialects.rewrites() {
		status, b := s.Observe(into, roomID, seat, token)
		return status, b, false
	}
	var got Observed
	status, b, ok := s.observeIn(into, roomID, seat, token, &got)
	if ok {
		*o = got
	}
	return status, b, ok
}

// observeIn is Observe, filling o (when not nil) from the request of a 200
// answer; ok reports a 200 encoded without error.
func (s *Server) observeIn(into []byte, roomID string, seat int, token string, o *Observed) (status int, b []byte, ok bool) {
	status, b = http.StatusOK, into[:0:cap(into)]
	r := s.room(roomID)
	if r == nil {
		status, b = s.encodeReply(b, errReply(http.StatusNotFound, CodeNotFound, "no room %q", roomID))
	} else {
		r.mu.Lock()
		if rp, authed := r.authLocked(seat, token); !authed {
			r.mu.Unlock()
			status, b = s.encodeReply(b, rp)
		} else {
			var err error
			b, err = r.observeLocked(seat, b, o)
			r.mu.Unlock()
			if err != nil {
				status, b = s.encodeReply(b[:0], errReply(http.StatusInternalServerError, CodeInternal, "cannot encode the answer"))
			} else {
				ok = true
			}
		}
	}
	status, b = s.dialected("/api/ai/rooms/"+roomID+"/observe", status, b)
	return status, b, ok && status == http.StatusOK
}

// Decide answers POST /api/ai/rooms/{roomId}/decision with body and token
// as x-agent-token. A body over MaxBodyBytes is malformed (422), as over
// HTTP.
func (s *Server) Decide(roomID, token string, body []byte) (int, []byte) {
	var rp reply
	if len(body) > MaxBodyBytes {
		rp = errReply(http.StatusUnprocessableEntity, CodeMalformed, "body larger than %d bytes", MaxBodyBytes)
		if s.faults.on(Fault500OnMalformed) {
			rp.status = http.StatusInternalServerError
		}
	} else {
		rp = s.decide(roomID, token, body)
	}
	status, b := s.encodeReply(make([]byte, 0, 128), rp) // room for an Answer: one allocation
	return s.dialected("/api/ai/rooms/"+roomID+"/decision", status, b)
}

// encodeReply appends rp's body to b as writeReply encodes it (an encoding
// error is a 500).
func (s *Server) encodeReply(b []byte, rp reply) (int, []byte) {
	out, err := appendBody(b, rp.body)
	if err != nil {
		out, _ = appendBody(b[:0], ErrorBody{APIError{Code: CodeInternal, Message: "cannot encode the answer"}})
		return http.StatusInternalServerError, out
	}
	return rp.status, out
}

// dialected applies the server's dialects to a JSON answer of path as the
// REST handler's wrapper does (without dialects, the answer as it is).
func (s *Server) dialected(path string, status int, b []byte) (int, []byte) {
	if !s.dialects.rewrites() {
		return status, b
	}
	status, b = s.rewrite(path, status, append(b, '\n'))
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	return status, b
}
