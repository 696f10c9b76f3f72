package probe

import (
	"encoding/json"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
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
		// Anything in legal_mask is the alias's (I-BA-60), whatever it holds.
		{schemas.Violation{InstanceLocation: "/legal_mask/0/actionId"}, "bangarena/12.legal-mask"},
		{schemas.Violation{InstanceLocation: "/observation/events/4/seq"}, "bangarena/11.event-shape"},
		{schemas.Violation{InstanceLocation: "/observation/roleMode"}, "bangarena/11.role-mode"},
		{schemas.Violation{InstanceLocation: "/observation", Keyword: "required", Message: `missing required property "roleMode"`}, "bangarena/11.role-mode"},
		{schemas.Violation{InstanceLocation: "/legalActions/1/argsSchema/targetSeat"}, "bangarena/13.args-schema"},
		{schemas.Violation{InstanceLocation: "/observation/players/2/hand/0/uid", Keyword: "pattern"}, "bangarena/5.uid-form"},
		{schemas.Violation{InstanceLocation: "/deadlineAt"}, "bangarena/12.request"},
		{schemas.Violation{InstanceLocation: "/observation", Keyword: "required", Message: `missing required property "phase"`}, "bangarena/12.request"},
	} {
		if got := baSchemaRule(tc.v); got != tc.want {
			t.Errorf("%+v: %s, want %s", tc.v, got, tc.want)
		}
	}
}

// TestBaSchemaUIDForm: a DecisionRequest whose card uids have another form
// than WIRE.md's (c17, not shot_07) fails the schema only under the pin
// bangarena/5.uid-form, never §12's request.
func TestBaSchemaUIDForm(t *testing.T) {
	set, err := schemas.Compile()
	if err != nil {
		t.Fatal(err)
	}
	g, err := ba.NewGame(ba.Config{Seats: 4}, "uid-form")
	if err != nil {
		t.Fatal(err)
	}
	seat, _ := g.Decider()
	req := g.Request(seat, "2026-10-09T12:00:30.000Z")
	req.Observation.Players[seat].Hand[0].UID = "c17"
	raw, _ := json.Marshal(req)
	vs := set.Validate(conform.GameBangArena, "decision_request", raw)
	if len(vs) == 0 {
		t.Fatal("a uid of another form validates")
	}
	for _, v := range vs {
		if r := baSchemaRule(v); r != "bangarena/5.uid-form" {
			t.Errorf("%s %s (%s): rule %s, want bangarena/5.uid-form", v.InstanceLocation, v.Keyword, v.Message, r)
		}
	}
}
