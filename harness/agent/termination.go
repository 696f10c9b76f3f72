package agent

import (
	"context"
	"errors"
	"fmt"
)

// Termination classifies how an exchange with an agent (one request, or a
// whole match) ended. Each value is a distinct code; callers count them
// separately.
type Termination string

// The termination codes.
const (
	// OK: the agent answered in time with one JSON object.
	OK Termination = "ok"
	// Timeout: no answer within the decision deadline, the agent still alive.
	Timeout Termination = "timeout"
	// Hang: no output at all past the watchdog (match budget), or the agent
	// ignored SIGTERM and had to be killed.
	Hang Termination = "hang"
	// Malformed: the agent answered, but with something that is not one JSON
	// object (not JSON, a JSON array or scalar, an empty line, a bad HTTP status).
	Malformed Termination = "malformed"
	// Crash: the agent exited non-zero or was killed by a signal mid-match
	// (for HTTP: a 5xx answer).
	Crash Termination = "crash"
	// Disconnect: the agent closed its stdout or exited 0 before the match
	// was over (for HTTP: the connection was refused or dropped).
	Disconnect Termination = "disconnect"
	// Flood: more unsolicited lines within a window than allowed, or one line
	// (or HTTP body) over the size cap.
	Flood Termination = "flood"
	// Illegal: the answer is well-formed but not a legal move. This package
	// never returns it; the caller decides legality and uses the code.
	Illegal Termination = "illegal"
	// HarnessError: umpire itself failed (could not create a pipe, could not
	// encode a message, the caller cancelled the run). Never the agent's fault.
	HarnessError Termination = "harness_error"
)

// Terminations lists every code, in a stable order for reports.
func Terminations() []Termination {
	return []Termination{OK, Timeout, Hang, Malformed, Crash, Disconnect, Flood, Illegal, HarnessError}
}

// AgentFault reports whether the termination counts against the agent (every
// code except OK and HarnessError).
func (t Termination) AgentFault() bool { return t != OK && t != HarnessError }

// Error is a classified failure of an exchange with an agent.
type Error struct {
	// Term is the verdict.
	Term Termination
	// Op is what was being done: "start", "send", "receive", "ask", "post".
	Op string
	// Detail is a sentence for people. Anything the agent wrote appears in it
	// quoted with %q and shortened.
	Detail string
	// Err is the underlying error, if any.
	Err error
}

// Error renders the verdict, operation and detail on one line.
func (e *Error) Error() string {
	s := fmt.Sprintf("agent %s: %s", e.Op, e.Term)
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Sentence renders err for people: for an *Error its detail alone, with
// the underlying cause in parentheses when it says more than that a
// deadline passed or the run was cancelled (Error() keeps the whole chain
// for logs and JSON); any other error as it is.
func Sentence(err error) string {
	var e *Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	s := e.Detail
	if s == "" {
		s = string(e.Term)
	}
	if e.Err != nil && !errors.Is(e.Err, context.DeadlineExceeded) && !errors.Is(e.Err, context.Canceled) {
		s += " (" + e.Err.Error() + ")"
	}
	return s
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// TerminationOf returns the verdict carried by err: OK for nil, the Term of
// an *Error anywhere in the chain, HarnessError for any other error.
func TerminationOf(err error) Termination {
	if err == nil {
		return OK
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Term
	}
	return HarnessError
}

func errorf(term Termination, op string, err error, format string, args ...any) *Error {
	return &Error{Term: term, Op: op, Detail: fmt.Sprintf(format, args...), Err: err}
}

// quote renders bytes written by an agent for an error message: quoted, so
// control characters and markup are escaped, and cut to a readable length.
func quote(b []byte) string {
	const max = 120
	if len(b) > max {
		return fmt.Sprintf("%q… (%d bytes)", b[:max], len(b))
	}
	return fmt.Sprintf("%q", b)
}
