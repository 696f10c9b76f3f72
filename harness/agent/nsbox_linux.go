package agent

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/umpire-arena/umpire/harness/agent/initproc"
)

// nsBox runs an agent under umpire's init (package initproc): in a new PID
// namespace, or, where namespaces are refused, as a child subreaper.
type nsBox struct {
	// subreaper: no namespace; the init is a child subreaper, so every
	// orphan of the agent becomes its child, and the agent's processes are
	// the init's descendants.
	subreaper bool

	init *exec.Cmd
	ctl  *os.File // umpire's end of the control socket
	ctlR *bufio.Reader
	peer *os.File // the init's end, closed once it is started
	id   string   // the namespace, as readlink /proc/PID/ns/pid says it

	initDone chan struct{} // closed once the init is reaped

	mu     sync.Mutex
	status *syscall.WaitStatus // the agent's, as the init reported it
}

// nsWanted reports whether the agent should get a PID namespace.
func nsWanted(want Containment) bool {
	return want == "" || want == ContainPIDNamespace
}

// subreaperWanted reports whether the agent may run under a subreaper
// init when it cannot have a namespace.
func subreaperWanted(want Containment) bool {
	return want == "" || want == ContainSubreaper
}

// initEnv is the variable that makes umpire's binary run as this init.
func (b *nsBox) initEnv() string {
	if b.subreaper {
		return initproc.EnvKey + "=" + initproc.ModeSubreaper
	}
	return initproc.EnvKey + "=" + initproc.ModeNamespace
}

// newNSCmd returns the command running argv under umpire's init: in new
// PID (and, for a user other than root, user) namespaces, or as a child
// subreaper when subreaper is set.
func newNSCmd(argv []string, subreaper bool) (*exec.Cmd, *nsBox, error) {
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, nil, err
	}
	if err := syscall.SetNonblock(fds[0], true); err != nil {
		syscall.Close(fds[0])
		syscall.Close(fds[1])
		return nil, nil, err
	}
	b := &nsBox{subreaper: subreaper, ctl: os.NewFile(uintptr(fds[0]), "agent-init-control"), peer: os.NewFile(uintptr(fds[1]), "agent-init-control"), initDone: make(chan struct{})}
	b.ctlR = bufio.NewReader(b.ctl)
	argv = slices.Clone(argv)
	if !strings.Contains(argv[0], "/") {
		// The init execs a path; the name is found as exec.Command would.
		path, err := exec.LookPath(argv[0])
		if err != nil {
			b.closeFiles()
			return nil, nil, err
		}
		argv[0] = path
	}
	cmd := &exec.Cmd{Path: "/proc/self/exe", Args: append([]string{initproc.Argv0}, argv...), ExtraFiles: []*os.File{b.peer}}
	cmd.SysProcAttr = sysProcAttr()
	b.init = cmd
	if subreaper {
		return cmd, b, nil
	}
	cmd.SysProcAttr.Cloneflags |= syscall.CLONE_NEWPID
	if uid, gid := os.Getuid(), os.Getgid(); uid != 0 {
		cmd.SysProcAttr.Cloneflags |= syscall.CLONE_NEWUSER
		cmd.SysProcAttr.UidMappings = []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}}
		cmd.SysProcAttr.GidMappings = []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}}
	}
	return cmd, b, nil
}

// closeFiles releases both ends of the control socket (a start that failed).
func (b *nsBox) closeFiles() {
	b.ctl.Close()
	b.peer.Close()
}

