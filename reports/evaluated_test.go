package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// evalReport is a conform report of three rules: a check that lists two of
// them and evaluates one, and a skipped check that lists the third.
func evalReport() *Report {
	cat, _ := rules.NewCatalogue([]rules.Rule{
		{ID: "g/a.one", Level: rules.Must, Doc: "d", Section: "A", Text: "one"},
		{ID: "g/a.two", Level: rules.Must, Doc: "d", Section: "A", Text: "two"},
		{ID: "g/b.three", Level: rules.Must, Doc: "d", Section: "B", Text: "three"},
		{ID: "g/b.four", Level: rules.Must, Doc: "d", Section: "B", Text: "four", Observable: rules.LogOnly, ObservableWhy: "the log"},
		{ID: "g/b.five", Level: rules.Must, Doc: "d", Section: "B", Text: "five"},
	})
	r := New(Meta{Kind: KindConform, Games: []string{"g"}}, cat)
	r.Checks = []Check{
		{Name: "ties", Rules: []string{"g/a.one", "g/a.two"}, Status: Pass,
			Evaluated: map[string]int{"g/a.one": 3}, NotExercised: map[string]string{"g/a.two": "no tie arose in 40 rounds"}},
		{Name: "sit-out", Rules: []string{"g/b.three"}, Status: Skip, Reason: "the seat never reached a third strike", Evaluated: map[string]int{}},
		{Name: "old", Rules: []string{"g/b.four"}, Status: Pass}, // reports no evaluations
	}
	return r
}

// A rule is checked only when a check evaluated it: a check that lists a
// rule but does not evaluate it leaves it "not exercised", with why.
func TestCoverageComesFromEvaluation(t *testing.T) {
	rows := map[string]RuleCoverage{}
	for _, rc := range evalReport().Coverage() {
		rows[rc.Rule.ID] = rc
	}
	for _, tt := range []struct {
		id, state string
		covered   bool
		why       string
	}{
		{"g/a.one", StateChecked, true, ""},
		{"g/a.two", StateNotExercised, false, "no tie arose"},
		{"g/b.three", StateNotExercised, false, "skip: the seat never reached a third strike"},
		{"g/b.four", StateListed, true, ""},
		{"g/b.five", StateNotChecked, false, ""},
	} {
		rc := rows[tt.id]
		if rc.State != tt.state || rc.Covered != tt.covered {
			t.Errorf("%s: state %s covered %v, want %s %v", tt.id, rc.State, rc.Covered, tt.state, tt.covered)
		}
		if tt.why != "" && !strings.Contains(strings.Join(rc.Why, "; "), tt.why) {
			t.Errorf("%s: why %q, want %q", tt.id, rc.Why, tt.why)
		}
	}
	if rc := rows["g/a.one"]; rc.Evaluations != 3 || len(rc.Checks) != 1 {
		t.Errorf("g/a.one: %d evaluations by %v", rc.Evaluations, rc.Checks)
	}
	figs := CoverageFigures(evalReport().Coverage())
	if len(figs) != 1 {
		t.Fatalf("figures %+v", figs)
	}
	f := figs[0]
	if f.Live != (FigureCount{Rules: 4, Checked: 1, NotExercised: 2}) || f.LogOnly != (FigureCount{Rules: 1, Checked: 1}) {
		t.Errorf("figures %+v", f)
	}
	if s := f.String(); !strings.Contains(s, "1/4 server-observable MUST rules of the documents checked (25%)") {
		t.Errorf("figure text %q", s)
	}
}

