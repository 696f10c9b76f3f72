package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/umpire-arena/umpire/internal/hostile"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// The attacks of a hostile server on `umpire conform`, and of hostile
// files on `umpire report merge`.

// conformLimit bounds one conform run of these attacks.
const conformLimit = 5 * time.Minute

// conformRSSLimit is what conform's peak RSS may reach against a hostile
// server for the attack to count as held.
const conformRSSLimit = 512 << 10 // KiB

// observeProxy serves, in this process, a reverse proxy to base whose
// answers to observe are rewritten by edit.
func observeProxy(base string, edit func(body []byte) []byte) *httptest.Server {
	h, err := hostile.ObserveProxy(base, edit)
	if err != nil {
		fail(err)
	}
	return httptest.NewServer(h)
}

// conformAgainst runs `umpire conform --create` of BangArena against url
// (at most conformLimit) and says whether it ended by itself with a report
// written and its peak RSS under conformRSSLimit.
func (d *driver) conformAgainst(url string) result {
	dir := filepath.Join(d.tmp, "conform")
	_ = os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), conformLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, d.umpire, "conform", "--game", "bangarena", "--target", url, "--create",
		"--budget", "-1s", "--timeout", "120s", "--report-dir", dir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fail(err)
	}
	kb := watchHWM(cmd)
	code := cmd.ProcessState.ExitCode()
	_, err := os.Stat(filepath.Join(dir, "report.json"))
	v := "held"
	switch {
	case ctx.Err() != nil:
		v = "HURT"
	case err != nil, kb > conformRSSLimit:
		v = "HURT"
	}
	last := strings.TrimSpace(out.String())
	if i := strings.LastIndexByte(last, '\n'); i >= 0 {
		last = last[i+1:]
	}
	return result{v, kb, fmt.Sprintf("conform exit %d in %.1fs, report written: %v; %s", code, time.Since(start).Seconds(), err == nil, short(last))}
}

// padObserve: every BangArena observe answer padded to just under the
// 8 MiB read cap, the given way (a long extension field; small events).
func (d *driver) padObserve(how hostile.Padding) result {
	s := d.serve("bangarena", nil, nil)
	defer s.stop()
	p := observeProxy(s.base, func(body []byte) []byte { return hostile.Pad(body, 8<<20-200<<10, how) })
	defer p.Close()
	return d.conformAgainst(p.URL)
}

// deepObserve: every BangArena observe answer is 8 MiB of '['.
func (d *driver) deepObserve() result {
	s := d.serve("bangarena", nil, nil)
	defer s.stop()
	deep := bytes.Repeat([]byte("["), 8<<20)
	p := observeProxy(s.base, func([]byte) []byte { return deep })
	defer p.Close()
	return d.conformAgainst(p.URL)
}

// failingReport writes a conform report of one BangArena check failing on
// a MUST finding of a document rule, and returns its path (written once).
func (d *driver) failingReport() string {
	path := filepath.Join(d.tmp, "failing.json")
	if _, err := os.Stat(path); err == nil {
		return path
	}
	const rule = "bangarena/3.draw-two"
	r := reports.New(reports.Meta{Version: "hostilehost", Kind: reports.KindConform, Games: []string{"bangarena"}}, rules.Default())
	r.Checks = []reports.Check{{Name: "the draw", Rules: []string{rule}, Status: reports.Fail,
		Findings: []reports.Finding{{Finding: rules.Finding{Rule: rule, Level: rules.Must, Message: "drew three cards"}}}}}
	r.Normalize()
	if err := reports.WriteFile(path, r, reports.WriteJSON); err != nil {
		fail(err)
	}
	return path
}

// forged: a failing conform report whose failed checks are relabelled
// "pass" is merged; it must still merge to FAIL, saying so.
func (d *driver) forged() result {
	src := d.failingReport()
	b, err := os.ReadFile(src)
	if err != nil {
		fail(err)
	}
	var r map[string]any
	if err := json.Unmarshal(b, &r); err != nil {
		fail(err)
	}
	relabelled := 0
	checks, _ := r["checks"].([]any)
	for _, c := range checks {
		if m, ok := c.(map[string]any); ok && m["status"] == "fail" {
			m["status"] = "pass"
			relabelled++
		}
	}
	forged := filepath.Join(d.tmp, "forged.json")
	b, _ = json.Marshal(r)
	if err := os.WriteFile(forged, b, 0o644); err != nil {
		fail(err)
	}
	cmd := exec.Command(d.umpire, "report", "merge", forged)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	_ = cmd.Run()
	code := cmd.ProcessState.ExitCode()
	kb := int(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss)
	v := "held"
	if relabelled == 0 || code != 1 || !strings.Contains(out.String(), "verdict FAIL") {
		v = "HURT"
	}
	return result{v, kb, fmt.Sprintf("%d failed checks relabelled pass: merge exit %d, verdict FAIL said: %v", relabelled, code, strings.Contains(out.String(), "verdict FAIL"))}
}

