package server

import (
	"bytes"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// effectMatch plays match i of 8 seats through the engine with the
// deviations of devs on (as the server passes them) and returns its log.
func effectMatch(t *testing.T, i int, devs faultSet) []ref.Event {
	return faultMatch(t, "effect-faults", 19, i, devs)
}

// effectFaultWitness says, for the faults of effectFaults whose break one
// log shows on its own, whether a match's events show it.
func effectFaultWitness() map[Fault]func(evs []ref.Event) bool {
	return map[Fault]func([]ref.Event) bool{
		FaultDynamiteBeforeNext: func(evs []ref.Event) bool {
			for _, e := range evs {
				if e.Type == "card_played" && e.CardID == "bomb" && e.TargetSeat >= 0 && e.TargetSeat != e.Seat {
					return true
				}
			}
			return false
		},
		FaultCoverFailLands: func(evs []ref.Event) bool {
			for i := 0; i+1 < len(evs); i++ {
				if evs[i].Type == "cover_check" && evs[i].Result == "fail" && evs[i+1].Type == "damage" && evs[i+1].Seat == evs[i].Seat {
					return true // the hit landed with no answer asked
				}
			}
			return false
		},
		FaultDynamitePassesBack: func(evs []ref.Event) bool {
			alive := map[int]bool{}
			for _, e := range evs {
				switch e.Type {
				case "deal":
					alive[e.Seat] = true
				case "eliminated":
					delete(alive, e.Seat)
				case "dynamite_passed":
					next := e.Seat
					for k := 1; k <= 8; k++ {
						if alive[(e.Seat+k)%8] {
							next = (e.Seat + k) % 8
							break
						}
					}
					if e.TargetSeat != next {
						return true
					}
				}
			}
			return false
		},
		FaultJailBeforeDynamite: func(evs []ref.Event) bool {
			for i := 0; i+1 < len(evs); i++ {
				if evs[i].Type == "check" && evs[i].Kind == "jail" && evs[i+1].Type == "check" && evs[i+1].Kind == "dynamite" && evs[i+1].Seat == evs[i].Seat {
					return true
				}
			}
			return false
		},
	}
}

// TestEffectFaultsBreakTheirRule plays matches through the engine with each
// such fault's deviation on and off: the break shows in some match with it
// on and in none of the same matches with it off.
func TestEffectFaultsBreakTheirRule(t *testing.T) {
	for f, w := range effectFaultWitness() {
		t.Run(string(f), func(t *testing.T) {
			for i := range 120 {
				if !w(effectMatch(t, i, faultSet{f: true})) {
					continue
				}
				for j := 0; j <= i; j++ {
					if w(effectMatch(t, j, nil)) {
						t.Fatalf("match %d shows the break of %s without the fault", j, f)
					}
				}
				return
			}
			t.Fatalf("no match shows the break of %s with the fault on", f)
		})
	}
}

// TestEffectFaultsFirstDivergence plays the same matches with a fault's
// deviation on and off: the first event in which the logs differ is the one
// the fault's rule produces (a Saloon's heal of another seat, the discard
// of a weapon replaced), and some match differs at all. Every fault of
// effectFaults is proven here or in TestEffectFaultsBreakTheirRule.
func TestEffectFaultsFirstDivergence(t *testing.T) {
	tests := map[Fault]func(off, on []ref.Event, j int) bool{
		FaultSaloonSelfOnly: func(off, on []ref.Event, j int) bool {
			// A heal of the Saloon (the card played last) of a seat other
			// than its player is left out.
			for k := j - 1; k >= 0; k-- {
				if off[k].Type == "card_played" {
					return off[k].CardID == "heal_all" && off[j].Type == "heal" && off[j].Seat != off[k].Seat
				}
			}
			return false
		},
		FaultWeaponReplacedLost: func(off, on []ref.Event, j int) bool {
			return off[j].Type == "discard" && off[j].Reason == "weapon_replaced" && on[j].Type == "card_played" && ref.WeaponRange(on[j].CardID) > 0
		},
	}
	witnessed := effectFaultWitness()
	for _, fi := range effectFaults() {
		at, ok := tests[fi.Name]
		if _, w := witnessed[fi.Name]; !ok && !w {
			t.Errorf("%s: no test shows its break", fi.Name)
		}
		if !ok {
			continue
		}
		t.Run(string(fi.Name), func(t *testing.T) {
			for i := range 120 {
				off, on := effectMatch(t, i, nil), effectMatch(t, i, faultSet{fi.Name: true})
				for j := 0; j < len(off) && j < len(on); j++ {
					a, _ := off[j].MarshalJSON()
					b, _ := on[j].MarshalJSON()
					if !bytes.Equal(a, b) {
						if !at(off, on, j) {
							t.Fatalf("match %d: the first divergence is a %s event (%s), not the fault's", i, off[j].Type, a)
						}
						return
					}
				}
			}
			t.Fatalf("no match differs with %s on", fi.Name)
		})
	}
}
