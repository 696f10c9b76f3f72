package inference

import "github.com/umpire-arena/umpire/referee/rules"

// Match is a State dealt by a Chance (Seeded(seed) unless told otherwise),
// as the embedded server and the self-play runner use it: seats, round 1's
// dealer and every value come from the Chance, and each round starts by
// itself as soon as the previous one is settled.
type Match struct {
	*State
	seed    string
	chance  Chance
	players []int
	vals    []int
}

// NewMatch seats players (given in entry order) by the seed, emits
// match_start, and deals round 1 (and any following rounds that need no
// decision). Use PlayerAt to map seats back to entries.
func NewMatch(cfg Config, matchID, seed string, players []string, sink Sink) (*Match, error) {
	m, err := PrepareMatch(cfg, matchID, seed, players, sink)
	if err != nil {
		return nil, err
	}
	if err := m.Start(); err != nil {
		return nil, err
	}
	return m, nil
}

// PrepareMatch is NewMatch without dealing round 1: the match is in
// PhaseReady at round 0 (what a welcome before the start shows) until Start.
func PrepareMatch(cfg Config, matchID, seed string, players []string, sink Sink) (*Match, error) {
	return PrepareMatchWith(cfg, matchID, seed, Seeded(seed), players, sink)
}

// PrepareMatchWith is PrepareMatch with the seating, the first dealer and
// the values taken from c; seed is still the one the match commits to.
func PrepareMatchWith(cfg Config, matchID, seed string, c Chance, players []string, sink Sink) (*Match, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if len(players) != cfg.TableSize {
		return nil, rules.Errorf("inference/table.size", "%d players for a table of %d", len(players), cfg.TableSize)
	}
	perm := c.Seating(cfg.TableSize)
	if !isPerm(perm, cfg.TableSize) {
		return nil, rules.Errorf("inference/table.size", "the seating %v is no order of the %d players", perm, cfg.TableSize)
	}
	names := make([]string, cfg.TableSize)
	for seat, idx := range perm {
		names[seat] = players[idx]
	}
	st, err := NewState(cfg, Setup{MatchID: matchID, Seed: seed, Names: names, FirstDealer: c.FirstDealer(cfg.TableSize)}, sink)
	if err != nil {
		return nil, err
	}
	return &Match{State: st, seed: seed, chance: c, players: perm, vals: make([]int, cfg.TableSize)}, nil
}

// Start deals round 1 of a prepared match (and any following rounds that
// need no decision). It fails once the match has started.
func (m *Match) Start() error {
	if m.State.Round() != 0 || m.State.Phase() != PhaseReady {
		return rules.Errorf("inference/protocol.log-order", "the match has already started")
	}
	return m.advance()
}

// Seed returns the match seed.
func (m *Match) Seed() string { return m.seed }

// PlayerAt returns the entry index of the player in seat.
func (m *Match) PlayerAt(seat int) int { return m.players[seat] }

// Apply plays seat's own move (see State.Apply) and moves on to the next
// round when this one is over.
func (m *Match) Apply(seat int, mv Move) error {
	if err := m.State.Apply(seat, mv); err != nil {
		return err
	}
	return m.advance()
}

// Timeout plays the default action for the seat to act (see State.Timeout)
// and moves on to the next round when this one is over.
func (m *Match) Timeout() error {
	if err := m.State.Timeout(); err != nil {
		return err
	}
	return m.advance()
}

// advance deals rounds until a seat must act or the match is over.
func (m *Match) advance() error {
	for m.State.Phase() == PhaseReady {
		r := m.State.Round() + 1
		for seat := range m.vals {
			m.vals[seat] = 0
			if m.State.liveNext(seat) {
				m.vals[seat] = m.chance.Value(r, seat)
			}
		}
		if err := m.State.StartRound(m.vals); err != nil {
			return err
		}
	}
	return nil
}
