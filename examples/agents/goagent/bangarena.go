package main

import (
	"encoding/json"
	"fmt"
)

// decisionRequest is the part of a BangArena DecisionRequest the policy reads.
type decisionRequest struct {
	SeatID             *int   `json:"seatId"`
	ObservationVersion int    `json:"observationVersion"`
	DeadlineAt         string `json:"deadlineAt"`
	Observation        struct {
		You     *int `json:"you"`
		Players []struct {
			Seat int `json:"seat"`
			Hand []struct {
				UID string `json:"uid"`
			} `json:"hand"`
		} `json:"players"`
	} `json:"observation"`
	LegalActions []legalAction `json:"legalActions"`
}

// legalAction is one legalActions item.
type legalAction struct {
	ActionID string `json:"actionId"`
	Command  string `json:"command"`
	// Args is the item's argsSchema as sent; ArgsSchema reads the
	// discard's default cards.
	Args       json.RawMessage `json:"argsSchema"`
	ArgsSchema struct {
		CardUIDs []string `json:"cardUids"`
	} `json:"-"`
}

// decision is the agent's answer (§12's decision body).
type decision struct {
	Seat               int    `json:"seat"`
	ActionID           string `json:"actionId"`
	CommandID          string `json:"commandId"`
	ObservationVersion int    `json:"observationVersion"`
}

// weights of the commands: answer attacks, heal, shoot; end the turn or
// take a hit only when nothing better is drawn.
func weight(command string) int {
	switch command {
	case "play_miss", "play_raid_discard_shot", "play_duel_discard_shot":
		return 8
	case "play_heal_self", "use_discard_heal":
		return 5
	case "play_shot", "play_equip_blue", "play_weapon":
		return 4
	case "end_play", "pass_reaction":
		return 1
	default:
		return 2
	}
}

// decide picks an item of the last DecisionRequest not tried yet, weighted
// by command, and answers with a fresh commandId. The caller holds p.mu.
func (p *player) decide() ([]byte, bool, error) {
	r := p.request
	var items []legalAction
	total := 0
	for _, a := range r.LegalActions {
		if !p.triedID[a.ActionID] {
			items = append(items, a)
			total += weight(a.Command)
		}
	}
	if len(items) == 0 {
		return nil, false, nil
	}
	pick := p.rng.IntN(total)
	chosen := items[len(items)-1]
	for _, a := range items {
		if pick -= weight(a.Command); pick < 0 {
			chosen = a
			break
		}
	}
	p.triedID[chosen.ActionID] = true
	seat := 0
	switch {
	case r.SeatID != nil:
		seat = *r.SeatID
	case r.Observation.You != nil:
		seat = *r.Observation.You
	}
	p.seq++
	if len(p.baDialects) > 0 {
		_ = json.Unmarshal(chosen.Args, &chosen.ArgsSchema)
		b, err := p.bangDecision(seat, chosen, r)
		p.last = b
		return b, false, err
	}
	b, err := json.Marshal(decision{
		Seat:               seat,
		ActionID:           chosen.ActionID,
		CommandID:          fmt.Sprintf("c-%d-%d-%d-%04x", seat, r.ObservationVersion, p.seq, p.rng.IntN(1<<16)),
		ObservationVersion: r.ObservationVersion,
	})
	return b, false, err
}
