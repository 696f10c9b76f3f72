package bangarena

import (
	"encoding/json"

	"github.com/umpire-arena/umpire/referee/rules"
)

// Decision is one applied decision: the seat, its actionId and the args it
// sent (only discard's cardUids change the outcome).
type Decision struct {
	Seat     int             `json:"seat"`
	ActionID string          `json:"actionId"`
	Args     json.RawMessage `json:"args,omitempty"`
}

// DecisionsOf extracts the applied decisions, in order, from a full log.
func DecisionsOf(log []Event) []Decision {
	var out []Decision
	for _, e := range log {
		if e.Type == "decision" {
			out = append(out, Decision{Seat: e.Seat, ActionID: e.ActionID, Args: e.Args})
		}
	}
	return out
}

// Replay re-simulates a match from its config, seed and decisions. It
// stops at the first decision the engine rejects and returns that error
// (a *rules.Error) with the game as it stood.
func Replay(cfg Config, seed string, decisions []Decision) (*Game, error) {
	g, err := NewGame(cfg, seed)
	if err != nil {
		return nil, err
	}
	for i, d := range decisions {
		if err := g.Apply(d.Seat, d.ActionID, d.Args); err != nil {
			return g, rules.Errorf(rules.RuleOf(err), "decision %d (seat %d, %s): %v", i+1, d.Seat, d.ActionID, err)
		}
	}
	return g, nil
}
