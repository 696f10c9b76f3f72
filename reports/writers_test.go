package reports

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/umpire-arena/umpire/referee/rules"
)

func sample(t testing.TB) *Report {
	return sampleReport(t, sampleOptions{seeds: sampleSeeds(12)})
}

// TestSampleIsRealistic guards the fixture itself: it must exercise every
// status and both failing and warning checks, or the writer tests prove
// little.
func TestSampleIsRealistic(t *testing.T) {
	r := sample(t)
	c := r.Counts()
	for _, s := range []Status{Disabled, Skip, Pass, Fail} {
		if c.Of(s) == 0 {
			t.Errorf("sample has no %v check", s)
		}
	}
	if c.Warnings == 0 || r.Verdict() != VerdictFail {
		t.Errorf("sample: warnings %d, verdict %s; want warnings and a fail", c.Warnings, r.Verdict())
	}
	if len(r.Matches) != 12 || len(r.Stats()) < 2 {
		t.Errorf("sample: %d matches, %d stats rows", len(r.Matches), len(r.Stats()))
	}
}

func writeAll(t testing.TB, r *Report) (j, x, md, h []byte) {
	t.Helper()
	var bj, bx, bm, bh bytes.Buffer
	if err := WriteJSON(&bj, r); err != nil {
		t.Fatal(err)
	}
	if err := WriteJUnit(&bx, r); err != nil {
		t.Fatal(err)
	}
	if err := WriteMarkdown(&bm, r); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&bh, r); err != nil {
		t.Fatal(err)
	}
	return bj.Bytes(), bx.Bytes(), bm.Bytes(), bh.Bytes()
}

func TestGolden(t *testing.T) {
	j, x, md, h := writeAll(t, sample(t))
	golden(t, "sample.json", j)
	golden(t, "sample.junit.xml", x)
	golden(t, "sample.md", md)
	golden(t, "sample.html", h)
}

