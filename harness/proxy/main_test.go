package proxy_test

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
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/proxy"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// bin holds the example agents, built once for the package's tests.
var bin string

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "umpire-proxy-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	for _, a := range []string{"goagent", "broken"} {
		cmd := exec.Command("go", "build", "-o", filepath.Join(dir, a), "../../examples/agents/"+a)
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "building", a, err)
			return 1
		}
	}
	bin = dir
	return m.Run()
}

// rig is an embedded server with the relay in front of it.
type rig struct {
	t      testing.TB
	game   string
	server *conform.Embedded
	relay  *proxy.Proxy
	front  *httptest.Server
}

func newRig(t testing.TB, game string, faults ...string) *rig {
	t.Helper()
	return newRigDialects(t, game, faults, nil)
}

// newRigDialects is newRig with the embedded server's dialects switched on.
func newRigDialects(t testing.TB, game string, faults, dialects []string) *rig {
	t.Helper()
	srv, err := conform.StartEmbeddedDialects(game, faults, dialects)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	p, err := proxy.New(proxy.Options{Game: game, Target: srv.URL, LogTimeout: 10 * time.Second, JudgeShare: benchShare()})
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
	return &rig{t: t, game: game, server: srv, relay: p, front: front}
}

// created is a match or room and the tokens of its agent seats.
type created struct {
	id     string
	tokens map[int]string
}

// create makes a match (Inference) or room (BangArena) on the server
// directly, with the given agent seats; the others are scripted.
func (r *rig) create(seed string, seats int, agents []int, deadlineMS int) created {
	r.t.Helper()
	var path string
	var body map[string]any
	if r.game == harness.GameInference {
		path = "/api/inference/matches"
		body = map[string]any{"seats": seats, "rounds": 6, "deadline_ms": deadlineMS, "seed": seed, "agents": agents}
	} else {
		path = "/api/ai/rooms"
		body = map[string]any{"seats": seats, "roleMode": "classic", "seed": seed, "deadlineMs": deadlineMS, "agents": agents}
	}
	b, _ := json.Marshal(body)
	resp, err := http.Post(r.server.URL+path, "application/json", bytes.NewReader(b))
	if err != nil {
		r.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		r.t.Fatalf("create: HTTP %d: %s", resp.StatusCode, data)
	}
	var out struct {
		MatchID string            `json:"match_id"`
		RoomID  string            `json:"roomId"`
		Tokens  map[string]string `json:"tokens"`
	}
	if err := json.Unmarshal(data, &out); err != nil {
		r.t.Fatal(err)
	}
	c := created{id: out.MatchID + out.RoomID, tokens: map[int]string{}}
	for k, v := range out.Tokens {
		n, _ := strconv.Atoi(k)
		c.tokens[n] = v
	}
	return c
}

// agentEnv is the environment of a connecting agent playing seat.
func (r *rig) agentEnv(base string, c created, seat int) []string {
	env := append(os.Environ(), "UMPIRE_URL="+base, "UMPIRE_GAME="+r.game, "UMPIRE_SEAT="+strconv.Itoa(seat), "UMPIRE_TOKEN="+c.tokens[seat])
	if r.game == harness.GameInference {
		return append(env, "UMPIRE_MATCH="+c.id)
	}
	return append(env, "UMPIRE_ROOM="+c.id)
}

// play runs the Go example agent in -connect mode in each agent seat of c,
// against base (the relay or the server), and waits for them all.
func (r *rig) play(ctx context.Context, base string, c created) {
	r.t.Helper()
	var cmds []*exec.Cmd
	for seat := range c.tokens {
		cmd := exec.CommandContext(ctx, filepath.Join(bin, "goagent"), "-connect", "-seed", strconv.Itoa(seat+1))
		cmd.Env = r.agentEnv(base, c, seat)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			r.t.Fatal(err)
		}
		cmds = append(cmds, cmd)
		r.t.Cleanup(func() {
			if r.t.Failed() && stderr.Len() > 0 {
				r.t.Logf("agent seat %d stderr: %s", seat, stderr.String())
			}
		})
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			r.t.Errorf("agent %v: %v", cmd.Args, err)
		}
	}
}

// report waits for n matches to end at the relay and returns its report.
func (r *rig) report(ctx context.Context, n int) *reports.Report {
	r.t.Helper()
	if err := r.relay.WaitEnded(ctx, n); err != nil {
		r.t.Fatalf("waiting for %d match end(s) at the relay: %v", n, err)
	}
	rep := reports.New(reports.Meta{Kind: reports.KindProxy, Games: []string{r.game}}, reports.ApplicableRules(reports.KindProxy, rules.Default()))
	rep.Checks = r.relay.Checks()
	rep.Normalize()
	return rep
}

// failing lists the failing findings of rep as "rule@seat" strings.
func failing(rep *reports.Report) []string {
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

// dump logs the checks of rep.
func dump(t *testing.T, rep *reports.Report) {
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

func testContext(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// benchShare is the judges' share of the relay under test, from
// UMPIRE_BENCH_JUDGE_SHARE (0, the default, when unset).
func benchShare() float64 {
	f, _ := strconv.ParseFloat(os.Getenv("UMPIRE_BENCH_JUDGE_SHARE"), 64)
	return f
}