// begin runs once the init is started: it lets the init start the agent
// and returns the agent's pid (as umpire numbers it). After begin, watch
// reports the agent's end.
func (b *nsBox) begin(limit time.Duration) (int, error) {
	b.peer.Close()
	go func() {
		_ = b.init.Wait()
		close(b.initDone)
	}()
	_ = b.ctl.SetDeadline(time.Now().Add(limit))
	if _, err := b.ctl.Write([]byte("go\n")); err != nil {
		return 0, fmt.Errorf("agent init: %w", err)
	}
	line, err := b.ctlR.ReadString('\n')
	if err != nil {
		return 0, fmt.Errorf("agent init: %w", err)
	}
	if msg, ok := strings.CutPrefix(line, "error "); ok {
		return 0, fmt.Errorf("%s", strings.TrimSpace(msg))
	}
	rest, ok := strings.CutPrefix(line, "started ")
	inner, err := strconv.Atoi(strings.TrimSpace(rest))
	if !ok || err != nil || inner <= 0 {
		return 0, fmt.Errorf("agent init: unexpected %q", line)
	}
	// The init reaps nothing before "ack": the agent, even dead, is there.
	pid := inner // a subreaper numbers its child as umpire does
	if !b.subreaper {
		pid = childOf(b.init.Process.Pid, inner)
	}
	if pid <= 0 {
		return 0, fmt.Errorf("agent init: no child %d of pid %d in /proc", inner, b.init.Process.Pid)
	}
	_ = b.ctl.SetDeadline(time.Now().Add(limit))
	if _, err := b.ctl.Write([]byte("ack\n")); err != nil {
		return 0, fmt.Errorf("agent init: %w", err)
	}
	_ = b.ctl.SetDeadline(time.Time{})
	if b.subreaper {
		return pid, nil
	}
	// The init is the namespace's first process, alive until sweep.
	if b.id, err = os.Readlink("/proc/" + strconv.Itoa(b.init.Process.Pid) + "/ns/pid"); err != nil {
		return 0, fmt.Errorf("agent init: %w", err)
	}
	return pid, nil
}

// watch waits for the init's report of the agent's end (or for the init's
// own end) and then calls done.
func (b *nsBox) watch(done func()) {
	line, err := b.ctlR.ReadString('\n')
	if err == nil {
		if rest, ok := strings.CutPrefix(line, "exit "); ok {
			if n, err := strconv.ParseUint(strings.TrimSpace(rest), 10, 32); err == nil {
				ws := syscall.WaitStatus(n)
				b.mu.Lock()
				b.status = &ws
				b.mu.Unlock()
			}
		}
	} else {
		<-b.initDone
	}
	done()
}

// waitStatus is the agent's wait status when the init reported it.
func (b *nsBox) waitStatus() (syscall.WaitStatus, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.status == nil {
		return 0, false
	}
	return *b.status, true
}

// sweep lists the live processes of the namespace outside the process
// group pgid (the survivors), then kills the init, which ends every
// process of the namespace, and waits (up to reapLimit) for it.
func (b *nsBox) sweep(pgid int) []Survivor {
	var out []Survivor
	if b.subreaper && b.init.Process != nil {
		out = b.sweepDescendants(pgid)
	}
	if b.id != "" {
		ents, _ := os.ReadDir("/proc")
		for _, e := range ents {
			pid, err := strconv.Atoi(e.Name())
			if err != nil || pid == b.init.Process.Pid {
				continue
			}
			if id, err := os.Readlink("/proc/" + e.Name() + "/ns/pid"); err != nil || id != b.id {
				continue
			}
			if s, ok := survivorOf(pid, pgid); ok {
				out = append(out, s)
			}
		}
	}
	if b.init.Process != nil {
		_ = b.init.Process.Kill()
	}
	select {
	case <-b.initDone:
	case <-time.After(reapLimit):
	}
	b.ctl.Close()
	return out
}

// childOf returns the pid, as /proc numbers it, of the child of parent whose
// pid in its own namespace is inner (the last NSpid entry of its status).
func childOf(parent, inner int) int {
	is := func(pid int) bool {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
		if err != nil {
			return false
		}
		ppid, last := "", ""
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "PPid:"); ok {
				ppid = strings.TrimSpace(v)
			}
			if v, ok := strings.CutPrefix(line, "NSpid:"); ok {
				if f := strings.Fields(v); len(f) > 1 {
					last = f[len(f)-1]
				}
			}
		}
		return ppid == strconv.Itoa(parent) && last == strconv.Itoa(inner)
	}
	// Pids are handed out in turn: the init's child is most often a few
	// after it.
	for pid := parent + 1; pid <= parent+32; pid++ {
		if is(pid) {
			return pid
		}
	}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		if pid, err := strconv.Atoi(e.Name()); err == nil && is(pid) {
			return pid
		}
	}
	return 0
}

// sweepDescendants lists the live descendants of the subreaper init outside
// the process group pgid (the survivors), then stops and kills every
// descendant, scan after scan until none is left (up to reapLimit).
func (b *nsBox) sweepDescendants(pgid int) []Survivor {
	return killScan(func() []int { return descendants(b.init.Process.Pid) }, pgid)
}
