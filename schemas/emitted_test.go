package schemas_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	infadv "github.com/umpire-arena/umpire/harness/inference/players"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	inf "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/schemas"
)

// These tests prove that every message umpire's own referees emit is valid
// against umpire's schemas: the views and legal actions of every decision,
// and every line of the match logs. The package under test imports nothing
// of ours; only this external test does.

func compile(t testing.TB) *schemas.Set {
	t.Helper()
	set, err := schemas.Compile()
	if err != nil {
		t.Fatal(err)
	}
	return set
}

func must(t *testing.T, set *schemas.Set, game, kind string, data []byte, where string) {
	t.Helper()
	if vs := set.Validate(game, kind, data); len(vs) > 0 {
		t.Fatalf("%s: %s does not validate as %s/%s: %v\n%s", where, game, game, kind, vs, data)
	}
}

// TestInferenceEmittedMessagesValidate drives seeded matches on the engine,
// validating the visible_state and legal_actions of every decision, and
// then every line of full self-play logs.
func TestInferenceEmittedMessagesValidate(t *testing.T) {
	set := compile(t)
	kinds := []string{"random", "passive", "aggressive", "heuristic"}
	for i := 0; i < 6; i++ {
		seed := fmt.Sprintf("emitted/%d", i)
		cfg := inf.DefaultConfig()
		cfg.TableSize = 3 + i%6
		cfg.Rounds = 25
		names := make([]string, cfg.TableSize)
		players := make([]infadv.Player, cfg.TableSize)
		for s := range names {
			names[s] = fmt.Sprintf("p%d", s)
			p, err := infadv.New(kinds[(s+i)%len(kinds)], int64(i*10+s))
			if err != nil {
				t.Fatal(err)
			}
			players[s] = p
		}
		// Every decision's view and legal list.
		m, err := inf.NewMatch(cfg, "m-"+seed, seed, names, nil)
		if err != nil {
			t.Fatal(err)
		}
		var legal []inf.LegalAction
		for steps := 0; m.Phase() != inf.PhaseOver; steps++ {
			if steps > 100000 {
				t.Fatal("match did not end")
			}
			if m.Phase() != inf.PhaseBetting {
				t.Fatalf("unexpected phase %v", m.Phase())
			}
			seat := m.ToAct()
			vs := m.View(seat)
			b, _ := json.Marshal(vs)
			where := fmt.Sprintf("%s round %d turn %d", seed, m.Round(), m.Turn())
			must(t, set, "inference", "visible_state", b, where)
			legal = m.Legal(legal[:0])
			for _, a := range legal {
				ab, _ := json.Marshal(a)
				must(t, set, "inference", "legal_action", ab, where)
			}
			mv := players[m.PlayerAt(seat)].Decide(&vs, legal)
			mb, _ := json.Marshal(map[string]any{"type": "move", "match_id": "m-" + seed, "turn": m.Turn(), "action": mv.Action, "amount": mv.Amount})
			if mv.Action != inf.ActionRaise {
				mb, _ = json.Marshal(map[string]any{"type": "move", "match_id": "m-" + seed, "turn": m.Turn(), "action": mv.Action})
			}
			must(t, set, "inference", "move", mb, where)
			if err := m.Apply(seat, mv); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
		}
		// Every line of the full log.
		var log bytes.Buffer
		if _, err := infadv.Simulate(context.Background(), cfg, "m-"+seed, seed, players, &log); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(&log)
		sc.Buffer(nil, 1<<20)
		for n := 1; sc.Scan(); n++ {
			must(t, set, "inference", "log_line", sc.Bytes(), fmt.Sprintf("%s log line %d", seed, n))
		}
	}
}

// TestBangArenaEmittedMessagesValidate plays seeded games in every role mode
// and seat count, validating every DecisionRequest a deciding seat receives
// and every event of the full log.
func TestBangArenaEmittedMessagesValidate(t *testing.T) {
	set := compile(t)
	modes := []string{ba.ModeClassic, "partners", "impostor", "legacy"}
	for _, mode := range modes {
		for seats := 4; seats <= 8; seats++ {
			seed := fmt.Sprintf("emitted/%s/%d", mode, seats)
			t.Run(seed, func(t *testing.T) {
				g, err := ba.NewGame(ba.Config{Seats: seats, RoleMode: mode}, seed)
				if err != nil {
					t.Fatal(err)
				}
				players := make([]baadv.Player, seats)
				for s := range players {
					name := "random"
					if s%2 == 1 {
						name = "heuristic"
					}
					if players[s], err = baadv.New(name, fmt.Sprintf("%s/%d", seed, s)); err != nil {
						t.Fatal(err)
					}
				}
				for steps := 0; !g.Over(); steps++ {
					if steps > baadv.MaxDecisions {
						t.Fatal("game did not end")
					}
					seat, ok := g.Decider()
					if !ok {
						t.Fatal("no decider in a running game")
					}
					req := g.Request(seat, "2026-11-30T12:00:30.000Z")
					where := fmt.Sprintf("decision %d (seat %d)", steps, seat)
					// Validating every request is slow late in a game (the
					// events grow); every request early, then a sample.
					if steps < 200 || steps%25 == 0 {
						b, _ := json.Marshal(req)
						must(t, set, "bangarena", "decision_request", b, where)
					}
					d, err := players[seat].Decide(&req)
					if err != nil {
						t.Fatalf("%s: %v", where, err)
					}
					body, _ := json.Marshal(map[string]any{"seat": seat, "actionId": d.ActionID, "commandId": fmt.Sprintf("c-%d", steps), "observationVersion": req.ObservationVersion})
					must(t, set, "bangarena", "decision", body, where)
					if err := g.Apply(seat, d.ActionID, d.Args); err != nil {
						t.Fatalf("%s: %v", where, err)
					}
				}
				for i, ev := range g.Log() {
					b, err := json.Marshal(ev)
					if err != nil {
						t.Fatal(err)
					}
					must(t, set, "bangarena", "event", b, fmt.Sprintf("event %d", i))
				}
			})
		}
	}
}
