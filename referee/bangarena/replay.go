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

// ConfigOf returns the config recorded in a log's match_start event.
func ConfigOf(log []Event) (Config, bool) {
	for _, e := range log {
		if e.Type == "match_start" && e.Config != nil {
			return *e.Config, true
		}
	}
	return Config{}, false
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

// EncodeLog writes events as JSON Lines: one event object per line.
func EncodeLog(events []Event) []byte {
	var out []byte
	if len(events) > 0 {
		out = make([]byte, 0, 160*len(events))
	}
	for i := range events {
		out = events[i].appendJSON(out)
		out = append(out, '\n')
	}
	return out
}

// DecodeLog reads a JSON Lines event log (blank lines skipped). A line that
// is not an event object gives a *rules.Error naming the line.
func DecodeLog(data []byte) ([]Event, error) {
	var out []Event
	line := 0
	for len(data) > 0 {
		line++
		i := 0
		for i < len(data) && data[i] != '\n' {
			i++
		}
		text := data[:i]
		if i < len(data) {
			data = data[i+1:]
		} else {
			data = nil
		}
		if len(trimSpace(text)) == 0 {
			continue
		}
		var e Event
		if err := json.Unmarshal(text, &e); err != nil {
			return out, rules.Errorf("bangarena/log.json", "log line %d is not an event object: %v", line, err)
		}
		if e.Type == "" || e.Seq <= 0 {
			return out, rules.Errorf("bangarena/log.json", "log line %d has no seq or type", line)
		}
		out = append(out, e)
	}
	return out, nil
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\r') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
