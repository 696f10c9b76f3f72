package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
)

// hostile are texts a player, an agent or a server could send us.
var hostile = []string{
	"<script>alert(1)</script>",
	"</table></td></tr><h1>owned</h1>",
	`"><img src=x onerror=alert(1)>`,
	"pipe | back`tick` *bold* [link](javascript:alert(1)) @everyone",
	"line\nbreak\r\nand\ttab",
	"invalid \xff\xfe utf-8 \xc3",
	"controls \x00\x01\x1b[31m red",
	"]]> <![CDATA[ x ]]>",
	"</svg><svg onload=alert(1)>",
	"{{.}} {{template \"x\"}}",
	"<!-- comment --> --!>",
	strings.Repeat("A very long line without breaks ", 4000),
}

func hostileReport(t testing.TB) *Report {
	t.Helper()
	r := sample(t)
	h := func(i int) string { return hostile[i%len(hostile)] }
	r.Meta.Target = h(2)
	r.Meta.Config["note"] = h(0)
	r.Warnings = append(r.Warnings, h(1), h(5))
	for i := range r.Checks {
		c := &r.Checks[i]
		c.Name = h(i) + " " + c.Name
		if i%3 == 0 {
			c.Section = h(i + 1)
		}
		if c.Reason != "" {
			c.Reason = h(i+2) + c.Reason
		}
		for j := range c.Findings {
			f := &c.Findings[j]
			f.Message = h(i + j)
			f.Expected = h(i + j + 1)
			f.Got = map[string]any{"message": h(i + j + 2)}
			f.Where.Step = h(i + j + 3)
			f.Transcript = append(f.Transcript,
				NewMessage(Received, sampleStart, nil, []byte(h(i+j+4))),
				NewMessage(Received, sampleStart, nil, []byte(`{"type":"move","message":"</script><script>alert(2)</script>"}`)),
			)
		}
	}
	// A failure citing a rule id that is itself hostile.
	r.Checks = append(r.Checks, Check{Name: "hostile rule id", Status: Fail, Rules: []string{`"><script>alert(3)</script>`},
		Findings: []Finding{{Finding: rules.Finding{Rule: `x" onmouseover="alert(4)`, Level: rules.Must, Message: h(3)}}}})
	for i := range r.Matches {
		m := &r.Matches[i]
		m.Agent = h(i)
		m.Adversary = h(i + 1)
		m.Stderr = h(i + 2)
		m.SeriesOf = h(i+3) + " per round"
		for j := range m.Series {
			m.Series[j].Name = h(i + j)
		}
	}
	return r
}

