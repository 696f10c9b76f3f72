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

// TestRulesJSONLevelsMatchText: the JSON level of every rule is the text's
// (a reading's or a pin's MUST is SHOULD unless --strict), the stated
// level is kept beside it, and --strict gives both forms the stated level.
func TestRulesJSONLevelsMatchText(t *testing.T) {
	for _, strict := range []bool{false, true} {
		args := []string{"rules"}
		if strict {
			args = append(args, "--strict")
		}
		_, text, _ := runUmpire(t, "", args...)
		cells := map[string]string{}
		for _, line := range strings.Split(text, "\n") {
			f := strings.Fields(line)
			if len(f) < 2 || !strings.Contains(f[0], "/") {
				continue
			}
			cell := f[1]
			if len(f) > 4 && f[2] == "(MUST" {
				cell = strings.Join(f[1:5], " ")
			}
			cells[f[0]] = cell
		}
		code, out, errs := runUmpire(t, "", append(args, "--format", "json")...)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var list []struct {
			ID, Level, Basis string
			Stated           string `json:"stated_level"`
			LevelText        string `json:"level_text"`
		}
		if err := json.Unmarshal([]byte(out), &list); err != nil {
			t.Fatal(err)
		}
		demoted := 0
		for _, r := range list {
			if cells[r.ID] != r.LevelText {
				t.Errorf("strict %v, %s: text %q, JSON level_text %q", strict, r.ID, cells[r.ID], r.LevelText)
			}
			want := r.Stated
			if !strict && r.Stated == "MUST" && r.Basis != "document" {
				want, demoted = "SHOULD", demoted+1
			}
			if r.Level != want || !strings.HasPrefix(r.LevelText, r.Level) {
				t.Errorf("strict %v, %s (%s, stated %s): JSON level %s, want %s", strict, r.ID, r.Basis, r.Stated, r.Level, want)
			}
		}
		if !strict && demoted == 0 {
			t.Error("no reading or pin at MUST in the catalogue: the test proves nothing")
		}
	}
}

// TestHelpAligns: umpire help lines every command's summary up in one
// column, the longest name included.
func TestHelpAligns(t *testing.T) {
	_, out, errs := runUmpire(t, "", "help")
	text := out + errs
	col := -1
	for _, c := range commands() {
		i := strings.Index(text, "\n  "+c.name+" ")
		if i < 0 {
			t.Fatalf("help does not list %s:\n%s", c.name, text)
		}
		line := text[i+1:]
		line = line[:strings.IndexByte(line, '\n')]
		at := strings.Index(line, c.summary)
		if col >= 0 && at != col {
			t.Errorf("%s's summary starts at column %d, others at %d:\n%s", c.name, at, col, text)
		}
		col = at
	}
}

// umpire rules --statements maps every statement of the Inference document
// to its rules and prints the figures per document; the JSON form has each
// statement's status and the same figures.
func TestRulesStatements(t *testing.T) {
	code, out, errs := runUmpire(t, "", "rules", "--statements", "--game", "inference")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "I-79") || !strings.Contains(out, "inference-0.4: 79 statements,") || !strings.Contains(out, "not checkable") {
		t.Errorf("text form:\n%s", out)
	}
	code, out, errs = runUmpire(t, "", "rules", "--statements", "--game", "inference", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var m struct {
		Statements []struct {
			ID, Status string
			Rules      []string
		}
		Figures []struct {
			Doc                                   string
			Statements, Covered, Partial, Missing int
			NotCheckable                          int `json:"not_checkable"`
		} `json:"figures"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Statements) != 79 || len(m.Figures) != 1 {
		t.Fatalf("%d statements, figures %+v", len(m.Statements), m.Figures)
	}
	f := m.Figures[0]
	if f.Covered+f.Partial+f.Missing+f.NotCheckable != f.Statements {
		t.Errorf("figures do not add up: %+v", f)
	}
	for _, s := range m.Statements {
		if s.ID == "I-4" && s.Status != "covered" {
			t.Errorf("I-4 (the button): %s", s.Status)
		}
	}
}

// conform's console ends with the statement figures of the game's document
// beside the coverage of its rules.
func TestConformPrintsStatementFigures(t *testing.T) {
	code, out, errs := runUmpire(t, "", "conform", "--game", "inference", "--embedded", "--check", "hidden values stay hidden")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "\ncoverage inference: ") || !strings.Contains(out, "\nstatements inference-0.4: 79 statements, ") {
		t.Errorf("console:\n%s", out)
	}
}
