package bangarena

import (
	"net/http"
)

// The in-process door: what a client in the same process (certify's driver)
// calls instead of building HTTP requests for the handler. Each answers
// with the status and the body (without the line break) the REST handler
// would write for the same call, dialects included, so a driver on this
// door sees what an agent over the socket sees.

// Observe answers GET /api/ai/rooms/{roomId}/observe?seat=N with token as
// x-agent-token. The body is appended to into[:0] (nil: fresh storage).
func (s *Server) Observe(into []byte, roomID string, seat int, token string) (int, []byte) {
	status, b := http.StatusOK, into[:0:cap(into)]
	r := s.room(roomID)
	if r == nil {
		status, b = s.encodeReply(b, errReply(http.StatusNotFound, CodeNotFound, "no room %q", roomID))
	} else {
		r.mu.Lock()
		if rp, ok := r.authLocked(seat, token); !ok {
			r.mu.Unlock()
			status, b = s.encodeReply(b, rp)
		} else {
			var err error
			b, err = r.observeLocked(seat, b)
			r.mu.Unlock()
			if err != nil {
				status, b = s.encodeReply(b[:0], errReply(http.StatusInternalServerError, CodeInternal, "cannot encode the answer"))
			}
		}
	}
	return s.dialected("/api/ai/rooms/"+roomID+"/observe", status, b)
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
	status, b := s.encodeReply(nil, rp)
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
	if len(s.dialects) == 0 {
		return status, b
	}
	status, b = s.rewrite(path, status, append(b, '\n'))
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	return status, b
}
