package reports

import (
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
)

//go:embed html/report.html.tmpl html/report.css html/report.js html/viewer.html.tmpl html/viewer.css html/viewer.js
var htmlFiles embed.FS

// Limits that keep the HTML report a reasonable size on huge runs.
const (
	htmlMaxCreditCharts = 6
	htmlMaxMatchRows    = 500
	htmlMaxTranscript   = 200
	htmlMaxBody         = 20000
	// htmlMaxLikeIt bounds the findings a group shows besides its first.
	htmlMaxLikeIt = 50
)

// The HTML report is one self-contained file (html/template, with the
// template, CSS and JS embedded; no external resource of any kind). Stable
// hooks for tests and people: #summary, .verdict, #coverage-matrix (one
// tr.rule per rule, td.cell.status-*), #sections-chart svg.chart-sections,
// #findings (details.finding per finding, .transcript inside), #checks,
// #agents svg.chart-latency, #matches svg.chart-credits, and .chart on every
// chart.

type htmlView struct {
	R        *Report
	Summary  Summary
	Title    string
	Games    string
	Shard    string
	Started  string
	Duration string
	Config   string
	CSS      template.CSS
	JS       template.JS
	Sections []htmlSection
	Figures  []string
	Chart    template.HTML
	Problems []htmlCheck
	Checks   []htmlCheck
	Agents   []htmlAgent
	Matches  []htmlMatch
	MoreRows int
	Credits  []template.HTML
	// Viewer is the match viewer (viewer.go).
	Viewer *viewer
	// References are the sections of umpire's reference pages (docs/) the
	// report cites, quoted in an appendix the basis cells link to.
	References []htmlRef
	// AB is the A/B section (A/B runs only).
	AB *htmlAB
	// Must, Should and Info count findings per level.
	Must, Should, Info int
	// Failing counts failed checks that fail the run (warnings and known
	// failures apart).
	Failing int
}

type htmlSection struct {
	Name  string
	Rules []htmlRule
	// Counts tallies the section's rules by state ("12 rules: 3 pass,
	// 1 fail, 8 not checked"); Open shows the section expanded (it holds a
	// failing, erroring or warning rule).
	Counts string
	Open   bool
}

type htmlRule struct {
	ID, Level, Basis, BasisURL, Text, Status, Label string
	Checks, Could, Why                              []string
	Must, Should, Info                              int
}

type htmlCheck struct {
	Check
	Class    string
	Duration string
	// Groups are the findings grouped (GroupFindings): each group shows
	// its first finding, the rest folded under "N more like it".
	Groups []htmlGroup
}

type htmlGroup struct {
	First htmlFinding
	// Rest are the findings shown folded under "N more like it": at most
	// htmlMaxLikeIt of the More; Unshown counts the others.
	Rest          []htmlFinding
	More, Unshown int
	Places        string
}

type htmlFinding struct {
	// Open is set on the first MUST finding, shown expanded.
	Open bool
	// Known is the known-failing reason of an excused MUST finding.
	Known string
	// Times is the count of the finding's group ("×14"), on its first.
	Times                                                                    string
	Rule, Level, Basis, BasisURL, Where, Expected, Got, Message, Requirement string
	Transcript                                                               []htmlMessage
	More                                                                     int
	// View links the finding to its step in the match viewer.
	View *viewerLink
}

type htmlMessage struct {
	Dir, At, Seat, Body string
}

type htmlAgent struct {
	AgentStats
	Chart                  template.HTML
	P50, P95, P99, Max     string
	Terminations           string
	Win, Rank, Score, Name string
}

type htmlAB struct {
	Baseline, Hypotheses, Errors, Decision, Class string
	Rows                                          []htmlABRow
	Chart                                         template.HTML
}

type htmlABRow struct {
	ABStats
	WDL, Diff, Elo, LLR, Bounds string
}

type htmlMatch struct {
	Match
	Result string
}

// WriteHTML writes the report as one self-contained HTML page, through the
// escaper (inert.Writer): html/template escapes the markup, the escaper
// control characters and bidi overrides, in <pre> blocks too.
func WriteHTML(w io.Writer, r *Report) error {
	x := inert.NewWriter(w, inert.TextMode)
	if err := writeHTML(x, r); err != nil {
		return err
	}
	if err := x.Close(); err != nil {
		return fmt.Errorf("reports: writing HTML: %w", err)
	}
	return nil
}

