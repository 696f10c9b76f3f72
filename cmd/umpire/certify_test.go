package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runCert runs the umpire command line with captured streams.
func runCert(t *testing.T, terminal bool, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, isTerminal: terminal}
	code := run(context.Background(), e, args)
	return code, out.String(), errOut.String()
}

// buildAgents builds the Go example agent and the broken agent once.
func buildAgents(t *testing.T) (agent, broken string) {
	t.Helper()
	dir := t.TempDir()
	agent, broken = filepath.Join(dir, "agent"), filepath.Join(dir, "broken")
	for out, pkg := range map[string]string{agent: "../../examples/agents/goagent", broken: "../../examples/agents/broken"} {
		if b, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", pkg, err, b)
		}
	}
	return agent, broken
}

func TestCertifyUsage(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"no agent", []string{"certify", "--game", "inference"}, "give exactly one of --agent"},
		{"two agents", []string{"certify", "--game", "inference", "--agent", "a", "--agent-url", "http://x"}, "give exactly one of --agent"},
		{"no game", []string{"certify", "--agent", "a"}, "--game is required"},
		{"bad shard", []string{"certify", "--game", "inference", "--agent", "a", "--shard", "3/2"}, "--shard"},
		{"bad seats", []string{"certify", "--game", "bangarena", "--agent", "a", "--seats", "3"}, "bangarena seats must be 4-8"},
		{"mode on inference", []string{"certify", "--game", "inference", "--agent", "a", "--mode", "partners"}, "--mode is a BangArena role mode"},
		{"unknown adversary", []string{"certify", "--game", "inference", "--agent", "a", "--adversaries", "shark"}, `adversary "shark"`},
		{"early stop with shard", []string{"certify", "--game", "inference", "--agent", "a", "--shard", "1/2", "--until-confident"}, "cannot be combined with a shard"},
		{"replay without agent", []string{"replay", "--game", "inference", "--seed", "s"}, "give exactly one of --agent"},
		{"replay negative match", []string{"replay", "--game", "inference", "--agent", "a", "--match", "-1"}, "--match must be 0 or more"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCert(t, false, tc.args...)
			if code != exitUsage {
				t.Errorf("exit code: have %d, want %d", code, exitUsage)
			}
			if !strings.Contains(errOut, tc.wantErr) {
				t.Errorf("stderr: have %q, want it to contain %q", errOut, tc.wantErr)
			}
		})
	}
}

func TestCertifyAndReplay(t *testing.T) {
	agent, broken := buildAgents(t)
	dir := t.TempDir()
	t.Run("good agent passes", func(t *testing.T) {
		rd := filepath.Join(dir, "good")
		code, out, errOut := runCert(t, false, "certify", "--game", "inference", "--agent", agent, "--matches", "2", "--seats", "3", "--rounds", "3",
			"--deadline", "5s", "--report-dir", rd)
		if code != exitOK {
			t.Fatalf("exit code: have %d, want 0\n%s\n%s", code, out, errOut)
		}
		for _, want := range []string{"PASS (exit 0)", "win rate [95% CI]", "random", "heuristic", "terminations: ok 2"} {
			if !strings.Contains(out, want) {
				t.Errorf("stdout lacks %q:\n%s", want, out)
			}
		}
		if !strings.Contains(errOut, "certify: 2/2 seed umpire/1 seat 1 vs heuristic: ok") || strings.Contains(out+errOut, "\x1b") || strings.Contains(errOut, "\r") {
			t.Errorf("want plain progress lines on stderr, have %q", errOut)
		}
		for _, f := range []string{"report.json", "junit.xml", "report.html", "summary.md"} {
			if _, err := os.Stat(filepath.Join(rd, f)); err != nil {
				t.Errorf("report file: %v", err)
			}
		}
	})
	t.Run("terminal gets a bar", func(t *testing.T) {
		code, out, _ := runCert(t, true, "certify", "--game", "bangarena", "--agent", agent, "--matches", "1", "--seats", "4",
			"--deadline", "5s", "--report-dir", filepath.Join(dir, "bar"))
		if code != exitOK || !strings.Contains(out, "\r[") {
			t.Errorf("exit %d, want 0 and a progress bar:\n%q", code, out)
		}
	})
	t.Run("crashing agent fails, json", func(t *testing.T) {
		code, out, errOut := runCert(t, false, "certify", "--game", "bangarena", "--agent", broken+" -mode crash", "--matches", "1", "--seats", "4",
			"--deadline", "1s", "--report-dir", filepath.Join(dir, "crash"), "--format", "json")
		if code != exitFail {
			t.Fatalf("exit code: have %d, want %d\n%s", code, exitFail, errOut)
		}
		var rep struct {
			Matches []struct {
				Termination string `json:"termination"`
			} `json:"matches"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Matches) != 1 || rep.Matches[0].Termination != "crash" {
			t.Errorf("want a JSON report with one crash, have %v %+v", err, rep)
		}
	})
	t.Run("replay", func(t *testing.T) {
		code, out, errOut := runCert(t, false, "replay", "--game", "inference", "--agent", broken+" -mode illegal", "--match", "1", "--seats", "3", "--rounds", "2", "--deadline", "1s")
		if code != exitFail {
			t.Fatalf("exit code: have %d, want %d\n%s\n%s", code, exitFail, out, errOut)
		}
		for _, want := range []string{"replay of match 1 (seed umpire/1): seat 1 of 3 vs heuristic", `"type":"your_turn"`, "← {", "termination illegal", "inference/agent.legal-answer"} {
			if !strings.Contains(out, want) {
				t.Errorf("replay output lacks %q", want)
			}
		}
	})
}
