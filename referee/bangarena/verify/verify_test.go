package verify

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

var update = flag.Bool("update", false, "regenerate testdata/classic6.jsonl from the engine")

// baSelfPlay plays one random match of cfg dealt from seed and returns its
// full log as JSON Lines.
func baSelfPlay(t testing.TB, cfg ba.Config, seed string, r *rand.Rand) []byte {
	t.Helper()
	g, err := ba.NewGame(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; !g.Over(); n++ {
		if n > 20000 {
			t.Fatalf("seed %q: no end", seed)
		}
		g.PlayRandom(r)
	}
	return ba.EncodeLog(g.Log())
}

const baGoldenSeed = "verify-golden"

// The golden log's matchId is its seed, so the verifier finds it alone.

// baGolden returns the correct log of testdata/classic6.jsonl,
// rewriting it with -update.
func baGolden(t *testing.T) []byte {
	t.Helper()
	path := filepath.Join("testdata", "classic6.jsonl")
	if *update {
		// The first seed whose match shows every feature the mutations
		// break.
		for i := 0; ; i++ {
			seed := fmt.Sprintf("%s-%d", baGoldenSeed, i)
			log := baSelfPlay(t, ba.Config{Seats: 6, MatchID: seed}, seed, rand.New(rand.NewPCG(6, uint64(i))))
			s := string(log)
			if !strings.Contains(s, `"kind":"dynamite"`) || !strings.Contains(s, `"type":"glory_star"`) ||
				!strings.Contains(s, `"kind":"jail"`) || !strings.Contains(s, `"actionId":"end_play"`) {
				continue
			}
			if err := os.WriteFile(path, log, 0o644); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run TestBangArena -update)", err)
	}
	return b
}

func baVerify(t testing.TB, log []byte, opts BangArenaOptions) ([]rules.Finding, BangArenaSummary) {
	t.Helper()
	var fs []rules.Finding
	sum, err := VerifyBangArenaReader(context.Background(), bytes.NewReader(log), opts, func(f rules.Finding) { fs = append(fs, f) })
	if err != nil {
		t.Fatal(err)
	}
	return fs, sum
}

// baLines splits a log into decoded events (one per line).
func baLines(t *testing.T, log []byte) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range bytes.Split(bytes.TrimSpace(log), []byte("\n")) {
		var m map[string]any
		if err := json.Unmarshal(l, &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func baJoin(lines []map[string]any) []byte {
	var b bytes.Buffer
	for _, m := range lines {
		x, _ := json.Marshal(m)
		b.Write(x)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// baRenumber gives the lines consecutive seqs, as a server that made the
// mistake would.
func baRenumber(lines []map[string]any) {
	for i, m := range lines {
		m["seq"] = float64(i + 1)
	}
}

// baFind returns the index of the first line for which ok holds.
func baFind(t *testing.T, lines []map[string]any, ok func(m map[string]any) bool) int {
	t.Helper()
	for i, m := range lines {
		if ok(m) {
			return i
		}
	}
	t.Fatal("the golden log has no line for this mutation; pick another seed")
	return -1
}

func TestBangArenaGoldenVerifiesClean(t *testing.T) {
	log := baGolden(t)
	fs, sum := baVerify(t, log, BangArenaOptions{File: "classic6.jsonl"})
	if len(fs) != 0 {
		t.Fatalf("findings on the correct log: %v", fs)
	}
	if !sum.Ended || sum.Decisions == 0 || sum.Turns == 0 || sum.Inconclusive != 0 {
		t.Fatalf("summary %+v", sum)
	}
}

// TestBangArenaMutations: each log is broken in exactly one way and gives
// exactly one finding, of the rule and on the line that broke.
func TestBangArenaMutations(t *testing.T) {
	golden := baGolden(t)
	isType := func(typ string) func(m map[string]any) bool {
		return func(m map[string]any) bool { return m["type"] == typ }
	}
	suitOf := func(m map[string]any) string {
		c, _ := m["card"].(map[string]any)
		s, _ := c["suit"].(string)
		return s
	}
	tests := []struct {
		name string
		// mutate breaks lines and returns the 1-based line the finding is on.
		mutate func(t *testing.T, lines []map[string]any) ([]map[string]any, int)
		rule   string
		// field, when set, is the one field the message must name.
		field string
	}{
		{"wrong draw", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			i := baFind(t, l, func(m map[string]any) bool { return m["type"] == "draw" && m["reason"] == "draw" })
			cards := l[i]["cards"].([]any)
			c := cards[0].(map[string]any)
			if c["uid"] == "heal_all_01" {
				c["uid"], c["cardId"] = "miss_01", "miss"
			} else {
				c["uid"], c["cardId"] = "heal_all_01", "heal_all"
			}
			return l, i + 1
		}, "bangarena/3.draw-two", ""},
		{"jail check on a heart still skips", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			i := baFind(t, l, func(m map[string]any) bool {
				return m["type"] == "check" && m["kind"] == "jail" && suitOf(m) != "hearts"
			})
			l[i]["card"].(map[string]any)["suit"] = "hearts"
			return l, i + 1
		}, "bangarena/8.jail-check", "card"},
		{"dynamite explodes on a heart", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			i := baFind(t, l, func(m map[string]any) bool { return m["type"] == "check" && m["kind"] == "dynamite" })
			l[i]["card"].(map[string]any)["suit"] = "hearts"
			l[i]["result"] = "explode"
			return l, i + 1
		}, "bangarena/8.dynamite-check", ""},
		{"damage to the wrong seat", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			i := baFind(t, l, isType("damage"))
			l[i]["seat"] = float64((int(l[i]["seat"].(float64)) + 1) % 6)
			return l, i + 1
			// The sample's first damage is a Duel's: the Duel's rule
			// produced it (cause attribution, I-BA-V3).
		}, "bangarena/5.duel", "seat"},
		{"wrong winner", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			i := baFind(t, l, isType("game_over"))
			if l[i]["winnerTeam"] == "law" {
				l[i]["winnerTeam"] = "outlaws"
			} else {
				l[i]["winnerTeam"] = "law"
			}
			return l, i + 1
			// The winners are those of the §10 condition that held (its
			// cause); the order of evaluation is 10.win-order's.
		}, "bangarena/10.law-wins", "winnerTeam"},
		{"missing glory star", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			i := baFind(t, l, isType("glory_star"))
			l = append(l[:i:i], l[i+1:]...)
			baRenumber(l)
			return l, i + 1
		}, "bangarena/9.glory-star", ""},
		{"reordered turn", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			i := baFind(t, l, func(m map[string]any) bool { return m["type"] == "turn_start" && m["round"] == float64(2) })
			l[i], l[i-1] = l[i-1], l[i]
			baRenumber(l)
			return l, i
		}, "bangarena/3.turn-order", ""},
		{"decision not in the legal list", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			i := baFind(t, l, func(m map[string]any) bool { return m["type"] == "decision" && m["actionId"] == "end_play" })
			l[i]["actionId"] = "shot:shot_99:1"
			return l, i + 1
		}, "bangarena/1.legal-only", ""},
		{"decision left out", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			i := baFind(t, l, func(m map[string]any) bool {
				return m["type"] == "decision" && m["seq"].(float64) > 100 && m["actionId"] != "end_play"
			})
			return append(l[:i:i], l[i+1:]...), i + 1
		}, "bangarena/log.complete", ""},
		{"damage line left out", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			i := baFind(t, l, isType("damage"))
			return append(l[:i:i], l[i+1:]...), i + 1
			// The sample's first damage is a Duel's (cause attribution).
		}, "bangarena/5.duel", ""},
		{"line repeated", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			i := baFind(t, l, isType("heal"))
			return append(l[:i+1:i+1], l[i:]...), i + 2
		}, "bangarena/log.seq", ""},
		{"line out of seq", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			l[5]["seq"] = float64(99)
			l[6]["seq"] = float64(100)
			for k := 7; k < len(l); k++ {
				l[k]["seq"] = float64(k + 94)
			}
			return l, 6
		}, "bangarena/log.seq", ""},
		{"extra event after the end", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			l = append(l, map[string]any{"seq": float64(len(l) + 1), "type": "heal", "seat": float64(0), "amount": float64(1)})
			return l, len(l)
		}, "bangarena/log.complete", ""},
		{"truncated", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			i := baFind(t, l, isType("game_over"))
			return l[:i-3], i - 3
		}, "bangarena/log.complete", ""},
		{"not match_start first", func(t *testing.T, l []map[string]any) ([]map[string]any, int) {
			return l[1:], 1
		}, "bangarena/log.match-start", ""},
	}
	// The same mutations of a log of a server with a generator of its own
	// (the embedded server's other-chance dialect, testdata written by
	// harness/bangarena/server's TestOtherChanceGolden), verified without
	// its seed as `umpire verify` does: judged with the chance the log
	// shows. A drawn card the log changes is then another possible
	// outcome, not a divergence, until the card comes off the deck a
	// second time: that mutation draws a card already in a hand, a break
	// of the pack (§5) whatever the generator.
	shownRule := map[string]string{"wrong draw": "bangarena/5.deck"}
	for _, src := range []struct {
		name string
		log  []byte
	}{{"umpire", golden}, {"other-chance", baOtherChanceGolden(t)}} {
		for _, tc := range tests {
			t.Run(src.name+"/"+tc.name, func(t *testing.T) {
				lines := baLines(t, src.log)
				mutate, rule, opts := tc.mutate, tc.rule, BangArenaOptions{File: "m.jsonl"}
				shown := src.name != "umpire"
				if r, ok := shownRule[tc.name]; ok && shown {
					mutate, rule = baDrawHeld, r
				}
				lines, line := mutate(t, lines)
				log := baJoin(lines)
				if shown {
					opts.Shown = ShownIn(log)
				}
				fs, _ := baVerify(t, log, opts)
				fs = slices.DeleteFunc(fs, func(f rules.Finding) bool { return f.Rule == "bangarena/log.seed" && f.Level == rules.Info })
				if len(fs) != 1 || fs[0].Rule != rule || fs[0].Where.Line != line {
					t.Fatalf("have %d finding(s) %v; want one of %s on line %d", len(fs), fs, rule, line)
				}
				if tc.field != "" && !strings.Contains(fs[0].Message, "("+tc.field+")") {
					t.Fatalf("the message does not name the field %q: %s", tc.field, fs[0].Message)
				}
			})
		}
	}
}

