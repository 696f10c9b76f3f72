package server

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// gloryFaultRules are the faults of faults_glory.go and their rules.
func gloryFaultRules() map[Fault]string {
	return map[Fault]string{
		FaultElimKeepsCards:       "bangarena/9.elimination",
		FaultNoKiller:             "bangarena/9.killer",
		FaultNoGloryStar:          "bangarena/9.glory-star",
		FaultHeartNoHeal:          "bangarena/9.glory-perks",
		FaultBountyNoCards:        "bangarena/9.bounty",
		FaultNoKillPenalty:        "bangarena/9.kill-penalty",
		FaultKillRewardTwo:        "bangarena/9.kill-reward",
		FaultNoLastBullet:         "bangarena/9.last-bullet",
		FaultSoleSurvivorIgnored:  "bangarena/10.sole-survivor",
		FaultPartnersLonesIgnored: "bangarena/10.partners-lones",
		FaultWinCheckLate:         "bangarena/10.win-order",
		FaultLeopardOneCard:       "bangarena/6.char-01-stone-leopard",
		FaultTollmanNoTake:        "bangarena/6.char-04-tollman",
		FaultVultureOneCard:       "bangarena/6.char-10-vulture-jr",
		FaultEmptyHandsNoDraw:     "bangarena/6.char-14-empty-hands",
		FaultScavengerNoTake:      "bangarena/6.char-15-scavenger",
		FaultDiscardArgsIgnored:   "bangarena/13.discard-args",
		FaultSecondIllegalSkipped: "bangarena/14.random-legal",
		FaultStale400:             "bangarena/server.status-code",
		FaultNotPendingAccepted:   "bangarena/12.decider",
		FaultRequestNoPackHash:    "bangarena/12.request",
		FaultLegalDropsEndPlay:    "bangarena/server.legal-actions",
		FaultActionIDSlashes:      "bangarena/13.action-ids",
		FaultOwnRoleHidden:        "bangarena/1.what-you-see",
		FaultLogNamesCommand:      "bangarena/1.legal-only",
	}
}

// TestGloryEngineFaultsDeviate: each engine-played fault reaches the engine
// as its deviation (the room's game is built with the server's
// deviations), and a match played with it differs from the same match
// without it; with no fault on, the deviations are none.
func TestGloryEngineFaultsDeviate(t *testing.T) {
	cfgs := map[Fault]ref.Config{
		FaultKillRewardTwo:        {Seats: 6, RoleMode: ref.ModeLegacy},
		FaultPartnersLonesIgnored: {Seats: 8, RoleMode: ref.ModePartners},
		FaultBountyNoCards:        {Seats: 8},
		FaultNoKillPenalty:        {Seats: 7},
		FaultSoleSurvivorIgnored:  {Seats: 4},
		FaultLeopardOneCard:       {Seats: 4, Characters: []string{"char_01", "char_01", "char_01", "char_01"}},
		FaultTollmanNoTake:        {Seats: 4, Characters: []string{"char_04", "char_04", "char_04", "char_04"}},
		FaultVultureOneCard:       {Seats: 4, Characters: []string{"char_10", "char_10", "char_10", "char_10"}},
		FaultEmptyHandsNoDraw:     {Seats: 4, Characters: []string{"char_14", "char_14", "char_14", "char_14"}},
		FaultScavengerNoTake:      {Seats: 4, Characters: []string{"char_15", "char_15", "char_15", "char_15"}},
	}
	engine := []Fault{FaultElimKeepsCards, FaultNoKiller, FaultNoGloryStar, FaultHeartNoHeal, FaultBountyNoCards, FaultNoKillPenalty,
		FaultKillRewardTwo, FaultNoLastBullet, FaultSoleSurvivorIgnored, FaultPartnersLonesIgnored, FaultWinCheckLate, FaultLeopardOneCard,
		FaultTollmanNoTake, FaultVultureOneCard, FaultEmptyHandsNoDraw, FaultScavengerNoTake}
	play := func(cfg ref.Config, seed string, i int) []byte {
		g, err := ref.NewGame(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 13))
		for n := 0; !g.Over() && n < 20000; n++ {
			if _, ok := g.PlayRandom(rng); !ok {
				break
			}
		}
		return ref.EncodeLog(g.Log())
	}
	if d := (faultSet{}).deviations(); d != nil {
		t.Fatalf("no fault on, deviations %v", d)
	}
	for _, f := range engine {
		t.Run(string(f), func(t *testing.T) {
			s, err := New(Options{Faults: []Fault{f}})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Shutdown(t.Context())
			cfg, ok := cfgs[f]
			if !ok {
				cfg = ref.Config{Seats: 5}
			}
			for i := range 600 {
				seed := fmt.Sprintf("glory-fault-%d", i)
				off := play(cfg, seed, i)
				on := cfg
				on.Deviations = s.faults.deviations()
				if !bytes.Equal(off, play(on, seed, i)) {
					return
				}
			}
			t.Fatalf("fault %s on, but no match of 600 plays otherwise", f)
		})
	}
}

