package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSimulateBangArena(t *testing.T) {
	dir := t.TempDir()
	tests := []cliCase{
		{name: "demo", args: []string{"simulate", "--game", "bangarena", "--matches", "3", "--seed", "demo"}, wantCode: exitOK,
			wantOut: []string{"BangArena", `seed "demo"`, "6 seats", "classic mode", "games      3", "turns      ", "rounds)", "decisions", "games/s", "winning team", "adversary", "random", "heuristic"}},
		{name: "mode, seats and logs", args: []string{"simulate", "--game", "bangarena", "--matches", "2", "--seed", "a b/c", "--seats", "8", "--mode", "impostor", "--log-dir", dir}, wantCode: exitOK,
			wantOut: []string{"8 seats", "impostor mode", "logs       " + dir, "umpire verify --game bangarena --seed"}},
		{name: "one adversary", args: []string{"simulate", "--game", "bangarena", "--matches", "1", "--seats", "4", "--adversaries", "heuristic"}, wantCode: exitOK,
			wantOut: []string{"heuristic", " 4 "}},
		{name: "unknown adversary", args: []string{"simulate", "--game", "bangarena", "--adversaries", "random,passive"}, wantCode: exitUsage, wantErr: []string{"passive", "BangArena knows"}},
		{name: "bad seats", args: []string{"simulate", "--game", "bangarena", "--seats", "3"}, wantCode: exitUsage, wantErr: []string{"umpire simulate:"}},
		{name: "bad mode", args: []string{"simulate", "--game", "bangarena", "--mode", "chaos"}, wantCode: exitUsage, wantErr: []string{"umpire simulate:"}},
		{name: "bad matches", args: []string{"simulate", "--game", "bangarena", "--matches", "0"}, wantCode: exitUsage, wantErr: []string{"--matches must be at least 1"}},
	}
	runCases(t, nil, tests)
	// One log per match, named by id; they verify clean with the run seed.
	var logs []string
	for i := range 2 {
		path := filepath.Join(dir, simMatchID("a b/c", i)+".jsonl")
		if _, err := os.Stat(path); err != nil {
			t.Fatal(err)
		}
		logs = append(logs, path)
	}
	code, out, errOut := runUmpire(t, "", append([]string{"verify", "--game", "bangarena", "--seed", "a b/c"}, logs...)...)
	if code != exitOK || !strings.Contains(out, "0 MUST") {
		t.Fatalf("verify: %d\n%s\n%s", code, out, errOut)
	}
}

// TestSimulateBangArenaJSON: the JSON summary adds up, and the same seed
// gives the same games.
func TestSimulateBangArenaJSON(t *testing.T) {
	var sums [2]bangSimSummary
	for k := range sums {
		code, out, errOut := runUmpire(t, "", "simulate", "--game", "bangarena", "--matches", "4", "--seed", "j", "--seats", "5", "--format", "json")
		if code != exitOK {
			t.Fatalf("%d %s", code, errOut)
		}
		if err := json.Unmarshal([]byte(out), &sums[k]); err != nil {
			t.Fatal(err)
		}
	}
	s := sums[0]
	wins := 0
	for _, n := range s.WinsByTeam {
		wins += n
	}
	if s.Matches != 4 || wins != 4 || len(s.Results) != 4 || s.Decisions == 0 || s.Turns < s.Rounds {
		t.Fatalf("summary %+v", s)
	}
	for i := range s.Results {
		if s.Results[i].Decisions != sums[1].Results[i].Decisions || s.Results[i].WinnerTeam != sums[1].Results[i].WinnerTeam {
			t.Fatalf("match %d differs between two runs of the same seed", i)
		}
	}
}
