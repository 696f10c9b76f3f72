package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// daemon: certify, run by a normal user (uid 65534 when this is root), an
// agent whose grandchild clears its environment and calls setsid.
func (d *driver) daemon() result {
	if d.goagent == "" {
		return result{"skipped", 0, "no -goagent"}
	}
	dir, err := os.MkdirTemp("", "hostile-daemon-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	bin, agentBin := filepath.Join(dir, "umpire"), filepath.Join(dir, "goagent")
	for from, to := range map[string]string{d.umpire: bin, d.goagent: agentBin} {
		b, err := os.ReadFile(from)
		if err != nil {
			fail(err)
		}
		if err := os.WriteFile(to, b, 0o755); err != nil {
			fail(err)
		}
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		fail(err)
	}
	mark := "298." + strconv.Itoa(os.Getpid()%1000)
	agent := fmt.Sprintf("setsid env -i /bin/sh -c 'exec sleep %s' </dev/null >/dev/null 2>&1 & exec %s", mark, agentBin)
	cmd := exec.Command(bin, "certify", "--game", "inference", "--agent", agent, "--matches", "1", "--format", "text", "--report-dir", filepath.Join(dir, "certify"))
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + dir}
	if os.Getuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobodyIf(), Gid: nobodyIf()}}
	}
	uid := os.Getuid()
	if uid == 0 {
		uid = int(nobodyIf())
	}
	start := time.Now()
	e := runEscape(cmd, mark)
	return result{e.verdict(), e.peak, fmt.Sprintf("uid %d: exit %d in %.1fs, %s", uid, e.code, time.Since(start).Seconds(), e)}
}

// escape is what a certify run left of an agent's grandchild that tried to
// outlive it.
type escape struct {
	code, peak int  // certify's exit code and peak RSS (KiB)
	left       int  // processes with the mark still running after the run
	named      bool // the report names agent.no-survivors
}

// runEscape runs cmd (a certify of an agent whose grandchild runs
// `sleep mark`), at most escapeLimit, then kills what is left of the
// grandchild.
func runEscape(cmd *exec.Cmd, mark string) escape {
	var text bytes.Buffer
	cmd.Stdout, cmd.Stderr = &text, &text
	if err := cmd.Start(); err != nil {
		fail(err)
	}
	t := time.AfterFunc(escapeLimit, func() { _ = cmd.Process.Kill() })
	_ = cmd.Wait()
	t.Stop()
	e := escape{code: cmd.ProcessState.ExitCode(), peak: int(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss)}
	time.Sleep(200 * time.Millisecond)
	left := survivors(mark)
	for _, pid := range left {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	e.left, e.named = len(left), bytes.Contains(text.Bytes(), []byte("agent.no-survivors"))
	return e
}

// escapeLimit bounds one certify run of an escape attack (one match).
const escapeLimit = 5 * time.Minute

// verdict is held when nothing was left and the report named it.
func (e escape) verdict() string {
	if e.left > 0 || !e.named {
		return "HURT"
	}
	return "held"
}

func (e escape) String() string {
	return fmt.Sprintf("survivors after the run %d, finding named %v", e.left, e.named)
}

// memory: certify an agent that allocates 1 GiB with --agent-memory 128MiB
// (a build without the flag runs it unlimited).
func (d *driver) memory() result {
	if d.goagent == "" {
		return result{"skipped", 0, "no -goagent"}
	}
	agent := fmt.Sprintf("python3 -c 'b = b\"x\" * (1 << 30)' && exec %s", d.goagent)
	args := []string{"certify", "--game", "inference", "--agent", agent, "--matches", "1", "--format", "text", "--report-dir", filepath.Join(d.tmp, "memory")}
	help, _ := exec.Command(d.umpire, "certify", "-h").CombinedOutput()
	limited := bytes.Contains(help, []byte("agent-memory"))
	if limited {
		args = append(args, "--agent-memory", "128MiB")
	}
	cmd := exec.Command(d.umpire, args...)
	text, _ := cmd.CombinedOutput()
	code := cmd.ProcessState.ExitCode()
	peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // umpire and its agents
	verdict := "held"
	if code == 0 || peak > 512<<10 {
		verdict = "HURT"
	}
	return result{verdict, int(peak), fmt.Sprintf("limit flag %v: exit %d, peak RSS of umpire or an agent %d MiB, out of memory named %v", limited, code, peak>>10, bytes.Contains(text, []byte("out of memory")) || bytes.Contains(text, []byte("Killed")))}
}

// nobodyIf is the uid the daemon attack runs as when this is root (65534),
// 0 otherwise (the attack then runs as this user).
func nobodyIf() uint32 {
	if os.Getuid() == 0 {
		return 65534
	}
	return 0
}

// cgleave: certify, as root, an agent whose grandchild moves itself into
// the root cgroup (out of the agent's), clears its environment and calls
// setsid: out of reach of the cgroup and of the marker.
func (d *driver) cgleave() result {
	if d.goagent == "" {
		return result{"skipped", 0, "no -goagent"}
	}
	if os.Getuid() != 0 {
		return result{"skipped", 0, "not root: a process cannot write the root cgroup"}
	}
	procs := ""
	for _, p := range []string{"/sys/fs/cgroup/cgroup.procs", "/sys/fs/cgroup/unified/cgroup.procs"} {
		if _, err := os.Stat(p); err == nil {
			procs = p
			break
		}
	}
	if procs == "" {
		return result{"skipped", 0, "no cgroup v2 root here"}
	}
	mark := "299." + strconv.Itoa(os.Getpid()%1000)
	agent := fmt.Sprintf("setsid env -i /bin/sh -c 'echo $$ > %s; exec sleep %s' </dev/null >/dev/null 2>&1 & exec %s", procs, mark, d.goagent)
	cmd := exec.Command(d.umpire, "certify", "--game", "inference", "--agent", agent, "--matches", "1", "--format", "text", "--report-dir", filepath.Join(d.tmp, "cgleave"))
	e := runEscape(cmd, mark)
	return result{e.verdict(), e.peak, fmt.Sprintf("exit %d, %s", e.code, e)}
}

// batch: one JSON-RPC batch of 9,000 calls (1 MB) to the BangArena
// server's /mcp, three times.
func (d *driver) batch() result {
	s := d.serve("bangarena", nil, nil)
	base := strings.TrimSuffix(s.base, "/api/arena")
	var body bytes.Buffer
	body.WriteByte('[')
	for i := range 9000 {
		if i > 0 {
			body.WriteByte(',')
		}
		fmt.Fprintf(&body, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"arena_get_rules","arguments":{}}}`, i)
	}
	body.WriteByte(']')
	codes := map[int]int{}
	for range 3 {
		req, _ := http.NewRequest(http.MethodPost, base+"/mcp", bytes.NewReader(body.Bytes()))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := (&http.Client{Timeout: 60 * time.Second}).Do(req)
		if err != nil {
			codes[-1]++
			continue
		}
		codes[resp.StatusCode]++
		resp.Body.Close()
	}
	alive := s.cmd.ProcessState == nil && s.cmd.Process.Signal(syscall.Signal(0)) == nil
	kb := s.stop()
	v := "held"
	if !alive || codes[http.StatusOK] > 0 || kb > 256<<10 {
		v = "HURT"
	}
	return result{v, kb, fmt.Sprintf("%d-byte batch x3: answers %v, server alive after %v", body.Len(), codes, alive)}
}