// TestGloryProtocolFaults switches each protocol fault on and observes the
// behaviour it breaks, and with it off sees it intact.
func TestGloryProtocolFaults(t *testing.T) {
	others := func(f *fixture, c Created, seat int) (int, wire) {
		for o, tok := range c.Tokens {
			if o == seat {
				continue
			}
			if _, w, _ := f.observe(c.RoomID, o, tok); len(w.LegalActions) == 0 {
				return o, w
			}
		}
		t.Fatal("every seat has a decision pending")
		return -1, wire{}
	}
	for _, tc := range []struct {
		fault Fault
		probe func(t *testing.T, f *fixture, c Created, seat int, w wire) bool // true: broken
	}{
		{FaultSecondIllegalSkipped, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			f.post(c.RoomID, c.Tokens[seat], decision(seat, "bogus", "c1", w.ObservationVersion))
			st, m, body := f.post(c.RoomID, c.Tokens[seat], decision(seat, "bogus-too", "c2", w.ObservationVersion))
			if st != http.StatusOK {
				t.Fatalf("second illegal answer: %d %s", st, body)
			}
			return m["random"] != true
		}},
		{FaultStale400, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			st, _, _ := f.post(c.RoomID, c.Tokens[seat], decision(seat, w.LegalActions[0].ActionID, "c1", w.ObservationVersion-1))
			return st == http.StatusBadRequest
		}},
		{FaultNotPendingAccepted, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			o, ow := others(f, c, seat)
			st, _, _ := f.post(c.RoomID, c.Tokens[o], decision(o, "end_play", "c1", ow.ObservationVersion))
			return st == http.StatusOK
		}},
		{FaultRequestNoPackHash, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			_, _, body := f.observe(c.RoomID, seat, c.Tokens[seat])
			return !bytes.Contains(body, []byte(`"mechanicsPackHash":"`+ref.MechanicsPackHash+`"`))
		}},
		{FaultOwnRoleHidden, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			for s, tok := range c.Tokens {
				_, ow, _ := f.observe(c.RoomID, s, tok)
				if me := ow.Observation.Players[s]; me.RoleID == nil {
					return true
				}
			}
			return false
		}},
		{FaultActionIDSlashes, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			for _, a := range w.LegalActions {
				if strings.Contains(a.ActionID, "/") {
					st, _, _ := f.post(c.RoomID, c.Tokens[seat], decision(seat, a.ActionID, "c1", w.ObservationVersion))
					return st == http.StatusOK // offered, and accepted as its item
				}
			}
			return false
		}},
		{FaultLegalDropsEndPlay, func(t *testing.T, f *fixture, c Created, seat int, w wire) bool {
			g := f.s.room(c.RoomID)
			g.mu.Lock()
			engine := g.g.Legal(seat)
			g.mu.Unlock()
			has := false
			for _, a := range engine {
				has = has || a.ActionID == "end_play"
			}
			for _, a := range w.LegalActions {
				if a.ActionID == "end_play" {
					return false
				}
			}
			return has && len(engine) > 1
		}},
	} {
		for _, on := range []bool{true, false} {
			name := string(tc.fault)
			opts := Options{Faults: []Fault{tc.fault}}
			if !on {
				name, opts = name+" off", Options{}
			}
			t.Run(name, func(t *testing.T) {
				f := newFixture(t, opts)
				c := agentsRoom(t, f, RoomConfig{Seed: "glory-protocol"})
				seat, w := f.waitDecider(c)
				if got := tc.probe(t, f, c, seat, w); got != on {
					t.Fatalf("fault %s on = %v, yet broken = %v", tc.fault, on, got)
				}
			})
		}
	}
}

// TestFaultLogNamesCommand: with the fault, the served log's decisions name
// commands (a play_shot, not its shot:… actionId); without it, actionIds.
func TestFaultLogNamesCommand(t *testing.T) {
	for _, on := range []bool{false, true} {
		var s faultSet
		if on {
			s = faultSet{FaultLogNamesCommand: true}
		}
		g, err := ref.NewGame(ref.Config{Seats: 4}, "log-names")
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for n := 0; !g.Over() && n < 5000; n++ {
			g.PlayRandom(rng)
		}
		renamed := false
		for _, e := range s.logFaults(g.Log()) {
			renamed = renamed || e.Type == "decision" && e.ActionID == e.Command && strings.Contains(e.ActionID, "play_")
		}
		if renamed != on {
			t.Fatalf("fault on = %v, decisions named by command = %v", on, renamed)
		}
	}
}
