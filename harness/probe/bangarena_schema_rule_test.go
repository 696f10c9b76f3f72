package probe

import (
	"testing"

	"github.com/umpire-arena/umpire/schemas"
)

// TestBaSchemaRule: a schema violation of a DecisionRequest names the rule of
// the clause it breaks — §13's actionId formats, WIRE.md's pins of an
// event's shape, of roleMode and of an item's argsSchema (issue 26), §12's
// request otherwise.
func TestBaSchemaRule(t *testing.T) {
	for _, tc := range []struct {
		v    schemas.Violation
		want string
	}{
		{schemas.Violation{InstanceLocation: "/legalActions/2/actionId"}, "bangarena/13.action-ids"},
		{schemas.Violation{InstanceLocation: "/legal_mask/0/actionId"}, "bangarena/13.action-ids"},
		{schemas.Violation{InstanceLocation: "/observation/events/4/seq"}, "bangarena/11.event-shape"},
		{schemas.Violation{InstanceLocation: "/observation/roleMode"}, "bangarena/11.role-mode"},
		{schemas.Violation{InstanceLocation: "/observation", Keyword: "required", Message: `missing required property "roleMode"`}, "bangarena/11.role-mode"},
		{schemas.Violation{InstanceLocation: "/legalActions/1/argsSchema/targetSeat"}, "bangarena/13.args-schema"},
		{schemas.Violation{InstanceLocation: "/deadlineAt"}, "bangarena/12.request"},
		{schemas.Violation{InstanceLocation: "/observation", Keyword: "required", Message: `missing required property "phase"`}, "bangarena/12.request"},
	} {
		if got := baSchemaRule(tc.v); got != tc.want {
			t.Errorf("%+v: %s, want %s", tc.v, got, tc.want)
		}
	}
}