func writeHTML(w io.Writer, r *Report) error {
	tmplText, err := htmlFiles.ReadFile("html/report.html.tmpl")
	if err != nil {
		return fmt.Errorf("reports: HTML template: %w", err)
	}
	css, _ := htmlFiles.ReadFile("html/report.css")
	js, _ := htmlFiles.ReadFile("html/report.js")
	t, err := template.New("report").Funcs(template.FuncMap{"clip": clip, "failedHeading": FailedRulesHeading, "dur": DurationText}).Parse(string(tmplText))
	if err == nil {
		t, err = parseViewer(t)
	}
	if err != nil {
		return fmt.Errorf("reports: HTML template: %w", err)
	}
	v := buildView(r)
	v.CSS = template.CSS(string(css) + viewerAsset("css"))
	v.JS = template.JS(string(js) + viewerAsset("js"))
	if err := t.Execute(w, v); err != nil {
		return fmt.Errorf("reports: writing HTML: %w", err)
	}
	return nil
}

func buildView(r *Report) *htmlView {
	v := &htmlView{R: r, Summary: r.Summary(), Games: strings.Join(r.Meta.Games, ", "), Viewer: newViewer(r)}
	refs := &refIndex{}
	defer func() { v.References = refs.sorted() }()
	f := v.Summary.Counts.Findings
	v.Must, v.Should, v.Info = f[rules.Must], f[rules.Should], f[rules.Info]
	v.Failing = v.Summary.Counts.Failing()
	v.Title = fmt.Sprintf("umpire %s · %s — %s", r.Meta.Kind, v.Games, v.Summary.Word)
	if s := r.Meta.Shard; s != nil {
		v.Shard = fmt.Sprintf("%d/%d (%d seeds)", s.K, s.N, len(s.Seeds))
	}
	if !r.Meta.Started.IsZero() {
		v.Started = r.Meta.Started.UTC().Format(time.RFC3339)
	}
	v.Duration = DurationText(r.Meta.Duration)
	if len(r.Meta.Config) > 0 {
		if b, err := json.MarshalIndent(r.Meta.Config, "", "  "); err == nil {
			v.Config = clip(string(b), htmlMaxBody)
		}
	}

	cov := r.Coverage()
	for _, f := range CoverageFigures(cov) {
		v.Figures = append(v.Figures, f.String())
	}
	index := map[string]int{}
	for _, rc := range cov {
		key := sectionKey(rc.Rule)
		if o := rc.Rule.Observable; o == rules.LogOnly || o == rules.AgentOnly {
			// Rules no live message shows are grouped apart.
			key = string(o) + " · " + key
		}
		i, ok := index[key]
		if !ok {
			i = len(v.Sections)
			index[key] = i
			v.Sections = append(v.Sections, htmlSection{Name: key})
		}
		hr := htmlRule{ID: rc.Rule.ID, Level: string(rc.Rule.EffectiveLevel(r.Meta.Strict)), Basis: basisLabel(rc.Rule.Basis, rc.Rule.Ref), BasisURL: refs.link(rc.Rule.Ref), Text: rc.Rule.Text, Checks: rc.Checks,
			Could: rc.Could, Why: rc.Why, Must: rc.Findings[rules.Must], Should: rc.Findings[rules.Should], Info: rc.Findings[rules.Info]}
		if rc.Rule.ObservableWhy != "" {
			hr.Text += " [" + string(rc.Rule.Observable) + ": " + rc.Rule.ObservableWhy + "]"
		}
		switch {
		case rc.State == StateNotExercised:
			hr.Status, hr.Label = "unexercised", "not exercised"
		case rc.State == StateNotApplicable:
			hr.Status, hr.Label = "unexercised", "not applicable"
		case !rc.Covered:
			hr.Status, hr.Label = "uncovered", "not checked"
		case rc.KnownFailing():
			hr.Status, hr.Label = "known", "known failing"
		case rc.Status == Fail && hr.Must == 0:
			hr.Status, hr.Label = "warn", "warn"
		default:
			hr.Status, hr.Label = rc.Status.String(), rc.Status.String()
		}
		v.Sections[i].Rules = append(v.Sections[i].Rules, hr)
	}
	slices.SortStableFunc(v.Sections, func(a, b htmlSection) int {
		if c := obsGroup(a.Name) - obsGroup(b.Name); c != 0 {
			return c
		}
		return compareSections(a.Name, b.Name)
	})
	for i := range v.Sections {
		v.Sections[i].Counts, v.Sections[i].Open = sectionCounts(v.Sections[i].Rules)
	}
	v.Chart = sectionChart(SectionsOf(cov))

	opened := false
	for _, c := range r.Checks {
		hc := htmlCheck{Check: c, Class: c.statusClass(), Duration: DurationText(c.Duration)}
		finding := func(fi int) htmlFinding {
			f := c.Findings[fi]
			hf := htmlFinding{View: v.Viewer.linkTo(&c.Findings[fi]), Rule: f.Rule, Level: string(f.Level), Basis: basisLabel(f.Basis, f.Ref), BasisURL: refs.link(f.Ref), Where: whereText(f.Where),
				Expected: clip(valueText(f.Expected), htmlMaxBody), Got: clip(valueText(f.Got), htmlMaxBody), Message: clip(f.Message, htmlMaxBody)}
			if f.Level == rules.Must {
				hf.Known = f.Known
			}
			if !opened && f.Level == rules.Must && f.Known == "" && (c.Status == Fail || c.Status == Error) {
				hf.Open, opened = true, true
			}
			if ru, ok := r.Rule(f.Rule); ok {
				hf.Requirement = ru.Text + " (" + SourceText(ru) + ")"
			}
			for i, m := range f.Transcript {
				if i == htmlMaxTranscript {
					hf.More = len(f.Transcript) - i
					break
				}
				hm := htmlMessage{Dir: string(m.Dir), Body: clip(m.Content(), htmlMaxBody) + m.flag()}
				if !m.At.IsZero() {
					hm.At = m.At.UTC().Format("15:04:05.000")
				}
				if m.Seat != nil {
					hm.Seat = fmt.Sprint(*m.Seat)
				}
				hf.Transcript = append(hf.Transcript, hm)
			}
			return hf
		}
		// Each group shows its first finding and at most htmlMaxLikeIt of
		// the rest (every one is in report.json): the page, and the memory
		// it takes to write, stay bounded however many findings repeat.
		for _, g := range GroupFindings(c.Findings) {
			hg := htmlGroup{First: finding(g.Indexes[0]), More: len(g.Indexes) - 1}
			hg.First.Times = g.Times()
			for _, i := range g.Indexes[1:min(len(g.Indexes), htmlMaxLikeIt+1)] {
				hg.Rest = append(hg.Rest, finding(i))
			}
			hg.Unshown = hg.More - len(hg.Rest)
			if hg.More > 0 {
				rest := g
				rest.Indexes = g.Indexes[1:]
				hg.Places = rest.Places(c.Findings, 5)
			}
			hc.Groups = append(hc.Groups, hg)
		}
		v.Checks = append(v.Checks, hc)
		if c.Status == Fail || c.Status == Error {
			v.Problems = append(v.Problems, hc)
		}
	}

	labels, edges := histogramLabels(LatencyEdgesMS()), edgeLabels(LatencyEdgesMS())
	for _, s := range r.Stats() {
		a := htmlAgent{AgentStats: s,
			P50: latencyText(s.Latency, s.Latency.P50), P95: latencyText(s.Latency, s.Latency.P95),
			P99: latencyText(s.Latency, s.Latency.P99), Max: latencyText(s.Latency, s.Latency.Max),
			Terminations: terminationsText(s.Terminations),
			Win:          intervalText(s.WinRate, 100, "%.1f", "%%"),
			Rank:         intervalText(s.MeanRank, 1, "%.2f", ""),
			Score:        intervalText(s.MeanScore, 1, "%.1f", ""),
			Name:         s.Agent + " vs " + s.Adversary,
		}
		a.Chart = barChart("chart-latency", "Latency of "+a.Name, "response time (ms unless marked s)", "decisions", labels, edges, s.Latency.Histogram.Counts)
		v.Agents = append(v.Agents, a)
	}
	if ab := r.AB(); ab != nil {
		v.AB = abView(r, ab)
	}
	for i, m := range r.Matches {
		if i == htmlMaxMatchRows {
			v.MoreRows = len(r.Matches) - i
			break
		}
		res := fmt.Sprintf("rank %d", m.Rank)
		if m.Won {
			res = "won"
		}
		v.Matches = append(v.Matches, htmlMatch{Match: m, Result: res})
		if len(m.Series) > 0 && len(v.Credits) < htmlMaxCreditCharts {
			of := m.SeriesOf
			if of == "" {
				of = "value"
			}
			ylabel, xlabel, _ := strings.Cut(of, " per ")
			if xlabel == "" {
				xlabel = "step"
			}
			title := fmt.Sprintf("%s — seed %s, match %d (%s)", of, m.Seed, m.Index, m.Agent)
			v.Credits = append(v.Credits, lineChart("chart-series chart-"+classWord(ylabel), title, xlabel, ylabel, m.Series))
		}
	}
	return v
}

