package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// umpire rules --format json lists, per rule, the checks that cover it and
// the fault that proves it (CLI.md); the text form has a coverage column.
func TestRulesListsChecksAndFaults(t *testing.T) {
	code, out, errs := runUmpire(t, "", "rules", "--game", "inference", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var list []struct {
		ID         string   `json:"id"`
		Level      string   `json:"level"`
		Observable string   `json:"observable"`
		Checks     []string `json:"checks"`
		Faults     []string `json:"faults"`
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatal(err)
	}
	byID := map[string]int{}
	for i, r := range list {
		byID[r.ID] = i
		if r.Checks == nil || r.Faults == nil || r.Observable == "" {
			t.Errorf("%s: checks %v faults %v observable %q", r.ID, r.Checks, r.Faults, r.Observable)
		}
	}
	i, ok := byID["inference/visibility.no-peek"]
	if !ok {
		t.Fatal("no-peek is not listed")
	}
	if r := list[i]; !slices.Contains(r.Faults, "inference:leak-value") || !slices.Contains(r.Checks, "inference: hidden values stay hidden") {
		t.Errorf("no-peek: checks %v faults %v", r.Checks, r.Faults)
	}
	if r := list[byID["inference/agent.legal-answer"]]; r.Observable != "agent-only" || len(r.Checks) == 0 || !strings.HasPrefix(r.Checks[0], "certify: ") {
		t.Errorf("agent rule: %+v", r)
	}
	code, out, _ = runUmpire(t, "", "rules", "--game", "inference")
	if code != exitOK || !strings.Contains(out, "COVERAGE") || !strings.Contains(out, "1 fault") {
		t.Errorf("text form lacks the coverage column:\n%s", out)
	}
}
