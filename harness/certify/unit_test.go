package certify

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/agent"
	"github.com/umpire-arena/umpire/harness/shard"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

func TestPlan(t *testing.T) {
	c, err := Config{Game: GameInference, Agent: Agent{Command: "a"}, Matches: 5, Seed: "s", Seats: 3, Adversaries: []string{"random", "passive"}}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	want := []Planned{{0, "s/0", 0, "random"}, {1, "s/1", 1, "passive"}, {2, "s/2", 2, "random"}, {3, "s/3", 0, "passive"}, {4, "s/4", 1, "random"}}
	have := c.plan()
	if fmt.Sprint(have) != fmt.Sprint(want) {
		t.Errorf("plan:\nhave %v\nwant %v", have, want)
	}
	two, _ := shard.Select(have, 2, 2)
	if fmt.Sprint(two) != fmt.Sprint([]Planned{want[1], want[3]}) {
		t.Errorf("shard 2/2: have %v", two)
	}
}

func TestConfigErrors(t *testing.T) {
	base := Config{Game: GameInference, Agent: Agent{Command: "a"}}
	tests := []struct {
		name string
		edit func(*Config)
	}{
		{"no agent", func(c *Config) { c.Agent = Agent{} }},
		{"two agents", func(c *Config) { c.Agent.URL = "http://x" }},
		{"unknown game", func(c *Config) { c.Game = "chess" }},
		{"negative matches", func(c *Config) { c.Matches = -1 }},
		{"inference seats", func(c *Config) { c.Seats = 9 }},
		{"bangarena seats", func(c *Config) { c.Game, c.Seats = GameBangArena, 3 }},
		{"role mode", func(c *Config) { c.Game, c.Mode = GameBangArena, "chaos" }},
		{"inference mode", func(c *Config) { c.Mode = "classic" }},
		{"adversary", func(c *Config) { c.Adversaries = []string{"shark"} }},
		{"bangarena adversary", func(c *Config) { c.Game, c.Adversaries = GameBangArena, []string{"aggressive"} }},
		{"shard", func(c *Config) { c.Shard = shard.Shard{K: 3, N: 2} }},
		{"early stop with shard", func(c *Config) { c.Shard, c.UntilConfident = shard.Shard{K: 1, N: 2}, true }},
		{"tiny deadline", func(c *Config) { c.Deadline = 1 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := base
			tc.edit(&c)
			_, err := Run(context.Background(), c)
			if !errors.Is(err, ErrConfig) || !IsConfigError(err) {
				t.Errorf("Run: have %v, want an ErrConfig", err)
			}
		})
	}
}

func TestDecide(t *testing.T) {
	mk := func(wins, losses, harness int) []*MatchResult {
		var out []*MatchResult
		for i := 0; i < wins+losses+harness; i++ {
			m := &MatchResult{}
			switch {
			case i < wins:
				m.Match.Won, m.Match.Termination = true, reports.TermOK
			case i < wins+losses:
				m.Match.Termination = reports.TermOK
			default:
				m.Match.Termination = reports.TermHarness
			}
			out = append(out, m)
		}
		return out
	}
	tests := []struct {
		name                 string
		wins, losses, broken int
		seats, min           int
		want                 string // "", "better", "worse"
	}{
		{"too few matches", 9, 0, 0, 6, 10, ""},
		{"always wins", 10, 0, 0, 6, 10, "better"},
		{"never wins", 0, 30, 0, 6, 10, "worse"},
		{"chance level", 5, 25, 0, 6, 10, ""},
		{"harness errors do not count", 9, 0, 5, 6, 10, ""},
		{"half at a 3-seat table is undecided", 10, 10, 0, 3, 10, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := decide(mk(tc.wins, tc.losses, tc.broken), tc.seats, tc.min)
			have := ""
			if d != nil {
				have = "worse"
				if d.Better {
					have = "better"
				}
				if d.Matches != tc.wins+tc.losses+tc.broken || d.Null != 1/float64(tc.seats) {
					t.Errorf("decision %+v", d)
				}
			}
			if have != tc.want {
				t.Errorf("have %q, want %q (%v)", have, tc.want, d)
			}
		})
	}
}

// TestUntilConfident: an agent that wins every match at a 3-seat table
// against passive players stops at the first prefix that decides it.
func TestUntilConfident(t *testing.T) {
	cfg := small(GameInference, bin.agent, 40)
	cfg.Adversaries, cfg.UntilConfident, cfg.MinConfident, cfg.Deadline = []string{"passive"}, true, 5, 0
	r := certify(t, cfg)
	if len(r.Matches) >= 40 || len(r.Matches) < 5 {
		t.Fatalf("want an early stop after 5 to 39 matches, have %d", len(r.Matches))
	}
	if len(r.Meta.Seeds) != len(r.Matches) || len(r.Warnings) == 0 {
		t.Errorf("seeds %d, warnings %v", len(r.Meta.Seeds), r.Warnings)
	}
	wins := 0
	for _, m := range r.Matches {
		if m.Won {
			wins++
		}
	}
	if reports.Wilson(wins, len(r.Matches)).Lo <= 1.0/3 {
		t.Errorf("stopped with %d wins of %d, which does not decide the claim", wins, len(r.Matches))
	}
}

// FuzzAnswer feeds arbitrary agent answers to the parts of certify that
// read them (each game's driver fuzzes its own key): they must never panic.
func FuzzAnswer(f *testing.F) {
	for _, s := range []string{`{"type":"move","turn":1,"action":"raise","amount":3}`, `{"seat":1,"actionId":"end_play","commandId":"c","observationVersion":2}`, `[]`, `{"turn":1e999}`, "\x00"} {
		f.Add([]byte(s))
	}
	legal := []ref.LegalAction{{Action: "fold"}, {Action: "raise", Min: 1, Max: 5}}
	f.Fuzz(func(t *testing.T, b []byte) {
		if m, err := wire.ReadMove(b); err == nil {
			_ = ref.NotOffered(legal, wire.Text(m.Action), m.Amount)
		}
		_ = trim(b)
	})
}

