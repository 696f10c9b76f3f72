package reports

import (
	"bytes"
	"encoding/xml"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/umpire-arena/umpire/referee/rules"
)

// abWorse is a real A/B run (certify of the example agent playing passive
// against its heuristic self as the baseline, 53 seeds against heuristic
// adversaries, latencies and transcripts dropped): every check passes and
// the SPRT accepts H0, "the new agent is worse".
func abWorse(t testing.TB) *Report {
	t.Helper()
	f, err := os.Open("testdata/ab-worse.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// written holds the four formats of one report.
type written struct{ json, junit, md, html string }

func writeFour(t testing.TB, r *Report) written {
	j, x, md, h := writeAll(t, r)
	return written{string(j), string(x), string(md), string(h)}
}

// htmlVerdict returns the badge text and the class of #verdict.
func htmlVerdict(t testing.TB, page string) (badge, class string) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && attr(n, "id") == "verdict" {
			class = attr(n, "class")
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.ElementNode && attr(c, "class") == "badge" {
					badge = textOf(c)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return badge, class
}

// findingsSection returns the text of the HTML section #findings.
func findingsSection(page string) string {
	i := strings.Index(page, `<section id="findings">`)
	if i < 0 {
		return ""
	}
	j := strings.Index(page[i:], "</section>")
	return page[i : i+j]
}

// junitProps returns the run's JUnit properties and the total failures and
// errors.
func junitProps(t testing.TB, doc string) (props map[string]string, failures, errors int) {
	t.Helper()
	var root junitSuites
	if err := xml.Unmarshal([]byte(doc), &root); err != nil {
		t.Fatalf("JUnit does not parse: %v", err)
	}
	props = map[string]string{}
	for _, s := range root.Suites {
		for _, p := range s.Properties {
			props[p.Name] = p.Value
		}
	}
	return props, root.Failures, root.Errors
}

// TestABHeadlineFollowsExit: every format's headline and colour follow the
// exit code of an A/B run, whose checks pass while its test decides.
func TestABHeadlineFollowsExit(t *testing.T) {
	worse := abWorse(t)
	// The same pairs with the sides swapped: the new agent is the better.
	better := abWorse(t)
	for i := range better.Matches {
		m := &better.Matches[i]
		m.Side = map[string]string{SideNew: SideBaseline, SideBaseline: SideNew}[m.Side]
	}
	better.Normalize()
	// Its first three seeds: too few pairs to decide.
	few := func(gate string) *Report {
		r := abWorse(t)
		r.Meta.AB.Gate = gate
		r.Meta.Seeds = r.Meta.Seeds[:3]
		r.Matches = slices.DeleteFunc(r.Matches, func(m Match) bool { return !slices.Contains(r.Meta.Seeds, m.Seed) })
		return r
	}
	tests := []struct {
		name  string
		r     *Report
		word  string
		exit  int
		tone  Tone
		mdTop string
	}{
		{"H0 accepted: regression", worse, HeadlineRegression, 1, ToneFail, "❌ REGRESSION (exit 1)"},
		{"H1 accepted: not worse", better, "NOT WORSE", 0, TonePass, "✅ NOT WORSE (exit 0)"},
		{"undecided, strict gate", few(GateStrict), HeadlineUndecided, 1, ToneFail, "❌ UNDECIDED (exit 1)"},
		{"undecided, lenient gate", few(GateLenient), HeadlineUndecided, 0, TonePass, "✅ UNDECIDED (exit 0)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if v := tt.r.Verdict(); v != VerdictPass {
				t.Fatalf("the fixture's checks: verdict %s, want pass", v)
			}
			h := tt.r.Headline()
			if h.Word != tt.word || h.ExitCode != tt.exit || h.Tone != tt.tone || h.ExitCode != tt.r.ExitCode() {
				t.Fatalf("headline %+v, want %s exit %d tone %s", h, tt.word, tt.exit, tt.tone)
			}
			if len(h.Why) == 0 || !strings.HasPrefix(h.Why[0], "SPRT: ") {
				t.Errorf("why %q, want the SPRT's decision", h.Why)
			}
			w := writeFour(t, tt.r)
			if first, _, _ := strings.Cut(w.md, "\n"); !strings.HasSuffix(first, tt.mdTop) {
				t.Errorf("Markdown headline %q, want it to end %q", first, tt.mdTop)
			}
			badge, class := htmlVerdict(t, w.html)
			if badge != tt.word || class != "verdict verdict-"+string(tt.tone) {
				t.Errorf("HTML verdict: badge %q class %q, want %q and verdict-%s", badge, class, tt.word, tt.tone)
			}
			if !strings.Contains(w.html, "<title>umpire certify · inference — "+tt.word+"</title>") {
				t.Errorf("HTML title does not say %s", tt.word)
			}
			fs := findingsSection(w.html)
			if tt.exit != 0 && (strings.Contains(fs, "None.") || !strings.Contains(fs, "SPRT: ")) {
				t.Errorf("exit %d: the HTML failures section says None or not the SPRT:\n%s", tt.exit, fs)
			}
			if tt.exit != 0 && !strings.Contains(w.md, "### Failures and errors\n\n- **SPRT: ") {
				t.Errorf("exit %d: the Markdown lists no reason under its failures", tt.exit)
			}
			props, failures, errs := junitProps(t, w.junit)
			if props["umpire.verdict"] != tt.word || props["umpire.exit_code"] != string(rune('0'+tt.exit)) {
				t.Errorf("JUnit properties %v, want verdict %s exit %d", props, tt.word, tt.exit)
			}
			if (failures+errs > 0) != (tt.exit != 0) {
				t.Errorf("JUnit: %d failures, %d errors for exit %d", failures, errs, tt.exit)
			}
			for _, want := range []string{`"headline": "` + tt.word + `"`, `"tone": "` + string(tt.tone) + `"`} {
				if !strings.Contains(w.json, want) {
					t.Errorf("JSON summary lacks %s", want)
				}
			}
		})
	}
}

// TestLLRChartColours: H1's bound (exit 0 when reached) is drawn in the
// pass colour, H0's (exit 1) in the fail colour.
func TestLLRChartColours(t *testing.T) {
	w := writeFour(t, abWorse(t))
	chart := w.html[strings.Index(w.html, `class="chart chart-sprt"`):]
	chart = chart[:strings.Index(chart, "</svg>")]
	re := regexp.MustCompile(`<polyline class="series" fill="none" stroke="(#[0-9a-f]+)"[^>]*><title>([^<]*)</title>`)
	got := map[string]string{}
	for _, m := range re.FindAllStringSubmatch(chart, -1) {
		got[m[2]] = m[1]
	}
	if got["H0: worse"] != statusColour[Fail] || got["H1: not worse"] != statusColour[Pass] {
		t.Errorf("LLR chart colours %v: want H0 (worse) %s, H1 (not worse) %s", got, statusColour[Fail], statusColour[Pass])
	}
}

// TestPlainHeadline: a run without a test reads PASS, FAIL, ERROR or EMPTY
// by its exit code, and its failures section is never "None" when it does
// not pass.
func TestPlainHeadline(t *testing.T) {
	stale := basisReport(false, Known{Rule: "inference/round.3.raise-cap", Reason: "ticket 12"}, Known{Rule: "inference/round.2.ante", Reason: "fixed since"})
	stale.Checks = slices.DeleteFunc(stale.Checks, func(c Check) bool { return c.Name == "auth" })
	errored := basisReport(false)
	errored.Checks = append(errored.Checks, Check{Name: "reach", Status: Error, Reason: "connection refused"})
	tests := []struct {
		name string
		r    *Report
		word string
		exit int
	}{
		{"pass", New(Meta{Kind: KindConform}, nil), "EMPTY", 1},
		{"fail", basisReport(false), "FAIL", 1},
		{"error", errored, "ERROR", 3},
		{"stale known-failing entry", stale, "FAIL", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := tt.r.Headline()
			if h.Word != tt.word || h.ExitCode != tt.exit || h.Tone != ToneOf(tt.exit) {
				t.Fatalf("headline %+v, want %s exit %d", h, tt.word, tt.exit)
			}
			w := writeFour(t, tt.r)
			if fs := findingsSection(w.html); strings.Contains(fs, "None.") {
				t.Errorf("exit %d, yet the HTML failures section says None", tt.exit)
			}
			if !strings.Contains(w.md, "### Failures and errors") {
				t.Errorf("exit %d, yet the Markdown has no failures section", tt.exit)
			}
			if _, failures, errs := junitProps(t, w.junit); failures+errs == 0 {
				t.Errorf("exit %d, yet no JUnit case fails", tt.exit)
			}
			var byCheck bytes.Buffer
			if err := (JUnit{Cases: JUnitByCheck}).Write(&byCheck, tt.r); err != nil {
				t.Fatal(err)
			}
			if _, failures, errs := junitProps(t, byCheck.String()); failures+errs == 0 {
				t.Errorf("exit %d, yet no JUnit case (by check) fails", tt.exit)
			}
		})
	}
}

