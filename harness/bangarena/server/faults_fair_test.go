package server

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// fairFaultRules are the faults of faults_fair.go and the rule each breaks.
func fairFaultRules() map[Fault]string {
	return map[Fault]string{
		FaultCoinBiased:        "bangarena/8.cover-fair",
		FaultRolesFixed:        "bangarena/2.roles-at-random",
		FaultBriefingFirstAide: "bangarena/2.briefing-random-aide",
	}
}

// TestFaultCoinBiased: with the fault on, the room's coins land heads
// about one time in four; off, about half the time.
func TestFaultCoinBiased(t *testing.T) {
	for _, on := range []bool{false, true} {
		fs := faultSet{FaultCoinBiased: on}
		c := fs.fairChance(ref.Seeded("coin"))
		heads := 0
		for range 1000 {
			if c.Coin() {
				heads++
			}
		}
		if low := heads < 350; low != on {
			t.Errorf("fault on %v: %d heads of 1000", on, heads)
		}
	}
}

// seatRoles returns every seat's own role, read from its observation, and
// the Marshal's briefing (knownRoles), of a room made with cfg.
func seatRoles(t *testing.T, f *fixture, cfg RoomConfig) ([]string, []ref.KnownRole, Created) {
	t.Helper()
	c := agentsRoom(t, f, cfg)
	roles := make([]string, cfg.Seats)
	var known []ref.KnownRole
	for s := range cfg.Seats {
		st, w, body := f.observe(c.RoomID, s, c.Tokens[s])
		if st != http.StatusOK || w.Observation.Players[s].RoleID == nil {
			t.Fatalf("observe seat %d: %d %s", s, st, truncate(body))
		}
		roles[s] = *w.Observation.Players[s].RoleID
		if roles[s] == ref.RoleMarshal {
			known = w.Observation.KnownRoles
		}
	}
	return roles, known, c
}

// TestFaultRolesFixed: with the fault on, every room deals the roles in
// the role table's order and declares no generator; off, the rooms' deals
// differ.
func TestFaultRolesFixed(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultRolesFixed}
		}
		f := newFixture(t, opts)
		deals := map[string]bool{}
		for i := range 6 {
			roles, _, c := seatRoles(t, f, RoomConfig{Seats: 6, Seed: fmt.Sprintf("roles/%d", i)})
			deals[fmt.Sprint(roles)] = true
			if on != (c.Chance == "") {
				t.Errorf("fault on %v: the creation declares chance %q", on, c.Chance)
			}
			if on && !slices.Equal(roles, []string{ref.RoleMarshal, ref.RoleAide, ref.RoleRaider, ref.RoleRaider, ref.RoleRaider, ref.RoleLone}) {
				t.Errorf("fault on: roles %v, want the table's order", roles)
			}
		}
		if fixed := len(deals) == 1; fixed != on {
			t.Errorf("fault on %v: %d different deals in 6 rooms", on, len(deals))
		}
	}
}

// TestFaultBriefingFirstAide: with the fault on, the Marshal's briefing at
// 8 impostor seats always names the aide of the lower seat; off, the
// other aide too in some of 12 rooms.
func TestFaultBriefingFirstAide(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultBriefingFirstAide}
		}
		f := newFixture(t, opts)
		lower := 0
		for i := range 12 {
			roles, known, _ := seatRoles(t, f, RoomConfig{Seats: 8, RoleMode: ref.ModeImpostor, Seed: fmt.Sprintf("brief/%d", i)})
			aide := slices.Index(roles, ref.RoleAide)
			for _, k := range known {
				if k.Seat == aide {
					lower++
				}
			}
		}
		if always := lower == 12; always != on {
			t.Errorf("fault on %v: the lower aide named in %d of 12 rooms", on, lower)
		}
	}
}

// TestFaultSevenSeatsOneAide: with the fault on, a classic table of 7
// seats deals one aide and four raiders; off, two and three; a 6-seat
// table is dealt as the document says either way.
func TestFaultSevenSeatsOneAide(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultSevenSeatsOneAide}
		}
		f := newFixture(t, opts)
		for _, seats := range []int{6, 7} {
			roles, _, _ := seatRoles(t, f, RoomConfig{Seats: seats, Seed: "sizes"})
			aides, raiders := 0, 0
			for _, r := range roles {
				aides += boolInt(r == ref.RoleAide)
				raiders += boolInt(r == ref.RoleRaider)
			}
			want := map[int][2]int{6: {1, 3}, 7: {2, 3}}[seats]
			if on && seats == 7 {
				want = [2]int{1, 4}
			}
			if got := [2]int{aides, raiders}; got != want {
				t.Errorf("fault on %v, %d seats: %d aides and %d raiders, want %v", on, seats, aides, raiders, want)
			}
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
