package agent

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// container holds what finds an agent's descendants at the end of its
// match: a cgroup v2 of the agent's own when one can be made, and always the
// marker in its environment.
type container struct {
	marker string
	via    Containment
	dir    string // the cgroup directory, "" without one
	fd     int    // open on dir for CLONE_INTO_CGROUP, -1 without
}

// newContainer prepares the containment of one agent; want is
// ContainMarker to skip the cgroup (tests of the fallback), "" for the best
// available.
func newContainer(want Containment) *container {
	c := &container{marker: newMarker(), via: ContainMarker, fd: -1}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		c.via = ContainGroup
		return c
	}
	if want == ContainMarker {
		return c
	}
	root, ok := cgroupHome()
	if !ok {
		return c
	}
	dir := filepath.Join(root, "umpire-agent-"+strings.TrimPrefix(c.marker, MarkerEnv+"="))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return c
	}
	fd, err := syscall.Open(dir, syscall.O_DIRECTORY|syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		_ = os.Remove(dir)
		return c
	}
	c.via, c.dir, c.fd = ContainCgroup, dir, fd
	return c
}

// cgroupHome returns the cgroup v2 directory of this process, when the
// unified hierarchy is mounted and the directory writable.
func cgroupHome() (string, bool) {
	mount := mountPoint(func(post string) bool { return strings.HasPrefix(post, "cgroup2 ") })
	if mount == "" {
		return "", false
	}
	// The unified hierarchy's line is "0::PATH": no controllers named.
	dir, err := ownCgroup(mount, func(controllers string) bool { return controllers == "" })
	if err != nil {
		return "", false
	}
	if _, err := os.Stat(filepath.Join(dir, "cgroup.procs")); err != nil {
		return "", false
	}
	return dir, true
}

// ownCgroup returns this process's directory in the cgroup hierarchy
// mounted at mount: the path of the last line of /proc/self/cgroup
// ("ID:CONTROLLERS:PATH") whose controllers hier accepts, when it is one
// this process may write (to make the agent's cgroup in it).
func ownCgroup(mount string, hier func(controllers string) bool) (string, error) {
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", err
	}
	own := ""
	for _, line := range strings.Split(string(b), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) == 3 && hier(parts[1]) {
			own = parts[2]
		}
	}
	if own == "" || strings.Contains(own, "..") {
		return "", errors.New("this process has no such cgroup")
	}
	dir := filepath.Join(mount, own)
	if err := syscall.Access(dir, 2 /* W_OK */); err != nil {
		return "", fmt.Errorf("the cgroup %s is not writable (run as root or delegate it)", dir)
	}
	return dir, nil
}

// env returns env (nil: this process's environment) with the marker.
func (c *container) env(env []string) []string {
	if env == nil {
		env = os.Environ()
	}
	return withMarker(env, c.marker)
}

// attr makes the child start inside the cgroup (clone3 with
// CLONE_INTO_CGROUP), so that it cannot fork before it is contained.
func (c *container) attr(a *syscall.SysProcAttr) {
	if c.fd >= 0 {
		a.UseCgroupFD = true
		a.CgroupFD = c.fd
	}
}

// usesCgroupFD reports whether attr asked for the cgroup.
func (c *container) usesCgroupFD() bool { return c.fd >= 0 }

// dropCgroup gives up the cgroup (the kernel refused to start a child in
// it): the marker remains.
func (c *container) dropCgroup() {
	c.closeFD()
	if c.dir != "" {
		_ = os.Remove(c.dir)
	}
	c.dir, c.via = "", ContainMarker
}

// started runs once the child is started: the directory descriptor is no
// longer needed.
func (c *container) started() { c.closeFD() }

func (c *container) closeFD() {
	if c.fd >= 0 {
		_ = syscall.Close(c.fd)
		c.fd = -1
	}
}

// sweep runs after the agent's process group was killed and its leader
// reaped: it lists the processes of the agent still alive outside the group
// pgid (the survivors), kills every process of the agent, waits (up to
// reapLimit) until none is left, and removes the cgroup.
func (c *container) sweep(pgid int) []Survivor {
	c.closeFD()
	switch c.via {
	case ContainCgroup:
		return c.sweepCgroup(pgid)
	case ContainMarker:
		return c.sweepMarker(pgid)
	}
	return nil
}

