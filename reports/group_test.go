package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
)

// peekReport is a conform report whose one check found 30 leaks of the
// same kind (seat and round numbers apart) and one other finding.
func peekReport() *Report {
	r := New(Meta{Kind: KindConform, Games: []string{"inference"}}, rules.Default())
	var fs []Finding
	for i := range 30 {
		seat, other, round := i%3, (i+1)%3, 1+i/6
		fs = append(fs, Finding{Finding: rules.Finding{Rule: "inference/visibility.no-peek", Level: rules.Must,
			Where:    rules.Where{Round: round, Seat: &seat},
			Message:  fmt.Sprintf("seat %d's visible_state shows seat %d's hidden value before the showdown", seat, other),
			Expected: "no value of another seat", Got: fmt.Sprintf(`{"seat":%d,"value":%d}`, other, 40+i)}})
	}
	fs = append(fs, Finding{Finding: rules.Finding{Rule: "inference/visibility.own-value", Level: rules.Must, Message: "seat 1 does not see its own value"}})
	r.Checks = []Check{{Name: "hidden values stay hidden", Rules: []string{"inference/visibility.no-peek"}, Status: Fail, Findings: fs}}
	r.Normalize()
	return r
}

func TestGroupFindings(t *testing.T) {
	r := peekReport()
	fs := r.Checks[0].Findings
	gs := GroupFindings(fs)
	if len(gs) != 2 || gs[0].Count() != 30 || gs[1].Count() != 1 || gs[0].Indexes[0] != 0 {
		t.Fatalf("groups: %d, counts %v", len(gs), []int{gs[0].Count(), gs[len(gs)-1].Count()})
	}
	if got, want := gs[0].Places(fs, 3), "round 1 seat 0; round 1 seat 1; round 1 seat 2 and 12 more places"; got != want {
		t.Errorf("places %q, want %q", got, want)
	}
	if gs[0].Times() != "×30" || gs[1].Times() != "" {
		t.Errorf("times %q %q", gs[0].Times(), gs[1].Times())
	}
}

// TestWritersGroupFindings: alike findings are one entry with their count
// in the Markdown, the JUnit and the HTML; the JSON keeps every one.
func TestWritersGroupFindings(t *testing.T) {
	r := peekReport()
	w := writeFour(t, r)
	if n := strings.Count(w.md, "| `inference/visibility.no-peek` |"); n != 1 || !strings.Contains(w.md, "| MUST | 30 | round 1 seat 0; round 1 seat 1; round 1 seat 2 and 12 more places |") {
		t.Errorf("the Markdown has %d rows of no-peek, want one with its count:\n%s", n, w.md)
	}
	if n := strings.Count(w.junit, "MUST inference/visibility.no-peek (basis"); n != 1 || !strings.Contains(w.junit, "— 30 findings like this one") ||
		!strings.Contains(w.junit, "inference/visibility.no-peek: 30 MUST finding(s)") {
		t.Errorf("the JUnit writes no-peek %d times, or without its count", n)
	}
	var byCheck bytes.Buffer
	if err := (JUnit{Cases: JUnitByCheck}).Write(&byCheck, r); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(byCheck.String(), "MUST inference/visibility.no-peek (basis"); n != 1 {
		t.Errorf("the JUnit by check writes no-peek %d times", n)
	}
	fs := findingsSection(w.html)
	if !strings.Contains(fs, `<span class="times">×30</span>`) || !strings.Contains(fs, `<summary>29 more like it: round 1 seat 1;`) {
		t.Errorf("the HTML does not fold the alike findings under their first")
	}
	if n := strings.Count(fs, `<details class="finding`); n != 31 {
		t.Errorf("the HTML keeps %d findings, want all 31 (folded)", n)
	}
	// 30 findings, and the rule once in the summary's failed rules.
	if n := strings.Count(w.json, `"rule": "inference/visibility.no-peek"`); n != 31 {
		t.Errorf("the JSON keeps %d no-peek findings and failed rules, want 30 and 1", n)
	}
}

