package initproc

import (
	"strconv"
	"syscall"
)

// EnvKey in its environment makes the binary run as an agent's init (its
// value the mode); the init removes it from the agent's environment.
const EnvKey = "UMPIRE_AGENT_INIT"

// The modes: the first process of a new PID namespace, or (where
// namespaces are refused) a child subreaper, which every orphan of the
// agent's becomes a child of.
const (
	ModeNamespace = "1"
	ModeSubreaper = "2"
)

// prSetChildSubreaper is prctl's PR_SET_CHILD_SUBREAPER.
const prSetChildSubreaper = 36

// Argv0 is the init's first argument; the agent's command follows.
const Argv0 = "umpire-agent-init"

// ctlFD is the init's end of its control socket.
const ctlFD = 3

func init() {
	if v, ok := syscall.Getenv(EnvKey); ok && (v == ModeNamespace || v == ModeSubreaper) {
		syscall.Exit(run(v))
	}
}

// run is the init; its result is the init's exit status when it cannot
// start the agent.
func run(mode string) int {
	syscall.CloseOnExec(ctlFD)
	if mode == ModeSubreaper {
		if _, _, e := syscall.Syscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
			say("error PR_SET_CHILD_SUBREAPER: " + e.Error())
			return 126
		}
	}
	args := cmdline()
	if len(args) < 2 || args[0] != Argv0 {
		say("error not started as " + Argv0)
		return 126
	}
	if readLine() != "go" {
		return 126
	}
	var env []string
	for _, kv := range syscall.Environ() {
		if len(kv) < len(EnvKey)+1 || kv[:len(EnvKey)+1] != EnvKey+"=" {
			env = append(env, kv)
		}
	}
	wd, _ := syscall.Getwd()
	child, err := syscall.ForkExec(args[1], args[1:], &syscall.ProcAttr{Dir: wd, Env: env, Files: []uintptr{0, 1, 2},
		Sys: &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}})
	if err != nil {
		say("error " + err.Error())
		return 127
	}
	// The agent's pipes are the agent's alone: umpire sees their end when
	// the agent and its children close them, not when this init does.
	if null, err := syscall.Open("/dev/null", syscall.O_RDWR|syscall.O_CLOEXEC, 0); err == nil {
		for fd := 0; fd <= 2; fd++ {
			_ = syscall.Dup3(null, fd, 0)
		}
		syscall.Close(null)
	}
	say("started " + strconv.Itoa(child))
	if readLine() != "ack" {
		return 126
	}
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, 0, nil)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			// No child left: wait for umpire's SIGKILL (or its end, which
			// closes the control socket).
			readLine()
			return 0
		}
		if pid == child {
			say("exit " + strconv.FormatUint(uint64(uint32(ws)), 10))
		}
	}
}

// say writes one line to umpire.
func say(s string) {
	b := []byte(s + "\n")
	for len(b) > 0 {
		n, err := syscall.Write(ctlFD, b)
		if err == syscall.EINTR {
			continue
		}
		if err != nil || n <= 0 {
			return
		}
		b = b[n:]
	}
}

// readLine reads one line from umpire ("" at its end), byte by byte: umpire
// writes one line and waits for the answer, so nothing is read ahead.
func readLine() string {
	var line []byte
	one := make([]byte, 1)
	for len(line) < 64 {
		n, err := syscall.Read(ctlFD, one)
		if err == syscall.EINTR {
			continue
		}
		if err != nil || n <= 0 || one[0] == '\n' {
			break
		}
		line = append(line, one[0])
	}
	return string(line)
}

// cmdline returns this process's arguments, read from /proc/self/cmdline
// (os.Args is package os's, initialised later).
func cmdline() []string {
	fd, err := syscall.Open("/proc/self/cmdline", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer syscall.Close(fd)
	var b []byte
	buf := make([]byte, 4096)
	for len(b) < 8<<20 {
		n, err := syscall.Read(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil || n <= 0 {
			break
		}
		b = append(b, buf[:n]...)
	}
	var out []string
	start := 0
	for i, c := range b {
		if c == 0 {
			out = append(out, string(b[start:i]))
			start = i + 1
		}
	}
	return out
}