// devnull: `report merge … --json /dev/null` (as root, a temporary file
// renamed over the target would make /dev/null a regular file for the
// whole machine). /dev/null must still be a character device after.
func (d *driver) devnull() result {
	src := d.failingReport()
	cmd := exec.Command(d.umpire, "report", "merge", src, "--json", "/dev/null")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	_ = cmd.Run()
	code := cmd.ProcessState.ExitCode()
	fi, err := os.Stat("/dev/null")
	v := "held"
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		v = "HURT"
	}
	mode := "missing"
	if err == nil {
		mode = fi.Mode().String()
	}
	return result{v, int(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss), fmt.Sprintf("uid %d: merge exit %d; /dev/null is %s", os.Getuid(), code, mode)}
}

// padProxy: `umpire proxy` relays 3,000 observe answers padded to just
// under its 1 MiB message cap (keeping each whole took 2.17 GB); then
// SIGINT. Held when the relay's peak RSS stays under conformRSSLimit and
// its report is written.
func (d *driver) padProxy() result {
	s := d.serve("bangarena", []string{"--agents", "0", "--deadline", "10m"}, nil)
	defer s.stop()
	var info struct {
		Agents []struct {
			Token      string `json:"token"`
			ObserveURL string `json:"observeUrl"`
		} `json:"agents"`
	}
	if err := json.Unmarshal([]byte(s.line), &info); err != nil || len(info.Agents) == 0 {
		fail(fmt.Errorf("serve printed no agent seat: %v: %s", err, s.line))
	}
	p := observeProxy(s.base, func(body []byte) []byte { return hostile.Pad(body, 1<<20-1<<10, hostile.Field) })
	defer p.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fail(err)
	}
	addr := l.Addr().String()
	l.Close()
	dir := filepath.Join(d.tmp, "proxy")
	cmd := exec.Command(d.umpire, "proxy", "--game", "bangarena", "--target", p.URL, "--listen", addr, "--report-dir", dir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		fail(err)
	}
	for wait := time.Now(); time.Since(wait) < 10*time.Second; time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
	}
	observe := "http://" + addr + strings.TrimPrefix(info.Agents[0].ObserveURL, s.base)
	ok, peak := 0, 0
	deadline := time.Now().Add(3 * time.Minute)
	for i := 0; i < 3000 && time.Now().Before(deadline); i++ {
		req, _ := http.NewRequest(http.MethodGet, observe, nil)
		req.Header.Set("x-agent-token", info.Agents[0].Token)
		resp, err := client.Do(req)
		if err != nil {
			continue
		}
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK && n > 1<<19 {
			ok++
		}
		if i%100 == 0 {
			peak = max(peak, status(cmd.Process.Pid, "VmHWM"))
		}
	}
	// The relay's own high-water mark (a child's rusage starts from the
	// parent's at the fork, and this driver holds the padded answers).
	peak = max(peak, status(cmd.Process.Pid, "VmHWM"))
	_ = cmd.Process.Signal(syscall.SIGINT)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
	_, rerr := os.Stat(filepath.Join(dir, "report.json"))
	v := "held"
	if ok < 3000 || rerr != nil || peak > conformRSSLimit {
		v = "HURT"
	}
	return result{v, peak, fmt.Sprintf("%d of 3000 padded observes relayed; proxy exit %d after SIGINT, report written: %v", ok, cmd.ProcessState.ExitCode(), rerr == nil)}
}

// watchHWM waits for cmd, reading its own high-water mark of RSS (VmHWM,
// KiB) every 100 ms until it ends: a child's rusage starts from the
// parent's at the fork, and this driver may hold megabytes of padding.
func watchHWM(cmd *exec.Cmd) int {
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	kb := 0
	for {
		select {
		case <-done:
			return kb
		case <-time.After(100 * time.Millisecond):
			kb = max(kb, status(cmd.Process.Pid, "VmHWM"))
		}
	}
}
