package schemas

import "testing"

// TestInferenceBasisPerAssertion: a violation carries the basis of the
// exact clause its keyword tests, not of the message it sits in. The match
// log objects are WIRE.md's pins as a whole, but what the rules document
// fixes inside them (a hidden value is 1–100; a showdown carries reveals,
// winners, pot and payouts, and reveals nothing when uncontested; the ante's
// all_in flag; a timeout's sit_out with back_in_round; the action names and
// the raise's 1–10) is the document's; and inside the document's
// visible_state, what only a pin or a reading fixes (round 0's nulls, a
// call's amount in the action list, winners listed once, payouts without
// zero amounts, a history entry full or reduced) is that pin's or reading's.
func TestInferenceBasisPerAssertion(t *testing.T) {
	set := testSet(t)
	const wireLog, wireEnv = "WIRE.md Match log", "WIRE.md Envelope"
	vsHistory := func(entry map[string]any) func(m map[string]any) {
		return func(m map[string]any) { m["history"] = []any{entry} }
	}
	entry := func(edit func(e map[string]any)) map[string]any {
		e := map[string]any{"round": 1, "pot": 6, "uncontested": false, "winners": []any{0},
			"reveals": []any{map[string]any{"seat": 0, "value": 50}, map[string]any{"seat": 1, "value": 20}},
			"payouts": []any{map[string]any{"seat": 0, "amount": 6}}}
		edit(e)
		return e
	}
	tests := []struct {
		name, kind string
		change     func(m map[string]any)
		location   string
		basis, ref string
	}{
		// The document, inside the log's pins.
		{"hidden value 0", "log_deal_private", func(m map[string]any) { m["value"] = 0 }, "/value", "", ""},
		{"hidden value 101", "log_deal_private", func(m map[string]any) { m["value"] = 101 }, "/value", "", ""},
		{"showdown without payouts", "log_showdown", func(m map[string]any) { delete(m, "payouts") }, "", "", ""},
		{"showdown without reveals", "log_showdown", func(m map[string]any) { delete(m, "reveals") }, "", "", ""},
		{"showdown without pot", "log_showdown", func(m map[string]any) { delete(m, "pot") }, "", "", ""},
		{"revealed value 101", "log_showdown", func(m map[string]any) { m["reveals"].([]any)[0].(map[string]any)["value"] = 101 }, "/reveals/0/value", "", ""},
		{"payout negative", "log_showdown", func(m map[string]any) { m["payouts"].([]any)[0].(map[string]any)["amount"] = -1 }, "/payouts/0/amount", "", ""},
		{"uncontested with a reveal", "log_showdown", func(m map[string]any) { m["uncontested"] = true }, "/reveals", "", ""},
		{"event: showdown without payouts", "event", func(m map[string]any) {
			m["event"] = map[string]any{"type": "showdown", "round": 1, "pot": 4, "uncontested": true, "reveals": []any{}, "winners": []any{0}}
		}, "/event", "", ""},
		{"sit-out without back_in_round", "log_timeout", func(m map[string]any) { delete(m, "back_in_round") }, "", "", ""},
		{"sit_out not a flag", "log_timeout", func(m map[string]any) { m["sit_out"] = "yes" }, "/sit_out", "", ""},
		{"ante all_in not a flag", "log_ante", func(m map[string]any) { m["all_in"] = "yes" }, "/all_in", "", ""},
		{"action of another name", "log_action", func(m map[string]any) { m["action"] = "check" }, "/action", "", ""},
		{"raise of 11", "log_action", func(m map[string]any) { m["action"], m["amount"] = "raise", 11 }, "/amount", "", ""},
		{"match_start raise bound", "log_match_start", func(m map[string]any) { m["limits"].(map[string]any)["max_raise"] = 20 }, "/limits/max_raise", "", ""},
		{"match_start table of 9", "log_match_start", func(m map[string]any) { m["table_size"] = 9 }, "/table_size", "", ""},
		// The log's own pins stay pins.
		{"showdown without uncontested", "log_showdown", func(m map[string]any) { delete(m, "uncontested") }, "", BasisContract, wireLog},
		{"zero payout listed", "log_showdown", func(m map[string]any) { m["payouts"].([]any)[0].(map[string]any)["amount"] = 0 }, "/payouts/0/amount", BasisContract, wireLog},
		{"winner listed twice", "log_showdown", func(m map[string]any) { m["winners"] = []any{0, 0} }, "/winners", BasisContract, wireLog},
		{"sit-out at strike 2", "log_timeout", func(m map[string]any) { m["strikes"] = 2 }, "/strikes", BasisContract, wireLog},
		{"fold with an amount", "log_action", func(m map[string]any) { m["amount"] = 0 }, "", BasisContract, wireLog},
		{"round a string", "log_deal_private", func(m map[string]any) { m["round"] = "one" }, "/round", BasisContract, wireLog},
		{"match_end sent as an event", "event", func(m map[string]any) {
			m["event"] = map[string]any{"type": "match_end", "round": 3, "reason": "rounds_complete", "seed": "s", "ranking": []any{map[string]any{"seat": 0, "rank": 1, "credits": 10}}}
		}, "/event/type", BasisContract, wireEnv},
		// Pins and readings inside the document's visible_state.
		{"round 0 with a turn", "visible_state", func(m map[string]any) { m["round"], m["your_value"] = 0, nil }, "/turn", BasisContract, wireEnv},
		{"call without its amount in actions", "visible_state", func(m map[string]any) {
			m["actions"] = []any{map[string]any{"turn": 0, "seat": 0, "action": "call"}}
		}, "/actions/0", BasisContract, wireLog},
		{"raise of 11 in actions", "visible_state", func(m map[string]any) {
			m["actions"] = []any{map[string]any{"turn": 0, "seat": 0, "action": "raise", "amount": 11}}
		}, "/actions/0/amount", "", ""},
		{"history payout of 0", "visible_state", vsHistory(entry(func(e map[string]any) {
			e["payouts"] = []any{map[string]any{"seat": 0, "amount": 6}, map[string]any{"seat": 1, "amount": 0}}
		})), "/history/0/payouts/1/amount", BasisContract, wireLog},
		{"history winner twice", "visible_state", vsHistory(entry(func(e map[string]any) { e["winners"] = []any{0, 0} })), "/history/0/winners", BasisContract, wireLog},
		{"history entry half full", "visible_state", vsHistory(entry(func(e map[string]any) { e["actions"] = []any{} })), "/history/0", BasisReading, "I-INF-41"},
		{"history entry without payouts", "visible_state", vsHistory(entry(func(e map[string]any) { delete(e, "payouts") })), "/history/0", "", ""},
		{"history value 0", "visible_state", vsHistory(entry(func(e map[string]any) { e["reveals"].([]any)[1].(map[string]any)["value"] = 0 })), "/history/0/reveals/1/value", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := mutateExample(t, tc.kind, tc.change)
			vs := set.Validate("inference", tc.kind, data)
			if len(vs) == 0 {
				t.Fatalf("no violation for %s", data)
			}
			// A value can break a document bound and a pin at once (a
			// payout of -1: below 0 and below 1): a document clause must
			// give a violation of its own; a pin or a reading must be the
			// only basis at its location.
			found := false
			for _, v := range vs {
				if v.InstanceLocation != tc.location {
					continue
				}
				if v.Basis == tc.basis && v.Ref == tc.ref {
					found = true
				} else if tc.basis != "" {
					t.Errorf("%v: basis %q ref %q, want %q %q", v, v.Basis, v.Ref, tc.basis, tc.ref)
				}
			}
			if !found {
				t.Errorf("no violation at %q with basis %q %q: %v", tc.location, tc.basis, tc.ref, vs)
			}
		})
	}
}
