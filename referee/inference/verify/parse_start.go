package verify

import (
	"encoding/json"
	"fmt"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// startLine is match_start decoded in full.
type startLine struct {
	MatchID         string         `json:"match_id"`
	RulesVersion    string         `json:"rules_version"`
	TableSize       int            `json:"table_size"`
	RoundsTotal     int            `json:"rounds_total"`
	StartingCredits int            `json:"starting_credits"`
	Seats           []ref.SeatName `json:"seats"`
	Limits          ref.Limits     `json:"limits"`
	SeedCommit      string         `json:"seed_commit"`
	Deal            string         `json:"deal"`
}

// decodeStart reads match_start tolerantly: each field on its own, so that
// a field no check needs (match_id, deal, a seat's name, limits the
// verifier does not use) may have any shape; a field it needs of another
// shape is an error naming it.
func decodeStart(raw string) (startLine, error) {
	var s startLine
	var top map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &top); err != nil {
		return s, err
	}
	_ = json.Unmarshal(top["match_id"], &s.MatchID)
	_ = json.Unmarshal(top["deal"], &s.Deal)
	for _, f := range []struct {
		name string
		dst  any
	}{{"rules_version", &s.RulesVersion}, {"table_size", &s.TableSize}, {"rounds_total", &s.RoundsTotal},
		{"starting_credits", &s.StartingCredits}, {"seed_commit", &s.SeedCommit}} {
		if v, ok := top[f.name]; ok {
			if err := json.Unmarshal(v, f.dst); err != nil {
				return s, fmt.Errorf("field %q: %v", f.name, err)
			}
		}
	}
	var seats []map[string]json.RawMessage
	if err := json.Unmarshal(top["seats"], &seats); err != nil && top["seats"] != nil {
		return s, fmt.Errorf("field \"seats\": %v", err)
	}
	for _, e := range seats {
		var sn ref.SeatName
		if err := json.Unmarshal(e["seat"], &sn.Seat); err != nil {
			return s, fmt.Errorf("field \"seats\": a seat number: %v", err)
		}
		_ = json.Unmarshal(e["name"], &sn.Name)
		s.Seats = append(s.Seats, sn)
	}
	var lim map[string]json.RawMessage
	if err := json.Unmarshal(top["limits"], &lim); err != nil && top["limits"] != nil {
		return s, fmt.Errorf("field \"limits\": %v", err)
	}
	for k, v := range lim {
		one, err := json.Marshal(map[string]json.RawMessage{k: v})
		if err == nil {
			err = json.Unmarshal(one, &s.Limits)
		}
		if err != nil && limitNeeded(k) {
			return s, fmt.Errorf("field \"limits.%s\": %v", k, err)
		}
	}
	return s, nil
}

// limitNeeded reports whether the verifier reads a limits field.
func limitNeeded(k string) bool {
	switch k {
	case "ante", "ante_ramp", "min_raise", "max_raise", "max_raises_per_round", "max_consecutive_timeouts", "sit_out_rounds", "max_message_chars":
		return true
	}
	return false
}