// knownReport is a conform report whose one failing check breaks a
// known-failing rule twice (and nothing else).
func knownReport() *Report {
	r := New(Meta{Kind: KindConform, Games: []string{"inference"}, KnownFailing: []Known{{Rule: "inference/round.3.raise-cap", Reason: "ticket 118"}}}, rules.Default())
	f := func(got string) Finding {
		return Finding{Finding: rules.Finding{Rule: "inference/round.3.raise-cap", Level: rules.Must, Message: "a fourth raise was accepted", Expected: "error", Got: got}}
	}
	r.Checks = []Check{
		{Name: "cap", Rules: []string{"inference/round.3.raise-cap"}, Status: Fail, Findings: []Finding{f("ok"), f("ok again")}},
		{Name: "ante", Rules: []string{"inference/round.2.ante"}, Status: Pass},
	}
	r.Normalize()
	return r
}

// TestKnownFailingEverywhere: a check failing only on a known-failing rule
// is KNOWN FAILING with its reason in every format, with the same counts,
// never a warning or a failure.
func TestKnownFailingEverywhere(t *testing.T) {
	r := knownReport()
	if r.ExitCode() != 0 || r.Headline().Word != "PASS" {
		t.Fatalf("exit %d headline %s, want 0 PASS", r.ExitCode(), r.Headline().Word)
	}
	c := r.Counts()
	if c.Known != 1 || c.Warnings != 0 || c.Failing() != 0 {
		t.Errorf("counts: known %d, warnings %d, failing %d; want 1, 0, 0", c.Known, c.Warnings, c.Failing())
	}
	if got := r.Checks[1].StatusWord(); got != "KNOWN FAILING" {
		t.Errorf("the check's status word is %q", got)
	}
	want := []KnownFailure{{Rule: "inference/round.3.raise-cap", Reason: "ticket 118", Findings: 2, Checks: 1}}
	if got := r.KnownFailures(); !slices.Equal(got, want) {
		t.Errorf("known failures %+v, want %+v", got, want)
	}
	w := writeFour(t, r)
	if strings.Contains(w.md, "\n| warn | cap |") {
		t.Errorf("the Markdown calls the known failure a warning:\n%s", w.md)
	}
	for _, s := range []string{"| known failing | cap |", "KNOWN FAILING `inference/round.3.raise-cap` — ticket 118: 2 MUST findings in 1 check", "| 1 | 0 | 1 | 0 |"} {
		if !strings.Contains(w.md, s) {
			t.Errorf("the Markdown lacks %q:\n%s", s, w.md)
		}
	}
	for _, s := range []string{`<td class="status-known">1</td>`, "KNOWN FAILING</span> <code>inference/round.3.raise-cap</code></td><td>ticket 118</td><td>2</td><td>1</td>",
		`<span class="cell status-known">known failing</span> cap`, `<dd class="known-reason">ticket 118`} {
		if !strings.Contains(w.html, s) {
			t.Errorf("the HTML lacks %q", s)
		}
	}
	if !strings.Contains(w.json, `"known_failing": [`) || !strings.Contains(w.json, `"findings": 2,`) {
		t.Errorf("the JSON summary lacks the known-failing list")
	}
	props, failures, _ := junitProps(t, w.junit)
	if failures != 0 || props["umpire.known_failing.inference/round.3.raise-cap"] != want[0].Text() {
		t.Errorf("JUnit: %d failures, properties %v", failures, props)
	}
	var byCheck bytes.Buffer
	if err := (JUnit{Cases: JUnitByCheck}).Write(&byCheck, r); err != nil {
		t.Fatal(err)
	}
	for name, doc := range map[string]string{"by rule": w.junit, "by check": byCheck.String()} {
		if !strings.Contains(doc, `type="known-failing"`) || !strings.Contains(doc, `message="KNOWN FAILING: ticket 118`) {
			t.Errorf("JUnit %s: no skipped known-failing case with its reason:\n%s", name, doc)
		}
	}
}

