package server

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// cardFaultWitness says, for each fault of cardFaults, whether a match's
// events show the fault's break.
func cardFaultWitness() map[Fault]func(evs []ref.Event) bool {
	passHit := func(kind string) func([]ref.Event) bool {
		return func(evs []ref.Event) bool {
			for i := 0; i+1 < len(evs); i++ {
				if evs[i].Type == "pass" && evs[i].Kind == kind && evs[i+1].Type == "damage" && evs[i+1].Amount == 2 {
					return true
				}
			}
			return false
		}
	}
	return map[Fault]func([]ref.Event) bool{
		FaultShotTwoDamage:     passHit("shot"),
		FaultBuckshotTwoDamage: passHit("aoe_shot"),
		FaultRaidTwoDamage:     passHit("raid"),
		FaultDuelTwoDamage:     passHit("duel"),
		FaultWagonExtraCard: func(evs []ref.Event) bool {
			for _, e := range evs {
				if e.Type == "draw" && (e.Reason == "draw2" && e.Count == 3 || e.Reason == "draw3" && e.Count == 4) {
					return true
				}
			}
			return false
		},
		FaultJailEscapeOffSuit: func(evs []ref.Event) bool {
			for _, e := range evs {
				if e.Type == "check" && e.Kind == "jail" && e.Result == "escape" && e.Card != nil && e.Card.Suit != "hearts" {
					return true
				}
			}
			return false
		},
		FaultCoverCoinFixed: func(evs []ref.Event) bool {
			n := 0
			for _, e := range evs {
				if e.Type != "cover_check" {
					continue
				}
				for _, f := range e.Flips {
					if !f {
						return false
					}
				}
				n++
			}
			return n >= 8 // eight lucky coins in a row: 1 in 256 for a fair one
		},
	}
}

// TestCardFaultsBreakTheirRule plays matches through the engine with each
// card fault's deviation on (as the server passes it) and off: the fault's
// break shows in some match with it on and in none of the same matches with
// it off.
func TestCardFaultsBreakTheirRule(t *testing.T) {
	witness := cardFaultWitness()
	play := func(i int, devs faultSet) []ref.Event { return faultMatch(t, "card-faults", 13, i, devs) }
	for _, fi := range cardFaults() {
		t.Run(string(fi.Name), func(t *testing.T) {
			w := witness[fi.Name]
			if w == nil {
				switch fi.Name {
				case FaultBazaarFromLeft, FaultBazaarCounterClockwise, FaultSnatchFirstCard, FaultTossFirstCard:
					t.Skip("TestCardFaultsFirstDivergence")
				case FaultBrownCardLost:
					t.Skip("TestFaultBrownCardLost")
				}
				t.Fatalf("no witness for %s", fi.Name)
			}
			on := false
			for i := 0; i < 40 && !on; i++ {
				if w(play(i, faultSet{fi.Name: true})) {
					on = true
					for j := 0; j <= i; j++ {
						if w(play(j, nil)) {
							t.Fatalf("match %d shows the break of %s without the fault", j, fi.Name)
						}
					}
				}
			}
			if !on {
				t.Fatalf("no match shows the break of %s with the fault on", fi.Name)
			}
		})
	}
}

// TestCardFaultsFirstDivergence plays the same matches with a fault's
// deviation on and off: the first event in which the two logs differ is
// the one the fault's rule produces (a Bazaar draw, a Snatch's take, a
// Toss's discard), and some match differs at all.
func TestCardFaultsFirstDivergence(t *testing.T) {
	for _, tc := range []struct {
		fault Fault
		at    func(e ref.Event) bool
	}{
		{FaultBazaarFromLeft, func(e ref.Event) bool { return e.Type == "draw" && e.Reason == "market" }},
		{FaultBazaarCounterClockwise, func(e ref.Event) bool { return e.Type == "draw" && e.Reason == "market" }},
		{FaultSnatchFirstCard, func(e ref.Event) bool { return e.Type == "take" && e.Reason == "steal_near" }},
		{FaultTossFirstCard, func(e ref.Event) bool { return e.Type == "discard" && e.Reason == "discard_any" }},
	} {
		t.Run(string(tc.fault), func(t *testing.T) {
			play := func(i int, devs faultSet) []ref.Event { return faultMatch(t, "card-faults", 17, i, devs) }
			differs := false
			for i := 0; i < 40 && !differs; i++ {
				off, on := play(i, nil), play(i, faultSet{tc.fault: true})
				for j := 0; j < len(off) && j < len(on); j++ {
					a, _ := off[j].MarshalJSON()
					b, _ := on[j].MarshalJSON()
					if !bytes.Equal(a, b) {
						if !tc.at(off[j]) {
							t.Fatalf("match %d: the first divergence is a %s event (%s), not the fault's", i, off[j].Type, a)
						}
						differs = true
						break
					}
				}
			}
			if !differs {
				t.Fatalf("no match differs with %s on", tc.fault)
			}
		})
	}
}

// TestFaultBrownCardLost: with the fault on, shot_01 played leaves the
// game: the discard pile does not grow by it (discardCount, §11); off, it
// grows by one (§5 brown: played and discarded).
func TestFaultBrownCardLost(t *testing.T) {
	for _, on := range []bool{false, true} {
		devs := faultSet{}
		if on {
			devs[FaultBrownCardLost] = true
		}
		g, err := ref.NewGame(ref.Config{Seats: 4, RoleMode: ref.ModeClassic, Deviations: devs.deviations()}, "brown-lost")
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		played := false
		for range 5000 {
			seat, ok := g.Decider()
			if !ok {
				break
			}
			var shot *ref.LegalAction
			for _, it := range g.Legal(seat) {
				if it.Command == "play_shot" && strings.HasPrefix(it.ActionID, "shot:shot_01:") {
					shot = &it
					break
				}
			}
			if shot == nil {
				if _, ok := g.PlayRandom(rng); !ok {
					break
				}
				continue
			}
			before := g.View(seat).DiscardCount
			if err := g.Apply(seat, shot.ActionID, nil); err != nil {
				t.Fatal(err)
			}
			grew := g.View(seat).DiscardCount - before
			if want := map[bool]int{false: 1, true: 0}[on]; grew != want {
				t.Fatalf("fault on %v: a Shot played grows the discard pile by %d, want %d", on, grew, want)
			}
			played = true
			break
		}
		if !played {
			t.Fatalf("fault on %v: no Shot was played", on)
		}
	}
}
