//go:build browser

package reports

import (
	"os"
	"strings"
	"testing"
)

// TestBrowserDOM reads the DOM a headless browser produced from the sample
// HTML report (scripts/browser-test.sh sets UMPIRE_BROWSER_DOM) and checks
// that the coverage matrix, the findings and every chart rendered.
func TestBrowserDOM(t *testing.T) {
	path := os.Getenv("UMPIRE_BROWSER_DOM")
	if path == "" {
		t.Skip("UMPIRE_BROWSER_DOM is not set; run scripts/browser-test.sh")
	}
	dom, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := sample(t)
	_, ids, classes := htmlNodes(t, dom)
	for _, id := range []string{"summary", "verdict", "coverage-matrix", "sections-chart", "findings", "checks", "agents", "matches", "expand-all"} {
		if ids[id] == nil {
			t.Errorf("browser DOM has no #%s", id)
		}
	}
	if got := classes["tr.rule"]; got != len(r.Rules) {
		t.Errorf("browser DOM: %d rule rows in the matrix, want %d", got, len(r.Rules))
	}
	if classes["svg.chart-sections"] != 1 || classes["svg.chart-credits"] == 0 || classes["svg.chart-latency"] != len(r.Stats()) {
		t.Errorf("browser DOM charts: sections %d, credits %d, latency %d", classes["svg.chart-sections"], classes["svg.chart-credits"], classes["svg.chart-latency"])
	}
	if classes["polyline.series"] == 0 || classes["rect.bar"] == 0 {
		t.Errorf("charts have no marks: %d lines, %d bars", classes["polyline.series"], classes["rect.bar"])
	}
	if classes["details.finding"] == 0 || classes["table.transcript"] == 0 {
		t.Error("findings or transcripts missing from the browser DOM")
	}
	if !strings.Contains(string(dom), `data-report-script="ok"`) {
		t.Error("the report's script did not run to its end in the browser")
	}
	if v := ids["verdict"]; v == nil || !strings.Contains(textOf(v), "fail") {
		t.Error("the verdict does not read fail")
	}
}

// TestBrowserDOMOfARealRun reads the DOM a headless browser produced from
// the HTML report of a real run (scripts/browser-test.sh certifies the Go
// example agent with umpire selftest and sets UMPIRE_BROWSER_REAL_DOM and
// UMPIRE_BROWSER_REAL_JSON, the run's report.json) and checks the matrix and
// the charts against the run's own report.
func TestBrowserDOMOfARealRun(t *testing.T) {
	domPath, jsonPath := os.Getenv("UMPIRE_BROWSER_REAL_DOM"), os.Getenv("UMPIRE_BROWSER_REAL_JSON")
	if domPath == "" || jsonPath == "" {
		t.Skip("UMPIRE_BROWSER_REAL_DOM / UMPIRE_BROWSER_REAL_JSON are not set; run scripts/browser-test.sh")
	}
	dom, err := os.ReadFile(domPath)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	_, ids, classes := htmlNodes(t, dom)
	for _, id := range []string{"summary", "verdict", "coverage-matrix", "sections-chart", "checks"} {
		if ids[id] == nil {
			t.Errorf("browser DOM has no #%s", id)
		}
	}
	if len(r.Rules) == 0 || classes["tr.rule"] != len(r.Rules) {
		t.Errorf("browser DOM: %d rule rows in the matrix, want %d", classes["tr.rule"], len(r.Rules))
	}
	if classes["svg.chart-sections"] != 1 || classes["rect.bar"] == 0 {
		t.Errorf("browser DOM: sections chart %d with %d bars", classes["svg.chart-sections"], classes["rect.bar"])
	}
	if n := len(r.Stats()); n == 0 || classes["svg.chart-latency"] != n {
		t.Errorf("browser DOM: %d latency charts, want one per agent statistic (%d)", classes["svg.chart-latency"], n)
	}
	if !strings.Contains(string(dom), `data-report-script="ok"`) {
		t.Error("the report's script did not run to its end in the browser")
	}
	want := string(r.Verdict())
	if v := ids["verdict"]; v == nil || !strings.Contains(strings.ToLower(textOf(v)), strings.ToLower(want)) {
		t.Errorf("the verdict does not read %q", want)
	}
}
