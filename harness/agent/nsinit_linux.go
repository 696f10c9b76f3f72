package agent

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
)

// initArgv0 is the name under which umpire's own binary, re-executed as
// the first process of an agent's PID namespace, runs nsInit instead of
// its main function (see the package documentation, "Containment").
const initArgv0 = "umpire-agent-init"

// initCtlFD is the descriptor of the init's end of its control socket.
const initCtlFD = 3

func init() {
	if len(os.Args) > 1 && os.Args[0] == initArgv0 {
		os.Exit(nsInit(os.Args[1:]))
	}
}

// nsInit is the first process (pid 1) of an agent's PID namespace. It waits
// for "go" on its control socket, starts argv in a process group of its own
// with the init's standard streams (which it then gives up), and reports
// "started PID" (the agent's pid as umpire sees it) and, once the agent is
// reaped, "exit STATUS" (the raw wait status). It reaps every orphan of the
// namespace until umpire kills it, which ends every process left in the
// namespace: no process can leave a PID namespace.
func nsInit(argv []string) int {
	// Caught, not ignored: an ignored signal stays ignored in the agent.
	// Nothing but SIGKILL from umpire ends the init.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGUSR1, syscall.SIGUSR2)
	ctl := os.NewFile(initCtlFD, "control")
	if ctl == nil {
		return 126
	}
	line, err := bufio.NewReader(ctl).ReadString('\n')
	if err != nil || line != "go\n" {
		return 126
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(ctl, "error %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
		return 127
	}
	// The agent's pipes are the agent's alone: umpire sees their end when
	// the agent and its children close them, not when this init does.
	if null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0); err == nil {
		for fd := 0; fd <= 2; fd++ {
			_ = syscall.Dup3(int(null.Fd()), fd, 0)
		}
		null.Close()
	}
	fmt.Fprintf(ctl, "started %d\n", outerPID(cmd.Process.Pid))
	child := cmd.Process.Pid
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, 0, nil)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			// No child left: wait for umpire's SIGKILL (or its end, which
			// closes the control socket).
			_, _ = ctl.Read(make([]byte, 1))
			return 0
		}
		if pid == child {
			fmt.Fprintf(ctl, "exit %d\n", uint32(ws))
		}
	}
}

// outerPID translates the pid of a child of this init, as this namespace
// numbers it, to its pid in the namespace of /proc (umpire's, /proc not
// being mounted again): the process whose parent is this init and whose
// last NSpid entry (the innermost) is inner.
func outerPID(inner int) int {
	self, err := os.Readlink("/proc/self")
	if err != nil {
		return 0
	}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || e.Name() == self {
			continue
		}
		ppid, ids := procStatus(pid)
		if ppid == self && len(ids) > 1 && ids[len(ids)-1] == inner {
			return pid
		}
	}
	return 0
}

// procStatus returns the PPid and NSpid lines of /proc/PID/status: the
// parent as /proc numbers it, and the pid in each namespace from /proc's
// own to the process's.
func procStatus(pid int) (ppid string, ids []int) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return "", nil
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "PPid:"); ok {
			ppid = strings.TrimSpace(rest)
		}
		if rest, ok := strings.CutPrefix(line, "NSpid:"); ok {
			for _, f := range strings.Fields(rest) {
				n, err := strconv.Atoi(f)
				if err != nil {
					return ppid, nil
				}
				ids = append(ids, n)
			}
		}
	}
	return ppid, ids
}
