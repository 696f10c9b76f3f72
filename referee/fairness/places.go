package fairness

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Table is the roles one room dealt, by seat, and the seat of the role
// whose place is public (BangArena's Marshal; -1 when the room has none).
type Table struct {
	Roles  []string
	Public int
}

// MinTables is the least rooms of one kind (seat count and hidden roles)
// before their places are tested.
const MinTables = 12

// Places tests where hidden roles sit against a deal that places them at
// random: given the public seat, each hidden role is as likely at every
// other seat as its share of the hidden roles. Two tests, each over every
// kind of table (seat count and hidden roles) with MinTables rooms or
// more: by seat number, and by place counted from the public seat. Each
// counts, for every place and hidden role, the rooms that put the role
// there (binomial, of chance its share) and takes the most surprising
// count, Bonferroni-corrected over the counts made: a role dealt to the
// same place far more often than its share fails it.
func Places(tables []Table) []Test {
	kinds := map[string][]Table{}
	var order []string
	for _, tb := range tables {
		if tb.Public < 0 || tb.Public >= len(tb.Roles) {
			continue
		}
		k := kindOf(tb)
		if kinds[k] == nil {
			order = append(order, k)
		}
		kinds[k] = append(kinds[k], tb)
	}
	slices.Sort(order)
	bySeat := Test{Name: "hidden roles sit at every seat number as often as their share"}
	byPlace := Test{Name: "hidden roles sit at every place from the Marshal as often as their share"}
	var why []string
	var seatCells, placeCells []cell
	for _, k := range order {
		ts := kinds[k]
		if len(ts) < MinTables {
			why = append(why, fmt.Sprintf("%d rooms of %s", len(ts), k))
			continue
		}
		bySeat.N += len(ts)
		byPlace.N += len(ts)
		seatCells = append(seatCells, placeCells0(ts, k, func(tb Table, s int) int { return s })...)
		placeCells = append(placeCells, placeCells0(ts, k, func(tb Table, s int) int {
			return (s - tb.Public + len(tb.Roles)) % len(tb.Roles)
		})...)
	}
	for _, tc := range []struct {
		t     *Test
		cells []cell
		where string
	}{{&bySeat, seatCells, "seat"}, {&byPlace, placeCells, "place"}} {
		if len(tc.cells) == 0 {
			tc.t.Why = fmt.Sprintf("no kind of table was dealt %d times or more (%s)", MinTables, strings.Join(why, ", "))
			continue
		}
		worst := tc.cells[0]
		for _, c := range tc.cells[1:] {
			if c.p < worst.p {
				worst = c
			}
		}
		tc.t.Ran, tc.t.P = true, math.Min(1, worst.p*float64(len(tc.cells)))
		tc.t.Observed = fmt.Sprintf("%s at %s %d in %d of %d rooms of %s (the most surprising of %d counts)", worst.role, tc.where, worst.place, worst.hits, worst.rooms, worst.kind, len(tc.cells))
		tc.t.Expected = fmt.Sprintf("about %.1f (a share of %.2f)", worst.share*float64(worst.rooms), worst.share)
	}
	return []Test{bySeat, byPlace}
}

// kindOf names a table's kind: its seat count and hidden roles, sorted.
func kindOf(tb Table) string {
	var hidden []string
	for s, r := range tb.Roles {
		if s != tb.Public {
			hidden = append(hidden, r)
		}
	}
	slices.Sort(hidden)
	return fmt.Sprintf("%d seats (%s)", len(tb.Roles), strings.Join(hidden, " "))
}

// cell is one count of Places: the rooms of a kind whose place holds role.
type cell struct {
	kind        string
	role        string
	place       int
	hits, rooms int
	share, p    float64
}

// placeCells0 counts, for each place (where names a seat's place) and
// hidden role, the rooms of one kind that put the role there, with the
// upper tail of each count.
func placeCells0(ts []Table, kind string, where func(Table, int) int) []cell {
	n := len(ts[0].Roles)
	share := map[string]float64{}
	for s, r := range ts[0].Roles {
		if s != ts[0].Public {
			share[r] += 1 / float64(n-1)
		}
	}
	hits := map[string][]int{}
	rooms := make([]int, n)
	for r := range share {
		hits[r] = make([]int, n)
	}
	for _, tb := range ts {
		for s, r := range tb.Roles {
			if s == tb.Public {
				continue
			}
			pl := where(tb, s)
			hits[r][pl]++
			rooms[pl]++
		}
	}
	roles := make([]string, 0, len(share))
	for r := range share {
		roles = append(roles, r)
	}
	slices.Sort(roles)
	var out []cell
	for _, r := range roles {
		for pl := range n {
			if rooms[pl] == 0 {
				continue
			}
			k, p := hits[r][pl], 1.0
			if share[r] < 1 {
				p = BinomialUpper(k, rooms[pl], share[r])
			}
			out = append(out, cell{kind: kind, role: r, place: pl, hits: k, rooms: rooms[pl], share: share[r], p: p})
		}
	}
	return out
}