// TestRunBudget: a run cut short by its budget is an error (exit 3), never
// a pass, and what it played is still reported.
func TestRunBudget(t *testing.T) {
	cfg := small(GameInference, bin.broken+" -mode hang", 4)
	cfg.Workers, cfg.RunBudget = 1, 300*time.Millisecond
	r := certify(t, cfg)
	if code := r.ExitCode(); code != reports.ExitError {
		t.Errorf("exit code: have %d, want %d (warnings %v)", code, reports.ExitError, r.Warnings)
	}
	if len(r.Matches) >= 4 {
		t.Errorf("have %d matches, want fewer than 4", len(r.Matches))
	}
}

// TestJudgeLogBounded: a run keeps only the latest messages of a match (a
// finding carries the last window of them), a replay keeps them all.
func TestJudgeLogBounded(t *testing.T) {
	cat := rules.Default()
	for _, keepAll := range []bool{false, true} {
		j := newJudge(cat, GameInference, "s", 0)
		j.keepAll = keepAll
		at := time.Unix(0, 0)
		for i := range 1000 {
			j.sent(at, []byte(fmt.Sprintf(`{"n":%d}`, i)))
		}
		j.Fail(CheckLegal, rules.Where{}, "x", "y", "z")
		f := j.findings[CheckLegal]
		if len(f) != 1 || len(f[0].Transcript) != window {
			t.Fatalf("keepAll=%v: the finding carries %d messages, want %d", keepAll, len(f[0].Transcript), window)
		}
		if got := string(f[0].Transcript[window-1].Body); got != `{"n":999}` {
			t.Errorf("keepAll=%v: the finding's last message is %s, want the last sent", keepAll, got)
		}
		if keepAll && len(j.transcript()) != 1000 {
			t.Errorf("a replay kept %d messages, want 1000", len(j.transcript()))
		}
		if !keepAll && len(j.log) >= 4*window {
			t.Errorf("a run kept %d messages, want fewer than %d", len(j.log), 4*window)
		}
	}
}

// TestStartSlots: no more agents start at once than there are slots; a
// release (idempotent) lets the next one in; a run that ends frees the
// waiter without a slot.
func TestStartSlots(t *testing.T) {
	r := &runner{starts: make(chan struct{}, 2)}
	ctx := context.Background()
	a, ok1 := r.startSlot(ctx)
	_, ok2 := r.startSlot(ctx)
	if !ok1 || !ok2 {
		t.Fatal("the first two starts did not get a slot")
	}
	got := make(chan bool)
	go func() {
		_, ok := r.startSlot(ctx)
		got <- ok
	}()
	select {
	case <-got:
		t.Fatal("a third start got a slot while two were held")
	case <-time.After(50 * time.Millisecond):
	}
	a()
	a() // a second release frees nothing more
	if ok := <-got; !ok {
		t.Fatal("the waiting start did not get the released slot")
	}
	if len(r.starts) != 2 {
		t.Fatalf("%d slots held, want 2", len(r.starts))
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, ok := r.startSlot(cctx); ok {
		t.Error("a start got a slot after its run ended")
	}
}

// TestMemoryWarning: a run whose agent processes could not get the memory
// limit asked for says so in its report, with the reason; no limit asked
// for, or no process (an agent behind a URL), says nothing.
func TestMemoryWarning(t *testing.T) {
	_, why := agent.MemorySupport()
	for _, c := range []struct {
		name string
		cfg  Config
		want bool // a warning when the system cannot apply the limit
	}{
		{"command", Config{Agent: Agent{Command: "bot"}}, true},
		{"connect baseline", Config{Agent: Agent{URL: "http://x"}, Baseline: Agent{Connect: "bot"}}, true},
		{"url", Config{Agent: Agent{URL: "http://x"}}, false},
		{"no limit", Config{Agent: Agent{Command: "bot"}, AgentMemory: -1}, false},
	} {
		got := MemoryWarning(c.cfg)
		switch {
		case c.want && why != nil && !strings.Contains(got, why.Error()):
			t.Errorf("%s: warning %q, want the reason %q", c.name, got, why)
		case (!c.want || why == nil) && got != "":
			t.Errorf("%s: warning %q, want none (system: %v)", c.name, got, why)
		}
	}
}

// TestDefaultRunBudget: a run that gives no budget gets one derived from
// what it asks — its matches in waves of Workers, each its whole watchdog
// and exit grace, plus two minutes — so a run of many matches is never cut
// by default; 0 stays no budget.
func TestDefaultRunBudget(t *testing.T) {
	cfg := small(GameInference, bin.broken, 10)
	cfg.Workers, cfg.RunBudget = 4, RunBudgetAuto
	c, err := cfg.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if want := 3*(c.MatchBudget+c.ExitGrace) + 2*time.Minute; c.RunBudget != want {
		t.Errorf("run budget %v, want %v", c.RunBudget, want)
	}
	cfg.Matches = 1000
	if c, _ := cfg.withDefaults(); c.RunBudget < 250*c.MatchBudget {
		t.Errorf("1000 matches on 4 workers get %v, under 250 watchdogs of %v", c.RunBudget, c.MatchBudget)
	}
	cfg.RunBudget = 0
	if c, _ := cfg.withDefaults(); c.RunBudget != 0 {
		t.Errorf("a run budget of 0 became %v, want none", c.RunBudget)
	}
}
