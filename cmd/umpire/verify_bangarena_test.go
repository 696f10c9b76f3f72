package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	baserver "github.com/umpire-arena/umpire/harness/bangarena/server"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/bangarena/judge"
)

// bangLog simulates one BangArena match of run seed "vb" into dir and
// returns the log's path.
func bangLog(t *testing.T, dir string) string {
	t.Helper()
	if code, _, errOut := runUmpire(t, "", "simulate", "--game", "bangarena", "--matches", "1", "--seed", "vb", "--seats", "5", "--log-dir", dir); code != exitOK {
		t.Fatalf("simulate: %d %s", code, errOut)
	}
	return filepath.Join(dir, simMatchID("vb", 0)+".jsonl")
}

func TestVerifyBangArena(t *testing.T) {
	dir := t.TempDir()
	good := bangLog(t, dir)
	data := readFixture(t, good)
	// Damage to the wrong seat on the first damage line: the Shot's (the
	// first attack of the simulated match), charged to the rule that
	// produced the damage (I-BA-V3).
	lines := bytes.Split(data, []byte("\n"))
	bad, badLine := filepath.Join(dir, "bad.jsonl"), 0
	for i, l := range lines {
		var m map[string]any
		_ = json.Unmarshal(l, &m)
		if m["type"] == "damage" {
			m["seat"] = float64((int(m["seat"].(float64)) + 1) % 5)
			lines[i], _ = json.Marshal(m)
			badLine = i + 1
			break
		}
	}
	if badLine == 0 {
		t.Fatal("the simulated match has no damage; pick another seed")
	}
	if err := os.WriteFile(bad, bytes.Join(lines, []byte("\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	public := filepath.Join(dir, "public.jsonl")
	if err := os.WriteFile(public, publicOf(t, data), 0o644); err != nil {
		t.Fatal(err)
	}
	seats := filepath.Join(dir, "seats.jsonl")
	if err := os.WriteFile(seats, seenBy(t, data, 0, 2), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []cliCase{
		{name: "clean", args: []string{"--seed", "vb", good}, wantCode: exitOK, wantOut: []string{good, "conforms", "0 MUST", "umpire verify: 1 file(s)"}},
		// The public log of the same room (what a spectator saw): judged
		// past every card nobody saw, no MUST (issue 27, I-BA-V9).
		{name: "public log", args: []string{public}, wantCode: exitOK, wantOut: []string{"conforms", "public log", "0 MUST, 0 SHOULD"}},
		// What two of its seats saw, merged: judged as those seats saw
		// the room together (I-BA-V10).
		{name: "some seats", args: []string{seats}, wantCode: exitOK, wantOut: []string{"conforms", "some seats' streams", "0 MUST, 0 SHOULD"}},
		{name: "clean from stdin", args: []string{"--seed", "vb", "-"}, stdin: string(data), wantCode: exitOK, wantOut: []string{"<stdin>", "conforms"}},
		{name: "json", args: []string{"--seed", "vb", "--format", "json", good}, wantCode: exitOK, wantOut: []string{`{"summary":`, `"must":0`}},
		{name: "wrong damage seat", args: []string{"--seed", "vb", good, bad}, wantCode: exitFail,
			wantOut: []string{"conforms", bad, "line " + itoa(badLine) + " (round ", "): MUST bangarena/5.shot", "the replay stops", "expected", "does not conform", "1 MUST"}},
		{name: "wrong damage seat json", args: []string{"--seed", "vb", "--format", "json", bad}, wantCode: exitFail,
			wantOut: []string{`"rule":"bangarena/5.shot"`, `"line":` + itoa(badLine), `{"summary":`}},
		// Without its seed, the log is re-simulated with the random
		// outcomes it shows (I-BA-V8).
		{name: "seed unknown", args: []string{good}, wantCode: exitOK, wantOut: []string{"bangarena/log.seed", "re-simulated with the random outcomes it shows", "conforms", "0 inconclusive"}},
		{name: "missing file", args: []string{"--seed", "vb", filepath.Join(dir, "nope.jsonl")}, wantCode: exitUsage, wantErr: []string{"cannot read"}},
		{name: "no file", args: nil, wantCode: exitUsage, wantErr: []string{"at least one"}},
	}
	runCases(t, []string{"verify", "--game", "bangarena"}, tests)
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// publicOf is the public log of a full log: its match replayed (with the
// chance it shows) and seen as a spectator sees it.
func publicOf(t *testing.T, full []byte) []byte {
	t.Helper()
	return seenBy(t, full)
}

// seenBy returns what the given seats were shown of the room of the full
// log, merged (no seat: what a spectator saw).
func seenBy(t *testing.T, full []byte, seats ...int) []byte {
	t.Helper()
	log, err := ba.DecodeLog(full)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := ba.ConfigOf(log)
	g, err := ba.NewGameWith(cfg, "any", judge.NewShown(log))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ba.DecisionsOf(log) {
		if err := g.Apply(d.Seat, d.ActionID, d.Args); err != nil {
			t.Fatal(err)
		}
	}
	if len(seats) == 0 {
		return ba.EncodeLog(g.View(-1).Events)
	}
	var streams [][]ba.Event
	for _, s := range seats {
		streams = append(streams, g.View(s).Events)
	}
	return ba.EncodeLog(judge.MergeEvents(streams...))
}

// TestVerifyBangArenaServerLogs: the embedded server's room logs verify
// clean with the seed it reveals; with its log-drops-decision fault the
// log breaks bangarena/log.complete.
func TestVerifyBangArenaServerLogs(t *testing.T) {
	for _, tc := range []struct {
		name   string
		faults []baserver.Fault
		strict bool
		code   int
		want   string
	}{
		{"clean", nil, false, exitOK, "conforms"},
		{"clean strict", nil, true, exitOK, "conforms"},
		// The log's completeness is umpire's pin (WIRE.md): SHOULD unless
		// strict.
		{"log drops a decision", []baserver.Fault{baserver.FaultLogDropsDecision}, false, exitOK, "0 MUST, 2 SHOULD"},
		{"log drops a decision strict", []baserver.Fault{baserver.FaultLogDropsDecision}, true, exitFail, "2 MUST"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, err := baserver.New(baserver.Options{Faults: tc.faults})
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Shutdown(context.Background())
			dir := t.TempDir()
			args := []string{"verify", "--game", "bangarena"}
			if tc.strict {
				args = append(args, "--strict")
			}
			var paths []string
			for i, cfg := range []baserver.RoomConfig{
				{Seats: 6, RoleMode: "impostor", Seed: "served-" + strings.TrimSuffix(tc.name, " strict") + "-1", Agents: []int{}},
				{Seats: 4, RoleMode: "legacy", Seed: "served-" + strings.TrimSuffix(tc.name, " strict") + "-2", Agents: []int{}, Adversaries: []string{"heuristic", "random"}},
			} {
				c, err := srv.CreateRoom(cfg)
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				err = srv.Wait(ctx, c.RoomID)
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				log, err := srv.Log(c.RoomID)
				if err != nil {
					t.Fatal(err)
				}
				p := filepath.Join(dir, fmt.Sprintf("room%d.jsonl", i))
				if err := os.WriteFile(p, log, 0o644); err != nil {
					t.Fatal(err)
				}
				args = append(args, "--seed", cfg.Seed)
				paths = append(paths, p)
			}
			code, out, errOut := runUmpire(t, "", append(args, paths...)...)
			if code != tc.code || !strings.Contains(out, tc.want) {
				t.Fatalf("exit %d (want %d), want %q:\n%s\n%s", code, tc.code, tc.want, out, errOut)
			}
		})
	}
}
