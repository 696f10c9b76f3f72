//go:build browser

package reports

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
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

// viewerStop is what the viewer showed at one stop of its walk (the
// #viewer-walk hook of html/viewer.js).
type viewerStop struct {
	Action       string `json:"action"`
	View         string `json:"view"`
	Step         int    `json:"step"`
	Pos          string `json:"pos"`
	AtFinding    bool   `json:"atFinding"`
	ExpectShown  bool   `json:"expectShown"`
	Current      int    `json:"current"`
	CurrentIndex int    `json:"currentIndex"`
	Marked       int    `json:"marked"`
	Rows         int    `json:"rows"`
	You          int    `json:"you"`
	Facts        int    `json:"facts"`
	Kind         string `json:"kind"`
	Body         string `json:"body"`
}

// TestBrowserDOMViewer reads the DOM a headless browser produced from the
// viewer's sample page opened at #viewer-walk (scripts/browser-test.sh sets
// UMPIRE_BROWSER_VIEWER_DOM): the page's script clicked through the first
// transcript with the buttons and the keys, followed a finding's link and
// picked the second transcript. Each stop must show the step asked for,
// with its table and message, and the finding's step (and only it)
// highlighted with the referee's expectation; player text stays text.
func TestBrowserDOMViewer(t *testing.T) {
	path := os.Getenv("UMPIRE_BROWSER_VIEWER_DOM")
	if path == "" {
		t.Skip("UMPIRE_BROWSER_VIEWER_DOM is not set; run scripts/browser-test.sh")
	}
	dom, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, _, _ := htmlNodes(t, dom)
	var walkJSON string
	var tds []string
	imgs := 0
	var visit func(n *html.Node)
	visit = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "html":
				walkJSON = attr(n, "data-viewer-walk")
			case "img":
				imgs++
			case "td":
				tds = append(tds, textOf(n))
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(doc)
	if !strings.Contains(string(dom), `data-viewer-script="ok"`) {
		t.Fatal("the viewer's script did not run to its end in the browser")
	}
	var walk []viewerStop
	if err := json.Unmarshal([]byte(walkJSON), &walk); err != nil || len(walk) == 0 {
		t.Fatalf("no walk recorded (%v): %.200q", err, walkJSON)
	}
	data := newViewer(viewerPageSample(t)).Data
	first := data.Views[0]
	n := len(first.Steps)
	want := []struct {
		action string
		view   viewerView
		step   int
	}{{"open", first, 0}}
	for i := 1; i < n; i++ {
		want = append(want, struct {
			action string
			view   viewerView
			step   int
		}{"next", first, i})
	}
	last := data.Views[len(data.Views)-1]
	for _, w := range []struct {
		action string
		view   viewerView
		step   int
	}{{"next-at-end", first, n - 1}, {"key-Home", first, 0}, {"key-ArrowRight", first, 1}, {"key-End", first, n - 1},
		{"prev", first, n - 2}, {"first", first, 0}, {"last", first, n - 1}, {"key-Home-inactive", first, n - 1},
		{"finding-link", last, last.Finding}, {"key-End-after-link", last, len(last.Steps) - 1}, {"pick-1", data.Views[1], data.Views[1].Finding}} {
		want = append(want, w)
	}
	if len(walk) != len(want) {
		t.Fatalf("%d stops, want %d: %+v", len(walk), len(want), walk)
	}
	highlighted := 0
	for i, w := range want {
		got := walk[i]
		st := w.view.Steps[w.step]
		atFinding := w.step == w.view.Finding
		if got.Action != w.action || got.View != w.view.ID || got.Step != w.step || got.Pos != fmt.Sprintf("step %d of %d", w.step+1, len(w.view.Steps)) {
			t.Errorf("stop %d (%s): showed %s step %d %q, want %s step %d", i, w.action, got.View, got.Step, got.Pos, w.view.ID, w.step)
		}
		if got.Current != 1 || got.CurrentIndex != w.step || got.Marked != 1 {
			t.Errorf("stop %d (%s): %d current chips (at %d), %d finding marks; want 1 at %d and 1", i, w.action, got.Current, got.CurrentIndex, got.Marked, w.step)
		}
		if got.AtFinding != atFinding || got.ExpectShown != atFinding {
			t.Errorf("stop %d (%s): highlighted %v, expectation shown %v; want %v", i, w.action, got.AtFinding, got.ExpectShown, atFinding)
		}
		if got.AtFinding {
			highlighted++
		}
		rows, facts := 0, 0
		if st.State >= 0 {
			tb := w.view.Steps[st.State].Table
			rows, facts = len(tb.Players), len(tb.Facts)
			if tb.You >= 0 && got.You != 1 {
				t.Errorf("stop %d (%s): the seat's own row is not marked", i, w.action)
			}
		}
		if got.Rows != rows || got.Facts != facts || got.Kind != st.Kind || got.Body == "" || !strings.HasPrefix(st.Body, got.Body) {
			t.Errorf("stop %d (%s): %d rows, %d facts, kind %q, body %.60q; want %d, %d, %q, %.60q", i, w.action, got.Rows, got.Facts, got.Kind, got.Body, rows, facts, st.Kind, st.Body)
		}
	}
	if highlighted == 0 || highlighted == len(want) {
		t.Errorf("%d of %d stops highlighted: the highlight does not follow the finding's step", highlighted, len(want))
	}
	// The walk ends on the BangArena view, whose seat 1 is named by a player.
	if imgs != 0 || !slices.Contains(tds, hostileName) {
		t.Errorf("%d <img> elements; hostile name shown as text: %v", imgs, slices.Contains(tds, hostileName))
	}
}
