package agent

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Force says how far Close had to go to end an agent process.
type Force string

// The escalation steps.
const (
	// ForceNone: the process exited on its own.
	ForceNone Force = "none"
	// ForceTerm: it exited after SIGTERM to its process group.
	ForceTerm Force = "sigterm"
	// ForceKill: it ignored SIGTERM and was killed with SIGKILL.
	ForceKill Force = "sigkill"
	// ForceCancel: the context given to Start was cancelled and the group
	// was killed.
	ForceCancel Force = "cancelled"
	// ForceBudget: the deadline of the context given to Start (the match
	// budget) passed and the group was killed.
	ForceBudget Force = "budget"
)

// DefaultTermGrace is how long Close waits after SIGTERM before SIGKILL.
const DefaultTermGrace = time.Second

// reapLimit bounds the wait for the kernel to deliver SIGKILL and for the
// output pipes to drain after the process group is gone.
const reapLimit = 5 * time.Second

// Exit describes how an agent process ended.
type Exit struct {
	// PID is the process id of the shell that ran the command (also the
	// process group id).
	PID int
	// Code is the exit status, or -1 when a signal ended the process.
	Code int
	// Signal names the signal that ended the process ("" when it exited).
	Signal string
	// Forced says whether Close (or a cancellation) had to signal the group.
	Forced Force
	// Runtime is the time from start to reaping.
	Runtime time.Duration
	// Output is the bounded tail of the process's stderr (in connect mode,
	// of stdout and stderr together), behind a marker when bytes were dropped.
	// It is the agent's text: escape it wherever it is rendered.
	Output []byte
	// OutputTruncated reports whether earlier output was dropped.
	OutputTruncated bool
	// Survivors are the processes the agent started that were still alive
	// outside its process group once the group had been killed: they would
	// have outlived the match. Umpire killed them.
	Survivors []Survivor
	// Containment is how the agent's descendants were found (see the
	// package documentation, "Containment").
	Containment Containment
	// MemoryLimit is the memory limit the agent ran under, in bytes (0:
	// none could be applied, see MemorySupport).
	MemoryLimit int64
	// OutOfMemory reports that the kernel killed a process of the agent
	// for passing MemoryLimit.
	OutOfMemory bool
}

// DefaultMemory is the memory limit of an agent and everything it starts
// when the caller sets none: 2 GiB.
const DefaultMemory = 2 << 30

// Termination classifies the end of the process itself: OK when it exited 0
// on its own or obeyed SIGTERM, Hang when it had to be killed with SIGKILL
// or outlived the match budget, HarnessError when the run was cancelled,
// Crash otherwise (a non-zero status or a signal umpire did not send).
func (e Exit) Termination() Termination {
	switch e.Forced {
	case ForceKill, ForceBudget:
		return Hang
	case ForceCancel:
		return HarnessError
	case ForceTerm:
		if e.Code == 0 || e.Signal == syscall.SIGTERM.String() {
			return OK
		}
		return Crash
	}
	if e.Code == 0 {
		return OK
	}
	return Crash
}

// String renders the exit for people.
func (e Exit) String() string {
	how := fmt.Sprintf("exit status %d", e.Code)
	if e.Signal != "" {
		how = "killed by " + e.Signal
	}
	s := fmt.Sprintf("pid %d: %s after %v (forced: %s)", e.PID, how, e.Runtime.Round(time.Millisecond), e.Forced)
	if e.OutOfMemory {
		s += fmt.Sprintf("; out of memory: passed its limit of %d MiB", e.MemoryLimit>>20)
	}
	return s
}

// startMode is how startGroup starts the agent.
type startMode int

const (
	startPlain     startMode = iota // the agent itself
	startNamespace                  // under umpire's init in a PID namespace
	startSubreaper                  // under umpire's init as a child subreaper
)

// group is one started command in its own process group, reaped by a
// dedicated goroutine.
type group struct {
	cmd     *exec.Cmd
	pid     int
	started time.Time
	exited  chan struct{} // closed once the process is reaped
	reaped  time.Time
	wg      sync.WaitGroup

	mu     sync.Mutex
	forced Force

	stopCtx   func() bool
	closeOnce sync.Once

	box       *container
	ns        *nsBox     // the agent's PID namespace, nil without one
	mem       *memLimit  // the agent's memory limit, nil without one
	survivors []Survivor // set by escalate, under mu
}

