package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"
)

// infDialects are legitimate choices an Inference agent may make where the
// rules and umpire's pins leave room (-inf-dialect a,b): each still plays
// by the rules, so certification must pass (at most SHOULD findings where
// the choice departs from a pin of WIRE.md).
var infDialects = map[string]string{
	"call-amount":  "a call carries amount, the call item's amount (echoed)",
	"fold-amount":  "a fold carries amount 0",
	"message-null": `every move carries "message": null`,
	"no-match-id":  "moves leave match_id out (the pin asks for it: a SHOULD finding)",
	"extra-fields": "moves carry fields of the agent's own",
	"stderr":       "writes a line to stderr for every message it reads",
	"linger":       "waits 200 ms after match_end before exiting (within the grace)",
	"slow":         "answers at about 60 % of deadline_ms",
	"table-talk":   "every move carries a 280-code-point message (560 bytes of UTF-8)",
	"amount-float": "a raise's amount is written as a JSON number with a fraction part of zero (2.0)",
	"crlf":         "ends its lines with CR LF",
}

// parseInfDialects reads -inf-dialect.
func parseInfDialects(list string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, d := range strings.Split(list, ",") {
		d = strings.TrimSpace(d)
		if d == "" {
			continue
		}
		if _, ok := infDialects[d]; !ok {
			var names []string
			for n := range infDialects {
				names = append(names, n)
			}
			sort.Strings(names)
			return nil, fmt.Errorf("unknown -inf-dialect %q (known: %s)", d, strings.Join(names, ", "))
		}
		out[d] = true
	}
	return out, nil
}

// encodeMove writes m as the dialects ask. call is the call item's amount.
func (p *player) encodeMove(m move, call *int) ([]byte, error) {
	d := p.dialects
	if !d["call-amount"] && !d["fold-amount"] && !d["message-null"] && !d["no-match-id"] && !d["extra-fields"] && !d["table-talk"] && !d["amount-float"] {
		return json.Marshal(m)
	}
	out := map[string]any{"type": m.Type, "match_id": m.MatchID, "turn": m.Turn, "action": m.Action}
	if m.Amount != nil {
		out["amount"] = *m.Amount
		if d["amount-float"] {
			out["amount"] = json.RawMessage(fmt.Sprintf("%d.0", *m.Amount))
		}
	}
	switch {
	case m.Action == "call" && d["call-amount"] && call != nil:
		out["amount"] = *call
	case m.Action == "fold" && d["fold-amount"]:
		out["amount"] = 0
	}
	if d["message-null"] {
		out["message"] = nil
	}
	if d["table-talk"] {
		out["message"] = strings.Repeat("é", 280)
	}
	if d["no-match-id"] {
		delete(out, "match_id")
	}
	if d["extra-fields"] {
		out["x_agent"] = map[string]any{"version": 2, "reasoning": []any{"value", 1.5, nil}}
		out["confidence"] = 0.75
	}
	return json.Marshal(out)
}

// think waits as the slow dialect asks, given the turn's deadline.
func (p *player) think(deadlineMS int) {
	if p.dialects["slow"] && deadlineMS > 0 {
		time.Sleep(time.Duration(deadlineMS) * time.Millisecond * 6 / 10)
	}
}
