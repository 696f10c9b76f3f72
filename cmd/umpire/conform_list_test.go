package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestConformList(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"all inference checks", []string{"--game", "inference", "--list"}, exitOK, []string{"inference: an illegal move is refused", "inference/illegal.no-consume", "checks; run one with --check"}},
		{"one by part of its name", []string{"--game", "inference", "--list", "--check", "illegal move is refused"}, exitOK, []string{"\n1 checks"}},
		{"a name that picks none", []string{"--game", "bangarena", "--list", "--check", "no such check"}, exitUsage, nil},
		{"a name that picks several", []string{"--game", "inference", "--list", "--check", "inference"}, exitUsage, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runUmpire(t, "", append([]string{"conform"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\n%s%s", code, tc.code, out, errOut)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
	code, out, _ := runUmpire(t, "", "conform", "--game", "bangarena", "--list", "--format", "json")
	var list []listedCheck
	if code != exitOK || json.Unmarshal([]byte(out), &list) != nil || len(list) == 0 || len(list[0].Rules) == 0 {
		t.Fatalf("json list: exit %d, %q", code, out)
	}
}

// TestConformRunOneCheck runs one check by name against the embedded server.
func TestConformRunOneCheck(t *testing.T) {
	code, out, errOut := runUmpire(t, "", "conform", "--game", "bangarena", "--embedded", "--check", "token")
	if code != exitOK || !strings.Contains(out, "1 checks") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
}
