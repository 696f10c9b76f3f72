package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

var updateBangLegal = flag.Bool("update-bangarena-legal", false, "rewrite testdata/legal/bangarena_*.json from seeded self-play")

// writeBangLegalFixtures finds, in seeded self-play, a play-phase request
// of the turn seat holding a Shot it may still play, and writes it, a
// broken twin and a twin whose events stop after this turn's start.
func writeBangLegalFixtures(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < 500; i++ {
		g, _ := ba.NewGame(ba.Config{Seats: 5, MatchID: fmt.Sprint("legal-", i)}, fmt.Sprint("legal-", i))
		for n := 0; !g.Over() && n < 2000; n++ {
			seat, _ := g.Decider()
			req := g.Request(seat, "1970-01-01T00:00:30.000Z")
			v := req.Observation
			shots, ends := 0, 0
			for _, a := range req.LegalActions {
				if a.Command == "play_shot" {
					shots++
				}
				if a.ActionID == "end_play" {
					ends++
				}
			}
			last := 0
			for k, e := range v.Events {
				if e.Type == "turn_start" {
					last = k
				}
			}
			cut := req
			cut.Observation.Events = v.Events[last+1:]
			_, und, _ := ba.LegalFromRequest(cut)
			if v.Phase == ba.PhasePlay && v.PendingReaction == nil && v.PendingChoice == nil && shots >= 2 && ends == 1 && len(req.LegalActions) >= 5 && len(und) == 1 {
				write := func(name string, x any) {
					b, _ := json.MarshalIndent(x, "", "  ")
					if err := os.WriteFile(legalTD(name), append(b, '\n'), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				write("bangarena_request.json", req)
				// Broken: end_play left out, the first Shot's argsSchema
				// wrong, an item for a card not in hand added.
				broken := req
				broken.LegalActions = nil
				for _, a := range req.LegalActions {
					if a.ActionID == "end_play" {
						continue
					}
					if a.Command == "play_shot" && len(broken.LegalActions) == 0 || a.Command == "play_shot" && broken.LegalActions[len(broken.LegalActions)-1].Command != "play_shot" {
						a.ArgsSchema = map[string]any{"playedAs": "miss"}
					}
					broken.LegalActions = append(broken.LegalActions, a)
				}
				broken.LegalActions = append(broken.LegalActions, ba.LegalAction{ActionID: "weapon:weapon_volcanic_99", Command: "play_weapon"})
				write("bangarena_request_broken.json", broken)
				write("bangarena_request_cut.json", cut)
				return
			}
			g.PlayRandom(r)
		}
	}
	t.Fatal("no fitting request in self-play")
}

func TestLegalBangArena(t *testing.T) {
	if *updateBangLegal {
		writeBangLegalFixtures(t)
	}
	good, err := os.ReadFile(legalTD("bangarena_request.json"))
	if err != nil {
		t.Fatalf("%v (run go test -run TestLegalBangArena -update-bangarena-legal)", err)
	}
	var req ba.DecisionRequest
	if err := json.Unmarshal(good, &req); err != nil {
		t.Fatal(err)
	}
	firstShot := ""
	for _, a := range req.LegalActions {
		if a.Command == "play_shot" && firstShot == "" {
			firstShot = a.ActionID
		}
	}
	tests := []cliCase{
		{name: "derive", args: []string{legalTD("bangarena_request.json")}, wantCode: exitOK,
			wantOut: []string{`{"legalActions":[`, `"actionId":"end_play"`, `"undecided":[]}`}},
		{name: "stdin", args: []string{"-"}, stdin: string(good), wantCode: exitOK, wantOut: []string{`"actionId":"` + firstShot + `"`}},
		{name: "check equal", args: []string{"--check", legalTD("bangarena_request.json")}, wantCode: exitOK,
			wantOut: []string{"derived:", "legalActions match the referee's list"}},
		{name: "check flags a broken request", args: []string{"--check", legalTD("bangarena_request_broken.json")}, wantCode: exitFail,
			wantOut: []string{`missing:   {"actionId":"end_play","command":"end_play"}  (bangarena/1.legal-only)`,
				`extra:     {"actionId":"weapon:weapon_volcanic_99","command":"play_weapon"}  (bangarena/1.legal-only)`,
				"different: " + firstShot + `: argsSchema is {"playedAs":"miss"}, want {`, "(bangarena/13.args-schema)",
				"1 missing, 1 extra, 1 different"}},
		{name: "check json", args: []string{"--check", "--format", "json", legalTD("bangarena_request_broken.json")}, wantCode: exitFail,
			wantOut: []string{`"missing": [`, `"extra": [`, `"different": [`, `"equal": false`}},
		{name: "undecided shot limit", args: []string{legalTD("bangarena_request_cut.json")}, wantCode: exitOK,
			wantOut: []string{`"undecided":[{"command":"play_shot","reason":"the events do not reach back to this turn's turn_start: the Shot limit`}},
		{name: "undecided does not fail the check", args: []string{"--check", legalTD("bangarena_request_cut.json")}, wantCode: exitOK,
			wantOut: []string{"undecided: play_shot: ", "unchecked: ", "legalActions match"}},
		{name: "inconsistent request", args: []string{"-"}, stdin: strings.Replace(string(good), `"seatId": `, `"seatId": 1`, 1), wantCode: exitFail,
			wantOut: []string{"no legal actions can be derived", "bangarena/12.request"}},
		{name: "not json", args: []string{"-"}, stdin: "hello", wantCode: exitUsage, wantErr: []string{"not one JSON object"}},
		{name: "not a request", args: []string{"-"}, stdin: `{"seat":1}`, wantCode: exitUsage, wantErr: []string{"no observation"}},
		{name: "check without legalActions", args: []string{"--check", "-"}, stdin: `{"seatId":0,"observation":{"you":0,"turnSeat":0,"players":[{"seat":0,"roleId":"marshal"},{"seat":1}]}}`, wantCode: exitUsage, wantErr: []string{"--check needs"}},
		{name: "missing file", args: []string{legalTD("nope.json")}, wantCode: exitUsage, wantErr: []string{"cannot read"}},
	}
	runCases(t, []string{"legal", "--game", "bangarena"}, tests)
}

// TestLegalBangArenaOtherShapes (issue 12, I-BA-L3): a request whose fields
// legality does not need are shaped otherwise than umpire's server writes
// them — knownRoles as an object keyed by seat, deadlineAt as epoch
// milliseconds, extra fields — gives the same derived items as the
// request in umpire's shape, with and without --check.
func TestLegalBangArenaOtherShapes(t *testing.T) {
	good, err := os.ReadFile(legalTD("bangarena_request.json"))
	if err != nil {
		t.Fatal(err)
	}
	var top map[string]any
	if err := json.Unmarshal(good, &top); err != nil {
		t.Fatal(err)
	}
	obs := top["observation"].(map[string]any)
	you := fmt.Sprint(obs["you"])
	obs["knownRoles"] = map[string]any{you: "self"}
	top["deadlineAt"] = 1791547230000
	top["x_server"] = map[string]any{"region": []any{1, 2}}
	odd, _ := json.Marshal(top)
	_, want, _ := runUmpire(t, string(good), "legal", "--game", "bangarena", "-")
	code, got, errOut := runUmpire(t, string(odd), "legal", "--game", "bangarena", "-")
	if code != exitOK || got != want {
		t.Fatalf("knownRoles as an object: exit %d, stdout\n%s\nwant exit 0 and\n%s\nstderr: %s", code, got, want, errOut)
	}
	if !strings.Contains(errOut, "observation.knownRoles") || !strings.Contains(errOut, "deadlineAt") {
		t.Errorf("stderr does not name the fields read around: %s", errOut)
	}
	code, out, _ := runUmpire(t, string(odd), "legal", "--game", "bangarena", "--check", "-")
	if code != exitOK || !strings.Contains(out, "legalActions match the referee's list") {
		t.Fatalf("--check: exit %d\n%s", code, out)
	}
	// A field every item depends on, shaped otherwise: nothing is derived,
	// nothing fails.
	obs["players"] = map[string]any{"0": "marshal"}
	worse, _ := json.Marshal(top)
	code, out, _ = runUmpire(t, string(worse), "legal", "--game", "bangarena", "--check", "-")
	if code != exitOK || !strings.Contains(out, "undecided: *: observation.players does not read") {
		t.Fatalf("players as an object: exit %d\n%s", code, out)
	}
}

// TestLegalBangArenaDiscardDefault: the default cardUids of a discard item
// are umpire's pin (WIRE.md): other cards of the same count are noted as
// pinned, not a difference; another count is one (§13).
func TestLegalBangArenaDiscardDefault(t *testing.T) {
	var req ba.DecisionRequest
	found := false
	r := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 200 && !found; i++ {
		g, _ := ba.NewGame(ba.Config{Seats: 4, MatchID: fmt.Sprint("discard-", i)}, fmt.Sprint("discard-", i))
		for n := 0; !g.Over() && n < 2000 && !found; n++ {
			seat, _ := g.Decider()
			q := g.Request(seat, "1970-01-01T00:00:30.000Z")
			hand := len(q.Observation.Players[seat].Hand)
			for _, a := range q.LegalActions {
				if a.Command == "discard" && len(a.ArgsSchema["cardUids"].([]string)) < hand {
					req, found = q, true
				}
			}
			g.PlayRandom(r)
		}
	}
	if !found {
		t.Fatal("no discard decision with a choice of cards in self-play")
	}
	seat := req.SeatID
	var uids []string
	for _, c := range req.Observation.Players[seat].Hand {
		uids = append(uids, c.UID)
	}
	with := func(cards []string) string {
		q := req
		q.LegalActions = append([]ba.LegalAction(nil), req.LegalActions...)
		for i, a := range q.LegalActions {
			if a.Command == "discard" {
				q.LegalActions[i].ArgsSchema = map[string]any{"cardUids": cards}
			}
		}
		b, _ := json.Marshal(q)
		return string(b)
	}
	n := 0
	for _, a := range req.LegalActions {
		if a.Command == "discard" {
			n = len(a.ArgsSchema["cardUids"].([]string))
		}
	}
	code, out, _ := runUmpire(t, with(uids[len(uids)-n:]), "legal", "--game", "bangarena", "--check", "-")
	if code != exitOK || !strings.Contains(out, "pinned:    discard: default cardUids") {
		t.Fatalf("other default cards: exit %d\n%s", code, out)
	}
	code, out, _ = runUmpire(t, with(uids[:n+1]), "legal", "--game", "bangarena", "--check", "-")
	if code != exitFail || !strings.Contains(out, "different: discard: argsSchema") {
		t.Fatalf("another count: exit %d\n%s", code, out)
	}
}

// TestLegalBangArenaReadings (issue 26): a Saloon withheld, as a server
// may when it would heal nobody, is shown as a difference on I-BA-35, and
// the report grades it SHOULD; the end_play left out stays the document's.
func TestLegalBangArenaReadings(t *testing.T) {
	good, err := os.ReadFile(legalTD("bangarena_request.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(good, &m); err != nil {
		t.Fatal(err)
	}
	obs := m["observation"].(map[string]any)
	me := obs["players"].([]any)[int(obs["you"].(float64))].(map[string]any)
	me["hand"] = append(me["hand"].([]any), map[string]any{"uid": "heal_all_01", "cardId": "heal_all", "suit": "hearts", "rank": "Q"})
	me["handCount"] = me["handCount"].(float64) + 1
	items := m["legalActions"].([]any)
	m["legalActions"] = items[:len(items)-1] // end_play left out too
	raw, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	code, out, _ := runUmpire(t, string(raw), "legal", "--game", "bangarena", "--check", "--report-dir", dir, "-")
	if code != exitFail {
		t.Fatalf("exit %d, want %d:\n%s", code, exitFail, out)
	}
	for _, want := range []string{`"actionId":"heal_all:heal_all_01"`, "(reading I-BA-35: SHOULD, MUST with --strict)", `"actionId":"end_play","command":"end_play"}  (bangarena/1.legal-only)`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	f, err := os.Open(filepath.Join(dir, reports.FileJSON))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := reports.ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	levels := map[string]rules.Level{}
	for _, c := range rep.Checks {
		for _, f := range c.Findings {
			raw, _ := json.Marshal(f.Expected)
			levels[string(raw)] = f.Level
		}
	}
	for item, want := range map[string]rules.Level{"heal_all:heal_all_01": rules.Should, `"end_play"`: rules.Must} {
		found := false
		for k, l := range levels {
			if strings.Contains(k, item) {
				found = true
				if l != want {
					t.Errorf("%s: %s, want %s", item, l, want)
				}
			}
		}
		if !found {
			t.Errorf("no finding on %s: %v", item, levels)
		}
	}
}
