package certify

import (
	"testing"
	"time"

	"github.com/umpire-arena/umpire/reports"
)

// TestOwnSeatOnly: §16 "no attempts to read hidden state". A connect-mode
// agent that asks for another seat's observation with its token fails
// agent-reads-own-seat-only (bangarena/agent.own-seat-only, MUST) and the
// run; the example agent, which asks only for its own seat, passes it; over
// stdin/stdout the agent never reaches the server and the check is skipped.
func TestOwnSeatOnly(t *testing.T) {
	tests := []struct {
		name  string
		agent Agent
		want  reports.Status
	}{
		{"peeking", Agent{Connect: bin.broken + " -mode peek"}, reports.Fail},
		{"own seat", Agent{Connect: bin.agent + " -connect"}, reports.Pass},
		{"stdio", Agent{Command: bin.agent + " -seed 3"}, reports.Skip},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := small(GameBangArena, "", 1)
			cfg.Agent, cfg.Deadline = tc.agent, 5*time.Second
			r := certify(t, cfg)
			if st := status(r, CheckOwnSeat); st != tc.want {
				t.Fatalf("%s: have %s, want %s (failing %v)", CheckOwnSeat, st, tc.want, failed(r))
			}
			if tc.want != reports.Fail {
				return
			}
			if cited := failed(r)[CheckOwnSeat]; len(cited) != 1 || cited[0] != "bangarena/agent.own-seat-only" {
				t.Errorf("findings cite %v, want bangarena/agent.own-seat-only", cited)
			}
			for name, rs := range failed(r) {
				if name != CheckOwnSeat {
					t.Errorf("check %s fails too: %v", name, rs)
				}
			}
			if code := r.ExitCode(); code != reports.ExitFail {
				t.Errorf("exit code: have %d, want %d", code, reports.ExitFail)
			}
		})
	}
}
