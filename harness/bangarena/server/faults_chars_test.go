package server

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// charFaultRules are the faults of faults_chars.go and their rules.
func charFaultRules() map[Fault]string {
	return map[Fault]string{
		FaultIronBrowNoCover:       "bangarena/6.char-06-iron-brow",
		FaultLuckyOneTry:           "bangarena/6.char-08-lucky",
		FaultEagleEyeNoScope:       "bangarena/6.char-11-eagle-eye",
		FaultDoubleBarrelOneMiss:   "bangarena/6.char-13-double-barrel",
		FaultRaidFromRight:         "bangarena/7.queue-order",
		FaultResolvingCardDrawable: "bangarena/3.resolving-card",
		FaultHealWhenNotAsked:      "bangarena/6.char-12-own-decisions",
	}
}

// charFaultPlay plays match i of cfg through the engine with the faults
// devs on, random legal items from a fixed RNG, and returns its events.
func charFaultPlay(t *testing.T, cfg ref.Config, i int, devs faultSet) []ref.Event {
	t.Helper()
	cfg.Deviations = devs.deviations()
	g, err := ref.NewGame(cfg, fmt.Sprintf("char-faults-%d", i))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(i), 19))
	for range 20000 {
		if _, ok := g.PlayRandom(rng); !ok {
			break
		}
	}
	return g.Log()
}

// allChars deals character c to every one of n seats.
func allChars(n int, c string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = c
	}
	return out
}

// charFaultWitness says, for the faults whose break a match's events show
// by themselves, whether they show it, with the table that deals the
// situation.
func charFaultWitness() map[Fault]struct {
	cfg ref.Config
	w   func(evs []ref.Event) bool
} {
	type wit = struct {
		cfg ref.Config
		w   func(evs []ref.Event) bool
	}
	return map[Fault]wit{
		// Every seat is Iron Brow: before High Noon each Shot's target
		// has its Cover check.
		FaultIronBrowNoCover: {ref.Config{Seats: 4, Characters: allChars(4, "char_06")}, func(evs []ref.Event) bool {
			for i := 0; i+1 < len(evs); i++ {
				if evs[i].Type == "high_noon" {
					return false
				}
				if evs[i].Type == "card_played" && evs[i].Command == "play_shot" && evs[i+1].Type != "cover_check" {
					return true
				}
			}
			return false
		}},
		// Every seat is Lucky: a Cover check flips two coins, a Jail or
		// Dynamite check two cards.
		FaultLuckyOneTry: {ref.Config{Seats: 4, Characters: allChars(4, "char_08")}, func(evs []ref.Event) bool {
			// A run of check cards of one seat and kind (a reshuffle may
			// come between Lucky's two) that holds one card is one try.
			run, last := 0, ref.Event{}
			for _, e := range evs {
				if e.Type == "cover_check" && len(e.Flips) == 1 {
					return true
				}
				if e.Type == "reshuffle" {
					continue
				}
				if e.Type == "check" && run > 0 && e.Seat == last.Seat && e.Kind == last.Kind {
					run++
					continue
				}
				if run == 1 {
					return true
				}
				run, last = 0, e
				if e.Type == "check" {
					run = 1
				}
			}
			return run == 1
		}},
		// A Raid's first answer comes from the next living seat after the
		// attacker.
		FaultRaidFromRight: {ref.Config{Seats: 5}, func(evs []ref.Event) bool {
			alive := []bool{true, true, true, true, true}
			for i, e := range evs {
				if e.Type == "eliminated" {
					alive[e.Seat] = false
				}
				if e.Type != "card_played" || e.Command != "play_raid" {
					continue
				}
				next, prev := -1, -1
				for k := 1; k < 5; k++ {
					if r := (e.Seat + k) % 5; next < 0 && alive[r] {
						next = r
					}
					if l := (e.Seat - k + 5) % 5; prev < 0 && alive[l] {
						prev = l
					}
				}
				for _, d := range evs[i+1:] {
					if d.Type == "decision" {
						if d.Seat != next && d.Seat == prev {
							return true
						}
						break
					}
				}
			}
			return false
		}},
	}
}

