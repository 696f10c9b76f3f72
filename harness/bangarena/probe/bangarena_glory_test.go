package probe

import (
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestHeartHealed holds the glory probe's bangarena/9.glory-perks judgement
// to the heal of the heart perk: it passes a heal event beside the perk or
// more hp, fails neither, and does not judge at High Noon or without the
// perk in the events.
func TestHeartHealed(t *testing.T) {
	perk := ba.Event{Type: "glory_perk", Seat: 2, Perk: "heart"}
	heal := ba.Event{Type: "heal", Seat: 2, Amount: 1}
	other := ba.Event{Type: "heal", Seat: 1, Amount: 1}
	for _, tc := range []struct {
		name           string
		evs            []ba.Event
		highNoon, hpUp bool
		judged, fails  bool
	}{
		{"heal before the perk", []ba.Event{heal, perk}, false, false, true, false},
		{"heal after the perk", []ba.Event{perk, heal}, false, false, true, false},
		{"hp up, heal named otherwise", []ba.Event{perk}, false, true, true, false},
		{"no heal", []ba.Event{heal, other, perk}, false, false, true, true},
		{"another seat's heal", []ba.Event{other, perk}, false, false, true, true},
		{"high noon", []ba.Event{perk}, true, false, false, false},
		{"perk not in the window", []ba.Event{heal}, false, false, false, false},
		{"range perk", []ba.Event{{Type: "glory_perk", Seat: 2, Perk: "range"}}, false, false, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, judged := baHeartHealed(tc.evs, 2, tc.highNoon, tc.hpUp, rules.Where{})
			if judged != tc.judged || (f != nil) != tc.fails {
				t.Fatalf("judged %v, finding %v; want judged %v, finding %v", judged, f != nil, tc.judged, tc.fails)
			}
			if f != nil && f.Rule != "bangarena/9.glory-perks" {
				t.Fatalf("finding of %s", f.Rule)
			}
		})
	}
}
