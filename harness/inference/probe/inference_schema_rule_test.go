package probe

import (
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/schemas"
)

// TestSchemaRuleFollowsTheClause: an event's schema violation cites the
// rule of the clause it breaks, at that clause's basis: what the rules
// document gives an event (a showdown's fields, a hidden value's range, the
// ante's all_in flag, a timeout's back_in_round) a document rule, the rest
// of the log object WIRE.md's pin (protocol.log-line).
func TestSchemaRuleFollowsTheClause(t *testing.T) {
	set, err := schemas.Compile()
	if err != nil {
		t.Fatal(err)
	}
	ev := func(e string) string { return `{"type":"event","match_id":"m","event":` + e + `}` }
	tests := []struct {
		name, evType, msg string
		rule              string
		binding           bool
	}{
		{"showdown without payouts", "showdown", ev(`{"type":"showdown","round":1,"pot":4,"uncontested":true,"reveals":[],"winners":[0]}`), "inference/wire.events.showdown", true},
		{"showdown without uncontested", "showdown", ev(`{"type":"showdown","round":1,"pot":4,"reveals":[],"winners":[0],"payouts":[{"seat":0,"amount":4}]}`), "inference/protocol.log-line", false},
		{"zero payout listed", "showdown", ev(`{"type":"showdown","round":1,"pot":4,"uncontested":true,"reveals":[],"winners":[0],"payouts":[{"seat":0,"amount":4},{"seat":1,"amount":0}]}`), "inference/protocol.log-line", false},
		{"hidden value 101", "deal_private", ev(`{"type":"deal_private","round":1,"seat":0,"value":101}`), "inference/round.1.deal", true},
		{"ante all_in not a flag", "ante", ev(`{"type":"ante","round":1,"seat":0,"amount":1,"all_in":1}`), "inference/wire.events.ante-all-in", true},
		{"sit-out without back_in_round", "timeout", ev(`{"type":"timeout","round":1,"turn":0,"seat":0,"strikes":3,"sit_out":true}`), "inference/wire.events.objects", true},
		{"round a string", "bust", ev(`{"type":"bust","round":"1","seat":0}`), "inference/protocol.log-line", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vs := set.Validate(conform.GameInference, "event", []byte(tc.msg))
			if len(vs) != 1 {
				t.Fatalf("have %d violations %v, want one", len(vs), vs)
			}
			if got := schemaRule("event", tc.evType, vs[0]); got != tc.rule || vs[0].Binding() != tc.binding {
				t.Errorf("rule %s, binding %v; want %s, %v (%v)", got, vs[0].Binding(), tc.rule, tc.binding, vs[0])
			}
		})
	}
}
