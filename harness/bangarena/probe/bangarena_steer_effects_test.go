package probe

import (
	"fmt"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"

	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	baverify "github.com/umpire-arena/umpire/referee/bangarena/verify"
)

// TestSessionPlanSteersRareEffects: the rooms the suite creates against a
// server of the conformance table size are steered so that together they
// play a Saloon while another seat is wounded (a heal of a seat other than
// the Saloon's player) and a turn that starts with both a Dynamite and a
// Jail check — the situations the faults of the Saloon (5.saloon) and of
// the checks' order (3.dynamite-before-jail) need to show. The matches are
// played here as the session rooms play them, and the situations read from
// their logs, independently of the steering's own keys.
func TestSessionPlanSteersRareEffects(t *testing.T) {
	tg := declaresUmpireChance(&conform.Target{Game: conform.GameBangArena, TableSize: 4, Create: true})
	saloon, both := false, false
	for _, pl := range baSessionPlan(tg) {
		size := pl.mode.seats
		if size == 0 {
			size = tg.TableSize
		}
		log := steeredLog(t, tg.SeedFor(pl.purpose), ba.Config{Seats: size, RoleMode: pl.mode.mode, Characters: pl.mode.characters(size)})
		player, dynamite := -1, false
		for _, e := range log {
			switch {
			case e.Type == "card_played":
				player = -1
				if e.CardID == "heal_all" {
					player = e.Seat
				}
			case e.Type == "heal" && player >= 0 && e.Seat != player:
				saloon = true
			case e.Type == "turn_start":
				dynamite = false
			case e.Type == "check" && e.Kind == "dynamite":
				dynamite = true
			case e.Type == "check" && e.Kind == "jail" && dynamite:
				both = true
			}
		}
	}
	if !saloon {
		t.Error("no steered room plays a Saloon that heals a seat other than its player")
	}
	if !both {
		t.Error("no steered room starts a turn with a Dynamite and a Jail check")
	}
}

// declaresUmpireChance makes tg a target whose create answers declared
// umpire's generator (the seed search runs only for such a server).
func declaresUmpireChance(tg *conform.Target) *conform.Target {
	tg.OwnState().NoteChance(baverify.ChanceUmpire)
	return tg
}

// steeredLog plays a session room's match through the referee with the
// suite's players, steered (as baSimulate does), and returns its log.
func steeredLog(t *testing.T, seed string, cfg ba.Config) []ba.Event {
	t.Helper()
	g, err := ba.NewGame(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	steer := newBaRoomSteer(newBaSteer(), cfg.RoleMode)
	players := make([]baadv.DeltaPlayer, cfg.Seats)
	for s := range players {
		p, err := baadv.New("heuristic", fmt.Sprintf("%s/%d", seed, s))
		if err != nil {
			t.Fatal(err)
		}
		players[s] = &baSteerSeat{inner: p, room: steer}
	}
	since := make([]int, cfg.Seats)
	var buf []ba.Event
	for range 4000 {
		seat, asked := g.Decider()
		if !asked {
			break
		}
		req, next := g.RequestSince(seat, "", since[seat], buf)
		since[seat], buf = next, req.Observation.Events
		d, err := players[seat].DecideDelta(&req)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(seat, d.ActionID, d.Args); err != nil {
			t.Fatal(err)
		}
	}
	return g.Log()
}

// BenchmarkSessionPlan times the steering of the session rooms (every
// candidate seed of every room simulated through the referee), which each
// suite run against a server it creates rooms on pays once.
func BenchmarkSessionPlan(b *testing.B) {
	for i := 0; i < b.N; i++ {
		baSessionPlan(declaresUmpireChance(&conform.Target{Game: conform.GameBangArena, TableSize: 4, Create: true, Seed: fmt.Sprintf("bench-%d", i%4)}))
	}
}
