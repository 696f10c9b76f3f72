package inference

import (
	"encoding/json"
	"fmt"

	"github.com/umpire-arena/umpire/referee/rules"
)

// ReadLegalView is the tolerant reader of a visible_state for deriving
// legal actions from a third party's message (LegalFromView and
// ViewConventions): it decodes only the fields those need — turn,
// your_seat, your_credits, to_call, raises_used, the raise limits, and for
// the conventions current_bet, limits.ante and the seat's own players
// entry — one by one, and accepts any shape of every other field. A field
// the derivation needs that is missing or not an integer is an error naming
// it (rule inference/wire.visible-state.fields); a field only the
// conventions read that has another shape is left zero, and the schema
// check reports it. The raise limits the rules fix (1..10, 3 per round)
// stand in for missing limits.
func ReadLegalView(raw []byte) (VisibleState, error) {
	var vs VisibleState
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil || top == nil {
		return vs, rules.Errorf("inference/wire.visible-state.fields", "visible_state is not a JSON object")
	}
	need := func(name string, dst *int) error {
		v, ok := top[name]
		if !ok {
			return rules.Errorf("inference/wire.visible-state.fields", "visible_state lacks %q", name)
		}
		if !readInt(v, dst) {
			return rules.Errorf("inference/wire.visible-state.fields", "visible_state.%s is %s, want an integer", name, clipRaw(v))
		}
		return nil
	}
	for _, f := range []struct {
		name string
		dst  *int
	}{{"your_seat", &vs.YourSeat}, {"your_credits", &vs.YourCredits}, {"to_call", &vs.ToCall}, {"raises_used", &vs.RaisesUsed}} {
		if err := need(f.name, f.dst); err != nil {
			return vs, err
		}
	}
	t, ok := top["turn"]
	if !ok {
		return vs, rules.Errorf("inference/wire.visible-state.fields", "visible_state lacks %q", "turn")
	}
	if string(t) != "null" {
		var obj map[string]json.RawMessage
		var tr TurnRef
		if json.Unmarshal(t, &obj) != nil || !readInt(obj["seat"], &tr.Seat) {
			return vs, rules.Errorf("inference/wire.visible-state.fields", "visible_state.turn is %s, want {turn, seat}", clipRaw(t))
		}
		readInt(obj["turn"], &tr.Turn)
		vs.Turn = &tr
	}
	vs.Limits = Limits{MinRaise: 1, MaxRaise: 10, MaxRaisesPerRound: 3}
	var lim map[string]json.RawMessage
	if json.Unmarshal(top["limits"], &lim) == nil {
		readInt(lim["min_raise"], &vs.Limits.MinRaise)
		readInt(lim["max_raise"], &vs.Limits.MaxRaise)
		readInt(lim["max_raises_per_round"], &vs.Limits.MaxRaisesPerRound)
		readInt(lim["ante"], &vs.Limits.Ante)
	}
	readInt(top["current_bet"], &vs.CurrentBet)
	var players []json.RawMessage
	if json.Unmarshal(top["players"], &players) == nil {
		for _, p := range players {
			var obj map[string]json.RawMessage
			var pv PlayerView
			if json.Unmarshal(p, &obj) != nil || !readInt(obj["seat"], &pv.Seat) || pv.Seat != vs.YourSeat {
				continue
			}
			if readInt(obj["contribution"], &pv.Contribution) && readInt(obj["credits"], &pv.Credits) {
				vs.Players = append(vs.Players, pv)
			}
		}
	}
	return vs, nil
}

// readInt sets *dst from raw when raw is a JSON integer (an integral
// number such as 3 or 3.0); it reports whether it did.
func readInt(raw json.RawMessage, dst *int) bool {
	if len(raw) == 0 {
		return false
	}
	var f float64
	if json.Unmarshal(raw, &f) != nil || f != float64(int64(f)) || f > 1<<53 || f < -(1<<53) {
		return false
	}
	*dst = int(f)
	return true
}

// clipRaw shows a raw value in an error, shortened.
func clipRaw(raw json.RawMessage) string {
	if len(raw) > 40 {
		return fmt.Sprintf("%s…", raw[:40])
	}
	return string(raw)
}
