package probe

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/conform/conformtest"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// TestMCPBuildArgs: a tool's arguments follow the input schema it
// publishes (I-BA-M1): umpire's names only without published properties,
// other spellings matched, a seat typed string sent as one, a required
// property umpire cannot name reported missing.
func TestMCPBuildArgs(t *testing.T) {
	seat, version := 2, 7
	v := mcpArgValues{Room: "r1", Seat: &seat, Token: "tk", ActionID: "end_play", CommandID: "c1", Version: &version}
	for _, tc := range []struct {
		name, schema string
		want         map[string]any
		missing      []string
	}{
		{"no schema: umpire's names", ``, map[string]any{"roomId": "r1", "seat": 2, "token": "tk", "actionId": "end_play", "commandId": "c1", "observationVersion": 7}, nil},
		{"an object without properties", `{"type":"object"}`, map[string]any{"roomId": "r1", "seat": 2, "token": "tk", "actionId": "end_play", "commandId": "c1", "observationVersion": 7}, nil},
		{"umpire's names published", `{"type":"object","properties":{"roomId":{"type":"string"},"seat":{"type":"integer"},"token":{"type":"string"}},"required":["roomId","seat"]}`,
			map[string]any{"roomId": "r1", "seat": 2, "token": "tk"}, nil},
		{"snake case, seat a string", `{"type":"object","properties":{"room_id":{"type":"string"},"seat_id":{"type":"string"},"agent_token":{"type":"string"},"action_id":{"type":"string"},"command_id":{"type":"string"},"observation_version":{"type":"integer"}},"required":["room_id","seat_id","action_id","command_id"]}`,
			map[string]any{"room_id": "r1", "seat_id": "2", "agent_token": "tk", "action_id": "end_play", "command_id": "c1", "observation_version": 7}, nil},
		{"basedOnVersion, no token property (the header carries it)", `{"properties":{"room":{},"seatNumber":{"type":"integer"},"basedOnVersion":{"type":"integer"}}}`,
			map[string]any{"room": "r1", "seatNumber": 2, "basedOnVersion": 7}, nil},
		{"a required property umpire cannot name", `{"properties":{"roomId":{"type":"string"},"gameKey":{"type":"string"}},"required":["roomId","gameKey"]}`,
			map[string]any{"roomId": "r1"}, []string{"gameKey"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, missing := mcpBuildArgs(json.RawMessage(tc.schema), v)
			if !reflect.DeepEqual(got, tc.want) || !reflect.DeepEqual(missing, tc.missing) {
				t.Errorf("have %v missing %v, want %v missing %v", got, missing, tc.want, tc.missing)
			}
		})
	}
}

// TestMCPTwinsAndRulesOnEmbedded: the MCP twins check and the rules
// summary check pass on the embedded server and on its dialect with other
// MCP argument names (the decision over MCP too, which sent umpire's
// names before), and each fault is caught by its own rule at its level:
// mcp-legal-short by bangarena/server.mcp-twins (a reading: SHOULD),
// no-rules-summary by bangarena/server.rules-summary (MUST).
func TestMCPTwinsAndRulesOnEmbedded(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	twins := conformtest.CheckNamed(t, conform.GameBangArena, "REST twins")
	summary := conformtest.CheckNamed(t, conform.GameBangArena, "/api/arena/rules")
	decision := conformtest.CheckNamed(t, conform.GameBangArena, "submitted over MCP")
	for _, tc := range []struct {
		name            string
		faults, dialect []string
		check           conform.Check
		rule            string
		level           rules.Level
	}{
		{"twins", nil, nil, twins, "", ""},
		{"twins, snake-case arguments", nil, []string{"mcp-snake-args"}, twins, "", ""},
		{"decision, snake-case arguments", nil, []string{"mcp-snake-args"}, decision, "", ""},
		{"rules summary", nil, nil, summary, "", ""},
		// The server's dialects reach its MCP answers as its REST ones.
		{"twins, extra-fields", nil, []string{"extra-fields"}, twins, "", ""},
		{"twins, known-roles-object", nil, []string{"known-roles-object"}, twins, "", ""},
		{"twins, pending-minimal", nil, []string{"pending-minimal"}, twins, "", ""},
		{"twins, public-zone-draws", nil, []string{"public-zone-draws"}, twins, "", ""},
		{"twins, legal-order", nil, []string{"legal-order"}, twins, "", ""},
		{"twins, legal-mask-ids", nil, []string{"legal-mask-ids"}, twins, "", ""},
		{"twins, decision-ids", nil, []string{"decision-ids"}, twins, "", ""},
		{"twins, mcp-legal-short", []string{"mcp-legal-short"}, nil, twins, "bangarena/server.mcp-twins", rules.Should},
		{"rules summary, no-rules-summary", []string{"no-rules-summary"}, nil, summary, "bangarena/server.rules-summary", rules.Must},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e, err := conform.StartEmbeddedDialects(conform.GameBangArena, tc.faults, tc.dialect)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			tg := &conform.Target{Game: conform.GameBangArena, URL: e.URL, Create: true}
			if err := tg.Validate(); err != nil {
				t.Fatal(err)
			}
			rc := conform.Run(context.Background(), tg, tc.check)
			if tc.rule == "" {
				if rc.Status != reports.Pass || len(rc.Findings) > 0 {
					t.Fatalf("have %v (%s) %v, want a pass without findings", rc.Status, rc.Reason, rc.Findings)
				}
				return
			}
			if len(rc.Findings) != 1 || rc.Findings[0].Rule != tc.rule || rc.Findings[0].Level != tc.level {
				t.Fatalf("have %v (%s) %v, want one %s finding of %s", rc.Status, rc.Reason, rc.Findings, tc.level, tc.rule)
			}
		})
	}
}