// baOtherChanceGolden is the log of testdata/otherchance6.jsonl.
func baOtherChanceGolden(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "otherchance6.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// baDrawHeld makes the first draw of a turn show, as its first card, a
// card of seat 0's opening hand: a card that cannot come off the deck.
func baDrawHeld(t *testing.T, l []map[string]any) ([]map[string]any, int) {
	h := baFind(t, l, func(m map[string]any) bool { return m["type"] == "draw" && m["reason"] == "deal" })
	i := baFind(t, l, func(m map[string]any) bool { return m["type"] == "draw" && m["reason"] == "draw" })
	l[i]["cards"].([]any)[0] = l[h]["cards"].([]any)[0]
	return l, i + 1
}

// TestBangArenaUnfinished: a log cut before game_over is a finding, or
// with Unfinished one inconclusive check.
func TestBangArenaUnfinished(t *testing.T) {
	log := baGolden(t)
	cut := log[:bytes.Index(log, []byte(`"type":"game_over"`))]
	cut = cut[:bytes.LastIndexByte(cut[:len(cut)-1], '\n')+1]
	fs, _ := baVerify(t, cut, BangArenaOptions{})
	if len(fs) != 1 || fs[0].Rule != "bangarena/log.complete" {
		t.Fatalf("have %v", fs)
	}
	fs, sum := baVerify(t, cut, BangArenaOptions{Unfinished: true})
	if len(fs) != 0 || sum.Inconclusive != 1 || sum.Ended {
		t.Fatalf("have %v %+v", fs, sum)
	}
}

// TestBangArenaForeignShape: a log written with other field order, no
// engine-only "secret" marker and an unknown extra field verifies clean.
func TestBangArenaForeignShape(t *testing.T) {
	lines := baLines(t, baGolden(t))
	for _, m := range lines {
		delete(m, "secret")
		m["server"] = "other"
	}
	if fs, _ := baVerify(t, baJoin(lines), BangArenaOptions{}); len(fs) != 0 {
		t.Fatalf("findings: %v", fs)
	}
}

func TestBangArenaSeedUnknown(t *testing.T) {
	log := baSelfPlay(t, ba.Config{Seats: 4, MatchID: "m-1"}, "hidden", rand.New(rand.NewPCG(1, 1)))
	fs, sum := baVerify(t, log, BangArenaOptions{Seeds: []string{"other"}})
	if !sum.SeedUnknown || len(fs) != 1 || fs[0].Rule != "bangarena/log.seed" || fs[0].Level != rules.Info || sum.Must != 0 {
		t.Fatalf("have %v %+v", fs, sum)
	}
}

func TestBangArenaBadLines(t *testing.T) {
	tests := []struct {
		name, log, rule string
		line            int
	}{
		{"not json", "{oops\n", "bangarena/log.json", 1},
		{"no type", `{"seq":1}` + "\n", "bangarena/log.json", 1},
		{"empty", "", "bangarena/log.match-start", 1},
		{"too long", `{"seq":1,"type":"x","pad":"` + strings.Repeat("a", MaxLineBytes) + "\"}\n", "bangarena/log.line-length", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs, _ := baVerify(t, []byte(tc.log), BangArenaOptions{})
			if len(fs) == 0 || fs[0].Rule != tc.rule || fs[0].Where.Line != tc.line {
				t.Fatalf("have %v, want %s on line %d first", fs, tc.rule, tc.line)
			}
		})
	}
}

