package agent

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
)

// MarkerEnv is the environment variable every agent process is started
// with: a value unique to the agent, inherited by whatever it starts, by
// which the fallback containment finds its descendants (see the package
// documentation, "Containment").
const MarkerEnv = "UMPIRE_AGENT_INSTANCE"

// Survivor is a process the agent started that was still alive after the
// agent's process group had been killed at the end of its match: it had
// left the group (setsid, setpgid, a daemon's double fork). Umpire killed it.
type Survivor struct {
	// PID is its process id.
	PID int `json:"pid"`
	// Command is the start of its command line (the agent's text: escape it
	// wherever it is rendered).
	Command string `json:"command"`
}

// String renders the survivor for people.
func (s Survivor) String() string { return fmt.Sprintf("pid %d (%q)", s.PID, s.Command) }

// Containment names the mechanism that found and killed an agent's
// descendants.
type Containment string

// The containment mechanisms.
const (
	// ContainPIDNamespace: the agent ran in a PID namespace of its own
	// (inside a user namespace when umpire is not root), under an init of
	// umpire's: no descendant can leave it, and killing the init ends them
	// all.
	ContainPIDNamespace Containment = "pid-namespace"
	// ContainSubreaper: where namespaces are refused, the agent ran under
	// an init of umpire's that is a child subreaper: every orphan of the
	// agent's became the init's child, and its descendants were killed.
	// An agent can still kill that init (same user) and leave orphans to
	// the system; the cgroup or marker below is kept beside it.
	ContainSubreaper Containment = "subreaper"
	// ContainCgroup: a cgroup v2 of its own held every descendant; it was
	// killed with cgroup.kill.
	ContainCgroup Containment = "cgroup"
	// ContainMarker: descendants were found by MarkerEnv in
	// /proc/PID/environ and killed one by one.
	ContainMarker Containment = "marker"
	// ContainGroup: only the process group was reachable (no /proc).
	ContainGroup Containment = "group"
)

// maxSurvivorCommand bounds Survivor.Command.
const maxSurvivorCommand = 200

// newMarker returns MarkerEnv=<random value>.
func newMarker() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return MarkerEnv + "=" + hex.EncodeToString(b)
}

// withMarker returns env (the caller's environment when nil) with marker
// in place of any MarkerEnv it held.
func withMarker(env []string, marker string) []string {
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if !strings.HasPrefix(kv, MarkerEnv+"=") {
			out = append(out, kv)
		}
	}
	return append(out, marker)
}

// cmdline renders the NUL-separated /proc/PID/cmdline, bounded.
func cmdline(b []byte) string {
	if len(b) > maxSurvivorCommand {
		b = b[:maxSurvivorCommand]
	}
	return strings.TrimSpace(strings.ReplaceAll(string(b), "\x00", " "))
}
