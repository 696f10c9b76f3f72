package reports

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
)

func TestDurationText(t *testing.T) {
	tests := []struct {
		name string
		d    time.Duration
		want string
	}{
		{"none", 0, "0s"},
		{"under a millisecond", 400 * time.Microsecond, "<1ms"},
		{"milliseconds", 12345 * time.Microsecond, "12ms"},
		{"seconds to two decimals", 4621934 * time.Microsecond, "4.62s"},
		{"whole seconds", 37 * time.Second, "37s"},
		{"one decimal", 4600 * time.Millisecond, "4.6s"},
		{"minutes", 125300 * time.Millisecond, "2m5s"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := DurationText(tc.d); got != tc.want {
				t.Errorf("DurationText(%v) = %q, want %q", tc.d, got, tc.want)
			}
		})
	}
}

// readableReport is a conform report of the catalogue with one failing
// check citing a contract rule, durations to the nanosecond.
func readableReport(t *testing.T) *Report {
	t.Helper()
	cat := rules.Default()
	r := New(Meta{Kind: KindConform, Games: []string{"bangarena"}, Duration: 4621934 * time.Microsecond}, ApplicableRules(KindConform, cat))
	r.Checks = []Check{
		{Name: "errors are shaped", Rules: []string{"bangarena/server.status-code"}, Status: Fail, Duration: 1621934 * time.Microsecond,
			Findings: []Finding{{Finding: rules.Finding{Rule: "bangarena/server.status-code", Level: rules.Must, Message: "a 500 for a malformed body"}}}},
		{Name: "tokens", Rules: []string{"bangarena/server.token"}, Status: Pass, Duration: 3 * time.Millisecond},
	}
	r.Normalize()
	return r
}

// The coverage matrix is collapsed by section with counts (HTML details,
// open where a rule fails); durations are rounded; contract references
// link to the cited section, which the page quotes (no network).
func TestHTMLReadable(t *testing.T) {
	var b bytes.Buffer
	if err := WriteHTML(&b, readableReport(t)); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		`<details class="section" open>`, `<span class="section-counts">`, " warn", // the section with a finding, open, counted
		`<details class="section">`, // a section without failure, collapsed
		">1.62s<", ">4.62s<",        // rounded
		`href="#ref-wire-errors"`, `<article class="reference" id="ref-wire-errors">`, "docs/wire.md#errors", "422",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	for _, bad := range []string{"4.621934s", "1.621934s", `<tr class="section-head">`} {
		if strings.Contains(page, bad) {
			t.Errorf("HTML has %q", bad)
		}
	}
}

// The Markdown summary has the coverage by section as a table, and text
// formats print the path of a contract's section.
func TestMarkdownSectionsAndRefPaths(t *testing.T) {
	r := readableReport(t)
	var md bytes.Buffer
	if err := WriteMarkdown(&md, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| section | rules | pass | fail |") || !strings.Contains(md.String(), "4.62s") {
		t.Errorf("Markdown lacks the section table or the rounded duration:\n%s", md.String())
	}
	var j bytes.Buffer
	if err := WriteJUnit(&j, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(j.String(), "docs/wire.md#errors") {
		t.Errorf("JUnit does not name the page of the contract section:\n%s", j.String())
	}
}

// A run that measured no latency shows none, not 0ms.
func TestNoLatencyShownAsNone(t *testing.T) {
	if got := latencyText(Latency{}, 0); got != "—" {
		t.Errorf("latencyText of nothing measured = %q, want —", got)
	}
	if got := latencyText(Latency{Count: 1, P50: 3 * time.Millisecond}, 3*time.Millisecond); got != "3ms" {
		t.Errorf("latencyText = %q, want 3ms", got)
	}
}

// An estimate without data shows none; an interval always holds its
// estimate.
func TestIntervalText(t *testing.T) {
	tests := []struct {
		name string
		in   Interval
		want string
	}{
		{"nothing measured", Interval{}, "—"},
		{"a rank", Interval{Value: 2.5, Lo: 1.5, Hi: 3.5, N: 4}, "2.50 (1.50–3.50)"},
		{"a bound past the estimate", Interval{Value: 1, Lo: 1.2, Hi: 3, N: 1}, "1.00 (1.00–3.00)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := intervalText(tc.in, 1, "%.2f", ""); got != tc.want {
				t.Errorf("intervalText = %q, want %q", got, tc.want)
			}
		})
	}
	if got := intervalText(Interval{Value: 0.5, Lo: 0.25, Hi: 0.75, N: 8}, 100, "%.1f", "%%"); got != "50.0% (25.0–75.0)" {
		t.Errorf("win rate = %q", got)
	}
}
