package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
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
	u, err := url.Parse(base)
	if err != nil {
		fail(err)
	}
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.ModifyResponse = func(resp *http.Response) error {
		if !strings.HasSuffix(resp.Request.URL.Path, "/observe") || resp.StatusCode != http.StatusOK {
			return nil
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return err
		}
		body = edit(body)
		resp.Body = io.NopCloser(bytes.NewReader(body))
		resp.ContentLength = int64(len(body))
		resp.Header.Set("Content-Length", strconv.Itoa(len(body)))
		return nil
	}
	return httptest.NewServer(rp)
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
	_ = cmd.Run()
	code := cmd.ProcessState.ExitCode()
	kb := int(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss)
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
// 8 MiB read cap with an extension field.
func (d *driver) padObserve() result {
	s := d.serve("bangarena", nil, nil)
	defer s.stop()
	const size = 8<<20 - 200<<10
	p := observeProxy(s.base, func(body []byte) []byte {
		body = bytes.TrimRight(body, " \n")
		end := len(body) - 1
		if end < 1 || body[end] != '}' || len(body) >= size {
			return body
		}
		pad := append([]byte(`,"umpirePadding":"`), bytes.Repeat([]byte("x"), size-len(body)-20)...)
		return append(append(append(body[:end:end], pad...), '"'), '}')
	})
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

// failingReport writes a conform report of the embedded Inference server
// with a fault on, which fails on MUST findings, and returns its path
// (written once).
func (d *driver) failingReport() string {
	path := filepath.Join(d.tmp, "failing.json")
	if _, err := os.Stat(path); err == nil {
		return path
	}
	cmd := exec.Command(d.umpire, "conform", "--game", "inference", "--embedded", "--unsafe-faults", "--json", path)
	cmd.Env = append(os.Environ(), "UMPIRE_UNSAFE_FAULTS=ante-undercharged")
	if out, err := cmd.CombinedOutput(); cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 1 {
		fail(fmt.Errorf("the failing report: %v\n%s", err, out))
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
