package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

// readReportDir reads report.json of a --report-dir.
func readReportDir(t *testing.T, dir string) *reports.Report {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, reports.FileJSON))
	if err != nil {
		t.Fatalf("no JSON report: %v", err)
	}
	defer f.Close()
	rep, err := reports.ReadJSON(f)
	if err != nil {
		t.Fatalf("report: %v", err)
	}
	return rep
}

// Validate's violations are findings of a catalogue rule in every report
// format, with the exit code the console gives.
func TestValidateReports(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runUmpire(t, "", "validate", "--game", "inference", td("inference_bad.jsonl"), "--report-dir", dir)
	if code != exitFail {
		t.Fatalf("exit %d, want %d; stderr: %s", code, exitFail, errOut)
	}
	rep := readReportDir(t, dir)
	if rep.Meta.Kind != reports.KindValidate || len(rep.Checks) != 1 {
		t.Fatalf("kind %q, %d checks; want one validate check", rep.Meta.Kind, len(rep.Checks))
	}
	if got := rep.ExitCode(); got != exitFail {
		t.Errorf("report exit code %d, want %d (as the console)", got, exitFail)
	}
	c := rep.Checks[0]
	if c.Status != reports.Fail || len(c.Findings) != 3 {
		t.Fatalf("check %s with %d findings, want fail with 3", c.Status, len(c.Findings))
	}
	cat := rules.Default()
	for _, f := range c.Findings {
		if _, ok := cat.Lookup(f.Rule); !ok {
			t.Errorf("finding names rule %q, not in the catalogue", f.Rule)
		}
		if f.Where.File == "" || f.Where.Line == 0 {
			t.Errorf("finding %s has no location: %+v", f.Rule, f.Where)
		}
	}
	if f := c.Findings[0]; f.Rule != "inference/protocol.log-line" || f.Level != rules.Should || f.Basis != rules.BasisContract {
		t.Errorf("first finding %s %s %s, want a SHOULD inference/protocol.log-line on a contract", f.Level, f.Rule, f.Basis)
	}
	if f := c.Findings[0]; f.Expected == nil || f.Got == nil {
		t.Errorf("first finding: expected %v, got %v; want the schema's constraint and the offending value", f.Expected, f.Got)
	}
	for _, name := range []string{reports.FileJUnit, reports.FileHTML, reports.FileMarkdown} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s not written: %v", name, err)
		}
	}
}

// A report to standard output takes stdout; the violations then go to
// stderr.
func TestValidateReportToStdout(t *testing.T) {
	code, out, errOut := runUmpire(t, "", "validate", "--game", "inference", "--junit", "-", td("inference_bad.jsonl"))
	if code != exitFail {
		t.Fatalf("exit %d", code)
	}
	if !strings.HasPrefix(strings.TrimSpace(out), "<?xml") || !strings.Contains(out, "inference/protocol.log-line") {
		t.Errorf("stdout is not the JUnit report:\n%s", out)
	}
	if !strings.Contains(errOut, ":2: SHOULD /amount") {
		t.Errorf("violations not on stderr:\n%s", errOut)
	}
	if _, err := os.Stat("-"); err == nil {
		t.Errorf("a file named - was written")
	}
}

// An input that cannot be read through is exit 3 and still writes a JUnit
// with one errored case saying why.
func TestValidateReportOnReadError(t *testing.T) {
	dir := t.TempDir()
	code, _, _ := runUmpire(t, "", "validate", "--game", "inference", "--report-dir", dir, "/proc/self/mem")
	if code != exitError && code != exitUsage {
		t.Fatalf("exit %d", code)
	}
	if code == exitUsage {
		t.Skip("the input could not be opened on this system")
	}
	junit, err := os.ReadFile(filepath.Join(dir, reports.FileJUnit))
	if err != nil || !strings.Contains(string(junit), "<error") || !strings.Contains(string(junit), "could not be read through") {
		t.Errorf("junit on exit 3: %v\n%s", err, junit)
	}
}

