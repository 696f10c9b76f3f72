package reports

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// failedReport is a conform report with findings at every level, one
// excused by --known-failing, and the reproduce command of each check that
// found something.
func failedReport() *Report {
	r := New(Meta{Kind: KindConform, Games: []string{"inference"}}, rules.Default())
	r.Checks = []Check{
		{Name: "inference: a raise beyond the cap is refused", Status: Fail, Reproduce: "umpire conform --game inference --embedded --check 'inference: a raise beyond the cap is refused'",
			Findings: []Finding{
				{Finding: rules.Finding{Rule: "inference/round.3.raise-cap", Level: rules.Must, Message: "a fourth raise was accepted"}},
				{Finding: rules.Finding{Rule: "inference/round.3.raise-cap", Level: rules.Must, Message: "a fifth raise was accepted"}},
				{Finding: rules.Finding{Rule: "inference/server.error-code", Level: rules.Should, Message: "a generic code"}},
			}},
		{Name: "inference: hidden values stay hidden", Status: Fail, Reproduce: "umpire conform --game inference --embedded --check 'inference: hidden values stay hidden'",
			Findings: []Finding{
				{Finding: rules.Finding{Rule: "inference/visibility.no-peek", Level: rules.Must, Known: "ticket 7", Message: "a leak"}},
				{Finding: rules.Finding{Rule: "inference/visibility.breakeven", Level: rules.Info, Message: "a note"}},
				{Finding: rules.Finding{Rule: "inference/round.3.raise-cap", Level: rules.Must, Message: "seen here too"}},
			}},
		{Name: "inference: a wrong token is refused", Status: Pass},
	}
	r.Normalize()
	return r
}

// TestFailedRules: the compact list names every rule of a MUST or SHOULD
// finding once, MUST first, with its findings, its checks and the first
// check's reproduce command; INFO and known-failing findings are not in it.
func TestFailedRules(t *testing.T) {
	got := failedReport().FailedRules()
	if len(got) != 2 {
		t.Fatalf("have %d failed rules %+v, want 2", len(got), got)
	}
	cap, code := got[0], got[1]
	if cap.Rule != "inference/round.3.raise-cap" || cap.Level != rules.Must || cap.Findings != 3 || len(cap.Checks) != 2 {
		t.Errorf("first: %+v, want the raise cap at MUST, 3 findings in 2 checks", cap)
	}
	if !strings.Contains(cap.Reproduce, "--check") {
		t.Errorf("first: reproduce %q names no check", cap.Reproduce)
	}
	if code.Rule != "inference/server.error-code" || code.Level != rules.Should || code.Findings != 1 {
		t.Errorf("second: %+v, want the error code at SHOULD, 1 finding", code)
	}
}

// TestFailedRulesAndReproduceInEveryFormat: the JSON summary, the Markdown
// and the HTML report carry the failed rules and each check's reproduce
// command.
func TestFailedRulesAndReproduceInEveryFormat(t *testing.T) {
	r := failedReport()
	cmd := "umpire conform --game inference --embedded --check 'inference: a raise beyond the cap is refused'"
	t.Run("json", func(t *testing.T) {
		var b bytes.Buffer
		if err := WriteJSON(&b, r); err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Summary struct {
				FailedRules []FailedRule `json:"failed_rules"`
			} `json:"summary"`
			Checks []Check `json:"checks"`
		}
		if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		if len(doc.Summary.FailedRules) != 2 || doc.Summary.FailedRules[0].Rule != "inference/round.3.raise-cap" {
			t.Errorf("summary.failed_rules: %+v", doc.Summary.FailedRules)
		}
		found := false
		for _, c := range doc.Checks {
			found = found || c.Reproduce == cmd
		}
		if !found {
			t.Errorf("no check carries its reproduce command %q", cmd)
		}
	})
	t.Run("markdown", func(t *testing.T) {
		var b bytes.Buffer
		if err := WriteMarkdown(&b, r); err != nil {
			t.Fatal(err)
		}
		md := b.String()
		for _, want := range []string{"Rules with findings (2: 1 failed, 1 warning):", "- MUST `inference/round.3.raise-cap` — 3 findings in ", "- SHOULD `inference/server.error-code` — 1 finding in ", "`" + cmd + "`"} {
			if !strings.Contains(md, want) {
				t.Errorf("the Markdown has no %q:\n%s", want, md)
			}
		}
		if strings.Contains(md, "visibility.breakeven` —") {
			t.Errorf("the Markdown lists an INFO finding's rule among the failed")
		}
	})
	t.Run("html", func(t *testing.T) {
		var b bytes.Buffer
		if err := WriteHTML(&b, r); err != nil {
			t.Fatal(err)
		}
		html := b.String()
		for _, want := range []string{`id="failed-rules"`, `<code>inference/round.3.raise-cap</code></a></td><td>3</td>`, `class="reproduce"`, "--check &#39;inference: a raise beyond the cap is refused&#39;"} {
			if !strings.Contains(html, want) {
				t.Errorf("the HTML has no %q", want)
			}
		}
	})
}

// TestMarkdownCommandFence: a command holding backticks stays one code span.
func TestMarkdownCommandFence(t *testing.T) {
	if got, want := mdCommand("echo `a` ``b``\nc", 100), "```echo `a` ``b`` c```"; got != want {
		t.Errorf("have %s, want %s", got, want)
	}
}

// TestFailedRulesHeading: the list is called failed only when what it
// lists failed; a run with SHOULD findings alone failed no rule.
func TestFailedRulesHeading(t *testing.T) {
	must := FailedRule{Rule: "a", Level: rules.Must}
	should := FailedRule{Rule: "b", Level: rules.Should}
	for _, c := range []struct {
		list []FailedRule
		want string
	}{
		{[]FailedRule{must}, "failed rules (1)"},
		{[]FailedRule{should, should}, "rules with warnings (2, none failed)"},
		{[]FailedRule{must, should}, "rules with findings (2: 1 failed, 1 warning)"},
		{[]FailedRule{must, should, should}, "rules with findings (3: 1 failed, 2 warnings)"},
	} {
		if got := FailedRulesHeading(c.list); got != c.want {
			t.Errorf("FailedRulesHeading(%v) = %q, want %q", c.list, got, c.want)
		}
	}
}
