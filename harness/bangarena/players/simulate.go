package players

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// MaxDecisions caps a simulated match; hitting it is an error.
const MaxDecisions = 20000

// SimDeadline is the deadlineAt of every simulated request: self-play has
// no clock, so it is a fixed, well-formed date-time.
const SimDeadline = "1970-01-01T00:00:30.000Z"

// Result sums up a simulated match.
type Result struct {
	Seed        string    `json:"seed"`
	Config      ba.Config `json:"config"`
	WinnerTeam  string    `json:"winnerTeam"`
	WinnerSeats []int     `json:"winnerSeats"`
	Roles       []string  `json:"roles"`
	Characters  []string  `json:"characters"`
	Decisions   int       `json:"decisions"`
	Rounds      int       `json:"rounds"`
	Events      int       `json:"events"`
}

// Simulate plays one match of cfg dealt from seed, asking players[seat]
// for every decision of that seat through a DecisionRequest (to a
// DeltaPlayer through DecideDelta, its events a delta), and writes the
// full event log (public and private events, including each applied
// decision) to log as JSON Lines when log is not nil. It returns an error
// when a player fails or answers an illegal action, when the match exceeds
// MaxDecisions, or when ctx is done.
func Simulate(ctx context.Context, cfg ba.Config, seed string, players []Player, log io.Writer) (Result, error) {
	if len(players) != cfg.Seats {
		return Result{}, fmt.Errorf("bangarena simulate: %d players for %d seats", len(players), cfg.Seats)
	}
	g, err := ba.NewGame(cfg, seed)
	if err != nil {
		return Result{}, err
	}
	// Per DeltaPlayer seat: the log index of its next delta, and the events
	// buffer its requests reuse.
	from := make([]int, cfg.Seats)
	bufs := make([][]ba.Event, cfg.Seats)
	for n := 0; !g.Over(); n++ {
		if n >= MaxDecisions {
			return Result{}, fmt.Errorf("bangarena simulate: seed %q: no end after %d decisions", seed, n)
		}
		if n%64 == 0 {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
		}
		seat, _ := g.Decider()
		var d Decision
		if dp, ok := players[seat].(DeltaPlayer); ok {
			var req ba.DecisionRequest
			req, from[seat] = g.RequestSince(seat, SimDeadline, from[seat], bufs[seat])
			d, err = dp.DecideDelta(&req)
			bufs[seat] = req.Observation.Events
		} else {
			req := g.Request(seat, SimDeadline)
			d, err = players[seat].Decide(&req)
		}
		if err != nil {
			return Result{}, fmt.Errorf("bangarena simulate: seed %q: seat %d (%s): %w", seed, seat, players[seat].Name(), err)
		}
		if err := g.Apply(seat, d.ActionID, d.Args); err != nil {
			return Result{}, fmt.Errorf("bangarena simulate: seed %q: seat %d (%s) answered %q: %w", seed, seat, players[seat].Name(), d.ActionID, err)
		}
	}
	if log != nil {
		w := bufio.NewWriter(log)
		for _, e := range g.Log() {
			b, err := json.Marshal(e)
			if err != nil {
				return Result{}, err
			}
			w.Write(b)
			w.WriteByte('\n')
		}
		if err := w.Flush(); err != nil {
			return Result{}, err
		}
	}
	team, seats := g.Winners()
	res := Result{Seed: seed, Config: g.Config(), WinnerTeam: team, WinnerSeats: seats, Decisions: g.Decisions(), Rounds: g.Round(), Events: g.EventCount()}
	end, _ := g.RequestSince(0, SimDeadline, g.EventCount(), nil) // roles and characters, no events
	for _, p := range end.Observation.Players {
		role := ""
		if p.RoleID != nil {
			role = *p.RoleID
		}
		res.Roles = append(res.Roles, role)
		res.Characters = append(res.Characters, p.CharacterID)
	}
	return res, nil
}