// The headline counts the MUST rules that bind without --strict: a MUST
// rule on a reading or a pin is counted apart.
func TestCoverageFiguresBindingApart(t *testing.T) {
	cat, _ := rules.NewCatalogue([]rules.Rule{
		{ID: "g/a.one", Level: rules.Must, Doc: "d", Section: "A", Text: "one"},
		{ID: "g/a.two", Level: rules.Must, Doc: "d", Section: "A", Text: "two", Basis: rules.BasisReading, Ref: "I-X-1"},
		{ID: "g/a.three", Level: rules.Must, Doc: "WIRE.md", Section: "A", Text: "three"},
	})
	r := New(Meta{Kind: KindConform, Games: []string{"g"}}, cat)
	r.Checks = []Check{{Name: "c", Rules: []string{"g/a.one", "g/a.two", "g/a.three"}, Status: Pass,
		Evaluated: map[string]int{"g/a.one": 1, "g/a.two": 1}}}
	f := CoverageFigures(r.Coverage())[0]
	if f.Live != (FigureCount{Rules: 1, Checked: 1}) || f.Strict.Rules != 2 || f.Strict.Checked != 1 {
		t.Errorf("figures %+v", f)
	}
	if s := f.String(); !strings.Contains(s, "1/1 server-observable MUST rules of the documents") || !strings.Contains(s, "readings and pins (MUST with --strict) 1/2") {
		t.Errorf("figure text %q", s)
	}
}

// A finding is an evaluation even when the check forgot to count it.
func TestCoverageCitedIsChecked(t *testing.T) {
	r := evalReport()
	r.Checks[1].Status = Fail
	r.Checks[1].Findings = []Finding{{Finding: rules.Finding{Rule: "g/b.three", Level: rules.Must, Message: "m"}}}
	for _, rc := range r.Coverage() {
		if rc.Rule.ID == "g/b.three" && (rc.State != StateChecked || rc.Status != Fail) {
			t.Errorf("cited rule: state %s status %v", rc.State, rc.Status)
		}
	}
}

// JUnit has one case per rule, named by the rule id: a failing rule is a
// failure naming its findings, a rule not exercised is skipped with why,
// and a harness error with no rule is a case of its own.
func TestJUnitByRule(t *testing.T) {
	r := evalReport()
	r.Checks[0].Status = Fail
	r.Checks[0].Findings = []Finding{{Finding: rules.Finding{Rule: "g/a.one", Level: rules.Must, Message: "the pot went to seat 2", Got: []byte(`{"seat":2}`)}}}
	r.Checks = append(r.Checks, Check{Name: "target reachable", Status: Error, Reason: "connection refused"})
	var b bytes.Buffer
	if err := WriteJUnit(&b, r); err != nil {
		t.Fatal(err)
	}
	d := parseJUnit(t, b.Bytes())
	type caseOut struct{ failure, skipped, errored, text string }
	cases := map[string]caseOut{}
	for _, s := range d.Suites {
		for _, c := range s.Cases {
			var o caseOut
			if c.Failure != nil {
				o.failure, o.text = c.Failure.Message, c.Failure.Text
			}
			if c.Skipped != nil {
				o.skipped = c.Skipped.Message
			}
			if c.Error != nil {
				o.errored = c.Error.Message
			}
			cases[c.Name] = o
		}
	}
	if len(cases) != 6 || d.Tests != 6 || d.Failures != 1 || d.Errors != 1 || d.Skipped != 3 {
		t.Fatalf("tests %d failures %d errors %d skipped %d, cases %v", d.Tests, d.Failures, d.Errors, d.Skipped, cases)
	}
	if c := cases["g/a.one"]; !strings.Contains(c.failure, "g/a.one") || !strings.Contains(c.text, "check: ties") || !strings.Contains(c.text, `got:         {"seat":2}`) {
		t.Errorf("g/a.one: %+v", c)
	}
	if c := cases["g/a.two"]; !strings.Contains(c.skipped, "not exercised: no tie arose") {
		t.Errorf("g/a.two: %+v", c)
	}
	if c := cases["g/b.five"]; !strings.Contains(c.skipped, "not checked") {
		t.Errorf("g/b.five: %+v", c)
	}
	if c := cases["g/b.four"]; c != (caseOut{}) {
		t.Errorf("g/b.four (listed by a passing check) should pass: %+v", c)
	}
	if c := cases["target reachable"]; c.errored != "connection refused" {
		t.Errorf("the harness error is lost: %+v", c)
	}
	var bc bytes.Buffer
	if err := (JUnit{Cases: JUnitByCheck}).Write(&bc, r); err != nil {
		t.Fatal(err)
	}
	if dc := parseJUnit(t, bc.Bytes()); dc.Tests != len(r.Checks) {
		t.Errorf("by check: %d tests, want %d", dc.Tests, len(r.Checks))
	}
	if err := (JUnit{Cases: "seat"}).Write(&bc, r); err == nil {
		t.Error("an unknown shape was accepted")
	}
}

