package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func oneLine(t *testing.T, path string) string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// TestExampleAgent plays the built-in agent on one request of each game: it
// answers with an item the request offers, answers again after an error for
// its move, ignores what it cannot read, and stops at match_end (but not
// once a match_start said it is kept).
func TestExampleAgent(t *testing.T) {
	yourTurn := oneLine(t, filepath.Join("testdata", "legal", "your_turn.json"))
	request := oneLine(t, filepath.Join("testdata", "legal", "bangarena_request.json"))
	for _, tc := range []struct {
		game, in string
		answers  int
		offered  func(answer map[string]any) bool
	}{
		{"inference", "not json\n" + yourTurn + "\n" + `{"type":"error","code":"illegal_move","turn":` + turnOf(t, yourTurn) + "}\n" + `{"type":"match_end"}` + "\n" + yourTurn + "\n", 2,
			func(a map[string]any) bool {
				return a["type"] == "move" && strings.Contains(yourTurn, `"action":"`+a["action"].(string)+`"`)
			}},
		{"bangarena", request + "\n" + `{"error":{"code":"illegal","message":"no","reask":true}}` + "\n" + `{"type":"match_end"}` + "\n" + request + "\n", 2,
			func(a map[string]any) bool {
				return strings.Contains(request, `"actionId":"`+a["actionId"].(string)+`"`) && a["commandId"] != ""
			}},
		{"inference", `{"type":"match_start"}` + "\n" + yourTurn + "\n" + `{"type":"match_end"}` + "\n" + yourTurn + "\n", 2, nil},
	} {
		t.Run(tc.game, func(t *testing.T) {
			var out bytes.Buffer
			e := &env{stdin: strings.NewReader(tc.in), stdout: &out, stderr: &out}
			if code := cmdExampleAgent(context.Background(), e, []string{"--game", tc.game}); code != exitOK {
				t.Fatalf("exit %d: %s", code, out.String())
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(lines) != tc.answers {
				t.Fatalf("have %d answers, want %d:\n%s", len(lines), tc.answers, out.String())
			}
			seen := map[string]bool{}
			for _, l := range lines {
				var a map[string]any
				if err := json.Unmarshal([]byte(l), &a); err != nil {
					t.Fatalf("answer %q: %v", l, err)
				}
				if tc.offered != nil && !tc.offered(a) {
					t.Errorf("answer %s is not offered", l)
				}
				key := l
				if tc.offered != nil && seen[key] {
					t.Errorf("the answer after the error repeats the refused one: %s", l)
				}
				seen[key] = true
			}
		})
	}
}

func turnOf(t *testing.T, line string) string {
	var m struct {
		Turn int `json:"turn"`
	}
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(m.Turn)
	return string(b)
}
