package conform

import (
	"bytes"
	"fmt"

	"github.com/umpire-arena/umpire/reports"
)

// sessionOr runs the shared session and turns its failure into an Error.
func SessionErr(err error) Result {
	if IsTimeout(err) {
		return Result{Status: reports.Error, Reason: "the session match did not end in time: " + err.Error(), Err: err}
	}
	return Errored(err)
}

// violations renders schema violations.
func Violations[T fmt.Stringer](vs []T) string {
	var b bytes.Buffer
	for i, v := range vs {
		if i == 3 {
			fmt.Fprintf(&b, "; … %d more", len(vs)-3)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(v.String())
	}
	if b.Len() == 0 {
		return "unknown message type"
	}
	return b.String()
}

// needCreate skips a probe that needs its own match.
func NeedCreate(t *Target) (Result, bool) {
	if !t.Create {
		return Skip("this probe needs a match of its own: run with --create on a server offering the harness extension"), false
	}
	return Result{}, true
}

// probeErr turns an error of a probe into a Result.
func ProbeErr(err error) Result {
	if IsTimeout(err) {
		return Result{Status: reports.Error, Reason: "the server did not answer in time: " + err.Error(), Err: err}
	}
	return Errored(err)
}

// noteWhy records why rule id was not exercised, keeping the first reason.
func NoteWhy(r *Result, id, why string) {
	if r.NotExercised == nil {
		r.NotExercised = map[string]string{}
	}
	if _, ok := r.NotExercised[id]; !ok {
		r.NotExercised[id] = why
	}
}
