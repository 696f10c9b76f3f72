package reports

import (
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
)

// update regenerates the golden files in testdata/: go test ./reports -update
var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// htmlOut, when set, makes TestWriteSampleHTML write the sample HTML report
// there too (scripts/browser-test.sh uses it).
var htmlOut = flag.String("html-out", "", "also write the sample HTML report to this file")

// fixtureCatalogue loads testdata/catalogue.json: a small Inference-like
// catalogue, so the writers' tests do not move with the real catalogue.
func fixtureCatalogue(t testing.TB) *rules.Catalogue {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "catalogue.json"))
	if err != nil {
		t.Fatal(err)
	}
	var list []rules.Rule
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatal(err)
	}
	cat, err := rules.NewCatalogue(list)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// ruleIDs returns the fixture ids whose id contains part (e.g. "round.3."),
// failing the test when there is none.
func ruleIDs(t testing.TB, cat *rules.Catalogue, part string) []string {
	t.Helper()
	var out []string
	for _, r := range cat.All() {
		if strings.Contains(r.ID, part) {
			out = append(out, r.ID)
		}
	}
	if len(out) == 0 {
		t.Fatalf("fixture catalogue has no rule matching %q", part)
	}
	return out
}

var sampleStart = time.Date(2026, 11, 30, 4, 0, 0, 0, time.UTC)

// sampleSeeds returns n seed names.
func sampleSeeds(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprint(1000 + 7*i)
	}
	return out
}

// sampleOptions shape a synthetic certification run.
type sampleOptions struct {
	// seeds is the whole run's seed list; play the ones a shard plays.
	seeds, play []string
	shard       *Shard
	// slow scales every timing, so shards can differ in timings only.
	slow float64
}

