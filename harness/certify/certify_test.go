package certify

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// small is a configuration with few short matches for tests.
func small(game, command string, matches int) Config {
	seats := 3
	if game == GameBangArena {
		seats = 4
	}
	return Config{Game: game, Agent: Agent{Command: command}, Matches: matches, Seed: "t", Seats: seats, Rounds: 3,
		Deadline: 400 * time.Millisecond, ExitGrace: 500 * time.Millisecond, MaxDecisions: 400}
}

// failed lists the failing checks of a report by name, with their rules.
func failed(r *reports.Report) map[string][]string {
	out := map[string][]string{}
	for _, c := range r.Checks {
		if c.Status == reports.Fail || c.Status == reports.Error {
			for _, f := range c.Findings {
				out[c.Name] = append(out[c.Name], f.Rule)
			}
			if len(c.Findings) == 0 {
				out[c.Name] = append(out[c.Name], c.Reason)
			}
		}
	}
	return out
}

func certify(t *testing.T, cfg Config) *reports.Report {
	t.Helper()
	r, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return r
}

// TestBrokenAgents runs each mode of the broken example agent, and each
// misbehaviour of the fake agent, through both games: each gets exactly its
// termination code and a failing check citing its rule.
func TestBrokenAgents(t *testing.T) {
	type want struct {
		term  reports.Termination
		check string
		rule  string
	}
	tests := []struct {
		name    string
		command string
		inf, ba want
	}{
		{"illegal", bin.broken + " -mode illegal",
			want{reports.TermIllegal, CheckLegal, "inference/agent.legal-answer"}, want{reports.TermIllegal, CheckLegal, "bangarena/agent.legal-answer"}},
		{"illegal no recovery", bin.broken + " -mode illegal",
			want{reports.TermIllegal, CheckRecover, "inference/agent.recover-after-error"}, want{reports.TermIllegal, CheckRecover, "bangarena/agent.recover-after-reask"}},
		{"crash", bin.broken + " -mode crash",
			want{reports.TermCrash, CheckNoCrash, "inference/agent.no-crash"}, want{reports.TermCrash, CheckNoCrash, "bangarena/agent.no-crash"}},
		{"garbage", bin.broken + " -mode garbage",
			want{reports.TermMalformed, CheckHygiene, "inference/agent.hygiene"}, want{reports.TermMalformed, CheckHygiene, "bangarena/agent.hygiene"}},
		{"flood", bin.broken + " -mode flood",
			want{reports.TermMalformed, CheckHygiene, "inference/agent.hygiene"}, want{reports.TermMalformed, CheckHygiene, "bangarena/agent.hygiene"}},
		// A line over the cap is skipped in bounded memory as it comes; no
		// answer follows before the deadline: a document rule, failing the
		// run unstrict.
		{"a 1 GiB line", `read x; head -c 1073741824 /dev/zero | tr '\0' a; sleep 30`,
			want{reports.TermMalformed, CheckDeadline, "inference/agent.answer-in-time"}, want{reports.TermMalformed, CheckDeadline, "bangarena/agent.answer-in-time"}},
		{"endless output without a line ending", `read x; tr '\0' a </dev/zero`,
			want{reports.TermMalformed, CheckDeadline, "inference/agent.answer-in-time"}, want{reports.TermMalformed, CheckDeadline, "bangarena/agent.answer-in-time"}},
		{"hang", bin.broken + " -mode hang",
			want{reports.TermHang, CheckNoHang, "inference/agent.no-hang"}, want{reports.TermHang, CheckNoHang, "bangarena/agent.no-hang"}},
		{"silent-exit", bin.broken + " -mode silent-exit",
			want{reports.TermDisconnect, CheckNoCrash, "inference/agent.no-crash"}, want{reports.TermDisconnect, CheckNoCrash, "bangarena/agent.no-crash"}},
		{"slow", bin.broken + " -mode slow -delay 2500ms",
			want{reports.TermTimeout, CheckDeadline, "inference/agent.answer-in-time"}, want{reports.TermTimeout, CheckDeadline, "bangarena/agent.answer-in-time"}},
		{"chatty", fakeCommand("chatty"),
			want{"", CheckOnlyAsked, "inference/agent.only-when-asked"}, want{"", CheckOnlyAsked, "bangarena/agent.only-when-asked"}},
		{"bad echo", fakeCommand("badecho"),
			want{"", CheckEcho, "inference/agent.turn-echo"}, want{"", CheckEcho, "bangarena/agent.version-echo"}},
		{"long message", fakeCommand("longmsg"),
			want{"", CheckMessageLen, "inference/agent.message-length"}, want{}},
		{"same commandId", fakeCommand("samecmd"),
			want{}, want{"", CheckCommandIDs, "bangarena/agent.command-id-unique"}},
		{"no exit", fakeCommand("noexit"),
			want{reports.TermOK, CheckExit, "inference/agent.exit-after-end"}, want{reports.TermOK, CheckExit, "bangarena/agent.exit-after-end"}},
		{"setsid survivor", daemonThen(t, bin.agent),
			want{reports.TermOK, CheckSurvivors, "inference/agent.no-survivors"}, want{reports.TermOK, CheckSurvivors, "bangarena/agent.no-survivors"}},
		{"exit on server error", fakeCommand("errexit"),
			want{reports.TermDisconnect, CheckServerError, "inference/agent.survives-server-error"}, want{reports.TermDisconnect, CheckServerError, "bangarena/agent.survives-server-error"}},
	}
	for _, tc := range tests {
		for _, game := range []string{GameInference, GameBangArena} {
			w := tc.inf
			if game == GameBangArena {
				w = tc.ba
			}
			if w.check == "" {
				continue
			}
			t.Run(game+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				cfg := small(game, tc.command, 1)
				// The fake agent is this test binary, slow to start under
				// the race detector; its first answer must not be late.
				cfg.Deadline = time.Second
				if strings.Contains(tc.command, fakeEnv) {
					cfg.Deadline = 3 * time.Second
					switch tc.name {
					case "chatty":
						// The chatty agent needs several turns to show.
					case "exit on server error":
						// The error comes after the agent's first answer
						// (I-INF-C1): it needs a second turn.
						cfg.Rounds, cfg.MaxTimeouts = 3, 1
					default:
						// Short matches keep the generous deadline cheap.
						cfg.Rounds, cfg.MaxTimeouts = 1, 1
					}
				}
				// A rule on umpire's pin (CLI.md, WIRE.md) is SHOULD by
				// default: judged strictly, it must fail the run.
				if ru, ok := rules.Default().Lookup(w.rule); ok && !ru.Basis.Binding() {
					cfg.Strict = true
				}
				r := certify(t, cfg)
				if len(r.Matches) != 1 {
					t.Fatalf("have %d matches, want 1", len(r.Matches))
				}
				if w.term != "" && r.Matches[0].Termination != w.term {
					t.Errorf("termination: have %s, want %s (failing checks %v)", r.Matches[0].Termination, w.term, failed(r))
				}
				cited := failed(r)[w.check]
				if se := failed(r)[CheckServerError]; w.check != CheckServerError && len(se) > 0 {
					t.Errorf("check %s: an agent broken otherwise is charged with not surviving a server error: %v", CheckServerError, se)
				}
				if len(cited) == 0 || cited[0] != w.rule {
					t.Errorf("check %s: have findings %v, want one citing %s (all failing: %v)", w.check, cited, w.rule, failed(r))
				}
				if code := r.ExitCode(); !strings.HasSuffix(w.rule, "/agent.exit-after-end") && code != reports.ExitFail {
					t.Errorf("exit code: have %d, want %d", code, reports.ExitFail)
				}
			})
		}
	}
}

