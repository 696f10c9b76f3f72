package schemas

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestKinds(t *testing.T) {
	tests := []struct {
		name string
		game string
		want []string // must be among the kinds
		none bool
	}{
		{name: "inference", game: "inference", want: []string{"visible_state", "legal_action", "move", "hello", "welcome", "your_turn", "error", "event", "match_end", "log_line", "log_match_start", "log_round_start", "log_deal_private", "log_ante", "log_bust", "log_return", "log_message", "log_action", "log_timeout", "log_showdown", "log_match_end"}},
		{name: "bangarena", game: "bangarena", want: []string{"decision_request", "decision", "observation", "card", "legal_action", "event", "error", "decision_answer", "rules_summary", "match_end",
			"mcp_arena_get_rules_input", "mcp_arena_get_rules_output", "mcp_arena_get_observation_input", "mcp_arena_get_observation_output",
			"mcp_arena_list_legal_actions_input", "mcp_arena_list_legal_actions_output", "mcp_arena_get_decision_request_input",
			"mcp_arena_get_decision_request_output", "mcp_arena_submit_decision_input", "mcp_arena_submit_decision_output"}},
		{name: "unknown game", game: "chess", none: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			have := Kinds(tc.game)
			if tc.none {
				if have != nil {
					t.Fatalf("have %v, want nil", have)
				}
				return
			}
			for _, k := range tc.want {
				if !HasKind(tc.game, k) {
					t.Errorf("kind %q missing from %v", k, have)
				}
			}
			if HasKind(tc.game, "defs") {
				t.Error("defs is listed as a kind")
			}
			if len(have) != len(tc.want) {
				t.Errorf("have %d kinds %v, want %d", len(have), have, len(tc.want))
			}
		})
	}
}

// TestBadInput covers input that is not a message at all: every case gives
// exactly one violation with a clear message, never a panic.
func TestBadInput(t *testing.T) {
	set, err := Compile(WithMaxBytes(64))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, game, kind, data string
		want                   string
	}{
		{name: "empty", game: "inference", kind: "move", data: "", want: "empty input"},
		{name: "blank", game: "inference", kind: "move", data: " \n\t", want: "empty input"},
		{name: "truncated", game: "inference", kind: "move", data: `{"type":"move","turn":`, want: "truncated"},
		{name: "not JSON", game: "inference", kind: "move", data: `{type:move}`, want: "invalid JSON"},
		{name: "two values", game: "inference", kind: "move", data: `{} {}`, want: "data after the value"},
		{name: "over the cap", game: "bangarena", kind: "decision", data: `{"seat":1,"actionId":"end_play","commandId":"` + strings.Repeat("c", 64) + `"}`, want: "exceeds the cap of 64 bytes"},
		{name: "unknown kind", game: "inference", kind: "nope", data: `{}`, want: `unknown kind "nope"`},
		{name: "unknown game", game: "chess", kind: "move", data: `{}`, want: `unknown game "chess"`},
		{name: "array not object", game: "inference", kind: "move", data: `[]`, want: "got array, want object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vs := set.Validate(tc.game, tc.kind, []byte(tc.data))
			if len(vs) != 1 {
				t.Fatalf("have %d violations %v, want 1", len(vs), vs)
			}
			if !strings.Contains(vs[0].Message, tc.want) {
				t.Errorf("have %q, want it to contain %q", vs[0].Message, tc.want)
			}
		})
	}
	if set.MaxBytes() != 64 {
		t.Errorf("MaxBytes() = %d, want 64", set.MaxBytes())
	}
}

