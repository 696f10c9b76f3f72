package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// dialectRoom serves a four-seat room of agents with the dialects on.
func dialectRoom(t *testing.T, ds ...Dialect) (http.Handler, Created) {
	t.Helper()
	s, err := New(Options{Deadline: time.Hour, Dialects: ds})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Shutdown(context.Background()) })
	c, err := s.CreateRoom(RoomConfig{Seats: 4, Seed: "dialect", Agents: []int{0, 1, 2, 3}})
	if err != nil {
		t.Fatal(err)
	}
	return s.Handler(), c
}

func call(h http.Handler, method, path, token, body string) (int, map[string]any) {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if token != "" {
		req.Header.Set("x-agent-token", token)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var m map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &m)
	return rec.Code, m
}

// pendingSeat returns the seat with a decision and its request.
func pendingSeat(t *testing.T, h http.Handler, c Created) (int, map[string]any) {
	t.Helper()
	for seat := range 4 {
		_, m := call(h, http.MethodGet, "/api/ai/rooms/"+c.RoomID+"/observe?seat="+strconv.Itoa(seat), c.Tokens[seat], "")
		if l, _ := m["legalActions"].([]any); len(l) > 0 {
			return seat, m
		}
	}
	t.Fatal("no seat has a decision")
	return 0, nil
}

func TestDialects(t *testing.T) {
	if _, err := ParseDialects("auth-401, ,auth-401,no-mcp"); err != nil {
		t.Fatal(err)
	}
	if _, err := ParseDialects("auth-401,nope"); err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Fatalf("unknown dialect: %v", err)
	}
	if _, err := New(Options{Dialects: []Dialect{"nope"}}); err == nil {
		t.Fatal("New accepts an unknown dialect")
	}
	for _, d := range DialectList() {
		t.Run(string(d.Name), func(t *testing.T) {
			h, c := dialectRoom(t, d.Name)
			room := "/api/ai/rooms/" + c.RoomID
			seat, req := pendingSeat(t, h, c)
			obs := req["observation"].(map[string]any)
			other := (seat + 1) % 4
			first := req["legalActions"].([]any)[0].(map[string]any)
			v := req["observationVersion"]
			decision := func(id string, version any) string {
				b, _ := json.Marshal(map[string]any{"seat": seat, "actionId": id, "commandId": "c-" + id, "observationVersion": version})
				return string(b)
			}
			switch d.Name {
			case DialectKnownRolesObject:
				if k, ok := obs["knownRoles"].(map[string]any); !ok || k[strconv.Itoa(seat)] == nil {
					t.Errorf("knownRoles %v, want an object naming the own seat", obs["knownRoles"])
				}
			case DialectErrorCodes:
				_, m := call(h, http.MethodPost, room+"/decision", c.Tokens[seat], decision(first["actionId"].(string), 99999))
				if code := m["error"].(map[string]any)["code"]; code != "STALE" {
					t.Errorf("code %v, want STALE", code)
				}
			case DialectMalformed400, DialectAuth401, DialectStale412, DialectNotPending425:
				want := map[Dialect]int{DialectMalformed400: 400, DialectAuth401: 401, DialectStale412: 412, DialectNotPending425: 425}[d.Name]
				token, body := c.Tokens[seat], decision(first["actionId"].(string), 99999)
				switch d.Name {
				case DialectMalformed400:
					body = "not json"
				case DialectAuth401:
					token = c.Tokens[other]
				case DialectNotPending425:
					b, _ := json.Marshal(map[string]any{"seat": other, "actionId": "end_play", "commandId": "x", "observationVersion": v})
					token, body = c.Tokens[other], string(b)
				}
				if code, m := call(h, http.MethodPost, room+"/decision", token, body); code != want || m["error"] == nil {
					t.Errorf("have %d %v, want %d with an error body", code, m, want)
				}
			case DialectAnswerAccepted, DialectReplacedUnmarked:
				code, m := call(h, http.MethodPost, room+"/decision", c.Tokens[seat], decision("umpire:no", v))
				if code != 400 {
					t.Fatalf("reask: %d %v", code, m)
				}
				_, m = call(h, http.MethodPost, room+"/decision", c.Tokens[seat], decision("umpire:no-again", v))
				if d.Name == DialectAnswerAccepted && (m["accepted"] != true || m["version"] == nil || m["ok"] != nil || m["random"] != true) {
					t.Errorf("answer %v, want accepted, version and random, no ok", m)
				}
				if d.Name == DialectReplacedUnmarked && (m["ok"] != true || m["random"] != nil || m["replacedBy"] != nil) {
					t.Errorf("answer %v, want ok without random and replacedBy", m)
				}
			case DialectNoMCP, DialectNoLog:
				path := "/mcp"
				if d.Name == DialectNoLog {
					path = room + "/log"
				}
				if code, _ := call(h, http.MethodPost, path, "", "{}"); code != 404 && d.Name == DialectNoMCP {
					t.Errorf("/mcp answered %d, want 404", code)
				}
				if code, _ := call(h, http.MethodGet, path, "", ""); code != 404 {
					t.Errorf("%s answered %d, want 404", path, code)
				}
			case DialectExtraFields:
				p0 := obs["players"].([]any)[0].(map[string]any)
				if req["x_server"] == nil || obs["x_table"] == nil || p0["x_seat"] == nil || first["label"] == nil {
					t.Errorf("extra fields missing: %v", req)
				}
			case DialectLegalOrder:
				h2, c2 := dialectRoom(t)
				_, plain := pendingSeat(t, h2, c2)
				a, b := req["legalActions"].([]any), plain["legalActions"].([]any)
				if len(a) != len(b) || len(a) > 1 && a[0].(map[string]any)["actionId"] != b[len(b)-1].(map[string]any)["actionId"] {
					t.Errorf("legalActions not reversed: %v vs %v", a, b)
				}
			case DialectPendingMinimal, DialectTossSelf, DialectSaloonWhenHurt, DialectBuiltInsBlock, DialectWeaponKindWithheld:
				// The first decision has no reaction pending, nor a Toss
				// surely; the rewrite is checked by the conformance table
				// test, toss-self's reading by the engine's TestTossSelfReading.
			case DialectLegalMaskIDs:
				mask, _ := req["legal_mask"].([]any)
				if len(mask) != len(req["legalActions"].([]any)) || len(mask) == 0 || mask[0] != first["actionId"] {
					t.Errorf("legal_mask %v, want the actionIds of legalActions", req["legal_mask"])
				}
			case DialectPublicZoneDraws:
				// The first decision shows no take; the rewrite is
				// checked by TestPublicZoneDraws and the conformance table test.
			case DialectDecisionIDs:
				if id, _ := req["decisionId"].(string); !strings.Contains(id, ":") {
					t.Errorf("decisionId %v, want the dialect's form", req["decisionId"])
				}
			case DialectOtherChance:
				// Its outcomes are its own (otherchance_test.go); it
				// declares no generator in the create answer.
				if c.Chance != "" {
					t.Errorf("create answer declares chance %q, want none", c.Chance)
				}
			case DialectMCPSnakeArgs:
				testSnakeArgs(t, h, c, seat, len(req["legalActions"].([]any)))
			default:
				t.Fatalf("dialect %s has no case", d.Name)
			}
		})
	}
}
