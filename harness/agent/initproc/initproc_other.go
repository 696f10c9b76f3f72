//go:build !linux

package initproc

// EnvKey and Argv0: PID namespaces are Linux's; elsewhere nothing runs as
// an init.
const (
	EnvKey        = "UMPIRE_AGENT_INIT"
	Argv0         = "umpire-agent-init"
	ModeNamespace = "1"
	ModeSubreaper = "2"
)