// TestRulesSummaryShape: a summary that is JSON but not in umpire's shape
// is a SHOULD of bangarena/server.rules-summary-shape (a pin); one that is
// no JSON object is a MUST of bangarena/server.rules-summary.
func TestRulesSummaryShape(t *testing.T) {
	check := conformtest.CheckNamed(t, conform.GameBangArena, "/api/arena/rules")
	for _, tc := range []struct {
		body, rule string
		level      rules.Level
	}{
		{`{"game":"BangArena","rulesetVersion":"krug_rules@0.1.0","roles":{"marshal":"law"}}`, "bangarena/server.rules-summary-shape", rules.Should},
		{`<html>rules</html>`, "bangarena/server.rules-summary", rules.Must},
		{`["krug_rules@0.1.0"]`, "bangarena/server.rules-summary", rules.Must},
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/api/arena/rules" {
				http.NotFound(w, r)
				return
			}
			io.WriteString(w, tc.body)
		}))
		tg := &conform.Target{Game: conform.GameBangArena, URL: srv.URL, Create: true}
		if err := tg.Validate(); err != nil {
			t.Fatal(err)
		}
		rc := conform.Run(context.Background(), tg, check)
		srv.Close()
		if len(rc.Findings) != 1 || rc.Findings[0].Rule != tc.rule || rc.Findings[0].Level != tc.level {
			t.Errorf("%s: have %v %v, want one %s finding of %s", tc.body, rc.Status, rc.Findings, tc.level, tc.rule)
		}
	}
}

// TestDefaultDeadlineOnEmbedded: a room the embedded server creates
// without deadlineMs gives 15 s, a default of the documents; with
// default-deadline-60s it gives 60 s: one SHOULD finding of
// bangarena/14.default-deadline (a reading, I-BA-D2).
func TestDefaultDeadlineOnEmbedded(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	check := conformtest.CheckNamed(t, conform.GameBangArena, "without a deadline")
	for _, tc := range []struct {
		faults []string
		want   int
	}{{nil, 0}, {[]string{"default-deadline-60s"}, 1}} {
		e, err := conform.StartEmbedded(conform.GameBangArena, tc.faults)
		if err != nil {
			t.Fatal(err)
		}
		tg := &conform.Target{Game: conform.GameBangArena, URL: e.URL, Create: true}
		if err := tg.Validate(); err != nil {
			t.Fatal(err)
		}
		rc := conform.Run(context.Background(), tg, check)
		e.Close()
		if rc.Evaluated["bangarena/14.default-deadline"] == 0 || len(rc.Findings) != tc.want ||
			(tc.want == 1 && (rc.Findings[0].Rule != "bangarena/14.default-deadline" || rc.Findings[0].Level != rules.Should)) {
			t.Errorf("faults %v: have %v (%s) %v, want %d SHOULD finding(s) of bangarena/14.default-deadline", tc.faults, rc.Status, rc.Reason, rc.Findings, tc.want)
		}
	}
}