// TestRecoveryPasses: an agent that answers illegally once and legally
// after the reask passes the recovery check (and fails only legality).
func TestRecoveryPasses(t *testing.T) {
	for _, game := range []string{GameInference, GameBangArena} {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			cfg := small(game, fakeCommand("recover"), 1)
			cfg.Deadline = 3 * time.Second
			r := certify(t, cfg)
			st := status(r, CheckRecover)
			if st != reports.Pass {
				t.Errorf("recovery check: have %s, want pass (failing %v)", st, failed(r))
			}
			if status(r, CheckLegal) != reports.Fail {
				t.Errorf("legality check: have %s, want fail", status(r, CheckLegal))
			}
		})
	}
}

// status is the worst status of the checks named name.
func status(r *reports.Report, name string) reports.Status {
	s := reports.Disabled
	for _, c := range r.Checks {
		if c.Name == name {
			s = reports.Worst(s, c.Status)
		}
	}
	return s
}

// TestGoodAgents: the Go and Python example agents pass in both games, over
// every transport the Go agent speaks.
func TestGoodAgents(t *testing.T) {
	py := filepath.Join("..", "..", "examples", "agents", "python", "agent.py")
	tests := []struct {
		name  string
		agent Agent
		needs string
	}{
		{"go", Agent{Command: bin.agent + " -seed 3"}, ""},
		{"python", Agent{Command: "python3 " + py}, "python3"},
		{"go-connect", Agent{Connect: bin.agent + " -connect"}, ""},
	}
	for _, tc := range tests {
		for _, game := range []string{GameInference, GameBangArena} {
			t.Run(game+"/"+tc.name, func(t *testing.T) {
				if tc.needs == "python3" && bin.python == "" {
					t.Skip("python3 is not installed")
				}
				t.Parallel()
				cfg := small(game, "", 2)
				// Generous: a Python interpreter can take seconds to start
				// on a loaded machine, and its first answer waits for it.
				cfg.Agent, cfg.Deadline = tc.agent, 15*time.Second
				r := certify(t, cfg)
				if code := r.ExitCode(); code != reports.ExitOK {
					t.Errorf("exit code: have %d, want 0 (failing %v)", code, failed(r))
				}
				for _, m := range r.Matches {
					if m.Termination != reports.TermOK {
						t.Errorf("match %s: termination %s, want ok", m.Seed, m.Termination)
					}
				}
				if len(r.Matches) != 2 || r.Matches[0].Seat == r.Matches[1].Seat {
					t.Errorf("want 2 matches in rotating seats, have %+v", r.Matches)
				}
				if tc.agent.Command != "" && status(r, CheckLegal) != reports.Pass {
					t.Errorf("legality check: have %s, want pass", status(r, CheckLegal))
				}
				if tc.agent.Command != "" && status(r, CheckServerError) != reports.Pass {
					t.Errorf("server-error check: have %s, want pass", status(r, CheckServerError))
				}
			})
		}
	}
}