func TestHostileTextIsInert(t *testing.T) {
	r := hostileReport(t)
	j, x, md, page := writeAll(t, r)

	t.Run("html", func(t *testing.T) {
		doc, err := html.Parse(bytes.NewReader(page))
		if err != nil {
			t.Fatal(err)
		}
		scripts, data := 0, 0
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.ElementNode {
				switch n.Data {
				case "script":
					// The viewer's data is a JSON block, never run; it
					// must parse and bring the hostile text back as text.
					if attr(n, "type") == "application/json" && attr(n, "id") == "viewer-data" {
						data++
						var d viewerData
						if err := json.Unmarshal([]byte(textOf(n)), &d); err != nil {
							t.Errorf("the viewer's data block is not JSON: %v", err)
						} else if !strings.Contains(textOf(n), `\u003c/script\u003e`) || !strings.Contains(fmt.Sprint(d), "</script><script>alert(2)</script>") {
							t.Error("the hostile message is missing from the viewer's data (the test would pass vacuously)")
						}
						break
					}
					scripts++
				case "img", "iframe", "object", "embed", "h1":
					if n.Data != "h1" || strings.Contains(textOf(n), "owned") {
						t.Errorf("input created a <%s> element", n.Data)
					}
				}
				for _, a := range n.Attr {
					if strings.HasPrefix(strings.ToLower(a.Key), "on") {
						t.Errorf("input created an event handler attribute %s=%q on <%s>", a.Key, a.Val, n.Data)
					}
					isURL := a.Key == "href" || a.Key == "src" || a.Key == "action" || a.Key == "formaction" || strings.HasSuffix(a.Key, ":href")
					if isURL && strings.Contains(strings.ToLower(a.Val), "javascript:") {
						t.Errorf("attribute %s=%q carries a javascript: URL", a.Key, a.Val)
					}
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(doc)
		if scripts != 1 || data != 1 {
			t.Errorf("%d <script> elements and %d data blocks, want only the report's own script and the viewer's data", scripts, data)
		}
		for _, raw := range []string{"<script>alert", "<img", "<svg onload", "</table></td></tr><h1>"} {
			if bytes.Contains(page, []byte(raw)) {
				t.Errorf("page contains raw %q", raw)
			}
		}
		if !bytes.Contains(page, []byte("&lt;script&gt;alert(1)&lt;/script&gt;")) {
			t.Error("hostile text is missing altogether (escaped form not found): the test would pass vacuously")
		}
	})

	t.Run("junit", func(t *testing.T) {
		parseJUnit(t, x) // by rule: the hostile names are in the failure texts
		var bc bytes.Buffer
		if err := (JUnit{Cases: JUnitByCheck}).Write(&bc, r); err != nil {
			t.Fatal(err)
		}
		d := parseJUnit(t, bc.Bytes())
		if d.Tests != len(r.Checks) {
			t.Fatalf("JUnit has %d tests, want %d", d.Tests, len(r.Checks))
		}
		found := false
		for _, s := range d.Suites {
			for _, c := range s.Cases {
				found = found || strings.Contains(c.Name, "<script>alert(1)</script>")
			}
		}
		if !found {
			t.Error("escaped hostile name did not come back from the XML")
		}
	})

	t.Run("json", func(t *testing.T) {
		if !json.Valid(j) {
			t.Fatal("JSON report is not valid JSON")
		}
		if bytes.Contains(j, []byte("<script")) {
			t.Error("JSON carries a raw <script (HTML-unsafe if pasted into a page)")
		}
		back, err := ReadJSON(bytes.NewReader(j))
		if err != nil {
			t.Fatal(err)
		}
		if back.Meta.Target != hostile[2] {
			t.Errorf("target came back as %q", back.Meta.Target)
		}
	})

	t.Run("markdown", func(t *testing.T) {
		s := string(md)
		for _, raw := range []string{"<script", "<img", "</table>", "@everyone", "](javascript"} {
			if strings.Contains(s, raw) {
				t.Errorf("Markdown contains raw %q", raw)
			}
		}
		checkMarkdownTables(t, s)
		if len(s) > 64<<10 {
			t.Errorf("Markdown summary is %d bytes, more than a PR comment holds", len(s))
		}
	})
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// FuzzWriters feeds arbitrary text into every player-controlled field and
// requires every writer to succeed with well-formed output.
func FuzzWriters(f *testing.F) {
	for _, h := range hostile[:len(hostile)-1] {
		f.Add(h)
	}
	base := sampleReport(f, sampleOptions{seeds: sampleSeeds(2)})
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 512 {
			// Longer texts add no coverage; every input that finds some
			// is minimized, four writers per attempt.
			t.Skip("longer than 512 bytes")
		}
		r := copyReport(base)
		r.Checks = append(r.Checks, Check{Name: s, Section: s, Seed: s, Status: Fail, Reason: s, Rules: []string{s},
			Findings: []Finding{{Finding: rules.Finding{Rule: s, Level: rules.Must, Message: s, Expected: s, Got: s, Where: rules.Where{Step: s}},
				Transcript: []Message{NewMessage(Received, sampleStart, nil, []byte(s))}}}})
		r.Matches = append(r.Matches, Match{Seed: s, Agent: s, Adversary: s, Stderr: s, SeriesOf: s, Termination: TermOK, Series: []Series{{Name: s, Points: []float64{1, 2}}}})
		j, x, md, page := writeAll(t, r)
		if !json.Valid(j) {
			t.Fatal("invalid JSON")
		}
		if _, err := ReadJSON(bytes.NewReader(j)); err != nil {
			t.Fatalf("ReadJSON of our own output: %v", err)
		}
		parseJUnit(t, x)
		checkMarkdownTables(t, string(md))
		for _, out := range [][]byte{j, x, md, page} {
			if !utf8.Valid(out) {
				t.Fatalf("output is not UTF-8 for %q", s)
			}
			if i := bytes.IndexFunc(out, func(r rune) bool { return r != '\n' && r != '\t' && inert.Unsafe(r) }); i >= 0 {
				t.Fatalf("raw unsafe rune at %d for %q", i, s)
			}
		}
		// The report's script and the viewer's JSON data block.
		if n, d := bytes.Count(page, []byte("<script")), bytes.Count(page, []byte(`<script type="application/json" id="viewer-data">`)); n != 2 || d != 1 {
			t.Fatalf("%d <script in the page, %d of them the viewer's data", n, d)
		}
	})
}

// FuzzReadJSON: arbitrary input never panics, and what is accepted writes
// back out.
func FuzzReadJSON(f *testing.F) {
	var b bytes.Buffer
	if err := WriteJSON(&b, sample(f)); err != nil {
		f.Fatal(err)
	}
	f.Add(b.String())
	f.Add(`{"schema":"umpire-report/1","meta":{"kind":"conform"}}`)
	f.Add(`{"schema":"umpire-report/1","meta":{"kind":"certify"},"matches":[{"seed":"1","termination":"ok","latencies_ns":[-5]}]}`)
	f.Add(`{"schema":"umpire-report/1","meta":{"kind":"certify","seeds":["a","b"],"ab":{"baseline":"old","elo0":-20,"elo1":0,"alpha":0.05,"beta":0.05,"gate":"strict"}},"matches":[{"seed":"a","side":"new","score":3,"termination":"ok"},{"seed":"a","side":"baseline","score":1e308,"termination":"ok"},{"seed":"b","side":"new","score":-1e308,"termination":"ok"},{"seed":"b","side":"baseline","score":1e308,"termination":"ok"}]}`)
	f.Add(`{"schema":"umpire-report/1","meta":{"kind":"certify","ab":{"elo0":-1e300,"elo1":1e300,"alpha":0.05,"beta":0.05}},"matches":[{"seed":"a","side":"new","termination":"ok"},{"seed":"a","side":"baseline","termination":"ok"}]}`)
	f.Fuzz(func(t *testing.T, doc string) {
		r, err := ReadJSON(strings.NewReader(doc))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WriteJSON(&out, r); err != nil {
			t.Fatalf("accepted report does not write back: %v", err)
		}
		var sink bytes.Buffer
		if err := WriteHTML(&sink, r); err != nil {
			t.Fatal(err)
		}
		if err := WriteJUnit(&sink, r); err != nil {
			t.Fatal(err)
		}
		if err := WriteMarkdown(&sink, r); err != nil {
			t.Fatal(err)
		}
	})
}
