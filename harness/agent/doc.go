// Package agent starts and talks to the agent under test, robustly, over the
// three transports of `umpire certify`:
//
//   - [Start]: a subprocess (`--agent 'CMD'`) that reads one JSON object per
//     line on its stdin and writes one JSON object per line on its stdout;
//   - [NewHTTP]: an HTTP endpoint (`--agent-url URL`) that is POSTed each
//     request and answers with the move in the response body;
//   - [StartConnect]: a program (`--agent-connect 'CMD'`) that connects to the
//     server by itself, given UMPIRE_* variables in its environment.
//
// A JSON Lines agent is driven either request by request ([Process.Ask],
// when the caller plays the server's part) or joined to a server that speaks
// JSON Lines over streams itself ([Process.Relay], e.g. the embedded
// Inference server's stdio mode), with every line observed for the report.
// Messages that need no answer can be queued with [Process.Post]: they go
// out with the next request in the same write (one wake-up of the agent per
// decision instead of one per event). A command made of plain words is
// started directly; one with shell syntax runs under `sh -c`.
//
// The package is game-agnostic: which message to send and whether an answer
// is legal are the caller's business. What it does decide is how an exchange
// ended, as a [Termination] (ok, timeout, hang, malformed, crash, disconnect,
// flood, illegal, harness_error), carried by a typed [*Error]; the codes are
// never lumped together, and failures of umpire itself (harness_error) are kept
// apart from the agent's.
//
// Every wait takes a context and has a deadline. Processes run in their own
// process group; Close escalates from closing stdin to SIGTERM to SIGKILL of
// the whole group and always reaps, so no child process and no goroutine of
// this package survives Close or the cancellation of the context given to
// Start. Output is bounded everywhere, in memory a constant plus the cap: a
// stdout line over the cap (1 MiB by default) is a flood verdict as soon as
// it crosses the cap (an agent that never ends its line is judged at once,
// not at its deadline), an HTTP body is read up to the cap, stderr and a
// connect-mode program's output are kept as a bounded tail.
//
// # Readings
//
// The command-line contract says that lines an agent writes that are not
// JSON, or not expected, are findings and not crashes. The adapters read it
// so: [Process.AskFunc] returns such lines in [Reply.Before] beside the answer
// when one follows; only when no answer arrives by the deadline do they make
// the verdict Malformed (rather than Timeout). Lines already waiting before a
// request are late or unsolicited ([Reply.Stale]), never its answer; with
// [FieldEquals] a late answer that arrives after the request is not taken for
// its answer either. Hang is Timeout escalated: no stdout line at all for
// [Spec.Watchdog], or an agent that had to be killed with SIGKILL at Close.
// Over HTTP, a 5xx status counts as Crash, any other non-2xx (a redirect, a
// 204 without body) as Malformed, a refused or dropped connection as
// Disconnect.
//
// # Containment
//
// Nothing an agent starts outlives its match. Killing the process group is
// not enough: a descendant that calls setsid or setpgid (a daemon's double
// fork) leaves the group, and PR_SET_PDEATHSIG only covers the shell. So
// every agent process is contained, by the first of these that works:
//
//   - PID namespace ([ContainPIDNamespace]): on Linux, umpire's own binary
//     is started again as the init (pid 1) of a new PID namespace (inside
//     a new user namespace, uid and gid mapped to themselves, when umpire
//     is not root) and starts the agent as its child, in a process group
//     of its own; it reports the agent's wait status on a socket and reaps
//     orphans. No process can leave a PID namespace, whatever it does to
//     its session, cgroup or environment: at the end its members outside
//     the agent's group are listed (the survivors), and killing the init
//     ends every one. The cgroup or marker below is kept beside it.
//   - subreaper ([ContainSubreaper]): where namespaces are refused (user
//     namespaces disabled or restricted), the same init of umpire's runs
//     the agent as a child subreaper (PR_SET_CHILD_SUBREAPER), one per
//     agent: every orphan of the agent's becomes the init's child, so the
//     agent's processes are the init's descendants, found from the parent
//     links of /proc, stopped and killed. An agent can still kill its init
//     (same user) and leave its orphans to the system: the cgroup or the
//     marker is kept beside it.
//   - cgroup ([ContainCgroup]): on Linux with the cgroup v2 hierarchy
//     mounted and umpire's own cgroup writable (root, or a delegated
//     subtree), each agent gets a cgroup of its own, and the child is
//     started inside it atomically (clone3 with CLONE_INTO_CGROUP), so not
//     even a fork right after exec escapes. At the end every process of the
//     cgroup is killed at once with cgroup.kill, whatever its session,
//     group or parent, and the cgroup is removed. An unprivileged agent
//     cannot leave it.
//   - marker ([ContainMarker]): otherwise (no init, no cgroup v2 or not
//     writable, a kernel that refuses the clone), the agent's environment
//     carries [MarkerEnv] with a value unique to the agent; at the end
//     /proc/*/environ is scanned for it and every marked process is
//     stopped, then killed, scan after scan until none is left. It costs
//     one /proc scan per agent and misses a descendant that clears its environment (env -i) or
//     overwrites it in memory: it is a fallback for well-meaning agents, not
//     a sandbox.
//   - group ([ContainGroup]): without /proc, only the process group.
//
// Making umpire itself the subreaper was weighed and not used: it is an
// attribute of the whole process, so it says which process is an orphan
// but not whose agent it came from when many agents run at once, and
// reaping orphans with wait(-1) would steal the wait statuses os/exec needs
// for the agents themselves. A per-agent init has neither problem.
//
// Memory: each agent and everything it starts runs under a memory limit
// (Spec.Memory, [DefaultMemory]): memory.max in its cgroup v2 when the
// memory controller is enabled there, else a cgroup v1 memory directory of
// its own (the init joins it before it starts the agent). A process past
// it is killed by the kernel; [Exit.OutOfMemory] says so. Where neither can
// be written (a normal user without a delegated subtree), agents run
// without one: [MemorySupport] says why.
//
// A process still alive outside the agent's process group once the group
// has been killed is a survivor: it would have outlived the match.
// [Exit.Survivors] names each one (pid and command line); umpire kills them
// all, and certification reports them under the agent rule no-survivors.
//
// Subprocess and connect modes need a Unix system (process groups, signals).
// On Linux the agent is also killed if umpire itself dies (PR_SET_PDEATHSIG
// on the shell), and process groups are inspected through /proc.
package agent