// startGroup runs `sh -c command` (or the command's words themselves, when
// the shell would change nothing: see directArgv) with the given child ends of its standard
// streams (nil stdin reads /dev/null), in its own process group, and closes
// the child ends in this process. onCancel runs (once) when ctx is cancelled
// before the group is closed, after the group has been killed.
func startGroup(ctx context.Context, command, dir string, env []string, stdin, stdout, stderr *os.File, onCancel func(), want Containment, memory int64) (*group, error) {
	// The child's ends of its pipes are the child's: this process closes
	// its copies whatever happens.
	defer func() {
		for _, f := range []*os.File{stdin, stdout, stderr} {
			if f != nil {
				f.Close()
			}
		}
	}()
	if command == "" {
		return nil, errorf(HarnessError, "start", nil, "empty command")
	}
	if err := ctx.Err(); err != nil {
		return nil, errorf(HarnessError, "start", err, "context already done")
	}
	argv, direct := directArgv(command, dir, env)
	if !direct {
		sh := "/bin/sh"
		if _, err := os.Stat(sh); err != nil {
			if sh, err = exec.LookPath("sh"); err != nil {
				return nil, errorf(HarnessError, "start", err, "no shell to run the agent")
			}
		}
		argv = []string{sh, "-c", command}
	}
	box := newContainer(want)
	env = box.env(env)
	newCmd := func(mode startMode) (*exec.Cmd, *nsBox) {
		var cmd *exec.Cmd
		var nb *nsBox
		if mode != startPlain {
			var err error
			if cmd, nb, err = newNSCmd(argv, mode == startSubreaper); err != nil {
				return nil, nil
			}
		} else {
			cmd = exec.Command(argv[0], argv[1:]...)
			cmd.SysProcAttr = sysProcAttr()
		}
		cmd.Dir = dir
		cmd.Env = env
		if nb != nil {
			cmd.Env = append(slices.Clip(env), nb.initEnv())
		}
		if stdin != nil {
			cmd.Stdin = stdin
		}
		cmd.Stdout = stdout
		cmd.Stderr = stderr
		box.attr(cmd.SysProcAttr)
		return cmd, nb
	}
	// The best containment first: a PID namespace, else a subreaper init,
	// else the cgroup or the marker alone. Each is tried in the cgroup
	// first; only when the kernel starts none in it (no clone3, a cgroup it
	// refuses) is the cgroup given up, so that a refused namespace does not
	// cost it.
	var modes []startMode
	if nsWanted(want) {
		modes = append(modes, startNamespace)
	}
	if subreaperWanted(want) {
		modes = append(modes, startSubreaper)
	}
	modes = append(modes, startPlain)
	start := func() (*exec.Cmd, *nsBox, error) {
		var err error
		for _, m := range modes {
			cmd, nb := newCmd(m)
			if cmd == nil {
				continue
			}
			if err = cmd.Start(); err == nil {
				return cmd, nb, nil
			}
			if nb != nil {
				nb.closeFiles()
			}
		}
		return nil, nil, err
	}
	cmd, nb, err := start()
	if err != nil && box.usesCgroupFD() {
		box.dropCgroup()
		cmd, nb, err = start()
	}
	box.started()
	if err != nil {
		box.sweep(0)
		return nil, errorf(HarnessError, "start", err, "could not start %q", command)
	}
	pid := cmd.Process.Pid
	// The limit goes on the cgroup the child was started in (the init,
	// when there is one, starts the agent only after begin).
	if memory == 0 {
		memory = DefaultMemory
	}
	var mem *memLimit
	if memory > 0 {
		mem, _ = newMemLimit(box, memory) // nil when it cannot be: see MemorySupport
	}
	if aerr := mem.attach(pid); aerr != nil {
		mem.release()
		mem = nil
	}
	if nb != nil {
		if pid, err = nb.begin(reapLimit); err != nil {
			nb.sweep(0)
			box.sweep(0)
			mem.release()
			return nil, errorf(HarnessError, "start", err, "could not start %q", command)
		}
	}
	g := &group{cmd: cmd, pid: pid, started: time.Now(), exited: make(chan struct{}), forced: ForceNone, box: box, ns: nb, mem: mem}
	g.wg.Add(1)
	if nb != nil {
		go func() {
			defer g.wg.Done()
			nb.watch(func() {
				g.reaped = time.Now()
				close(g.exited)
			})
		}()
	} else {
		go func() {
			defer g.wg.Done()
			_ = cmd.Wait() // the status is read from cmd.ProcessState
			g.reaped = time.Now()
			close(g.exited)
		}()
	}
	g.stopCtx = context.AfterFunc(ctx, func() {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			g.setForced(ForceBudget)
		} else {
			g.setForced(ForceCancel)
		}
		g.signal(syscall.SIGKILL)
		if onCancel != nil {
			onCancel()
		}
	})
	return g, nil
}