// TestHTTPAgent: the Go agent served over HTTP passes.
func TestHTTPAgent(t *testing.T) {
	for _, game := range []string{GameInference, GameBangArena} {
		t.Run(game, func(t *testing.T) {
			url := startHTTPAgent(t)
			cfg := small(game, "", 2)
			cfg.Agent, cfg.Deadline = Agent{URL: url}, 5*time.Second
			r := certify(t, cfg)
			if code := r.ExitCode(); code != reports.ExitOK {
				t.Errorf("exit code: have %d, want 0 (failing %v)", code, failed(r))
			}
			if status(r, CheckLegal) != reports.Pass || status(r, CheckDeadline) != reports.Pass {
				t.Errorf("legal %s, deadline %s: want both pass", status(r, CheckLegal), status(r, CheckDeadline))
			}
		})
	}
}

// TestNoLeftovers: after runs of misbehaving agents no goroutine and no
// child process is left.
func TestNoLeftovers(t *testing.T) {
	before := runtime.NumGoroutine()
	for _, cmd := range []string{bin.broken + " -mode hang", bin.broken + " -mode flood", bin.agent} {
		certify(t, small(GameInference, cmd, 2))
		certify(t, small(GameBangArena, cmd, 1))
		kept := small(GameInference, cmd, 3)
		kept.Keep, kept.Workers = true, 2
		certify(t, kept)
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("goroutines: %d before, %d after\n%s", before, n, buf[:runtime.Stack(buf, true)])
	}
	if kids := children(t); len(kids) > 0 {
		t.Errorf("child processes left: %v", kids)
	}
}

// children lists the processes whose parent is this process (from /proc).
func children(t *testing.T) []string {
	t.Helper()
	stats, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil || len(stats) == 0 {
		t.Skip("no /proc to inspect")
	}
	self := strconv.Itoa(os.Getpid())
	var out []string
	for _, p := range stats {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		// pid (comm) state ppid …; comm may hold spaces, so cut at ')'.
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) > 1 && f[1] == self {
			out = append(out, strings.TrimSpace(s[:i+1]))
		}
	}
	return out
}

