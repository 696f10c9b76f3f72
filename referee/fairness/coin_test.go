package fairness

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// The sample the BangArena suite takes (harness/bangarena/probe/bangarena_fair.go):
// about 400 Cover flips, five or so a room, and 24 deals of an 8-seat
// impostor table.
const (
	coinRooms   = 80
	coinPerRoom = 5
	placeRooms  = 24
)

// flipsOf returns rooms sequences of perRoom flips drawn by flip.
func flipsOf(rooms, perRoom int, flip func(room int) bool) [][]bool {
	out := make([][]bool, rooms)
	for r := range out {
		for range perRoom {
			out[r] = append(out[r], flip(r))
		}
	}
	return out
}

func TestHalfTwoSided(t *testing.T) {
	for _, tc := range []struct {
		k, n int
		want float64
	}{
		{5, 10, 1}, {0, 10, 2 * math.Pow(0.5, 10)}, {10, 10, 2 * math.Pow(0.5, 10)}, {0, 0, 1},
		// P(X ≤ 1) for Bin(10, ½) = 11/1024, twice.
		{1, 10, 22.0 / 1024}, {9, 10, 22.0 / 1024},
	} {
		if got := HalfTwoSided(tc.k, tc.n); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("HalfTwoSided(%d, %d) = %g, want %g", tc.k, tc.n, got, tc.want)
		}
	}
}

// TestCoinFalseAlarms: on the coins umpire's own generator flips (2,000
// samples of the size the suite takes), neither test rejects at Alpha,
// and each rejects at 1 % in about 1 % of samples or less.
func TestCoinFalseAlarms(t *testing.T) {
	const samples = 2000
	at1 := make([]int, 2)
	for m := range samples {
		chances := make([]ba.Chance, coinRooms)
		for r := range chances {
			chances[r] = ba.Seeded(fmt.Sprintf("coin/%d/%d", m, r))
		}
		for i, tc := range Coin(flipsOf(coinRooms, coinPerRoom, func(r int) bool { return chances[r].Coin() })) {
			if !tc.Ran {
				t.Fatalf("%s did not run: %s", tc.Name, tc.Why)
			}
			if tc.Failed() {
				t.Errorf("sample %d: %s rejects a fair coin: p %g (%s)", m, tc.Name, tc.P, tc.Observed)
			}
			if tc.P < 0.01 {
				at1[i]++
			}
		}
	}
	for i, n := range at1 {
		t.Logf("coin test %d: %d of %d samples at p < 0.01", i, n, samples)
		if n > 40 {
			t.Errorf("coin test %d rejects %d of %d fair samples at 1 %%", i, n, samples)
		}
	}
}

// TestCoinCatchesBiases: a coin that lands heads one time in four, and a
// balanced coin that alternates, are each caught by the test written for
// them; the log gives how often a smaller bias is caught at the suite's
// sample size.
func TestCoinCatchesBiases(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	biased := Coin(flipsOf(coinRooms, coinPerRoom, func(int) bool { return rng.IntN(4) == 0 }))
	if !biased[0].Failed() {
		t.Errorf("heads one time in four not caught: p %g (%s)", biased[0].P, biased[0].Observed)
	}
	flip := false
	alternating := Coin(flipsOf(coinRooms, coinPerRoom, func(int) bool { flip = !flip; return flip }))
	if alternating[0].Failed() || !alternating[1].Failed() {
		t.Errorf("an alternating coin: balance failed %v (p %g), pairs failed %v (p %g)", alternating[0].Failed(), alternating[0].P, alternating[1].Failed(), alternating[1].P)
	}
	for _, heads := range []float64{0.40, 0.35, 0.33, 0.30} {
		caught := 0
		for range 200 {
			if Coin(flipsOf(coinRooms, coinPerRoom, func(int) bool { return rng.Float64() < heads }))[0].Failed() {
				caught++
			}
		}
		t.Logf("heads with chance %.2f: caught in %d of 200 samples of %d flips", heads, caught, coinRooms*coinPerRoom)
		if heads == 0.30 && caught < 180 {
			t.Errorf("heads with chance 0.30 caught in only %d of 200 samples", caught)
		}
	}
}

// TestCoinTooFew: with too few flips neither test runs, and each says why.
func TestCoinTooFew(t *testing.T) {
	for _, tc := range Coin(flipsOf(10, 5, func(int) bool { return true })) {
		if tc.Ran || tc.Why == "" || tc.Failed() {
			t.Errorf("%s on 50 flips: ran %v, why %q", tc.Name, tc.Ran, tc.Why)
		}
	}
	if tc := Even("picks", "the first", 5, 5); tc.Ran || tc.Why == "" {
		t.Errorf("Even on 5 picks: ran %v, why %q", tc.Ran, tc.Why)
	}
}