// TestViewerShowsLeaks: the viewer's table has a column for what a seat
// was shown beyond the usual fields (another seat's value, a hand's
// faces), so the leak a finding is about is in view.
func TestViewerShowsLeaks(t *testing.T) {
	leaky := strings.Replace(inferenceState(12), `"credits":101,`, `"credits":101,"value":61,`, 1)
	tb := tableOf(t, `{"visible_state":`+leaky+`}`)
	if last := tb.Columns[len(tb.Columns)-1]; last != "value" || tb.Players[0][len(tb.Columns)-1] != "61" || tb.Players[1][len(tb.Columns)-1] != "—" {
		t.Errorf("columns %v, rows %v: want a value column showing seat 0's 61", tb.Columns, tb.Players)
	}
	if plain := tableOf(t, `{"visible_state":`+inferenceState(12)+`}`); len(plain.Columns) != len(tb.Columns)-1 {
		t.Errorf("a visible_state without extra fields gets columns %v", plain.Columns)
	}
	bt := tableOf(t, strings.Replace(bangRequest(5), `"hand":[{"backId":"card_back"}]`, `"hand":[{"uid":"bang_01","cardId":"shot","suit":"spades","rank":"2"}]`, 1))
	if last := bt.Columns[len(bt.Columns)-1]; last != "hand shown" || !strings.Contains(bt.Players[0][len(bt.Columns)-1], "shot") {
		t.Errorf("columns %v, rows %v: want seat 0's face-up hand shown", bt.Columns, bt.Players)
	}
	if bt := tableOf(t, bangRequest(5)); slices.Contains(bt.Columns, "hand shown") {
		t.Errorf("card backs alone get a hand column")
	}
}

// tableOf is the table the registered shapes lay out for message s.
func tableOf(t *testing.T, s string) *ViewerTable {
	t.Helper()
	b := mustObject(t, s)
	shape := shapeOf(viewerShapes(), b)
	if shape == nil {
		t.Fatalf("no registered shape tells %.80s", s)
	}
	tb := shape.table(b)
	if tb == nil {
		t.Fatalf("%s's shape lays out no table for %.80s", shape.game, s)
	}
	return tb
}

// mustObject decodes s as the viewer does (numbers kept as json.Number).
func mustObject(t *testing.T, s string) map[string]any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestViewerNamesKnownFailing: the viewer's finding panel says a finding
// the known-failing list excuses is KNOWN FAILING, with the reason.
func TestViewerNamesKnownFailing(t *testing.T) {
	c := &Check{Name: "cap"}
	f := &Finding{Finding: rules.Finding{Rule: "inference/round.3.raise-cap", Level: rules.Must, Known: "ticket 118"},
		Transcript: []Message{NewMessage(Sent, time.Time{}, nil, []byte(`{"type":"your_turn"}`))}}
	if v := transcriptView("v0", c, f); v.Known != "ticket 118" {
		t.Errorf("view of a known-failing finding: known %q", v.Known)
	}
	f.Known, f.Level = "ticket 118", rules.Should
	if v := transcriptView("v0", c, f); v.Known != "" {
		t.Errorf("a SHOULD finding is not excused, yet the view says known %q", v.Known)
	}
}

// TestHTMLBoundsAlikeFindings: a group of thousands of alike findings (a
// merged run, a hostile report) shows its first and htmlMaxLikeIt of the
// rest, and says how many more report.json holds: the page, and the memory
// it takes to write, stay bounded; it used to render every one.
func TestHTMLBoundsAlikeFindings(t *testing.T) {
	r := peekReport()
	f := r.Checks[0].Findings[0]
	for range 5000 {
		r.Checks[0].Findings = append(r.Checks[0].Findings, f)
	}
	r.Normalize()
	var b bytes.Buffer
	if err := WriteHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	fs := findingsSection(b.String())
	if !strings.Contains(fs, `<summary>5029 more like it:`) || !strings.Contains(fs, "and 4979 more like it, not shown here: every finding is in report.json") {
		t.Errorf("the HTML does not count the alike findings it leaves out")
	}
	if n := strings.Count(fs, `<details class="finding`); n != 1+htmlMaxLikeIt+1 {
		t.Errorf("the HTML shows %d findings, want %d", n, 1+htmlMaxLikeIt+1)
	}
}
