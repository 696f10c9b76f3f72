package proxytest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/game"
	"github.com/umpire-arena/umpire/harness/proxy"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// Game is one game's part of a Rig and of the relay's benchmarks, given
// by the game's tests (harness/<game>/proxyside/proxysidetest) and handed
// to the registry (harness/game) there; Games lists them.
type Game struct {
	// Name is the game's registered name.
	Name string
	// Seats is the table size of the tests' matches.
	Seats int
	// Create makes a match or room on the server at base, directly, with
	// client, with the agent seats of s (the others are scripted).
	Create func(ctx context.Context, client *http.Client, base string, s Spec) (Match, error)
	// Env is the game's part of the environment of a connect-mode agent
	// playing seat of m (beyond UMPIRE_URL, UMPIRE_GAME, UMPIRE_SEAT and
	// UMPIRE_TOKEN, which the Rig sets).
	Env func(m Match, seat int) []string
	// Agent is the example agent that plays the game in connect mode:
	// a folder of examples/agents that Main builds ("goagent").
	Agent string
	// Seat plays seat of m against base in-process, with client and a
	// simple player seeded by seed, and returns the decisions it made and
	// the round-trip time of each of its exchanges (the benchmarks).
	Seat func(ctx context.Context, client *http.Client, base string, m Match, seat int, seed string) (int, []time.Duration, error)
	// LogURL is where the server at base offers m's log.
	LogURL func(base string, m Match) string
	// LogCheck is the name of the relay's check of that log.
	LogCheck string
}

// Games lists the registered games' parts, in the registry's order.
func Games() []Game { return game.Parts[Game]() }

// Spec is the match a test asks for.
type Spec struct {
	Seed       string
	Seats      int
	Agents     []int
	DeadlineMS int
	// Long asks for a long match: enough decisions that a match is mostly
	// relayed decisions, not its connections' setup (the benchmarks).
	Long bool
}

// Match is a match or room made on the server and the tokens of its agent
// seats.
type Match struct {
	ID     string
	Tokens map[int]string
}

// Rig is an embedded server with the relay in front of it.
type Rig struct {
	T      testing.TB
	Game   Game
	Server *conform.Embedded
	Relay  *proxy.Proxy
	Front  *httptest.Server
}

// New starts the embedded server of g with faults on and the relay in
// front of it; the test's cleanup stops both.
func New(t testing.TB, g Game, faults ...string) *Rig {
	t.Helper()
	return NewDialects(t, g, faults, nil)
}

// NewDialects is New with the embedded server's dialects switched on.
func NewDialects(t testing.TB, g Game, faults, dialects []string) *Rig {
	t.Helper()
	srv, err := conform.StartEmbeddedDialects(g.Name, faults, dialects)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return Front(t, g, srv, proxy.Options{Target: srv.URL, LogTimeout: 10 * time.Second, JudgeShare: BenchShare()})
}

// Front puts a relay with opts (its Game set to g's) in front of srv,
// which the caller started (opts.Target may reach it another way); the
// test's cleanup stops the relay.
func Front(t testing.TB, g Game, srv *conform.Embedded, opts proxy.Options) *Rig {
	t.Helper()
	opts.Game = g.Name
	p, err := proxy.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	front := httptest.NewServer(p)
	t.Cleanup(func() {
		front.Close()
		if err := p.Close(); err != nil {
			t.Error(err)
		}
	})
	return &Rig{T: t, Game: g, Server: srv, Relay: p, Front: front}
}

// Create makes a match or room on the server directly, with the given
// agent seats; the others are scripted.
func (r *Rig) Create(seed string, seats int, agents []int, deadlineMS int) Match {
	r.T.Helper()
	m, err := r.Game.Create(context.Background(), http.DefaultClient, r.Server.URL, Spec{Seed: seed, Seats: seats, Agents: agents, DeadlineMS: deadlineMS})
	if err != nil {
		r.T.Fatalf("create: %v", err)
	}
	return m
}

