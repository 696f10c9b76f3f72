package agent

import (
	"context"
	"errors"
	"testing"
)

// TestSentence: the console's sentence for an exchange that failed is its
// detail, without the Go error chain ("agent ask: timeout: …: context
// deadline exceeded"); a cause that says more is kept in parentheses.
func TestSentence(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{errorf(Timeout, "ask", context.DeadlineExceeded, "no answer before the deadline"), "no answer before the deadline"},
		{errorf(Hang, "ask", context.Canceled, "the match budget ran out"), "the match budget ran out"},
		{errorf(Disconnect, "post", errors.New("connection refused"), "the connection failed"), "the connection failed (connection refused)"},
		{errorf(Crash, "ask", nil, "the agent exited with status %d", 2), "the agent exited with status 2"},
		{errors.New("plain"), "plain"},
	} {
		if got := Sentence(tc.err); got != tc.want {
			t.Errorf("Sentence(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}
