package bangarena

import (
	"bytes"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden logs in testdata")

// TestGoldenLogs pins the full log of seeded random matches: any change of
// deal, RNG order or event shape shows up here (run with -update after an
// intended change, and record why in the commit).
func TestGoldenLogs(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
	}{
		{"classic5", Config{Seats: 5}},
		{"impostor8", Config{Seats: 8, RoleMode: ModeImpostor}},
		{"legacy4", Config{Seats: 4, RoleMode: ModeLegacy}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewGame(tc.cfg, "golden-"+tc.name)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(42, 42))
			for !g.Over() {
				g.PlayRandom(r)
			}
			var buf bytes.Buffer
			for _, e := range g.Log() {
				b, _ := json.Marshal(e)
				buf.Write(b)
				buf.WriteByte('\n')
			}
			path := filepath.Join("testdata", tc.name+".jsonl")
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -run TestGoldenLogs -update)", err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Fatalf("the log of %s differs from %s", tc.name, path)
			}
		})
	}
}

// TestRulesExampleRequestDecodes reads the §12 example into our types.
func TestRulesExampleRequestDecodes(t *testing.T) {
	covers(t, "bangarena/12.request", "bangarena/13.action-ids")
	b, err := os.ReadFile(filepath.Join("testdata", "rules_example_request.json"))
	if err != nil {
		t.Fatal(err)
	}
	var req DecisionRequest
	if err := json.Unmarshal(b, &req); err != nil {
		t.Fatal(err)
	}
	if req.SeatID != 2 || req.ObservationVersion != 41 || len(req.LegalActions) != 3 || req.LegalActions[0].ActionID != "shot:shot_07:3" {
		t.Fatalf("decoded %+v", req)
	}
	if !actionIDFormats["play_shot"].MatchString(req.LegalActions[0].ActionID) || !actionIDFormats["play_weapon"].MatchString(req.LegalActions[1].ActionID) {
		t.Fatal("the rules' own actionIds do not match our formats")
	}
}

func TestDecodeGoldenLogsAndReplay(t *testing.T) {
	covers(t, "bangarena/log.json")
	data, err := os.ReadFile(filepath.Join("testdata", "impostor8.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	events, err := DecodeLog(data)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(EncodeLog(events), data) {
		t.Fatal("decode → encode changed the log")
	}
	g, err := Replay(Config{Seats: 8, RoleMode: ModeImpostor}, "golden-impostor8", DecisionsOf(events))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(EncodeLog(g.Log()), data) {
		t.Fatal("replaying the decisions of the golden log gave another log")
	}
	if _, err := DecodeLog([]byte("{\"seq\":1,\"type\":\"x\"}\n{oops\n")); ruleOf(err) != "bangarena/log.json" {
		t.Fatalf("bad line: %v", err)
	}
}

func TestConfigOfLog(t *testing.T) {
	cfg := Config{Seats: 7, RoleMode: ModePartners, StagedCharacters: true, MatchID: "m-7"}
	g, _ := NewGame(cfg, "cfg")
	events, err := DecodeLog(EncodeLog(g.Log()))
	if err != nil {
		t.Fatal(err)
	}
	have, ok := ConfigOf(events)
	if !ok || have.Seats != 7 || have.RoleMode != ModePartners || !have.StagedCharacters || have.MatchID != "m-7" {
		t.Fatalf("ConfigOf = %+v, %v", have, ok)
	}
}