// Failing reports list failures before the coverage matrix.
func TestFailuresComeBeforeCoverage(t *testing.T) {
	r := evalReport()
	r.Checks[0].Status = Fail
	r.Checks[0].Findings = []Finding{{Finding: rules.Finding{Rule: "g/a.one", Level: rules.Must, Message: "m", Got: []byte(`{"seat":2}`)}}}
	var h, m bytes.Buffer
	if err := WriteHTML(&h, r); err != nil {
		t.Fatal(err)
	}
	if err := WriteMarkdown(&m, r); err != nil {
		t.Fatal(err)
	}
	for name, doc := range map[string]struct {
		text            string
		failures, cover string
	}{
		"html":     {h.String(), `<section id="findings">`, `<section id="coverage">`},
		"markdown": {m.String(), "### Failures and errors", "### Coverage"},
	} {
		fi, ci := strings.Index(doc.text, doc.failures), strings.Index(doc.text, doc.cover)
		if fi < 0 || ci < 0 || fi > ci {
			t.Errorf("%s: failures at %d, coverage at %d; want failures first", name, fi, ci)
		}
		if !strings.Contains(doc.text, `{&#34;seat&#34;:2}`) && !strings.Contains(doc.text, `{"seat":2}`) && !strings.Contains(doc.text, `\{"seat":2\}`) {
			t.Errorf("%s: got is not rendered as JSON", name)
		}
		if strings.Contains(doc.text, "[123 34") {
			t.Errorf("%s: got is rendered as a byte slice", name)
		}
	}
}

// A rule is not applicable only when every check that could cover it says
// the target does not offer what it is about; the headline leaves it out
// of its count and says why. One check that could have exercised it
// leaves it not exercised.
func TestCoverageNotApplicable(t *testing.T) {
	r := evalReport()
	r.Checks = append(r.Checks,
		Check{Name: "mcp", Rules: []string{"g/b.five"}, Status: Skip, Reason: "no /mcp", Evaluated: map[string]int{},
			NotApplicable: map[string]string{"g/b.five": "the target offers no MCP"}})
	rows := map[string]RuleCoverage{}
	for _, rc := range r.Coverage() {
		rows[rc.Rule.ID] = rc
	}
	if rc := rows["g/b.five"]; rc.State != StateNotApplicable || rc.Covered {
		t.Errorf("g/b.five: %s covered %v, want not applicable", rc.State, rc.Covered)
	}
	f := CoverageFigures(r.Coverage())[0]
	if f.Live.Rules != 3 || f.Live.NotApplicable != 1 || f.Live.Checked != 1 {
		t.Errorf("figures %+v", f.Live)
	}
	if s := f.String(); !strings.Contains(s, "1/3 server-observable") || !strings.Contains(s, "1 n/a: the target offers no MCP") {
		t.Errorf("figure text %q", s)
	}
	for _, sc := range SectionsOf(r.Coverage()) {
		if strings.HasSuffix(sc.Section, "B") && (sc.NotApplicable != 1 || sc.Uncovered != 1) {
			t.Errorf("section %+v", sc)
		}
	}
	// Another check that could cover it and did not say so: not exercised.
	r.Checks = append(r.Checks, Check{Name: "rest", Rules: []string{"g/b.five"}, Status: Pass, Evaluated: map[string]int{}})
	for _, rc := range r.Coverage() {
		if rc.Rule.ID == "g/b.five" && rc.State != StateNotExercised {
			t.Errorf("g/b.five with a check that applies: %s", rc.State)
		}
	}
}
