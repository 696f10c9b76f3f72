package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runCert runs the umpire command line with captured streams.
func runCert(t *testing.T, terminal bool, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, isTerminal: terminal, agentWindow: 500 * time.Millisecond}
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
		{"mode on inference", []string{"certify", "--game", "inference", "--agent", "a", "--mode", "partners"}, "--mode is a role mode; Inference has none"},
		{"unknown adversary", []string{"certify", "--game", "inference", "--agent", "a", "--adversaries", "shark"}, `adversary "shark"`},
		{"early stop with shard", []string{"certify", "--game", "inference", "--agent", "a", "--shard", "1/2", "--until-confident"}, "cannot be combined with a shard"},
		{"replay without agent", []string{"replay", "--game", "inference", "--seed", "s"}, "give exactly one of --agent"},
		{"sprt without baseline", []string{"certify", "--game", "inference", "--agent", "a", "--sprt", "-10,0"}, "--sprt needs a baseline"},
		{"gate without baseline", []string{"certify", "--game", "inference", "--agent", "a", "--gate", "lenient"}, "--gate needs a baseline"},
		{"bad sprt", []string{"certify", "--game", "inference", "--agent", "a", "--baseline", "b", "--sprt", "5,1"}, "want elo0,elo1 with elo0 < elo1"},
		{"sprt not numbers", []string{"certify", "--game", "inference", "--agent", "a", "--baseline", "b", "--sprt", "x"}, "want elo0,elo1"},
		{"bad gate", []string{"certify", "--game", "inference", "--agent", "a", "--baseline", "b", "--gate", "soft"}, `unknown gate "soft"`},
		{"bad alpha", []string{"certify", "--game", "inference", "--agent", "a", "--baseline", "b", "--alpha", "0.7"}, "alpha and beta must lie between 0 and 0.5"},
		{"two baselines", []string{"certify", "--game", "inference", "--agent", "a", "--baseline", "b", "--baseline-url", "http://x"}, "at most one of --baseline"},
		{"baseline and until-confident", []string{"certify", "--game", "inference", "--agent", "a", "--baseline", "b", "--until-confident"}, "stops on its SPRT"},
		{"keep without a command", []string{"certify", "--game", "inference", "--agent-url", "http://x", "--agent-keep"}, "needs a JSON Lines agent"},
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
		rdir := filepath.Join(dir, "replay")
		code, out, errOut := runCert(t, false, "replay", "--game", "inference", "--agent", broken+" -mode illegal", "--match", "1", "--seats", "3", "--rounds", "2", "--deadline", "1s", "--report-dir", rdir)
		if code != exitFail {
			t.Fatalf("exit code: have %d, want %d\n%s\n%s", code, exitFail, out, errOut)
		}
		for _, want := range []string{"replay of match 1 (seed umpire/1): seat 1 of 3 vs heuristic", `"type":"your_turn"`, "← {", "termination illegal", "inference/agent.legal-answer"} {
			if !strings.Contains(out, want) {
				t.Errorf("replay output lacks %q", want)
			}
		}
		// The replay's reports hold the match with its whole transcript.
		rep, err := os.ReadFile(filepath.Join(rdir, "report.json"))
		if err != nil || !strings.Contains(string(rep), `"transcript"`) || !strings.Contains(string(rep), "inference/agent.legal-answer") {
			t.Errorf("replay report.json: %v %.300s", err, rep)
		}
		if _, err := os.Stat(filepath.Join(rdir, "report.html")); err != nil {
			t.Error(err)
		}
	})
}

// TestCertifyAB runs an A/B certification through the command line: the
// same agent as new and baseline is accepted as not worse (exit 0), the
// undecided gate exits 1 strict and 0 lenient, and the shards' merge
// decides as the whole run.
func TestCertifyAB(t *testing.T) {
	agent, _ := buildAgents(t)
	dir := t.TempDir()
	base := []string{"certify", "--game", "inference", "--agent", agent + " --seed 1", "--baseline", agent + " --seed 1", "--agent-keep",
		"--seats", "3", "--rounds", "5", "--seed", "ab"}
	if code, _, errOut := runCert(t, false, "certify", "--game", "inference", "--agent", agent, "--baseline", "/nonexistent/old-bot", "--report-dir", t.TempDir()); code != exitError || !strings.Contains(errOut, "the baseline:") {
		t.Errorf("a baseline that cannot start: exit %d, %q", code, errOut)
	}
	code, out, errOut := runCert(t, false, append(base, "--report-dir", filepath.Join(dir, "whole"))...)
	if code != 0 || !strings.Contains(out, "SPRT: H1 accepted") || !strings.Contains(out, ": NOT WORSE (exit 0)") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for _, tc := range []struct {
		gate string
		want int
	}{{"strict", 1}, {"lenient", 0}} {
		code, out, _ := runCert(t, false, append(base, "--matches", "5", "--gate", tc.gate, "--report-dir", filepath.Join(dir, tc.gate))...)
		if code != tc.want || !strings.Contains(out, "SPRT: undecided after 5 pairs") {
			t.Errorf("--gate %s: exit %d, want %d\n%s", tc.gate, code, tc.want, out)
		}
	}
	var shards []string
	for _, k := range []string{"1/2", "2/2"} {
		d := filepath.Join(dir, "shard-"+k[:1])
		code, out, _ := runCert(t, false, append(base, "--matches", "400", "--shard", k, "--report-dir", d)...)
		if code != 0 || !strings.Contains(out, "this shard alone") {
			t.Fatalf("shard %s: exit %d\n%s", k, code, out)
		}
		shards = append(shards, filepath.Join(d, "report.json"))
	}
	code, out, errOut = runCert(t, false, append([]string{"report", "merge"}, shards...)...)
	whole, err := os.ReadFile(filepath.Join(dir, "whole", "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var w struct {
		AB struct {
			Overall struct {
				SPRT struct {
					Pairs    int    `json:"pairs"`
					Decision string `json:"decision"`
				} `json:"sprt"`
			} `json:"overall"`
		} `json:"ab"`
	}
	if err := json.Unmarshal(whole, &w); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("SPRT: H1 accepted after %d pairs", w.AB.Overall.SPRT.Pairs)
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("merge: exit %d, want 0 and %q\n%s\n%s", code, want, out, errOut)
	}
}