// release removes the cgroup once it is empty (every member was in the
// agent's PID namespace, whose end killed them), waiting up to reapLimit.
func (c *container) release() {
	c.closeFD()
	if c.via != ContainCgroup {
		return
	}
	for deadline := time.Now().Add(reapLimit); c.populated() && time.Now().Before(deadline); {
		time.Sleep(2 * time.Millisecond)
	}
	for i := 0; i < 100; i++ {
		if err := os.Remove(c.dir); err == nil || os.IsNotExist(err) {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (c *container) sweepCgroup(pgid int) []Survivor {
	var out []Survivor
	for _, pid := range c.members() {
		if s, ok := survivorOf(pid, pgid); ok {
			out = append(out, s)
		}
	}
	deadline := time.Now().Add(reapLimit)
	for killed := false; c.populated(); time.Sleep(5 * time.Millisecond) {
		if !killed {
			if err := os.WriteFile(filepath.Join(c.dir, "cgroup.kill"), []byte("1"), 0); err != nil {
				// No cgroup.kill (kernels before 5.14): kill the members.
				for _, pid := range c.members() {
					_ = syscall.Kill(pid, syscall.SIGKILL)
				}
				continue
			}
			killed = true
		}
		if time.Now().After(deadline) {
			break
		}
	}
	for i := 0; i < 100; i++ {
		if err := os.Remove(c.dir); err == nil || os.IsNotExist(err) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	// A process that can write cgroup.procs (root) may have moved itself
	// out of the cgroup: it still carries the marker, which the fallback
	// finds.
	for _, s := range c.sweepMarker(pgid) {
		if !slices.ContainsFunc(out, func(o Survivor) bool { return o.PID == s.PID }) {
			out = append(out, s)
		}
	}
	return out
}

// members lists the processes of the cgroup.
func (c *container) members() []int {
	b, err := os.ReadFile(filepath.Join(c.dir, "cgroup.procs"))
	if err != nil {
		return nil
	}
	var out []int
	for _, f := range strings.Fields(string(b)) {
		if pid, err := strconv.Atoi(f); err == nil {
			out = append(out, pid)
		}
	}
	return out
}

// populated reports whether a live process is left in the cgroup.
func (c *container) populated() bool {
	b, err := os.ReadFile(filepath.Join(c.dir, "cgroup.events"))
	if err != nil {
		return len(c.members()) > 0
	}
	return bytes.Contains(b, []byte("populated 1"))
}

func (c *container) sweepMarker(pgid int) []Survivor { return killScan(c.marked, pgid) }

// killScan kills, scan after scan until list finds none (up to reapLimit),
// the processes list returns, and lists those outside the process group
// pgid (the survivors).
func killScan(list func() []int, pgid int) []Survivor {
	var out []Survivor
	seen := map[int]bool{}
	deadline := time.Now().Add(reapLimit)
	for {
		pids := list()
		if len(pids) == 0 || time.Now().After(deadline) {
			return out
		}
		for _, pid := range pids {
			if !seen[pid] {
				seen[pid] = true
				if s, ok := survivorOf(pid, pgid); ok {
					out = append(out, s)
				}
			}
			// Stop it first, so that it cannot fork while its kin are
			// being killed.
			_ = syscall.Kill(pid, syscall.SIGSTOP)
		}
		for _, pid := range pids {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// marked lists the live processes whose environment holds the marker.
func (c *container) marked() []int {
	me := os.Getpid()
	want := []byte(c.marker)
	var out []int
	for _, p := range liveProcesses() {
		if p.pid == me {
			continue
		}
		if b, err := os.ReadFile("/proc/" + strconv.Itoa(p.pid) + "/environ"); err == nil && hasEnvEntry(b, want) {
			out = append(out, p.pid)
		}
	}
	return out
}

// proc is a live process and its parent, as /proc/PID/stat shows them.
type proc struct{ pid, ppid int }

// liveProcesses lists the live (not zombie) processes of /proc.
func liveProcesses() []proc {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []proc
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		st, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		if state, ppid, _, ok := parseStat(st); ok && state != 'Z' && state != 'X' {
			out = append(out, proc{pid, ppid})
		}
	}
	return out
}

// descendants lists the live (not zombie) descendants of root, from the
// parent links of /proc/PID/stat.
func descendants(root int) []int {
	children := map[int][]int{}
	for _, p := range liveProcesses() {
		children[p.ppid] = append(children[p.ppid], p.pid)
	}
	var out []int
	for queue := children[root]; len(queue) > 0; queue = queue[1:] {
		out = append(out, queue[0])
		queue = append(queue, children[queue[0]]...)
	}
	return out
}

// hasEnvEntry reports whether the NUL-separated environment b holds kv.
func hasEnvEntry(b, kv []byte) bool {
	for len(b) > 0 {
		entry, rest, _ := bytes.Cut(b, []byte{0})
		if bytes.Equal(entry, kv) {
			return true
		}
		b = rest
	}
	return false
}

// survivorOf describes pid when it is alive and outside the process group
// pgid (inside it, it is a member the group's SIGKILL is ending).
func survivorOf(pid, pgid int) (Survivor, bool) {
	st, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return Survivor{}, false
	}
	state, _, pgrp, ok := parseStat(st)
	if !ok || state == 'Z' || state == 'X' || pgrp == pgid {
		return Survivor{}, false
	}
	cl, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	return Survivor{PID: pid, Command: cmdline(cl)}, true
}

// mountPoint returns the mount point of the first line of
// /proc/self/mountinfo whose part after " - " (file system type, source,
// options) match accepts, "" when none does.
func mountPoint(match func(post string) bool) string {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		if !ok || !match(post) {
			continue
		}
		if fields := strings.Fields(pre); len(fields) >= 5 {
			return fields[4]
		}
	}
	return ""
}