// classWord turns a label into a CSS class word: lowercase letters, digits
// and '-', e.g. "credits" or "hp".
func classWord(s string) string {
	w := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return -1
	}, s)
	if w == "" {
		return "values"
	}
	return clip(w, 24)
}

// abView builds the A/B section: the rows and the chart of the LLR over
// pairs with its two bounds.
func abView(r *Report, ab *ABResult) *htmlAB {
	o := ab.Overall.SPRT
	v := &htmlAB{Baseline: ab.Spec.Baseline, Hypotheses: ab.Spec.Hypotheses(), Errors: fmt.Sprintf("α %.3g, β %.3g, gate %s", o.Alpha, o.Beta, ab.Spec.Gate),
		Decision: o.DecisionText(), Class: "sprt-" + classWord(o.Decision)}
	if r.Meta.Shard != nil {
		v.Decision += " (this is one shard: the run's test is on the merge of all shards)"
	}
	rows := append([]ABStats(nil), ab.Adversaries...)
	if len(rows) != 1 {
		rows = append(rows, ab.Overall)
	}
	for _, s := range rows {
		v.Rows = append(v.Rows, htmlABRow{ABStats: s,
			WDL:    fmt.Sprintf("%d / %d / %d", s.Wins, s.Draws, s.Losses),
			Diff:   SignedInterval(s.MeanDiff, 2, "(", " – ", ")"),
			Elo:    SignedInterval(s.Elo, 0, "(", " – ", ")"),
			LLR:    fmt.Sprintf("%.2f", s.SPRT.LLR),
			Bounds: fmt.Sprintf("[%.2f, %.2f]", s.SPRT.Lower, s.SPRT.Upper),
		})
	}
	trace := append([]float64{0}, o.Trace...)
	lower := make([]float64, len(trace))
	upper := make([]float64, len(trace))
	for i := range trace {
		lower[i], upper[i] = o.Lower, o.Upper
	}
	// H1 is the good bound (the run exits 0 when the LLR reaches it), H0
	// the bad one: their colours are the pass and fail colours.
	h0, h1 := claims(o.Elo0, o.Elo1)
	v.Chart = lineChart("chart-sprt", "SPRT log-likelihood ratio over pairs", "pairs", "LLR",
		[]Series{{Name: "LLR", Points: trace}, {Name: "H1: " + h1, Points: upper}, {Name: "H0: " + h0, Points: lower}},
		chartPalette[0], statusColour[Pass], statusColour[Fail])
	return v
}

// obsGroup orders the matrix sections: live rules first, then log-only,
// then agent-only.
func obsGroup(section string) int {
	switch {
	case strings.HasPrefix(section, string(rules.LogOnly)+" · "):
		return 1
	case strings.HasPrefix(section, string(rules.AgentOnly)+" · "):
		return 2
	}
	return 0
}

// sectionCounts tallies a coverage section's rules by their state, in the
// order of the legend, and says whether the section should show expanded
// (a rule in it fails, errors or warns).
func sectionCounts(rs []htmlRule) (string, bool) {
	order := []string{"fail", "error", "known failing", "warn", "pass", "skip", "disabled", "not exercised", "not checked"}
	n := map[string]int{}
	open := false
	for _, r := range rs {
		n[r.Label]++
		open = open || r.Status == "fail" || r.Status == "error" || r.Status == "warn" || r.Status == "known"
	}
	parts := []string{}
	for _, l := range order {
		if n[l] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[l], l))
		}
	}
	rules := "rules"
	if len(rs) == 1 {
		rules = "rule"
	}
	return fmt.Sprintf("%d %s: %s", len(rs), rules, strings.Join(parts, ", ")), open
}