func (g *group) setForced(f Force) {
	g.mu.Lock()
	if g.forced == ForceNone || f == ForceCancel || f == ForceBudget || (f == ForceKill && g.forced == ForceTerm) {
		g.forced = f
	}
	g.mu.Unlock()
}

// signal sends sig to the whole process group. A group that is already gone
// is not an error.
func (g *group) signal(sig syscall.Signal) {
	_ = killGroup(g.pid, sig)
}

func (g *group) hasExited() bool {
	select {
	case <-g.exited:
		return true
	default:
		return false
	}
}

// waitExit waits up to d for the process to be reaped.
func (g *group) waitExit(d time.Duration) bool {
	if d <= 0 {
		return g.hasExited()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-g.exited:
		return true
	case <-t.C:
		return false
	}
}

// escalate waits up to grace for the process to exit on its own, then sends
// SIGTERM to its group and waits termGrace, then SIGKILL, and finally kills
// whatever is left in the group (children the agent left behind).
func (g *group) escalate(grace, termGrace time.Duration) error {
	if termGrace <= 0 {
		termGrace = DefaultTermGrace
	}
	if !g.waitExit(grace) {
		g.setForced(ForceTerm)
		g.signal(syscall.SIGTERM)
		// The shell may have died of SIGTERM while the agent it started
		// ignores it: wait for the whole group, not only its leader.
		if !g.settle(termGrace) {
			g.setForced(ForceKill)
			g.signal(syscall.SIGKILL)
		}
	}
	// The process group may outlive its leader: kill the stragglers too.
	g.signal(syscall.SIGKILL)
	if !g.waitExit(reapLimit) {
		g.setSurvivors(g.sweep())
		return errorf(HarnessError, "close", nil, "process %d not reaped %v after SIGKILL", g.pid, reapLimit)
	}
	// Whatever left the group (setsid, a daemon's double fork) is found
	// by the containment and killed too.
	g.setSurvivors(g.sweep())
	return nil
}

// sweep finds, kills and lists what the agent left outside its process
// group: the namespace's members first (before its init is killed, which
// ends them all), then the cgroup's and the marker's.
func (g *group) sweep() []Survivor {
	if g.ns != nil && !g.ns.subreaper {
		// The namespace is exact: its members are all there is. The
		// cgroup, empty with the init gone, is removed.
		out := g.ns.sweep(g.pid)
		g.box.release()
		g.mem.release()
		return out
	}
	var out []Survivor
	if g.ns != nil {
		out = g.ns.sweep(g.pid)
	}
	for _, s := range g.box.sweep(g.pid) {
		if !slices.ContainsFunc(out, func(o Survivor) bool { return o.PID == s.PID }) {
			out = append(out, s)
		}
	}
	g.mem.release()
	return out
}

func (g *group) setSurvivors(s []Survivor) {
	g.mu.Lock()
	g.survivors = s
	g.mu.Unlock()
}

