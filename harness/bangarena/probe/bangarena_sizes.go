package probe

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// baDocRoles is the role distribution of §2 by seat count: the classic
// table (classic, partners and legacy) and the Double Agent's table
// (impostor mode at 5 seats or more; below 5 the table plays classic),
// copied from the document for this check alone.
func baDocRoles(seats int, mode string) map[string]int {
	if mode == ba.ModeImpostor && seats >= 5 {
		return map[int]map[string]int{
			5: {"marshal": 1, "aide": 1, "raider": 1, "lone": 1, "impostor": 1},
			6: {"marshal": 1, "aide": 1, "raider": 2, "lone": 1, "impostor": 1},
			7: {"marshal": 1, "aide": 2, "raider": 2, "lone": 1, "impostor": 1},
			8: {"marshal": 1, "aide": 2, "raider": 2, "lone": 2, "impostor": 1},
		}[seats]
	}
	return map[int]map[string]int{
		4: {"marshal": 1, "raider": 2, "lone": 1},
		5: {"marshal": 1, "aide": 1, "raider": 2, "lone": 1},
		6: {"marshal": 1, "aide": 1, "raider": 3, "lone": 1},
		7: {"marshal": 1, "aide": 2, "raider": 3, "lone": 1},
		8: {"marshal": 1, "aide": 2, "raider": 3, "lone": 2},
	}[seats]
}

// baCheckDealSizes creates a room at every table size the document allows
// (4 to 8 seats, §0), in classic and in impostor mode, every seat held,
// reads each seat's own role from its first observation and compares the
// roles dealt with §2's tables: bangarena/2.role-distribution (classic, and
// impostor below 5 seats) and bangarena/2.impostor-distribution (impostor
// at 5 seats or more). The session rooms play 4 seats and the impostor at
// 8; this check sees the other sizes.
func baCheckDealSizes(ctx context.Context, t *conform.Target) conform.Result {
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	c := probeLong(t)
	c.DeadlineMS = int(baFairWait.Milliseconds())
	var res conform.Result
	var refused []string
	for seats := 4; seats <= 8; seats++ {
		for _, mode := range []string{ba.ModeClassic, ba.ModeImpostor} {
			rule := "bangarena/2.role-distribution"
			if mode == ba.ModeImpostor {
				rule = "bangarena/2.impostor-distribution"
			}
			roles, _, err := baDealtRolesMode(ctx, c, t, fmt.Sprintf("deal-size/%s/%d", mode, seats), baMode{mode: mode, seats: seats})
			var ce *conform.CreateError
			var sk baFairSkip
			switch {
			case errors.As(err, &ce) && ce.Status >= 400 && ce.Status < 500:
				refused = append(refused, fmt.Sprintf("%s at %d seats (HTTP %d)", mode, seats, ce.Status))
				continue
			case errors.As(err, &sk):
				return conform.Skip("%s", sk.why)
			case err != nil:
				return conform.ProbeErr(err)
			}
			if len(roles) != seats {
				refused = append(refused, fmt.Sprintf("%s at %d seats (a room of %d seats made)", mode, seats, len(roles)))
				continue
			}
			res.Eval(rule)
			got := map[string]int{}
			for _, r := range roles {
				got[r]++
			}
			if want := baDocRoles(seats, mode); !maps.Equal(got, want) {
				res.Findings = append(res.Findings, conform.NewFinding(rule, rules.Where{Step: fmt.Sprintf("%s room of %d seats", mode, seats)}, baRoleCounts(want), baRoleCounts(got),
					"a %s room of %d seats dealt %s, not the document's %s", mode, seats, baRoleCounts(got), baRoleCounts(want)))
			}
		}
	}
	if len(res.Evaluated) == 0 {
		return conform.Skip("the server made no room of the sizes asked for: %s", strings.Join(refused, "; "))
	}
	for _, why := range refused {
		res.NoteNotExercised("bangarena/2.role-distribution", "the server refused a room: "+why)
	}
	return res
}

// baRoleCounts writes role counts in a stable order.
func baRoleCounts(m map[string]int) string {
	var parts []string
	for _, r := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%d %s", m[r], r))
	}
	return strings.Join(parts, ", ")
}