// Env is the environment of a connect-mode agent playing seat of m
// against base (the relay or the server).
func (r *Rig) Env(base string, m Match, seat int) []string {
	env := append(os.Environ(), "UMPIRE_URL="+base, "UMPIRE_GAME="+r.Game.Name, "UMPIRE_SEAT="+strconv.Itoa(seat), "UMPIRE_TOKEN="+m.Tokens[seat])
	if r.Game.Env != nil {
		env = append(env, r.Game.Env(m, seat)...)
	}
	return env
}

// Play runs the game's example agent in -connect mode in each agent seat
// of m, against base (the relay or the server), and waits for them all.
func (r *Rig) Play(ctx context.Context, base string, m Match) {
	r.T.Helper()
	var cmds []*exec.Cmd
	for seat := range m.Tokens {
		cmd := exec.CommandContext(ctx, Bin(r.Game.Agent), "-connect", "-seed", strconv.Itoa(seat+1))
		cmd.Env = r.Env(base, m, seat)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			r.T.Fatal(err)
		}
		cmds = append(cmds, cmd)
		r.T.Cleanup(func() {
			if r.T.Failed() && stderr.Len() > 0 {
				r.T.Logf("agent seat %d stderr: %s", seat, stderr.String())
			}
		})
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			r.T.Errorf("agent %v: %v", cmd.Args, err)
		}
	}
}

// Report waits for n matches to end at the relay and returns its report.
func (r *Rig) Report(ctx context.Context, n int) *reports.Report {
	r.T.Helper()
	if err := r.Relay.WaitEnded(ctx, n); err != nil {
		r.T.Fatalf("waiting for %d match end(s) at the relay: %v", n, err)
	}
	return r.Checks()
}

// Checks returns the relay's report as it stands, without waiting.
func (r *Rig) Checks() *reports.Report {
	rep := reports.New(reports.Meta{Kind: reports.KindProxy, Games: []string{r.Game.Name}}, reports.ApplicableRules(reports.KindProxy, rules.Default()))
	rep.Checks = r.Relay.Checks()
	rep.Normalize()
	return rep
}

// PostJSON posts body as JSON to u with client and decodes a 200 or 201
// answer into out (a game's Create uses it).
func PostJSON(ctx context.Context, client *http.Client, u string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		return fmt.Errorf("HTTP %d: %s", resp.StatusCode, data)
	}
	return json.Unmarshal(data, out)
}

// Tokens turns a create answer's tokens, keyed by seat numbers as
// strings, into a Match's.
func Tokens(m map[string]string) map[int]string {
	out := map[int]string{}
	for k, v := range m {
		n, _ := strconv.Atoi(k)
		out[n] = v
	}
	return out
}

// Failing lists the findings of rep as "rule@seat[level]" strings.
func Failing(rep *reports.Report) []string {
	var out []string
	for _, c := range rep.Checks {
		for _, f := range c.Findings {
			seat := "-"
			if f.Where.Seat != nil {
				seat = strconv.Itoa(*f.Where.Seat)
			}
			out = append(out, fmt.Sprintf("%s@%s[%s]", f.Rule, seat, f.Level))
		}
	}
	return out
}

// Rules lists the rules the findings of rep cite.
func Rules(rep *reports.Report) map[string]bool {
	got := map[string]bool{}
	for _, c := range rep.Checks {
		for _, f := range c.Findings {
			got[f.Rule] = true
		}
	}
	return got
}

// Dump logs the checks of rep.
func Dump(t testing.TB, rep *reports.Report) {
	t.Helper()
	for _, c := range rep.Checks {
		t.Logf("%-5s %s %s %s", c.Status, c.Seed, c.Name, c.Reason)
		for i, f := range c.Findings {
			if i == 3 {
				break
			}
			t.Logf("      %s", strings.ReplaceAll(f.Finding.String(), "\n", " "))
		}
	}
}

// Context is a context cancelled after d or at the test's end.
func Context(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// BenchShare is the judges' share of the relay under test, from
// UMPIRE_BENCH_JUDGE_SHARE (0, the default, when unset).
func BenchShare() float64 {
	f, _ := strconv.ParseFloat(os.Getenv("UMPIRE_BENCH_JUDGE_SHARE"), 64)
	return f
}