// TestBangArenaSelfPlayVerifiesClean: logs of random matches in every mode
// and seat count verify with no finding, the seed found from the matchId.
func TestBangArenaSelfPlayVerifiesClean(t *testing.T) {
	t.Parallel()
	n := 300
	if testing.Short() {
		n = 40
	}
	modes := []string{ba.ModeClassic, ba.ModePartners, ba.ModeImpostor, ba.ModeLegacy}
	for i := range n {
		seed := fmt.Sprintf("selfplay/%d", i)
		cfg := ba.Config{Seats: 4 + i%5, RoleMode: modes[i%4], StagedCharacters: i%3 == 0, MatchID: seed}
		log := baSelfPlay(t, cfg, seed, rand.New(rand.NewPCG(uint64(i), 7)))
		fs, sum := baVerify(t, log, BangArenaOptions{})
		if len(fs) != 0 || !sum.Ended || sum.SeedUnknown {
			t.Fatalf("seed %q: %v %+v", seed, fs, sum)
		}
	}
}

// TestBangArenaSimulateSeeds: a matchId "sim-…-0007" and --seed S find the
// match seed "S/7".
func TestBangArenaSimulateSeeds(t *testing.T) {
	cfg := ba.Config{Seats: 4, MatchID: "sim-run-0007"}
	log := baSelfPlay(t, cfg, "run/7", rand.New(rand.NewPCG(1, 2)))
	if fs, sum := baVerify(t, log, BangArenaOptions{Seeds: []string{"run"}}); len(fs) != 0 || sum.SeedUnknown {
		t.Fatalf("%v %+v", fs, sum)
	}
}