func TestValidGoodMessages(t *testing.T) {
	set := testSet(t)
	tests := []struct {
		name, game, kind, data string
	}{
		{name: "280 emoji are 280 code points", game: "inference", kind: "move", data: `{"type":"move","match_id":"m","turn":0,"action":"call","message":"` + strings.Repeat("🙂", 280) + `"}`},
		{name: "fold with null amount and message", game: "inference", kind: "move", data: `{"type":"move","match_id":"m","turn":3,"action":"fold","amount":null,"message":null}`},
		{name: "call echoing its amount", game: "inference", kind: "move", data: `{"type":"move","match_id":"m","turn":3,"action":"call","amount":4}`},
		{name: "extra fields allowed", game: "inference", kind: "hello", data: `{"type":"hello","match_id":"m","seat":0,"token":"t","client":"bot/1.0"}`},
		{name: "raise of 10", game: "inference", kind: "move", data: `{"type":"move","match_id":"m","turn":0,"action":"raise","amount":10}`},
		{name: "basedOnVersion", game: "bangarena", kind: "decision", data: `{"seat":2,"actionId":"end_play","commandId":"c1","basedOnVersion":41}`},
		{name: "no pending decision", game: "bangarena", kind: "mcp_arena_list_legal_actions_output", data: `{"legalActions":[]}`},
		{name: "jail names a target", game: "bangarena", kind: "legal_action", data: `{"actionId":"equip_blue:jail_02:4","command":"play_equip_blue","argsSchema":{"cardUid":"jail_02","targetSeat":4}}`},
		{name: "steal from play", game: "bangarena", kind: "legal_action", data: `{"actionId":"steal:steal_near_01:3:inPlay:mount_01","command":"play_steal","argsSchema":{"cardUid":"steal_near_01","targetSeat":3,"pick":{"zone":"inPlay","cardUid":"mount_01"}}}`},
		{name: "server's own event type", game: "bangarena", kind: "event", data: `{"seq":3,"type":"dynamite_passed","seat":2}`},
		{name: "check with no card left", game: "bangarena", kind: "event", data: `{"seq":3,"type":"check","seat":2,"kind":"jail"}`},
		{name: "pass_reaction with empty args", game: "bangarena", kind: "legal_action", data: `{"actionId":"pass_reaction","command":"pass_reaction","argsSchema":{}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if vs := set.Validate(tc.game, tc.kind, []byte(tc.data)); len(vs) > 0 {
				t.Errorf("have %v, want valid", Err(vs))
			}
		})
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name, game, data string
		want             string
		wantErr          bool
	}{
		{name: "hello", game: "inference", data: `{"type":"hello"}`, want: "hello"},
		{name: "your_turn", game: "inference", data: `{"type":"your_turn"}`, want: "your_turn"},
		{name: "match_end envelope", game: "inference", data: `{"type":"match_end","match_id":"m"}`, want: "match_end"},
		{name: "match_end log", game: "inference", data: `{"type":"match_end","round":4}`, want: "log_match_end"},
		{name: "log action", game: "inference", data: `{"type":"action","round":1}`, want: "log_action"},
		{name: "visible_state", game: "inference", data: `{"game":"inference","players":[],"limits":{}}`, want: "visible_state"},
		{name: "legal item", game: "inference", data: `{"action":"fold"}`, want: "legal_action"},
		{name: "unknown type", game: "inference", data: `{"type":"x"}`, wantErr: true},
		{name: "type not a string", game: "inference", data: `{"type":3}`, wantErr: true},
		{name: "invalid JSON", game: "inference", data: `{"type":`, wantErr: true},
		{name: "array", game: "inference", data: `[1]`, wantErr: true},
		{name: "decision request", game: "bangarena", data: `{"observation":{},"legalActions":[]}`, want: "decision_request"},
		{name: "legal_mask alias", game: "bangarena", data: `{"observation":{},"legal_mask":[]}`, want: "decision_request"},
		{name: "decision", game: "bangarena", data: `{"actionId":"end_play","commandId":"c"}`, want: "decision"},
		{name: "legal item ba", game: "bangarena", data: `{"actionId":"end_play","command":"end_play"}`, want: "legal_action"},
		{name: "error body", game: "bangarena", data: `{"error":{"code":"x"}}`, want: "error"},
		{name: "answer", game: "bangarena", data: `{"ok":true}`, want: "decision_answer"},
		{name: "event", game: "bangarena", data: `{"seq":1,"type":"reshuffle"}`, want: "event"},
		{name: "agent match_end", game: "bangarena", data: `{"type":"match_end"}`, want: "match_end"},
		{name: "observation", game: "bangarena", data: `{"phase":"play","players":[]}`, want: "observation"},
		{name: "card", game: "bangarena", data: `{"uid":"shot_01","cardId":"shot"}`, want: "card"},
		{name: "rules", game: "bangarena", data: `{"rulesetVersion":"krug_rules@0.1.0","commands":[]}`, want: "rules_summary"},
		{name: "unknown shape", game: "bangarena", data: `{"x":1}`, wantErr: true},
		{name: "unknown game", game: "chess", data: `{}`, wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			have, err := Detect(tc.game, []byte(tc.data))
			if tc.wantErr {
				if err == nil {
					t.Fatalf("have %q, want an error", have)
				}
				return
			}
			if err != nil || have != tc.want {
				t.Fatalf("have %q, %v; want %q", have, err, tc.want)
			}
		})
	}
	if _, err := Detect("bangarena", []byte(`{"x":1}`)); !errors.Is(err, ErrUndetected) {
		t.Errorf("have %v, want ErrUndetected", err)
	}
}

func TestViolationString(t *testing.T) {
	tests := []struct {
		name string
		v    Violation
		want string
	}{
		{name: "keyword", v: Violation{InstanceLocation: "/players/2/credits", Keyword: "minimum", Message: "must be >= 0"}, want: "/players/2/credits: must be >= 0 (minimum)"},
		{name: "root", v: Violation{Keyword: "required", Message: `missing required property "pot"`}, want: `(root): missing required property "pot" (required)`},
		{name: "no keyword", v: Violation{Message: "invalid JSON: truncated input"}, want: "(root): invalid JSON: truncated input"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if have := tc.v.String(); have != tc.want {
				t.Errorf("have %q, want %q", have, tc.want)
			}
		})
	}
}

func TestMessageWording(t *testing.T) {
	set := testSet(t)
	vs := set.Validate("inference", "legal_action", []byte(`{"action":"call","amount":-1}`))
	if len(vs) != 1 || vs[0].String() != "/amount: must be >= 0 (minimum)" {
		t.Errorf("have %v", vs)
	}
}

func TestValidateValue(t *testing.T) {
	set := testSet(t)
	type move struct {
		Type    string `json:"type"`
		MatchID string `json:"match_id"`
		Turn    int    `json:"turn"`
		Action  string `json:"action"`
		Amount  int    `json:"amount,omitempty"`
	}
	if err := Err(set.ValidateValue("inference", "move", move{"move", "m-1", 2, "raise", 5})); err != nil {
		t.Errorf("valid move: %v", err)
	}
	err := Err(set.ValidateValue("inference", "move", move{"move", "m-1", 2, "raise", 0}))
	var e *Error
	if !errors.As(err, &e) || len(e.Violations) != 1 || e.Violations[0].Keyword != "required" {
		t.Errorf("raise without amount: have %v", err)
	}
	if vs := set.ValidateValue("inference", "move", func() {}); len(vs) != 1 || !strings.Contains(vs[0].Message, "marshal") {
		t.Errorf("unmarshalable value: have %v", vs)
	}
}

func TestConcurrentUse(t *testing.T) {
	set := testSet(t)
	msgs := loadCorpus(t)
	done := make(chan error)
	for g := 0; g < 4; g++ {
		go func(g int) {
			for i := g; i < len(msgs); i += 4 {
				if vs := set.Validate(msgs[i].game, msgs[i].kind, msgs[i].data); len(vs) > 0 {
					done <- fmt.Errorf("message %d: %v", i, Err(vs))
					return
				}
			}
			done <- nil
		}(g)
	}
	for g := 0; g < 4; g++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// TestDetectRulesNameKinds: every kind a game's detect.json names is a
// schema of that game, and every game has rules.
func TestDetectRulesNameKinds(t *testing.T) {
	all, err := detectors()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != len(Games()) || len(all) == 0 {
		t.Fatalf("detect rules for %d games, %d games", len(all), len(Games()))
	}
	for game, d := range all {
		if len(d.Rules) == 0 || d.Undetected == "" && !d.Typed {
			t.Errorf("%s: no rules, or no word for an undetected message", game)
		}
		for _, r := range d.Rules {
			kinds := []string{r.Kind}
			if strings.Contains(r.Kind, "{type}") {
				kinds = nil
				for _, typ := range r.Type {
					kinds = append(kinds, strings.ReplaceAll(r.Kind, "{type}", typ))
				}
			}
			if len(kinds) == 0 {
				t.Errorf("%s: rule %+v names {type} without types", game, r)
			}
			for _, k := range kinds {
				if !HasKind(game, k) {
					t.Errorf("%s: detect.json names kind %q, which has no schema", game, k)
				}
			}
		}
	}
}

// TestValidJSONDeep: validity of a hostile peer's bytes is told without
// recursion: 8 MiB of "[" (which overflows gjson's recursive validation)
// is invalid, and so is well-formed nesting past MaxDepth.
func TestValidJSONDeep(t *testing.T) {
	deep := bytes.Repeat([]byte("["), 8<<20)
	closed := append(bytes.Repeat([]byte("["), MaxDepth+1), bytes.Repeat([]byte("]"), MaxDepth+1)...)
	ok := append(bytes.Repeat([]byte("["), MaxDepth), bytes.Repeat([]byte("]"), MaxDepth)...)
	for _, tc := range []struct {
		name string
		data []byte
		want bool
	}{
		{"8 MiB of unclosed [", deep, false},
		{"closed, one level too deep", closed, false},
		{"closed at MaxDepth", ok, true},
		{"an object", []byte(`{"a":[1,{"b":"[[["}]}`), true},
		{"trailing garbage", []byte(`{} x`), false},
	} {
		if got := ValidJSON(tc.data); got != tc.want {
			t.Errorf("%s: ValidJSON = %v, want %v", tc.name, got, tc.want)
		}
	}
	if _, err := Detect("bangarena", deep); err == nil {
		t.Error("Detect of 8 MiB of [: no error")
	}
}