// TestCharFaultsBreakTheirRule plays matches through the engine with each
// fault of faults_chars.go on and off: the fault's break shows in some
// match with it on and in none of the same matches with it off.
func TestCharFaultsBreakTheirRule(t *testing.T) {
	for f, tc := range charFaultWitness() {
		t.Run(string(f), func(t *testing.T) {
			for i := range 60 {
				if !tc.w(charFaultPlay(t, tc.cfg, i, faultSet{f: true})) {
					continue
				}
				for j := 0; j <= i; j++ {
					if tc.w(charFaultPlay(t, tc.cfg, j, nil)) {
						t.Fatalf("match %d shows the break of %s without the fault", j, f)
					}
				}
				return
			}
			t.Fatalf("no match shows the break of %s with the fault on", f)
		})
	}
}

// TestCharFaultsFirstDivergence plays the same matches with a fault on and
// off: the first event in which the two logs differ is the one the fault's
// rule decides (the target's second answer to Double Barrel's point-blank
// Shot, a reshuffle while a Wagon, Caravan or Bazaar resolves: one card
// more with the fault), and some match differs at all.
func TestCharFaultsFirstDivergence(t *testing.T) {
	for _, tc := range []struct {
		fault Fault
		cfg   ref.Config
		at    func(off, on []ref.Event, j int) bool
	}{
		{FaultDoubleBarrelOneMiss, ref.Config{Seats: 4, Characters: allChars(4, "char_13")}, func(off, on []ref.Event, j int) bool {
			// Off, the target answers again after its Ricochet or lucky Cover.
			p := off[j-1]
			return off[j].Type == "decision" && (p.Type == "card_played" && p.Command == "play_miss" || p.Type == "cover_check" && p.Result == "cancel") &&
				off[j].Seat == p.Seat && on[j].Seat != p.Seat
		}},
		{FaultResolvingCardDrawable, ref.Config{Seats: 5}, func(off, on []ref.Event, j int) bool {
			return off[j].Type == "reshuffle" && on[j].Type == "reshuffle" && on[j].Count == off[j].Count+1
		}},
	} {
		t.Run(string(tc.fault), func(t *testing.T) {
			for i := range 300 {
				off, on := charFaultPlay(t, tc.cfg, i, nil), charFaultPlay(t, tc.cfg, i, faultSet{tc.fault: true})
				for j := 0; j < len(off) && j < len(on); j++ {
					a, _ := off[j].MarshalJSON()
					b, _ := on[j].MarshalJSON()
					if !bytes.Equal(a, b) {
						if j == 0 || !tc.at(off, on, j) {
							t.Fatalf("match %d: the first divergence is a %s event (%s / %s), not the fault's", i, off[j].Type, a, b)
						}
						return
					}
				}
			}
			t.Fatalf("no match differs with %s on", tc.fault)
		})
	}
}

// TestFaultEagleEyeNoScope: Eagle Eye's fault changes only which Shots and
// Snatches are legal (their distances). Two matches of Eagle Eyes, one with
// the fault, take the same items (one legal in both); with the fault some
// item the rules offer is missing, and nothing but those ever differs.
func TestFaultEagleEyeNoScope(t *testing.T) {
	for _, on := range []bool{true, false} {
		cfg := ref.Config{Seats: 4, Characters: allChars(4, "char_11")}
		off, err := ref.NewGame(cfg, "eagle-eye")
		if err != nil {
			t.Fatal(err)
		}
		if on {
			cfg.Deviations = faultSet{FaultEagleEyeNoScope: true}.deviations()
		}
		g, _ := ref.NewGame(cfg, "eagle-eye")
		rng := rand.New(rand.NewPCG(3, 11))
		missing := 0
		for n := 0; n < 5000 && !off.Over(); n++ {
			seat, _ := off.Decider()
			have := map[string]bool{}
			for _, a := range g.Legal(seat) {
				have[a.ActionID] = true
			}
			var both []string
			for _, a := range off.Legal(seat) {
				switch {
				case have[a.ActionID]:
					both = append(both, a.ActionID)
				case !strings.HasPrefix(a.ActionID, "shot:") && !strings.HasPrefix(a.ActionID, "steal:"):
					t.Fatalf("on=%v: %s missing, not a Shot or a Snatch", on, a.ActionID)
				default:
					missing++
				}
			}
			if len(both) == 0 {
				t.Fatalf("on=%v: no item legal in both", on)
			}
			id := both[rng.IntN(len(both))]
			if err := off.Apply(seat, id, nil); err != nil {
				t.Fatal(err)
			}
			if err := g.Apply(seat, id, nil); err != nil {
				t.Fatal(err)
			}
		}
		if (missing > 0) != on {
			t.Fatalf("fault on = %v, Shots missing = %d", on, missing)
		}
	}
}
