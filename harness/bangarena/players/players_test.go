package players

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/schemas"
)

func players(t *testing.T, n int, names []string, seed string) []Player {
	t.Helper()
	out := make([]Player, n)
	for i := range out {
		p, err := New(names[i%len(names)], fmt.Sprint(seed, "/", i))
		if err != nil {
			t.Fatal(err)
		}
		out[i] = p
	}
	return out
}

func TestNewUnknown(t *testing.T) {
	if _, err := New("oracle", "x"); err == nil {
		t.Fatal("New accepted an unknown player")
	}
	for _, n := range Names() {
		p, err := New(n, "x")
		if err != nil || p.Name() != n {
			t.Fatalf("New(%q) = %v, %v", n, p, err)
		}
	}
}

func TestSimulateEveryModeAndSeatCount(t *testing.T) {
	// "bangarena/1.legal-only": every answer of both players is legal
	// (Simulate fails on the first illegal one), and every match ends.
	for _, mode := range []string{bangarena.ModeClassic, bangarena.ModePartners, bangarena.ModeImpostor, bangarena.ModeLegacy} {
		for seats := 4; seats <= 8; seats++ {
			for i, names := range [][]string{{"random"}, {"heuristic"}, {"heuristic", "random"}} {
				seed := fmt.Sprintf("sim-%s-%d-%d", mode, seats, i)
				res, err := Simulate(context.Background(), bangarena.Config{Seats: seats, RoleMode: mode}, seed, players(t, seats, names, seed), nil)
				if err != nil {
					t.Fatal(err)
				}
				if res.WinnerTeam == "" || len(res.WinnerSeats) == 0 || len(res.Roles) != seats {
					t.Fatalf("%s: result %+v", seed, res)
				}
			}
		}
	}
}

func TestSimulateIsDeterministicAndReplayable(t *testing.T) {
	cfg := bangarena.Config{Seats: 6, RoleMode: bangarena.ModeImpostor}
	var logs [2]bytes.Buffer
	var res [2]Result
	for i := range logs {
		r, err := Simulate(context.Background(), cfg, "det", players(t, 6, []string{"heuristic", "random"}, "det"), &logs[i])
		if err != nil {
			t.Fatal(err)
		}
		res[i] = r
	}
	if logs[0].String() != logs[1].String() || fmt.Sprint(res[0]) != fmt.Sprint(res[1]) {
		t.Fatal("the same seeds gave two different matches")
	}
	var events []bangarena.Event
	for _, line := range bytes.Split(bytes.TrimSpace(logs[0].Bytes()), []byte("\n")) {
		var e bangarena.Event
		if err := json.Unmarshal(line, &e); err != nil {
			t.Fatalf("log line %s: %v", line, err)
		}
		events = append(events, e)
	}
	g, err := bangarena.Replay(cfg, "det", bangarena.DecisionsOf(events))
	if err != nil {
		t.Fatal(err)
	}
	team, seats := g.Winners()
	if team != res[0].WinnerTeam || fmt.Sprint(seats) != fmt.Sprint(res[0].WinnerSeats) || len(g.Log()) != len(events) {
		t.Fatalf("replay: %s %v, want %s %v", team, seats, res[0].WinnerTeam, res[0].WinnerSeats)
	}
}

func TestSimulateCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Simulate(ctx, bangarena.Config{Seats: 4}, "c", players(t, 4, []string{"random"}, "c"), nil); err == nil {
		t.Fatal("a cancelled simulation ran")
	}
	if _, err := Simulate(context.Background(), bangarena.Config{Seats: 5}, "c", players(t, 4, []string{"random"}, "c"), nil); err == nil {
		t.Fatal("4 players for 5 seats accepted")
	}
}

// TestRequestsMatchTheSchemas validates every DecisionRequest of a few
// heuristic matches and every line of their logs against the schemas.
func TestRequestsMatchTheSchemas(t *testing.T) {
	set, err := schemas.Compile()
	if err != nil {
		t.Fatal(err)
	}
	for i, mode := range []string{bangarena.ModeClassic, bangarena.ModeImpostor, bangarena.ModeLegacy} {
		seed := fmt.Sprint("schema-", i)
		ps := players(t, 5+i, []string{"heuristic", "random"}, seed)
		checked := 0
		for seat, p := range ps {
			ps[seat] = &checking{Player: p, t: t, set: set, checked: &checked}
		}
		var log bytes.Buffer
		if _, err := Simulate(context.Background(), bangarena.Config{Seats: 5 + i, RoleMode: mode}, seed, ps, &log); err != nil {
			t.Fatal(err)
		}
		for _, line := range bytes.Split(bytes.TrimSpace(log.Bytes()), []byte("\n")) {
			if vs := set.Validate(harness.GameBangArena, "event", line); len(vs) > 0 {
				t.Fatalf("event %s: %v", line, vs)
			}
		}
		if checked == 0 {
			t.Fatal("no request checked")
		}
	}
}

type checking struct {
	Player
	t       *testing.T
	set     *schemas.Set
	checked *int
}

func (c *checking) Decide(req *bangarena.DecisionRequest) (Decision, error) {
	b, err := json.Marshal(req)
	if err != nil {
		return Decision{}, err
	}
	if vs := c.set.Validate(harness.GameBangArena, "decision_request", b); len(vs) > 0 {
		c.t.Fatalf("decision request fails the schema: %v\n%s", vs, b)
	}
	*c.checked++
	return c.Player.Decide(req)
}