// TestGradedCheck: a check graded on its own, as a console prints it when
// it finishes, reads as the normalised report reads it.
func TestGradedCheck(t *testing.T) {
	r := knownReport()
	raw := Check{Name: "cap", Status: Fail, Findings: []Finding{{Finding: rules.Finding{Rule: "inference/round.3.raise-cap", Level: rules.Must, Message: "x"}}}}
	if raw.StatusWord() != "FAIL" {
		t.Fatalf("ungraded: %s", raw.StatusWord())
	}
	if g := r.Graded(raw); g.StatusWord() != "KNOWN FAILING" || g.KnownReason() != "ticket 118" {
		t.Errorf("graded: %s (%q)", g.StatusWord(), g.KnownReason())
	}
	if raw.Findings[0].Known != "" {
		t.Errorf("Graded changed its argument")
	}
}

// TestSigned: signed figures never read as a negative zero.
func TestSigned(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		d    int
		want string
	}{
		{0, 0, "0"}, {math.Copysign(0, -1), 0, "0"}, {-0.3, 0, "0"}, {-0.001, 2, "0.00"}, {0.4, 0, "0"},
		{-0.6, 0, "-1"}, {12.5, 1, "+12.5"}, {-70, 0, "-70"}, {33, 0, "+33"},
	} {
		if got := Signed(tc.v, tc.d); got != tc.want {
			t.Errorf("Signed(%v, %d) = %q, want %q", tc.v, tc.d, got, tc.want)
		}
	}
}

