//go:build browser

package reports

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
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
	if classes["details.more-like-it"] == 0 || classes["span.times"] == 0 {
		t.Error("alike findings are not grouped in the browser DOM")
	}
	if !strings.Contains(string(dom), `data-report-script="ok"`) {
		t.Error("the report's script did not run to its end in the browser")
	}
	if v := ids["verdict"]; v == nil || !strings.Contains(textOf(v), "FAIL") || attr(v, "class") != "verdict verdict-fail" {
		t.Error("the verdict does not read FAIL in the fail colour")
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
	want := r.Headline()
	if v := ids["verdict"]; v == nil || !strings.Contains(textOf(v), want.Word) || attr(v, "class") != "verdict verdict-"+string(want.Tone) {
		t.Errorf("the verdict does not read %q in the colour %s", want.Word, want.Tone)
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
	// The last finding link opens the last finding's view (match views,
	// Finding -1, come after them and have no link).
	var last viewerView
	for _, v := range data.Views {
		if v.Finding >= 0 {
			last = v
		}
	}
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

// TestBrowserDOMViewerOfRealRuns reads, for each run directory of
// UMPIRE_BROWSER_BROKEN (colon-separated; scripts/browser-test.sh certifies
// the broken example agent on both games), the DOM a headless browser made
// of its report.html (the directory's name plus ".dom.html") and checks the
// viewer against the run's report.json: one transcript per finding with
// one, the first opened at its finding's step, highlighted, with the
// table the seat saw.
func TestBrowserDOMViewerOfRealRuns(t *testing.T) {
	dirs := os.Getenv("UMPIRE_BROWSER_BROKEN")
	if dirs == "" {
		t.Skip("UMPIRE_BROWSER_BROKEN is not set; run scripts/browser-test.sh")
	}
	for _, dir := range strings.Split(dirs, ":") {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			f, err := os.Open(filepath.Join(dir, "report.json"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			r, err := ReadJSON(f)
			if err != nil {
				t.Fatal(err)
			}
			dom, err := os.ReadFile(dir + ".dom.html")
			if err != nil {
				t.Fatal(err)
			}
			data := newViewer(r).Data
			if len(data.Views) == 0 {
				t.Fatal("the broken agent's run has no transcript to view")
			}
			v := data.Views[0]
			game := strings.TrimPrefix(filepath.Base(dir), "broken-")
			if v.Game != game {
				t.Errorf("the first view reads as game %q, want %q", v.Game, game)
			}
			withTable := 0
			for _, vw := range data.Views {
				for _, st := range vw.Steps {
					if st.Table != nil {
						withTable++
						break
					}
				}
			}
			if withTable == 0 {
				t.Error("no transcript of the run carries a table the viewer could read")
			}
			_, ids, classes := htmlNodes(t, dom)
			sec := ids["viewer"]
			if sec == nil {
				t.Fatal("no #viewer in the DOM")
			}
			if attr(sec, "data-view") != v.ID || attr(sec, "data-step") != fmt.Sprint(v.Finding) || !strings.Contains(attr(sec, "class"), "at-finding") {
				t.Errorf("viewer opened at %s step %s (class %q), want %s step %d highlighted", attr(sec, "data-view"), attr(sec, "data-step"), attr(sec, "class"), v.ID, v.Finding)
			}
			if got := classes["button.viewer-step"]; got != len(v.Steps) {
				t.Errorf("%d step buttons, want %d", got, len(v.Steps))
			}
			if got := classes["button.finding"]; got != 1 {
				t.Errorf("%d steps marked as the finding's, want 1", got)
			}
			links := 0
			for _, v := range data.Views {
				if v.Finding >= 0 {
					links++
				}
			}
			if got := classes["a.view-step"]; got != links {
				t.Errorf("%d finding links into the viewer, want %d", got, links)
			}
			rows := 0
			if st := v.Steps[v.Finding]; st.State >= 0 {
				rows = len(v.Steps[st.State].Table.Players)
			}
			if got := classes["tr.player"] + classes["tr.you"]; got != rows {
				t.Errorf("%d player rows shown at the finding's step, want %d", got, rows)
			}
			if !strings.Contains(string(dom), `data-viewer-script="ok"`) {
				t.Error("the viewer's script did not run to its end")
			}
		})
	}
}