// maxFuzzData caps the fuzzed bytes of FuzzBangArenaLog: one log line or
// a short log. Longer inputs add no coverage, and the engine minimizes
// every input that finds some, a re-simulation per attempt: with whole logs
// as inputs it managed a few execs a second.
const maxFuzzData = 1 << 10

// fuzzLogLines is how much of the valid log FuzzBangArenaLog mutates: the
// deal, the first turns and decisions, every kind of line.
const fuzzLogLines = 100

// FuzzBangArenaLog verifies arbitrary bytes as a log, and the first
// fuzzLogLines lines of a valid log (an unfinished log) with one line
// dropped, duplicated or replaced by the fuzzed bytes. The log and the rule
// catalogue are built once, outside the inputs (building the catalogue per
// finding was most of an exec's time).
func FuzzBangArenaLog(f *testing.F) {
	g, _ := ba.NewGame(ba.Config{Seats: 4, MatchID: "fz"}, "fz")
	r := rand.New(rand.NewPCG(3, 3))
	for !g.Over() {
		g.PlayRandom(r)
	}
	lines := bytes.Split(ba.EncodeLog(g.Log()), []byte("\n"))
	log := bytes.Join(lines[:fuzzLogLines], []byte("\n"))
	cat := rules.Default()
	f.Add(lines[0], uint16(0), uint8(2))
	f.Add(lines[40], uint16(41), uint8(2))
	f.Add([]byte(""), uint16(60), uint8(0))
	f.Add([]byte("{oops\n"), uint16(1), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, at uint16, how uint8) {
		if len(data) > maxFuzzData {
			t.Skip("longer than maxFuzzData")
		}
		ins := [][]byte{data}
		// A line that is not JSON replacing one of the log is a finding
		// of its own and then the same re-simulation for every such
		// line: the bytes alone cover it.
		if how%3 != 2 || json.Valid(data) {
			ins = append(ins, baMutateLog(log, int(at), how, data))
		}
		for _, in := range ins {
			var fs []rules.Finding
			sum, err := VerifyBangArenaReader(context.Background(), bytes.NewReader(in), BangArenaOptions{Seeds: []string{"fz"}, Unfinished: true}, func(f rules.Finding) { fs = append(fs, f) })
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range fs {
				if _, ok := cat.Lookup(f.Rule); !ok {
					t.Fatalf("finding cites unknown rule %q", f.Rule)
				}
			}
			if sum.Must+sum.Should+sum.Info != len(fs) {
				t.Fatalf("summary counts %+v for %d findings", sum, len(fs))
			}
		}
	})
}