// TestDrawnPairsEloIsZero: pairs that all draw give an Elo of 0 [0, 0],
// in the model (no negative zero in the JSON) and in every writer.
func TestDrawnPairsEloIsZero(t *testing.T) {
	seeds, ms := abMatches([]float64{0, 0, 0, 0, 0}, "random")
	r := New(Meta{Kind: KindCertify, Games: []string{"inference"}, Seeds: seeds,
		AB: &ABSpec{Baseline: "old", Elo0: -20, Elo1: 0, Alpha: 0.05, Beta: 0.05, Gate: GateStrict}}, nil)
	r.Matches = ms
	r.Normalize()
	e := r.AB().Overall.Elo
	if math.Signbit(e.Value) || math.Signbit(e.Lo) || math.Signbit(e.Hi) {
		t.Errorf("Elo of drawn pairs %+v: a negative zero", e)
	}
	w := writeFour(t, r)
	for name, doc := range map[string]string{"markdown": w.md, "html": w.html, "json": w.json} {
		if strings.Contains(doc, "-0 ") || strings.Contains(doc, "-0,") || strings.Contains(doc, "-0)") || strings.Contains(doc, "-0.00 ") {
			t.Errorf("%s shows a negative zero", name)
		}
	}
	if !strings.Contains(w.md, "| 0 (0 – 0) |") {
		t.Errorf("the Markdown A/B row lacks the Elo 0 (0 – 0):\n%s", w.md)
	}
}

// TestJUnitTimesOfACertification: a certification's checks measure no
// time of their own; JUnit credits them their match's time, so the cases
// do not all read 0 s and the run's time is the agent's matches'.
func TestJUnitTimesOfACertification(t *testing.T) {
	r := abWorse(t)
	for _, c := range r.Checks {
		if c.Duration != 0 {
			t.Fatalf("the fixture's check %q measured %v", c.Name, c.Duration)
		}
	}
	var want time.Duration
	for _, m := range r.Matches {
		if m.Side == SideNew && slices.ContainsFunc(r.Checks, func(c Check) bool { return c.Seed == m.Seed }) {
			want += m.Duration
		}
	}
	for _, shape := range []JUnitCases{JUnitByRule, JUnitByCheck} {
		var b bytes.Buffer
		if err := (JUnit{Cases: shape}).Write(&b, r); err != nil {
			t.Fatal(err)
		}
		var root junitSuites
		if err := xml.Unmarshal(b.Bytes(), &root); err != nil {
			t.Fatal(err)
		}
		if root.Time != seconds(want) || root.Time == "0.000" {
			t.Errorf("%s: run time %s, want %s (the new agent's matches)", shape, root.Time, seconds(want))
		}
		nonzero := 0
		for _, s := range root.Suites {
			for _, c := range s.Cases {
				if c.Time != "0.000" {
					nonzero++
				}
			}
		}
		if nonzero == 0 {
			t.Errorf("%s: every case reads 0 s", shape)
		}
	}
}

// TestReadmeTerminations: the README names every termination code as the
// reports write it.
func TestReadmeTerminations(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, term := range Terminations() {
		if !strings.Contains(string(b), "`"+string(term)+"`") {
			t.Errorf("README.md does not name the termination `%s`", term)
		}
	}
}
