package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
)

// player holds the policy and what it needs to remember between messages:
// the open Inference turn and the actions already refused on it, the last
// BangArena DecisionRequest and the actionIds already tried on it. It is
// safe for concurrent use (the HTTP mode serves several requests at once).
type player struct {
	mu   sync.Mutex
	seed uint64
	rng  *rand.Rand
	seq  int
	// kept is set by a match_start line: umpire keeps this process for
	// many matches (--agent-keep), so match_end does not end it.
	kept bool

	turn      *yourTurn       // open Inference turn
	triedMove map[string]bool // actions refused on it

	request *decisionRequest // last BangArena decision
	triedID map[string]bool  // actionIds tried on it

	dialects map[string]bool // Inference dialects (-inf-dialect)
}

func newPlayer(seed uint64) *player {
	return &player{seed: seed, rng: rand.New(rand.NewPCG(seed, 0x756d70697265))}
}

// reset puts the player back as it was at the start of the program, so
// that a match plays the same whichever kept process plays it.
func (p *player) reset() {
	p.rng = rand.New(rand.NewPCG(p.seed, 0x756d70697265))
	p.seq, p.turn, p.triedMove, p.request, p.triedID = 0, nil, nil, nil, nil
}

// envelope holds the fields that tell the messages apart.
type envelope struct {
	Type         string           `json:"type"`
	LegalActions json.RawMessage  `json:"legalActions"`
	Error        *json.RawMessage `json:"error"`
	Code         string           `json:"code"`
	Turn         *int             `json:"turn"`
}

// handle reads one message and returns the answer to write (nil for none)
// and whether the match is over.
func (p *player) handle(msg []byte) (answer []byte, done bool, err error) {
	var env envelope
	if err := json.Unmarshal(msg, &env); err != nil {
		return nil, false, fmt.Errorf("not a JSON object: %w", err)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case env.Type == "match_start":
		p.kept = true
		p.reset()
		return nil, false, nil
	case env.Type == "match_end":
		// A kept process waits for the next match_start (or the end of its
		// input); one started for this match alone is done.
		return nil, !p.kept, nil
	case env.Type == "your_turn":
		var t yourTurn
		if err := json.Unmarshal(msg, &t); err != nil {
			return nil, false, fmt.Errorf("your_turn: %w", err)
		}
		p.turn, p.triedMove = &t, map[string]bool{}
		p.think(t.DeadlineMS)
		return p.move()
	case env.Type == "error" && env.Error == nil:
		// An Inference error: the same turn is still open after an illegal
		// or malformed move; other codes need no answer.
		if p.turn == nil || env.Turn == nil || *env.Turn != p.turn.Turn ||
			(env.Code != "illegal_move" && env.Code != "bad_message") {
			return nil, false, nil
		}
		return p.move()
	case env.Type == "welcome" || env.Type == "event":
		return nil, false, nil
	case env.LegalActions != nil:
		var r decisionRequest
		if err := json.Unmarshal(msg, &r); err != nil {
			return nil, false, fmt.Errorf("DecisionRequest: %w", err)
		}
		if len(r.LegalActions) == 0 {
			return nil, false, nil // nothing to decide
		}
		p.request, p.triedID = &r, map[string]bool{}
		return p.decide()
	case env.Error != nil:
		var body struct {
			Error struct {
				Code  string `json:"code"`
				Reask bool   `json:"reask"`
			} `json:"error"`
		}
		if err := json.Unmarshal(msg, &body); err != nil {
			return nil, false, fmt.Errorf("error body: %w", err)
		}
		if !body.Error.Reask || p.request == nil {
			return nil, false, nil
		}
		return p.decide()
	}
	return nil, false, nil
}