// dealt returns the roles of n seeded impostor tables of 8 seats, umpire's
// generator dealing, with the Marshal's seat.
func dealt(t *testing.T, prefix string, n int) ([]Table, []*ba.Game) {
	t.Helper()
	var out []Table
	var games []*ba.Game
	for i := range n {
		seed := fmt.Sprintf("%s/%d", prefix, i)
		g, err := ba.NewGameWith(ba.Config{Seats: 8, RoleMode: ba.ModeImpostor}, seed, ba.Seeded(seed))
		if err != nil {
			t.Fatal(err)
		}
		tb := Table{Roles: make([]string, 8), Public: -1}
		for s := range 8 {
			tb.Roles[s] = *g.View(s).Players[s].RoleID
			if tb.Roles[s] == "marshal" {
				tb.Public = s
			}
		}
		out = append(out, tb)
		games = append(games, g)
	}
	return out, games
}

// TestPlacesFalseAlarms: on the deals of umpire's own generator (250
// samples of 24 tables; 1,000 gave 8 and 5 at p < 0.01), neither test of
// the roles' places rejects at Alpha, and each rejects at 1 % in about 1 %
// of samples or less (Bonferroni over the counts makes them conservative).
func TestPlacesFalseAlarms(t *testing.T) {
	const samples = 250
	at1 := make([]int, 2)
	for m := range samples {
		tables, _ := dealt(t, fmt.Sprintf("places/%d", m), placeRooms)
		for i, tc := range Places(tables) {
			if !tc.Ran {
				t.Fatalf("%s did not run: %s", tc.Name, tc.Why)
			}
			if tc.Failed() {
				t.Errorf("sample %d: %s rejects a random deal: p %g (%s)", m, tc.Name, tc.P, tc.Observed)
			}
			if tc.P < 0.01 {
				at1[i]++
			}
		}
	}
	for i, n := range at1 {
		t.Logf("places test %d: %d of %d samples at p < 0.01", i, n, samples)
		if n > 10 { // 1 % of 250 is 2.5; 10 is over four standard deviations above
			t.Errorf("places test %d rejects %d of %d random deals at 1 %%", i, n, samples)
		}
	}
}

// TestPlacesCatchFixedDeals: hidden roles dealt in a fixed order are
// caught by seat number when the Marshal's seat is fixed too, and by the
// place from the Marshal when only the Marshal moves; a table with roles
// partly fixed (the Double Agent always right after the Marshal, the rest
// at random) is caught by place; too few rooms run no test.
func TestPlacesCatchFixedDeals(t *testing.T) {
	tables, _ := dealt(t, "fixed", placeRooms)
	order := []string{"marshal", "aide", "aide", "raider", "raider", "lone", "lone", "impostor"}
	rng := rand.New(rand.NewPCG(5, 6))
	fixed := make([]Table, len(tables))
	moving := make([]Table, len(tables))
	agentNext := make([]Table, len(tables))
	for i, tb := range tables {
		fixed[i] = Table{Roles: order, Public: 0}
		m := rng.IntN(8)
		roles := make([]string, 8)
		for k := range 8 {
			roles[(m+k)%8] = order[k]
		}
		moving[i] = Table{Roles: roles, Public: m}
		// The impostor swapped into the seat after the Marshal.
		r := append([]string(nil), tb.Roles...)
		next := (tb.Public + 1) % 8
		for s := range r {
			if r[s] == "impostor" {
				r[s], r[next] = r[next], r[s]
			}
		}
		agentNext[i] = Table{Roles: r, Public: tb.Public}
	}
	for _, tc := range []struct {
		name   string
		tables []Table
		test   int
	}{{"every role at a fixed seat", fixed, 0}, {"roles in a fixed order from a random Marshal", moving, 1}, {"the Double Agent after the Marshal", agentNext, 1}} {
		got := Places(tc.tables)[tc.test]
		if !got.Failed() {
			t.Errorf("%s: %s not caught: p %g (%s)", tc.name, got.Name, got.P, got.Observed)
		}
	}
	for _, tc := range Places(tables[:MinTables-1]) {
		if tc.Ran || tc.Why == "" {
			t.Errorf("%s on %d tables: ran %v, why %q", tc.Name, MinTables-1, tc.Ran, tc.Why)
		}
	}
}
