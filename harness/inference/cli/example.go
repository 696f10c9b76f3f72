package cli

import (
	"context"
	"encoding/json"
	"io"

	"github.com/umpire-arena/umpire/harness/gamecli"
	infadv "github.com/umpire-arena/umpire/harness/inference/players"
	inf "github.com/umpire-arena/umpire/referee/inference"
	infwire "github.com/umpire-arena/umpire/referee/inference/wire"
)

// example is "umpire example-agent --game inference": it answers each
// your_turn with the scripted player kind's move and, after an error for
// its move, with another legal one.
func example(ctx context.Context, in io.Reader, out io.Writer, kind string, seed int64) error {
	p, err := infadv.New(kind, seed)
	if err != nil {
		return err
	}
	kept := false
	var open struct {
		turn  int
		legal []inf.LegalAction
		tried map[string]bool
	}
	move := func(matchID string, turn int, m inf.Move) map[string]any {
		mv := map[string]any{"type": "move", "match_id": matchID, "turn": turn, "action": m.Action}
		if m.Action == inf.ActionRaise {
			mv["amount"] = m.Amount
		}
		if m.Message != "" {
			mv["message"] = m.Message
		}
		open.tried[m.Action] = true
		return mv
	}
	return gamecli.ExampleLines(ctx, in, out, func(line []byte) (any, bool, error) {
		var msg struct {
			Type         string            `json:"type"`
			MatchID      string            `json:"match_id"`
			Turn         *int              `json:"turn"`
			VisibleState json.RawMessage   `json:"visible_state"`
			LegalActions []json.RawMessage `json:"legal_actions"`
		}
		if json.Unmarshal(line, &msg) != nil {
			return nil, false, nil // not for us: an agent ignores what it cannot read
		}
		switch msg.Type {
		case "match_start":
			kept = true
		case "match_end":
			return nil, !kept, nil
		case "your_turn":
			if msg.Turn == nil {
				return nil, false, nil
			}
			vs, err := infwire.ReadLegalView(msg.VisibleState)
			if err != nil {
				return nil, false, nil
			}
			open.turn, open.legal, open.tried = *msg.Turn, nil, map[string]bool{}
			for _, raw := range msg.LegalActions {
				var a inf.LegalAction
				if json.Unmarshal(raw, &a) == nil {
					open.legal = append(open.legal, a)
				}
			}
			return move(msg.MatchID, open.turn, p.Decide(&vs, open.legal)), false, nil
		case "error":
			// The same turn is still open: answer it with an action not
			// tried yet (fold is always offered).
			if msg.Turn == nil || *msg.Turn != open.turn || open.legal == nil {
				return nil, false, nil
			}
			for _, want := range []string{inf.ActionCall, inf.ActionFold} {
				for _, a := range open.legal {
					if a.Action == want && !open.tried[want] {
						return move(msg.MatchID, open.turn, inf.Move{Action: want}), false, nil
					}
				}
			}
		}
		return nil, false, nil
	})
}
