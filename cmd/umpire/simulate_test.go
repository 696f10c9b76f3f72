package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/inference"
)

func TestSimulateCommand(t *testing.T) {
	dir := t.TempDir()
	tests := []cliCase{
		{name: "demo", args: []string{"simulate", "--game", "inference", "--matches", "3", "--seed", "demo", "--rounds", "10"}, wantCode: exitOK,
			wantOut: []string{`seed "demo"`, "6 seats × 10 rounds", "matches  3", "rounds   ", "actions  ", "matches/s", "adversary", "heuristic", "passive"}},
		{name: "log dir", args: []string{"simulate", "--game", "inference", "--matches", "2", "--seed", "a b/c", "--seats", "3", "--rounds", "5", "--log-dir", dir}, wantCode: exitOK,
			wantOut: []string{"3 seats × 5 rounds", "logs     " + dir}},
		{name: "one adversary", args: []string{"simulate", "--game", "inference", "--matches", "1", "--adversaries", "passive", "--rounds", "3"}, wantCode: exitOK,
			wantOut: []string{"adversary", "passive", " 6 "}},
		{name: "unknown adversary", args: []string{"simulate", "--game", "inference", "--adversaries", "random,shark"}, wantCode: exitUsage, wantErr: []string{`unknown adversary "shark"`}},
		{name: "bad seats", args: []string{"simulate", "--game", "inference", "--seats", "9"}, wantCode: exitUsage, wantErr: []string{"inference/table.size"}},
		{name: "bad matches", args: []string{"simulate", "--game", "inference", "--matches", "0"}, wantCode: exitUsage, wantErr: []string{"--matches must be at least 1"}},
		{name: "stray argument", args: []string{"simulate", "--game", "inference", "x"}, wantCode: exitUsage, wantErr: []string{`unexpected argument "x"`}},
	}
	runCases(t, nil, tests)
	// The logs are full logs that parse, one file per match, named by id.
	for i := 0; i < 2; i++ {
		path := filepath.Join(dir, simMatchID("a b/c", i)+".jsonl")
		b := readFixture(t, path)
		ls := strings.Split(strings.TrimSpace(string(b)), "\n")
		first, err := inference.ParseEvent([]byte(ls[0]))
		if err != nil || first.SeedCommit != inference.SeedCommit(simMatchSeed("a b/c", i)) {
			t.Fatalf("%s: first line %s (%v)", path, ls[0], err)
		}
		if !strings.Contains(string(b), `"type":"deal_private"`) || !strings.Contains(ls[len(ls)-1], `"type":"match_end"`) {
			t.Fatalf("%s is not a full log", path)
		}
	}
	if simMatchID("a b/c", 1) != "sim-a_b_c-0001" {
		t.Fatalf("match id %s", simMatchID("a b/c", 1))
	}
}

// TestSimulateDeterministic: the same seed gives the same results, in JSON.
func TestSimulateDeterministic(t *testing.T) {
	args := []string{"simulate", "--game", "inference", "--matches", "4", "--seed", "det", "--rounds", "15", "--format", "json"}
	var runs [2]simulateSummary
	for i := range runs {
		code, out, errOut := runUmpire(t, "", args...)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if err := json.Unmarshal([]byte(out), &runs[i]); err != nil {
			t.Fatal(err)
		}
	}
	a, _ := json.Marshal(runs[0].Results)
	b, _ := json.Marshal(runs[1].Results)
	if string(a) != string(b) || runs[0].Matches != 4 || runs[0].Actions == 0 || len(runs[0].ByKind) != 4 {
		t.Fatalf("runs differ or are empty:\n%s\n%s", a, b)
	}
}

// TestSimulateCannotRun: a log directory that cannot be made, or an
// interrupted run, is an error of the run (exit 3), not a finding.
func TestSimulateCannotRun(t *testing.T) {
	file := filepath.Join(t.TempDir(), "plain-file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runUmpire(t, "", "simulate", "--game", "inference", "--matches", "2", "--rounds", "3", "--log-dir", file)
	if code != exitError || !strings.Contains(errOut, "cannot create the log directory") {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
	if code := run(ctx, e, []string{"simulate", "--game", "inference", "--matches", "50", "--rounds", "3"}); code != exitError {
		t.Fatalf("interrupted run: exit %d, stderr %s", code, errb.String())
	}
}