// sampleReport builds a realistic synthetic certification run of an
// Inference agent. Everything about a seed (its checks, findings, match)
// depends only on the seed, so a shard's report holds exactly the part of
// the unsharded report for its seeds; seedless checks go with shard 1.
func sampleReport(t testing.TB, o sampleOptions) *Report {
	t.Helper()
	cat := fixtureCatalogue(t)
	if o.slow == 0 {
		o.slow = 1
	}
	if o.play == nil {
		o.play = o.seeds
	}
	config := map[string]any{
		"agent":       "./bin/caller-bot --level 2",
		"matches":     len(o.seeds),
		"seats":       6,
		"rounds":      40,
		"deadline":    "10s",
		"adversaries": []string{"random", "aggressive", "rule-of-thumb"},
		"agent_token": "s3cr3t-t0ken",
		"headers":     []string{"x-agent-token: abc123"},
	}
	r := New(Meta{
		Version:       "0.1.0-sample",
		Kind:          KindCertify,
		Games:         []string{"inference"},
		RulesVersions: []string{"inference-0.4"},
		Target:        "./bin/caller-bot --level 2",
		Config:        Redact(config),
		Seeds:         o.seeds,
		Shard:         o.shard,
		Started:       sampleStart,
		Duration:      time.Duration(float64(37*time.Second) * o.slow),
	}, cat)

	move := ruleIDs(t, cat, "round.3.")
	raiseCap := ruleIDs(t, cat, "raise-cap")[0]
	timeouts := ruleIDs(t, cat, "timeouts.")
	illegal := ruleIDs(t, cat, "illegal.")
	talk := ruleIDs(t, cat, "round.4.")
	jsonl := ruleIDs(t, cat, "protocol.")
	shape := ruleIDs(t, cat, "wire.move.")
	hidden := ruleIDs(t, cat, "visibility.hidden")
	ranking := ruleIDs(t, cat, "match.ranking")
	dur := func(ms float64) time.Duration { return time.Duration(ms * o.slow * float64(time.Millisecond)) }

	if o.shard == nil || o.shard.K == 1 {
		r.Checks = append(r.Checks,
			Check{Name: "agent starts and answers its first turn", Section: "Protocol", Rules: shape, Status: Pass, Duration: dur(310)},
			Check{Name: "hidden values never leak to the agent", Section: "What you can see", Rules: hidden, Status: Skip,
				Reason: "needs a live server under test; certification plays on the embedded reference server", Duration: dur(0)},
			Check{Name: "final ranking re-derived", Section: "Match", Rules: ranking, Status: Disabled, Reason: "left out by --label-filter '!ranking'"},
		)
	}
	for _, seed := range o.play {
		h := fnv.New64a()
		h.Write([]byte(seed))
		rng := rand.New(rand.NewPCG(h.Sum64(), 42))
		idx := 0
		for i, s := range o.seeds {
			if s == seed {
				idx = i
			}
		}
		seat := idx % 6
		at := sampleStart.Add(time.Duration(idx) * 3 * time.Second)
		your := fmt.Sprintf(`{"type":"your_turn","match_id":"m-%s","turn":14,"round":7,"to_call":4,"raises_used":3,"legal_actions":[{"action":"fold"},{"action":"call"}],"deadline_ms":10000}`, seed)

		legal := Check{Name: "moves are legal", Section: "Round 3", Rules: move, Seed: seed, Status: Pass, Duration: dur(40 + 10*rng.Float64())}
		if rng.Float64() < 0.25 {
			legal.Status = Fail
			legal.Findings = []Finding{{
				Finding: rules.Finding{Rule: raiseCap, Level: rules.Must,
					Where:    rules.Where{Round: 7, Turn: rules.IntPtr(14), Seat: rules.IntPtr(seat)},
					Expected: "call or fold (3 raises already made this round)", Got: map[string]any{"action": "raise", "amount": 5},
					Message: "the agent raised after the table-wide raise cap was reached"},
				Transcript: []Message{
					NewMessage(Sent, at, rules.IntPtr(seat), []byte(your)),
					NewMessage(Received, at.Add(820*time.Millisecond), rules.IntPtr(seat), []byte(fmt.Sprintf(`{"type":"move","match_id":"m-%s","turn":14,"action":"raise","amount":5,"message":"I have the nuts, fold now"}`, seed))),
					NewMessage(Sent, at.Add(821*time.Millisecond), rules.IntPtr(seat), []byte(`{"type":"error","code":"illegal_action","message":"raise cap reached"}`)),
				},
			}}
		}
		deadlines := Check{Name: "deadlines kept", Section: "Timeouts", Rules: timeouts, Seed: seed, Status: Pass, Duration: dur(12)}
		term := TermOK
		if rng.Float64() < 0.12 {
			term = TermTimeout
			deadlines.Status = Fail
			deadlines.Findings = []Finding{{
				Finding: rules.Finding{Rule: timeouts[0], Level: rules.Must, Where: rules.Where{Round: 22, Turn: rules.IntPtr(3), Seat: rules.IntPtr(seat)},
					Expected: "a move within 10000 ms", Got: "no answer after 10000 ms", Message: "the agent missed its deadline; the server folded for it"},
				Transcript: []Message{NewMessage(Sent, at.Add(2*time.Second), rules.IntPtr(seat), []byte(your))},
			}}
		}
		reask := Check{Name: "recovers after an illegal move", Section: "Illegal moves", Rules: illegal, Seed: seed, Status: Pass, Duration: dur(8)}
		if legal.Status == Pass {
			reask.Status, reask.Reason = Skip, "the agent made no illegal move in this match, so recovery was not exercised"
		}
		chat := Check{Name: "table talk within limits", Section: "Round 4", Rules: talk, Seed: seed, Status: Pass, Duration: dur(3)}
		hygiene := Check{Name: "stdout is JSON Lines", Section: "Protocol", Rules: jsonl, Seed: seed, Status: Pass, Duration: dur(2)}
		if rng.Float64() < 0.2 {
			hygiene.Status = Fail
			// Three alike findings: the writers show them as one group.
			for _, line := range []int{88, 91, 97} {
				hygiene.Findings = append(hygiene.Findings, Finding{
					Finding: rules.Finding{Rule: jsonl[0], Level: rules.Should, Where: rules.Where{Step: fmt.Sprintf("line %d of stdout", line), Seat: rules.IntPtr(seat)},
						Expected: "one JSON object per line", Got: "thinking... maybe raise?", Message: "the agent printed a line that is not JSON; it was ignored"},
					Transcript: []Message{NewMessage(Received, at.Add(time.Second), rules.IntPtr(seat), []byte("thinking... maybe raise?"))},
				})
			}
		}
		r.Checks = append(r.Checks, legal, deadlines, reask, chat, hygiene)

		adversaries := []string{"random", "aggressive", "rule-of-thumb"}
		m := Match{Seed: seed, Agent: "caller-bot", Adversary: adversaries[idx%3], Seat: seat, Seats: 6,
			Termination: term, SeriesOf: "credits per round", Duration: dur(2500 + 500*rng.Float64())}
		if legal.Status == Fail && term == TermOK {
			m.Termination = TermIllegal
		}
		credits := make([][]float64, 6)
		for s := range credits {
			credits[s] = []float64{100}
		}
		for round := 1; round <= 40; round++ {
			winner := rng.IntN(6)
			pot := 0.0
			for s := range credits {
				last := credits[s][len(credits[s])-1]
				pay := math.Min(last, float64(2+rng.IntN(8)))
				if s == 0 {
					pay = math.Min(last, float64(2+rng.IntN(4))) // the agent plays tight
				}
				pot += pay
				credits[s] = append(credits[s], last-pay)
			}
			credits[winner][len(credits[winner])-1] += pot
		}
		final := make([]float64, 6)
		for s := range credits {
			name := fmt.Sprintf("seat %d", s)
			if s == seat {
				name += " (agent)"
			}
			m.Series = append(m.Series, Series{Name: name, Points: credits[(s-seat+6)%6]})
			final[s] = credits[(s-seat+6)%6][40]
		}
		m.Score = final[seat]
		m.Rank = 1
		for s := range final {
			if final[s] > final[seat] {
				m.Rank++
			}
		}
		m.Won = m.Rank == 1
		// Integer arithmetic only, so the golden files are the same on every
		// platform: a bell of sums around 30 ms and a tail of slow answers.
		for range 60 {
			us := 2000 + rng.IntN(20000) + rng.IntN(20000) + rng.IntN(20000)
			if rng.IntN(10) == 0 {
				us += rng.IntN(400000)
			}
			m.Latencies = append(m.Latencies, time.Duration(us)*time.Microsecond)
		}
		r.Matches = append(r.Matches, m)
	}
	r.Normalize()
	return r
}

// stripTimings zeroes every wall-clock measurement, for comparisons "modulo
// timings".
func stripTimings(r *Report) {
	r.Meta.Started, r.Meta.Duration = time.Time{}, 0
	for i := range r.Checks {
		r.Checks[i].Duration = 0
	}
	for i := range r.Matches {
		r.Matches[i].Duration = 0
	}
}

// golden compares got with testdata/name, rewriting it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./reports -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("output differs from %s (run go test ./reports -update after checking the change); have %d bytes, want %d", path, len(got), len(want))
	}
}