// settle waits up to d for the leader to be reaped and every other process
// of the group to be gone (zombies aside).
func (g *group) settle(d time.Duration) bool {
	deadline := time.Now().Add(d)
	if !g.waitExit(d) {
		return false
	}
	for g.groupAlive() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

// groupAlive reports whether any live process is left in the group.
func (g *group) groupAlive() bool {
	if alive, ok := procGroupAlive(g.pid); ok {
		return alive
	}
	return killGroup(g.pid, 0) == nil
}

// exit describes the reaped process; call only after exited is closed.
func (g *group) exit(out *tail) Exit {
	g.mu.Lock()
	forced, survivors := g.forced, g.survivors
	g.mu.Unlock()
	e := Exit{PID: g.pid, Code: -1, Forced: forced, Runtime: g.reaped.Sub(g.started), Survivors: survivors, Containment: g.box.via}
	if g.mem != nil {
		e.MemoryLimit, e.OutOfMemory = g.mem.limit, g.mem.oomKilled()
	}
	if g.ns != nil {
		e.Containment = ContainPIDNamespace
		if g.ns.subreaper {
			e.Containment = ContainSubreaper
		}
		if ws, ok := g.ns.waitStatus(); ok {
			if ws.Signaled() {
				e.Signal = ws.Signal().String()
			} else {
				e.Code = ws.ExitStatus()
			}
			return e.withOutput(out)
		}
	}
	if st := g.cmd.ProcessState; st != nil {
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			e.Signal = ws.Signal().String()
		} else {
			e.Code = st.ExitCode()
		}
	}
	return e.withOutput(out)
}

func (e Exit) withOutput(out *tail) Exit {
	if out != nil {
		e.Output, e.OutputTruncated = out.Bytes()
	}
	return e
}

// exitVerdict classifies an agent that stopped talking (stdout closed or
// the process gone) while a match was still on: Disconnect when it exited 0
// or is still running, Crash when it exited non-zero or died of a signal.
func (g *group) exitVerdict(op string, wait time.Duration) *Error {
	if !g.waitExit(wait) {
		return errorf(Disconnect, op, nil, "the agent closed its output but is still running")
	}
	e := g.exit(nil)
	if err := g.stopped(op); err != nil {
		return err
	}
	switch {
	case e.OutOfMemory:
		return errorf(Crash, op, nil, "the agent ran out of memory (its limit is %d MiB)", e.MemoryLimit>>20)
	case e.Signal != "":
		return errorf(Crash, op, nil, "the agent was killed by %s", e.Signal)
	case e.Code != 0:
		return errorf(Crash, op, nil, "the agent exited with status %d", e.Code)
	default:
		return errorf(Disconnect, op, nil, "the agent exited (status 0) before the match was over")
	}
}

// stopped returns the error for a group that umpire killed because the
// context of Start ended: a Hang when the match budget ran out, a
// HarnessError when the run was cancelled; nil otherwise.
func (g *group) stopped(op string) *Error {
	g.mu.Lock()
	forced := g.forced
	g.mu.Unlock()
	switch forced {
	case ForceBudget:
		return errorf(Hang, op, context.DeadlineExceeded, "the match budget ran out")
	case ForceCancel:
		return errorf(HarnessError, op, context.Canceled, "the run was cancelled")
	}
	return nil
}

// errClosed is returned for calls on a closed adapter.
var errClosed = errors.New("agent adapter is closed")

// directArgv returns the words of command when `sh -c command` would only
// run them (saving a shell's start per agent, several milliseconds): plain
// words without quoting, expansion, globbing, redirection, assignment or
// other shell syntax, an optional leading `exec`, and a first word that is
// an executable found as the shell would find it (PATH for a bare name; a
// path relative to dir). Anything else, a missing program included, runs
// through the shell, whose errors then come from the shell as before.
func directArgv(command, dir string, env []string) ([]string, bool) {
	words := strings.Fields(command)
	if len(words) > 0 && words[0] == "exec" {
		words = words[1:]
	}
	if len(words) == 0 || strings.Contains(words[0], "=") {
		return nil, false
	}
	for _, w := range words {
		for _, c := range w {
			ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_./:=,+@%", c)
			if !ok {
				return nil, false
			}
		}
	}
	name := words[0]
	if !strings.Contains(name, "/") {
		if env != nil {
			return nil, false // the shell would search the agent's PATH, not ours
		}
		if _, err := exec.LookPath(name); err != nil {
			return nil, false
		}
		return words, true
	}
	path := name
	if dir != "" && !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	if fi, err := os.Stat(path); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
		return nil, false
	}
	return words, true
}
