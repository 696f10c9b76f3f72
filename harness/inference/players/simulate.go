package players

import (
	"context"
	"fmt"
	"hash/fnv"
	"io"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// Result summarises one simulated match.
type Result struct {
	MatchID string `json:"match_id"`
	Seed    string `json:"seed"`
	// Kinds[seat] is the strategy in that seat.
	Kinds     []string        `json:"kinds"`
	Rounds    int             `json:"rounds"`
	Actions   int             `json:"actions"`
	Reason    string          `json:"reason"`
	Ranking   []ref.RankEntry `json:"ranking"`
	LogBytes  int             `json:"log_bytes"`
	WinnerSet []int           `json:"winners"`
}

// PlayerSeed derives the seed of the player entering at index entry of the
// match seeded matchSeed: FNV-1a 64 of matchSeed + "/" + entry.
func PlayerSeed(matchSeed string, entry int) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", matchSeed, entry)
	return int64(h.Sum64())
}

// Simulate plays one full match between players (in entry order; seats are
// drawn from the seed) on the referee alone. When log is not nil the full
// match log (with deal_private lines) is written to it. A move a player
// returns that the referee rejects is an error: scripted players only play
// listed moves. ctx is checked between rounds.
func Simulate(ctx context.Context, cfg ref.Config, matchID, seed string, players []Player, log io.Writer) (Result, error) {
	if len(players) != cfg.TableSize {
		return Result{}, fmt.Errorf("simulate: %d players for a table of %d", len(players), cfg.TableSize)
	}
	names := make([]string, len(players))
	for i, p := range players {
		names[i] = fmt.Sprintf("%s-%d", p.Kind(), i)
	}
	buf := &ref.LogBuffer{}
	var sink ref.Sink
	if log != nil {
		sink = buf
	}
	m, err := ref.NewMatch(cfg, matchID, seed, names, sink)
	if err != nil {
		return Result{}, err
	}
	res := Result{MatchID: matchID, Seed: seed, Kinds: make([]string, cfg.TableSize)}
	for seat := range res.Kinds {
		res.Kinds[seat] = players[m.PlayerAt(seat)].Kind()
	}
	legal := make([]ref.LegalAction, 0, 3)
	var vs ref.VisibleState
	round := m.Round()
	for m.Phase() != ref.PhaseOver {
		if m.Round() != round {
			round = m.Round()
			if err := ctx.Err(); err != nil {
				return res, err
			}
		}
		seat := m.ToAct()
		m.ViewInto(seat, &vs)
		legal = m.Legal(legal[:0])
		mv := players[m.PlayerAt(seat)].Decide(&vs, legal)
		if err := m.Apply(seat, mv); err != nil {
			return res, fmt.Errorf("simulate: %s in seat %d played %+v: %w", res.Kinds[seat], seat, mv, err)
		}
		res.Actions++
	}
	res.Rounds = m.Round()
	res.Reason = m.EndReason()
	res.Ranking = m.Ranking()
	for _, r := range res.Ranking {
		if r.Rank == 1 {
			res.WinnerSet = append(res.WinnerSet, r.Seat)
		}
	}
	if log != nil {
		res.LogBytes = len(buf.Buf)
		if _, err := log.Write(buf.Buf); err != nil {
			return res, fmt.Errorf("simulate: writing the log: %w", err)
		}
	}
	return res, nil
}