// baMutateLog drops, duplicates or replaces line at of log.
func baMutateLog(log []byte, at int, how uint8, data []byte) []byte {
	lines := bytes.Split(log, []byte("\n"))
	at %= len(lines)
	switch how % 3 {
	case 0:
		lines = append(lines[:at:at], lines[at+1:]...)
	case 1:
		lines = append(lines[:at+1:at+1], lines[at:]...)
	default:
		lines[at] = data
	}
	return bytes.Join(lines, []byte("\n"))
}

// BenchmarkVerifyBangArena times the verification of the golden log
// (re-simulation included) and reports lines per second.
func BenchmarkVerifyBangArena(b *testing.B) {
	log, err := os.ReadFile(filepath.Join("testdata", "classic6.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	lines := bytes.Count(log, []byte("\n"))
	b.SetBytes(int64(len(log)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		sum, err := VerifyBangArenaReader(context.Background(), bytes.NewReader(log), BangArenaOptions{}, nil)
		if err != nil || sum.Must != 0 {
			b.Fatalf("%v %+v", err, sum)
		}
		n++
	}
	b.ReportMetric(float64(n*lines)/b.Elapsed().Seconds(), "lines/s")
}

// BenchmarkVerifyBangArenaShown is BenchmarkVerifyBangArena as umpire
// verify and the suite's room-log check now judge a log: with the chance it
// shows (ShownIn, the log decoded once more), its seed checking the
// commitment alone.
func BenchmarkVerifyBangArenaShown(b *testing.B) {
	log, err := os.ReadFile(filepath.Join("testdata", "classic6.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	lines := bytes.Count(log, []byte("\n"))
	b.SetBytes(int64(len(log)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		sum, err := VerifyBangArenaReader(context.Background(), bytes.NewReader(log), BangArenaOptions{Shown: ShownIn(log)}, nil)
		if err != nil || sum.Must != 0 || !sum.ChanceShown {
			b.Fatalf("%v %+v", err, sum)
		}
		n++
	}
	b.ReportMetric(float64(n*lines)/b.Elapsed().Seconds(), "lines/s")
}