// TestWriteSampleHTML writes the sample HTML where -html-out says (used by
// scripts/browser-test.sh); without the flag it only checks the write works.
func TestWriteSampleHTML(t *testing.T) {
	var b bytes.Buffer
	if err := WriteHTML(&b, sample(t)); err != nil {
		t.Fatal(err)
	}
	if *htmlOut == "" {
		return
	}
	if err := os.MkdirAll(filepath.Dir(*htmlOut), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(*htmlOut, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestJSONRoundTrip(t *testing.T) {
	r := sample(t)
	var first bytes.Buffer
	if err := WriteJSON(&first, r); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(bytes.NewReader(first.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var second bytes.Buffer
	if err := WriteJSON(&second, back); err != nil {
		t.Fatal(err)
	}
	if first.String() != second.String() {
		t.Fatal("JSON -> ReadJSON -> JSON changed the document")
	}
	if back.Verdict() != r.Verdict() || !reflect.DeepEqual(back.Counts(), r.Counts()) || !reflect.DeepEqual(back.Stats(), r.Stats()) {
		t.Fatal("round trip changed verdict, counts or statistics")
	}
	var doc map[string]any
	if err := json.Unmarshal(first.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc["schema"] != Schema {
		t.Fatalf("schema = %v, want %s", doc["schema"], Schema)
	}
	sum := doc["summary"].(map[string]any)
	if sum["verdict"] != "fail" || sum["exit_code"] != float64(1) {
		t.Fatalf("summary = %v", sum)
	}
	if strings.Contains(first.String(), "s3cr3t") || strings.Contains(first.String(), "abc123") {
		t.Fatal("a secret of the config reached the JSON report")
	}
}

func TestReadJSONKeepsBigNumbers(t *testing.T) {
	r := New(Meta{Kind: KindVerify, Config: map[string]any{"seed": uint64(18446744073709551615)}}, nil)
	r.Checks = []Check{{Name: "c", Status: Fail, Findings: []Finding{{Finding: rules.Finding{Rule: "x", Level: rules.Must, Expected: uint64(9007199254740993), Got: 0.1}}}}}
	first := jsonOf(t, r)
	back, err := ReadJSON(strings.NewReader(first))
	if err != nil {
		t.Fatal(err)
	}
	if again := jsonOf(t, back); again != first {
		t.Fatalf("numbers changed on a round trip:\n%s\n%s", first, again)
	}
	if !strings.Contains(first, "9007199254740993") || !strings.Contains(first, "18446744073709551615") {
		t.Fatal("big integers not written exactly")
	}
}

func TestReadJSONRejects(t *testing.T) {
	tests := []struct {
		name, doc string
	}{
		{"not JSON", `{`},
		{"wrong schema", `{"schema":"umpire-report/0","meta":{"kind":"certify"}}`},
		{"no schema", `{"meta":{"kind":"certify"}}`},
		{"unknown kind", `{"schema":"umpire-report/1","meta":{"kind":"party"}}`},
		{"unknown status", `{"schema":"umpire-report/1","meta":{"kind":"conform"},"checks":[{"name":"a","status":"meh"}]}`},
		{"skip without reason", `{"schema":"umpire-report/1","meta":{"kind":"conform"},"checks":[{"name":"a","status":"skip"}]}`},
		{"bad shard", `{"schema":"umpire-report/1","meta":{"kind":"conform","shard":{"k":3,"n":2}}}`},
		{"unknown termination", `{"schema":"umpire-report/1","meta":{"kind":"certify"},"matches":[{"seed":"1","termination":"exploded"}]}`},
		{"trailing data", `{"schema":"umpire-report/1","meta":{"kind":"conform"}} {}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if r, err := ReadJSON(strings.NewReader(tc.doc)); err == nil {
				t.Fatalf("ReadJSON accepted %s as %+v", tc.doc, r.Meta)
			}
		})
	}
	if _, err := ReadJSON(strings.NewReader(`{"schema":"umpire-report/1","meta":{"kind":"conform"}}`)); err != nil {
		t.Fatalf("ReadJSON rejected a minimal report: %v", err)
	}
}

// junitDoc mirrors the JUnit structure a CI parser reads.
type junitDoc struct {
	XMLName                          xml.Name `xml:"testsuites"`
	Tests, Failures, Errors, Skipped int      `xml:",attr"`
	Suites                           []struct {
		Name                             string `xml:"name,attr"`
		Tests, Failures, Errors, Skipped int    `xml:",attr"`
		Cases                            []struct {
			Name    string `xml:"name,attr"`
			Skipped *struct {
				Message string `xml:"message,attr"`
			} `xml:"skipped"`
			Failure *struct {
				Message string `xml:"message,attr"`
				Text    string `xml:",chardata"`
			} `xml:"failure"`
			Error *struct {
				Message string `xml:"message,attr"`
			} `xml:"error"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

func parseJUnit(t testing.TB, b []byte) junitDoc {
	t.Helper()
	var d junitDoc
	// Attribute names are lowercase in the file.
	s := strings.NewReplacer(` tests=`, ` Tests=`, ` failures=`, ` Failures=`, ` errors=`, ` Errors=`, ` skipped=`, ` Skipped=`).Replace(string(b))
	if err := xml.Unmarshal([]byte(s), &d); err != nil {
		t.Fatalf("JUnit does not parse: %v", err)
	}
	return d
}

func TestJUnitCounts(t *testing.T) {
	r := sample(t)
	r.Checks = append(r.Checks, Check{Name: "target reachable", Section: "Protocol", Status: Error, Reason: "dial tcp 127.0.0.1:7070: connection refused"})
	var b bytes.Buffer
	if err := (JUnit{Cases: JUnitByCheck}).Write(&b, r); err != nil {
		t.Fatal(err)
	}
	d := parseJUnit(t, b.Bytes())
	var failing, skipped int
	for _, c := range r.Checks {
		if c.Failing() {
			failing++
		}
		if c.Status == Skip || c.Status == Disabled {
			skipped++
		}
	}
	requirements := map[string]bool{}
	for _, c := range r.Checks {
		if c.Failing() {
			for _, f := range c.Findings {
				ru, _ := r.Rule(f.Rule)
				requirements[c.Label()+"\x00"+ru.Text] = true
			}
		}
	}
	if d.Tests != len(r.Checks) || d.Failures != failing || d.Errors != 1 || d.Skipped != skipped {
		t.Fatalf("testsuites counts tests=%d failures=%d errors=%d skipped=%d; want %d %d 1 %d", d.Tests, d.Failures, d.Errors, d.Skipped, len(r.Checks), failing, skipped)
	}
	var cases, fails, skips, errs, sumTests int
	for _, s := range d.Suites {
		sumTests += s.Tests
		if s.Tests != len(s.Cases) {
			t.Errorf("suite %s says %d tests, holds %d", s.Name, s.Tests, len(s.Cases))
		}
		for _, c := range s.Cases {
			cases++
			if c.Failure != nil {
				fails++
				for _, want := range []string{"requirement:", "expected:", "got:"} {
					if !strings.Contains(c.Failure.Text, want) {
						t.Errorf("failure text of %s lacks %q:\n%s", c.Name, want, c.Failure.Text)
					}
				}
				for key := range requirements {
					label, text, _ := strings.Cut(key, "\x00")
					if label == c.Name && !strings.Contains(c.Failure.Text, text) {
						t.Errorf("failure text of %s lacks the requirement %q", c.Name, text)
					}
				}
			}
			if c.Skipped != nil {
				skips++
				if !strings.Contains(c.Skipped.Message, ":") || len(c.Skipped.Message) < 10 {
					t.Errorf("skipped %s has no reason: %q", c.Name, c.Skipped.Message)
				}
			}
			if c.Error != nil {
				errs++
			}
		}
	}
	if cases != len(r.Checks) || fails != failing || skips != skipped || errs != 1 || sumTests != cases {
		t.Fatalf("testcases %d failures %d skipped %d errors %d; want %d %d %d 1", cases, fails, skips, errs, len(r.Checks), failing, skipped)
	}
}

func TestMarkdownCapsAndCounts(t *testing.T) {
	r := sample(t)
	var b bytes.Buffer
	if err := (Markdown{MaxRows: 3}).Write(&b, r); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	rows := 0
	for _, ch := range r.Checks {
		if ch.Status == Fail || ch.Status == Error {
			rows += max(1, len(GroupFindings(ch.Findings))) // alike findings are one row
		}
	}
	if rows <= 3 {
		t.Fatalf("sample has only %d failure rows; the cap is not exercised", rows)
	}
	for _, want := range []string{"❌ FAIL (exit 1)", "### Failures and errors", "… " + strconv.Itoa(rows-3) + " more", "### Agents", "inference-0.4"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
	// Every table row has the same number of unescaped pipes as its header.
	checkMarkdownTables(t, md)
}

// checkMarkdownTables verifies that every row of every table has as many
// cell separators as the table's header: escaped text never adds a column.
func checkMarkdownTables(t testing.TB, md string) {
	t.Helper()
	want := -1
	for _, line := range strings.Split(md, "\n") {
		if !strings.HasPrefix(line, "|") {
			want = -1
			continue
		}
		n := strings.Count(line, "|") - strings.Count(line, `\|`)
		if want == -1 {
			want = n
			continue
		}
		if n != want {
			t.Errorf("table row has %d separators, header %d: %q", n, want, line)
		}
	}
}

// htmlNodes parses the page and indexes elements by id and class.
func htmlNodes(t testing.TB, page []byte) (*html.Node, map[string]*html.Node, map[string]int) {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	ids, classes := map[string]*html.Node{}, map[string]int{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				switch a.Key {
				case "id":
					ids[a.Val] = n
				case "class":
					for _, c := range strings.Fields(a.Val) {
						classes[n.Data+"."+c]++
					}
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return doc, ids, classes
}

func TestHTMLStructure(t *testing.T) {
	r := sample(t)
	var b bytes.Buffer
	if err := WriteHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	_, ids, classes := htmlNodes(t, b.Bytes())
	for _, id := range []string{"summary", "verdict", "coverage-matrix", "sections-chart", "findings", "checks", "agents", "matches"} {
		if ids[id] == nil {
			t.Errorf("no element #%s", id)
		}
	}
	if got, want := classes["tr.rule"], len(r.Rules); got != want {
		t.Errorf("coverage matrix has %d rule rows, want %d", got, want)
	}
	var findings int
	for _, c := range r.Checks {
		if c.Status == Fail || c.Status == Error {
			findings += len(c.Findings)
		}
	}
	if classes["details.finding"] != findings || findings == 0 {
		t.Errorf("%d expandable findings, want %d", classes["details.finding"], findings)
	}
	if classes["table.transcript"] == 0 {
		t.Error("no transcript table")
	}
	if classes["svg.chart-sections"] != 1 || classes["svg.chart-credits"] == 0 || classes["svg.chart-latency"] != len(r.Stats()) {
		t.Errorf("charts: sections %d, credits %d, latency %d (want 1, >0, %d)", classes["svg.chart-sections"], classes["svg.chart-credits"], classes["svg.chart-latency"], len(r.Stats()))
	}
	if classes["td.status-fail"] == 0 || classes["td.status-pass"] == 0 || classes["td.status-uncovered"] == 0 {
		t.Errorf("matrix cells: fail %d pass %d uncovered %d", classes["td.status-fail"], classes["td.status-pass"], classes["td.status-uncovered"])
	}
	page := b.String()
	for _, banned := range []string{"http://", "https://", "//cdn", "@import", "src=\"http"} {
		if i := strings.Index(page, banned); i >= 0 && !strings.HasPrefix(page[i:], "http://www.w3.org/2000/svg") {
			t.Errorf("page refers to an external resource: %q", page[max(0, i-40):min(len(page), i+60)])
		}
	}
}
