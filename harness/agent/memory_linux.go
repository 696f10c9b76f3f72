package agent

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// memLimit is the memory limit of one agent: memory.max in the agent's
// cgroup v2 when the memory controller is enabled there, else a memory
// cgroup v1 of the agent's own.
type memLimit struct {
	limit int64
	v1dir string // the v1 cgroup to put the agent in, "" with v2
	v2dir string // the agent's v2 cgroup

	mu       sync.Mutex
	released bool
	oom      bool // read before the v1 cgroup was released
}

// newMemLimit applies limit bytes to the agent about to start in box, or
// says why it cannot.
func newMemLimit(box *container, limit int64) (*memLimit, error) {
	if box.dir != "" {
		if err := os.WriteFile(filepath.Join(box.dir, "memory.max"), []byte(strconv.FormatInt(limit, 10)), 0); err == nil {
			_ = os.WriteFile(filepath.Join(box.dir, "memory.swap.max"), []byte("0"), 0)
			return &memLimit{limit: limit, v2dir: box.dir}, nil
		}
	}
	home, err := memoryV1Home()
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(home, "umpire-agent-"+strings.TrimPrefix(box.marker, MarkerEnv+"="))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, fmt.Errorf("no memory cgroup of its own: %w", err)
	}
	m := &memLimit{limit: limit, v1dir: dir}
	if err := os.WriteFile(filepath.Join(dir, "memory.limit_in_bytes"), []byte(strconv.FormatInt(limit, 10)), 0); err != nil {
		m.release()
		return nil, fmt.Errorf("memory.limit_in_bytes: %w", err)
	}
	_ = os.WriteFile(filepath.Join(dir, "memory.memsw.limit_in_bytes"), []byte(strconv.FormatInt(limit, 10)), 0)
	return m, nil
}

// memoryV1Home returns this process's cgroup v1 memory directory.
func memoryV1Home() (string, error) {
	mount := mountPoint(func(post string) bool {
		return strings.HasPrefix(post, "cgroup ") && strings.Contains(","+lastField(post)+",", ",memory,")
	})
	if mount == "" {
		return "", errors.New("neither the cgroup v2 memory controller nor a cgroup v1 memory hierarchy is available")
	}
	dir, err := ownCgroup(mount, func(controllers string) bool { return strings.Contains(","+controllers+",", ",memory,") })
	if err != nil {
		return "", fmt.Errorf("no cgroup v1 memory directory of this process: %w", err)
	}
	return dir, nil
}

func lastField(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// attach puts pid (before it starts the agent) in the v1 cgroup.
func (m *memLimit) attach(pid int) error {
	if m == nil || m.v1dir == "" {
		return nil
	}
	return os.WriteFile(filepath.Join(m.v1dir, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0)
}

// oomKilled reports whether the kernel killed a process of the agent for
// passing the limit.
func (m *memLimit) oomKilled() bool {
	if m == nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.oomLocked()
}

func (m *memLimit) oomLocked() bool {
	if m.released {
		return m.oom
	}
	file := filepath.Join(m.v1dir, "memory.oom_control")
	if m.v2dir != "" {
		file = filepath.Join(m.v2dir, "memory.events")
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if n, ok := strings.CutPrefix(line, "oom_kill "); ok && strings.TrimSpace(n) != "0" {
			return true
		}
	}
	return false
}

// release removes the v1 cgroup once its processes are gone.
func (m *memLimit) release() {
	if m == nil || m.v1dir == "" {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.released {
		return
	}
	m.oom = m.oomLocked()
	m.released = true
	for i := 0; i < 100; i++ {
		if err := os.Remove(m.v1dir); err == nil || os.IsNotExist(err) {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// MemorySupport says how an agent's memory limit is applied on this
// system ("cgroup v2 memory.max", "cgroup v1 memory.limit_in_bytes"), or
// why it cannot be (agents then run without one).
func MemorySupport() (string, error) {
	if home, ok := cgroupHome(); ok {
		if b, err := os.ReadFile(filepath.Join(home, "cgroup.subtree_control")); err == nil && strings.Contains(" "+strings.TrimSpace(string(b))+" ", " memory ") {
			return "cgroup v2 memory.max", nil
		}
	}
	if _, err := memoryV1Home(); err != nil {
		return "", err
	}
	return "cgroup v1 memory.limit_in_bytes", nil
}