// TestShardMerge: two shards merged equal one unsharded run, modulo timings.
func TestShardMerge(t *testing.T) {
	cfg := small(GameInference, bin.agent+" -seed 5", 5)
	cfg.Deadline = 5 * time.Second
	whole := certify(t, cfg)
	var parts []*reports.Report
	for k := 1; k <= 2; k++ {
		c := cfg
		c.Shard.K, c.Shard.N = k, 2
		parts = append(parts, certify(t, c))
	}
	if parts[0].Meta.Shard == nil || len(parts[0].Meta.Shard.Seeds) != 3 || len(parts[0].Meta.Seeds) != 5 {
		t.Fatalf("shard 1/2 meta: %+v", parts[0].Meta)
	}
	merged, err := reports.Merge(parts...)
	if err != nil {
		t.Fatalf("Merge: %v", err)
	}
	if have, want := comparable(merged), comparable(whole); have != want {
		t.Errorf("merged shards differ from the unsharded run:\nhave %s\nwant %s", have, want)
	}
}

// comparable renders the timing-free part of a report.
func comparable(r *reports.Report) string {
	var b strings.Builder
	for _, c := range r.Checks {
		b.WriteString(c.Seed + " " + c.Name + " " + c.Status.String() + " " + c.Reason + ";")
		for _, f := range c.Findings {
			b.WriteString(" " + f.Rule + " " + f.Message)
		}
		b.WriteString("\n")
	}
	for _, m := range r.Matches {
		b.WriteString(m.Seed + " " + m.Adversary + " " + strconv.Itoa(m.Seat) + " " + string(m.Termination) + " " +
			strconv.Itoa(m.Rank) + " " + strconv.FormatFloat(m.Score, 'f', -1, 64) + " " + strconv.Itoa(len(m.Latencies)) + "\n")
	}
	b.WriteString(strings.Join(r.Meta.Seeds, ","))
	return b.String()
}

// TestDeadAgentCostsNoWaiting: once the agent's process is gone, the rest
// of the match is played on the seat's default action at once (I-INF-C5;
// BangArena's fallback answers, I-BA-C3): a crashing agent's matches do not
// wait out a deadline per turn.
func TestDeadAgentCostsNoWaiting(t *testing.T) {
	for _, game := range []string{GameInference, GameBangArena} {
		t.Run(game, func(t *testing.T) {
			cfg := small(game, bin.broken+" -mode crash", 2)
			cfg.Rounds, cfg.Deadline = 10, 3*time.Second
			start := time.Now()
			r := certify(t, cfg)
			took := time.Since(start)
			for _, m := range r.Matches {
				if m.Termination != reports.TermCrash || m.Rank == 0 {
					t.Errorf("match %s: termination %s rank %d, want crash and a real rank", m.Seed, m.Termination, m.Rank)
				}
			}
			// Waiting out the deadlines would take at least one deadline per
			// match (3 s each); the matches are over in a fraction of one.
			if took > 3*time.Second {
				t.Errorf("two matches of a crashed agent took %v", took)
			}
		})
	}
}

// TestMaxFailures: the run stops once that many matches failed, and says so.
func TestMaxFailures(t *testing.T) {
	cfg := small(GameInference, bin.broken+" -mode crash", 10)
	cfg.MaxFailures, cfg.Workers = 2, 1
	r := certify(t, cfg)
	if len(r.Matches) != 2 || r.ExitCode() != reports.ExitFail {
		t.Fatalf("played %d matches, exit %d; want 2 and 1", len(r.Matches), r.ExitCode())
	}
	said := false
	for _, w := range r.Warnings {
		said = said || strings.Contains(w, "stopped after 2 failing matches")
	}
	if !said {
		t.Errorf("warnings %q lack the stop", r.Warnings)
	}
	cfg.MaxFailures = 0
	if r := certify(t, cfg); len(r.Matches) != 10 {
		t.Errorf("without --max-failures: %d matches, want 10", len(r.Matches))
	}
}
