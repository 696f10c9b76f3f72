package main

// yourTurn is the part of an Inference your_turn the policy reads.
type yourTurn struct {
	MatchID      string `json:"match_id"`
	Turn         int    `json:"turn"`
	DeadlineMS   int    `json:"deadline_ms"`
	VisibleState struct {
		YourValue          *int     `json:"your_value"`
		CallBreakevenValue *float64 `json:"call_breakeven_value"`
	} `json:"visible_state"`
	LegalActions []legalMove `json:"legal_actions"`
}

// legalMove is one legal_actions item.
type legalMove struct {
	Action string `json:"action"`
	Amount *int   `json:"amount"`
	Min    *int   `json:"min"`
	Max    *int   `json:"max"`
}

// move is the agent's answer to a your_turn.
type move struct {
	Type    string `json:"type"`
	MatchID string `json:"match_id"`
	Turn    int    `json:"turn"`
	Action  string `json:"action"`
	Amount  *int   `json:"amount,omitempty"`
}

// move picks an action for the open turn, skipping actions already refused:
// raise with a value well above what a call needs, call when the value is
// at least the break-even value (or the call is free), fold otherwise, with
// a rare seeded bluff. The caller holds p.mu.
func (p *player) move() ([]byte, bool, error) {
	t := p.turn
	offered := map[string]legalMove{}
	for _, a := range t.LegalActions {
		if !p.triedMove[a.Action] {
			offered[a.Action] = a
		}
	}
	value := 50
	if v := t.VisibleState.YourValue; v != nil {
		value = *v
	}
	owed := t.VisibleState.CallBreakevenValue != nil
	breakeven := 0.0
	if owed {
		breakeven = *t.VisibleState.CallBreakevenValue
	}
	var prefs []string
	switch {
	case float64(value) >= max(breakeven, 50)+25:
		prefs = []string{"raise", "call", "fold"}
	case !owed || float64(value) >= breakeven:
		prefs = []string{"call", "fold", "raise"}
	case p.rng.IntN(20) == 0: // a bluff, now and then
		prefs = []string{"raise", "call", "fold"}
	default:
		prefs = []string{"fold", "call", "raise"}
	}
	for _, name := range prefs {
		a, ok := offered[name]
		if !ok {
			continue
		}
		p.triedMove[name] = true
		m := move{Type: "move", MatchID: t.MatchID, Turn: t.Turn, Action: name}
		if name == "raise" {
			lo, hi := 1, 1
			if a.Min != nil {
				lo = *a.Min
			}
			if a.Max != nil {
				hi = *a.Max
			}
			if hi < lo {
				continue
			}
			amount := min(max(lo+(value-60)/5, lo), hi)
			m.Amount = &amount
		}
		b, err := p.encodeMove(m, offered["call"].Amount)
		return b, false, err
	}
	return nil, false, nil // nothing left to try
}
