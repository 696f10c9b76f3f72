package rules

import (
	"strings"
	"testing"
)

// The statement maps name only catalogue rules, give every statement a rule
// or a reason, and every document or reading rule of a mapped game covers a
// statement (pins cover umpire's contracts and are exempt).
func TestStatementMap(t *testing.T) {
	for _, e := range checkStatements(Default(), Statements(""), StatementGames()) {
		t.Error(e)
	}
	// Each game's rulebook counts its own statements (its TestStatements).
}

// Each way a map can go wrong is caught.
func TestStatementMapFaults(t *testing.T) {
	cat, err := NewCatalogue([]Rule{
		{ID: "g/a.one", Level: Must, Doc: "d", Section: "A", Text: "one"},
		{ID: "g/a.two", Level: Must, Doc: "d", Section: "A", Text: "two"},
		{ID: "g/a.pin", Level: Must, Doc: "WIRE.md", Section: "A", Text: "pin"},
	})
	if err != nil {
		t.Fatal(err)
	}
	ok := Statement{ID: "X-1", Doc: "d", Section: "A", Text: "t", Rules: []string{"g/a.one", "g/a.two"}}
	for _, tc := range []struct {
		name string
		list []Statement
		want string
	}{
		{"fine", []Statement{ok}, ""},
		{"neither rule nor reason", []Statement{ok, {ID: "X-2", Doc: "d", Section: "A", Text: "t"}}, "names no rule"},
		{"unknown rule", []Statement{ok, {ID: "X-2", Doc: "d", Section: "A", Text: "t", Rules: []string{"g/a.nine"}}}, "unknown rule g/a.nine"},
		{"rule covering nothing", []Statement{{ID: "X-1", Doc: "d", Section: "A", Text: "t", Rules: []string{"g/a.one"}}}, "rule g/a.two"},
		{"duplicate", []Statement{ok, ok}, "twice"},
		{"gap and no-check", []Statement{{ID: "X-1", Doc: "d", Section: "A", Text: "t", Rules: []string{"g/a.one", "g/a.two"}, NotCheckable: "why", Gap: "what"}}, "cannot be checked"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			errs := strings.Join(checkStatements(cat, tc.list, []string{"g"}), "; ")
			if tc.want == "" && errs != "" || tc.want != "" && !strings.Contains(errs, tc.want) {
				t.Errorf("errors %q, want %q", errs, tc.want)
			}
		})
	}
}

func TestStatementStatus(t *testing.T) {
	checked := func(id string) bool { return id == "g/a.one" }
	for _, tc := range []struct {
		s    Statement
		want StatementStatus
	}{
		{Statement{Rules: []string{"g/a.one"}}, StatementCovered},
		{Statement{Rules: []string{"g/a.one"}, Gap: "defaults"}, StatementPartial},
		{Statement{Rules: []string{"g/a.one", "g/a.two"}}, StatementPartial},
		{Statement{Rules: []string{"g/a.two"}}, StatementMissing},
		{Statement{Gap: "no rule yet"}, StatementMissing},
		{Statement{NotCheckable: "advice"}, StatementNotCheckable},
	} {
		if got := tc.s.Status(checked); got != tc.want {
			t.Errorf("%+v: %s, want %s", tc.s, got, tc.want)
		}
	}
	f := CountStatements([]Statement{{Doc: "d", Rules: []string{"g/a.two"}}, {Doc: "d", Gap: "x"}, {Doc: "d", Rules: []string{"g/a.one"}}}, checked)
	if len(f) != 1 || f[0].Missing != 2 || f[0].CataloguedOnly != 1 || f[0].Covered != 1 {
		t.Errorf("figures %+v", f)
	}
}