func TestValueAt(t *testing.T) {
	data := []byte(`{"a":{"b/c":[1,{"d":"x"}]},"e":null}`)
	tests := []struct {
		name, ptr, want string
		ok              bool
	}{
		{"root", "", `{"a":{"b/c":[1,{"d":"x"}]},"e":null}`, true},
		{"escaped key and index", "/a/b~1c/1/d", `"x"`, true},
		{"null", "/e", "null", true},
		{"missing", "/nope", "", false},
		{"bad index", "/a/b~1c/9", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := valueAt(data, tc.ptr)
			if ok != tc.ok || (ok && fmt.Sprintf("%s", got) != tc.want) {
				t.Errorf("valueAt(%q) = %s, %v; want %s, %v", tc.ptr, got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestValidateRule(t *testing.T) {
	tests := []struct {
		name, game, kind string
		v                schemas.Violation
		want             string
	}{
		{"log line", "inference", "log_ante", schemas.Violation{InstanceLocation: "/amount", Basis: schemas.BasisContract}, "inference/protocol.log-line"},
		{"showdown field", "inference", "log_showdown", schemas.Violation{Keyword: "required", Message: `missing required property "payouts"`}, "inference/wire.events.showdown"},
		{"hidden value", "inference", "log_deal_private", schemas.Violation{InstanceLocation: "/value"}, "inference/round.1.deal"},
		{"sit-out flag", "inference", "log_timeout", schemas.Violation{InstanceLocation: "/sit_out"}, "inference/wire.events.objects"},
		{"deadline", "inference", "your_turn", schemas.Violation{InstanceLocation: "/deadline_ms"}, "inference/timeouts.deadline"},
		{"missing deadline", "inference", "your_turn", schemas.Violation{Keyword: "required", Message: `missing required property "deadline_ms"`}, "inference/timeouts.deadline"},
		{"view field", "inference", "your_turn", schemas.Violation{InstanceLocation: "/visible_state/players/0/credits"}, "inference/wire.visible-state.fields"},
		{"raise amount", "inference", "move", schemas.Violation{InstanceLocation: "/amount"}, "inference/wire.move.amount"},
		{"error code", "inference", "error", schemas.Violation{InstanceLocation: "/code"}, "inference/server.error-code"},
		{"not JSON", "inference", "", schemas.Violation{}, "inference/protocol.envelope"},
		// An event's {seq, type} shape is WIRE.md's pin, not §11's "whose events".
		{"observation events", "bangarena", "decision_request", schemas.Violation{InstanceLocation: "/observation/events/3/seq"}, "bangarena/11.event-shape"},
		{"role mode", "bangarena", "decision_request", schemas.Violation{InstanceLocation: "/observation/roleMode"}, "bangarena/11.role-mode"},
		{"missing role mode", "bangarena", "observation", schemas.Violation{InstanceLocation: "", Keyword: "required", Message: `missing required property "roleMode"`}, "bangarena/11.role-mode"},
		{"args schema", "bangarena", "decision_request", schemas.Violation{InstanceLocation: "/legalActions/1/argsSchema/targetSeat"}, "bangarena/13.args-schema"},
		{"observation field", "bangarena", "decision_request", schemas.Violation{InstanceLocation: "/observation/players/0/hp"}, "bangarena/11.fields"},
		{"action id", "bangarena", "decision_request", schemas.Violation{InstanceLocation: "/legalActions/2/actionId"}, "bangarena/13.action-ids"},
		{"decision", "bangarena", "decision", schemas.Violation{}, "bangarena/agent.legal-answer"},
		{"request", "bangarena", "decision_request", schemas.Violation{InstanceLocation: "/deadlineAt"}, "bangarena/12.request"},
	}
	cat := rules.Default()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := validateRule(tc.game, tc.kind, tc.v, nil); got != tc.want {
				t.Errorf("validateRule = %q, want %q", got, tc.want)
			}
		})
	}
	// issue 26: the schema counts code points (a pin); only a message over
	// 280 however characters are counted is the document's.
	for _, tc := range []struct {
		name string
		v    schemas.Violation
		want string
		data string
	}{
		{"message over in every count", schemas.Violation{InstanceLocation: "/message", Keyword: "maxLength"}, "inference/agent.message-length",
			`{"type":"move","action":"call","message":"` + strings.Repeat("a", 281) + `"}`},
		{"message over in code points only", schemas.Violation{InstanceLocation: "/message", Keyword: "maxLength"}, "inference/agent.message-code-points",
			`{"type":"move","action":"call","message":"` + strings.Repeat("e\\u0301", 150) + `"}`},
		{"message of another type", schemas.Violation{InstanceLocation: "/message", Keyword: "type"}, "inference/agent.message-length",
			`{"type":"move","action":"call","message":3}`},
	} {
		if got := validateRule("inference", "move", tc.v, []byte(tc.data)); got != tc.want {
			t.Errorf("%s: validateRule = %q, want %q", tc.name, got, tc.want)
		}
	}
	for _, g := range []string{harness.GameInference, harness.GameBangArena} {
		for _, id := range validateRuleIDs(g) {
			if _, ok := cat.Lookup(id); !ok {
				t.Errorf("%s: rule %q is not in the catalogue", g, id)
			}
		}
	}
}

// verify --junit - writes the report on stdout and the findings on stderr
// (it was refused as a usage error).
func TestVerifyReportToStdout(t *testing.T) {
	code, out, errOut := runUmpire(t, "", "verify", "--game", "inference", vtd("mutations/raise-over-cap.jsonl"), "--junit", "-")
	if code != exitFail {
		t.Fatalf("exit %d, want 1; stderr: %s", code, errOut)
	}
	if !strings.HasPrefix(strings.TrimSpace(out), "<?xml") || !strings.Contains(out, "inference/round.3.raise-cap") {
		t.Errorf("stdout is not the JUnit report:\n%.400s", out)
	}
	if !strings.Contains(errOut, "inference/round.3.raise-cap") {
		t.Errorf("the findings are not on stderr:\n%.400s", errOut)
	}
}

// TestValidateReportBounded: the report of one input keeps at most
// maxReportFindings violations, whatever the number of schema locations the
// input breaks (the console's cap is per location: 4,096 locations of 1,000
// findings each took gigabytes); past the bound a violation of a rule and
// basis not yet kept is still kept, so the report's verdict is the
// findings'; the rest are counted in a warning.
func TestValidateReportBounded(t *testing.T) {
	v := newValidateReports(reportFlags{json: "-"}, "inference", []string{"big.jsonl"}, false)
	if v.rep == nil {
		t.Fatal("no report started")
	}
	v.begin("big.jsonl")
	pinned := schemas.Violation{Message: "pinned shape", Basis: schemas.BasisContract, Ref: "WIRE.md Envelope", KeywordLocation: "/x"}
	total := 3 * maxReportFindings
	for i := range total {
		pinned.KeywordLocation = fmt.Sprintf("/properties/p%d", i%5000)
		v.violation("big.jsonl", i+1, "your_turn", pinned, []byte(`{"type":"your_turn"}`))
	}
	v.violation("big.jsonl", total+1, "your_turn", schemas.Violation{Message: "the document's shape", KeywordLocation: "/y"}, nil)
	v.end(rules.NewCap(0))
	c := v.rep.Checks[0]
	if n := len(c.Findings); n > maxReportFindings+1 {
		t.Errorf("kept %d findings, want at most %d", n, maxReportFindings+1)
	}
	last := c.Findings[len(c.Findings)-1]
	if last.Basis != rules.BasisDocument {
		t.Errorf("the one document violation past the bound was not kept (last kept: %s %s)", last.Rule, last.Basis)
	}
	warned := false
	for _, w := range v.rep.Warnings {
		warned = warned || strings.Contains(w, "not kept in the report")
	}
	if !warned {
		t.Errorf("no warning counts the violations left out; warnings %q", v.rep.Warnings)
	}
}
