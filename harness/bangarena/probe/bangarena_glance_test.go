package probe

import (
	"bytes"
	"net/http"
	"testing"
)

// TestBaGlanceHostile: the polling glance at an observe answer reads
// megabytes of nesting, and other answers that are not a JSON object of
// umpire's shape, as "read it in full" (ok false), without recursion; and
// it reads a well-formed answer.
func TestBaGlanceHostile(t *testing.T) {
	deep := bytes.Repeat([]byte("["), 8<<20)
	tests := []struct {
		name   string
		status int
		body   []byte
		ok     bool
		g      baGlanced
	}{
		{"8 MiB of unclosed [", 200, deep, false, baGlanced{}},
		{"closed deep nesting", 200, append(append([]byte{}, deep[:1<<16]...), bytes.Repeat([]byte("]"), 1<<16)...), false, baGlanced{}},
		{"not JSON", 200, []byte("<html>"), false, baGlanced{}},
		{"an error status", http.StatusForbidden, []byte(`{"legalActions":[],"observation":{"phase":"play","turnSeat":1}}`), false, baGlanced{}},
		{"a decider", 200, []byte(`{"legalActions":[{"actionId":"end_play"}],"observation":{"phase":"play","turnSeat":2}}`), true, baGlanced{decides: true, hint: 2}},
		{"ended", 200, []byte(`{"legalActions":[],"observation":{"phase":"ended","winnerTeam":"law","turnSeat":0}}`), true, baGlanced{ended: true, hint: 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, ok := baGlance(tc.status, tc.body)
			if ok != tc.ok || g != tc.g {
				t.Errorf("have %+v %v, want %+v %v", g, ok, tc.g, tc.ok)
			}
		})
	}
}
