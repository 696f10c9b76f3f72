package certify

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/reports"
)

// TestKeptSurvivors: a kept agent (--agent-keep) is judged for what its
// processes leave behind once they end at the end of the run, in both
// games: a process that left a setsid daemon fails agent-no-survivors by
// its rule, naming the last match it played; an agent that leaves nothing
// passes it. (Before, the check was skipped in every match of a kept
// agent, so --strict passed a daemonizing agent.)
func TestKeptSurvivors(t *testing.T) {
	if testing.Short() {
		t.Skip("starts agents")
	}
	for _, game := range []string{GameInference, GameBangArena} {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			cfg := small(game, daemonThen(t, bin.agent), 2)
			// The rule is a pin of CLI.md (SHOULD): judged strictly, it fails
			// the run.
			cfg.Keep, cfg.Workers, cfg.Strict = true, 1, true
			r := certify(t, cfg)
			var found *reports.Check
			for i, c := range r.Checks {
				if c.Name == CheckKeptSurvivors && c.Status == reports.Fail {
					found = &r.Checks[i]
				}
			}
			if found == nil {
				t.Fatalf("no failing %s check; checks: %v", CheckKeptSurvivors, failed(r))
			}
			if len(found.Findings) != 1 || found.Findings[0].Rule != game+"/agent.no-survivors" {
				t.Fatalf("findings %+v, want one of %s/agent.no-survivors", found.Findings, game)
			}
			if f := found.Findings[0]; !strings.Contains(f.Got.(string), "sleep") || found.Seed != r.Matches[len(r.Matches)-1].Seed {
				t.Errorf("finding names %v on seed %s; want the sleep, on the last match's seed %s", f.Got, found.Seed, r.Matches[len(r.Matches)-1].Seed)
			}
			if r.ExitCode() == 0 {
				t.Errorf("a kept agent that leaves a daemon, --strict: exit 0")
			}

			good := small(game, bin.agent, 2)
			good.Keep, good.Workers, good.Strict = true, 1, true
			g := certify(t, good)
			if s := status(g, CheckKeptSurvivors); s != reports.Pass {
				t.Errorf("a kept agent that leaves nothing: %s %s, want pass", CheckKeptSurvivors, s)
			}
			if g.ExitCode() != 0 {
				t.Errorf("a kept agent that leaves nothing: exit %d, failing %v", g.ExitCode(), failed(g))
			}
		})
	}
}

// daemonThen is an agent command that leaves a setsid daemon (a sleep)
// and then runs agent. It waits (10 s at most) until the daemon has left
// the agent's session: on a loaded machine a backgrounded setsid may not
// have run yet when a short match ends, and the process group's end would
// take it along, so the survivor would not be there to find.
func daemonThen(t *testing.T, agent string) string {
	ready := filepath.Join(t.TempDir(), "daemon-ready")
	return fmt.Sprintf(`setsid sh -c 'echo >%[1]q; exec sleep 300' & i=0; until [ -e %[1]q ] || [ $i -ge 500 ]; do sleep 0.02; i=$((i+1)); done; exec %[2]s`, ready, agent)
}
