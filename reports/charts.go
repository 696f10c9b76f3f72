package reports

import (
	"fmt"
	"html/template"
	"math"
	"strings"
)

// Charts are inline SVG drawn here, in Go, so the HTML report needs no
// script and no network to show them. Every text that reaches an SVG goes
// through template.HTMLEscapeString.

// chartPalette colours series in order; it repeats past its end.
var chartPalette = []string{"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"}

const (
	chartW, chartH                         = 640, 260
	padLeft, padRight, padTop, padBottom   = 56, 130, 28, 40
	plotW, plotH                           = chartW - padLeft - padRight, chartH - padTop - padBottom
	maxChartSeries, maxChartPoints, maxBar = 12, 2000, 64
)

func esc(s string) string { return template.HTMLEscapeString(clip(s, 80)) }

// niceMax rounds v up to 1, 2 or 5 times a power of ten.
func niceMax(v float64) float64 {
	if v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if v <= m*p {
			return m * p
		}
	}
	return 10 * p
}

func finite(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}

func svgOpen(b *strings.Builder, class, title string) {
	fmt.Fprintf(b, `<svg class="chart %s" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`, class, chartW, chartH, chartW, chartH, esc(title))
	fmt.Fprintf(b, `<title>%s</title><text class="chart-title" x="%d" y="18">%s</text>`, esc(title), padLeft, esc(title))
}

func axes(b *strings.Builder, yMin, yMax float64, xLabel, yLabel string) {
	x0, y0 := padLeft, padTop+plotH
	fmt.Fprintf(b, `<g class="axes"><line x1="%d" y1="%d" x2="%d" y2="%d"/><line x1="%d" y1="%d" x2="%d" y2="%d"/>`, x0, padTop, x0, y0, x0, y0, x0+plotW, y0)
	for i := 0; i <= 4; i++ {
		v := yMin + (yMax-yMin)*float64(i)/4
		y := float64(y0) - float64(plotH)*float64(i)/4
		fmt.Fprintf(b, `<line class="grid" x1="%d" y1="%.1f" x2="%d" y2="%.1f"/><text class="tick" x="%d" y="%.1f" text-anchor="end">%s</text>`, x0, y, x0+plotW, y, x0-4, y+4, trimNum(v))
	}
	fmt.Fprintf(b, `<text class="axis-label" x="%d" y="%d" text-anchor="middle">%s</text>`, x0+plotW/2, chartH-6, esc(xLabel))
	fmt.Fprintf(b, `<text class="axis-label" x="12" y="%d" transform="rotate(-90 12 %d)" text-anchor="middle">%s</text></g>`, padTop+plotH/2, padTop+plotH/2, esc(yLabel))
}

func trimNum(v float64) string {
	if math.Abs(v-math.Round(v)) < 1e-9 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.2g", v)
}

// lineChart draws series as lines over x = 0, 1, 2, …, series i in
// colours[i] when given, in the palette otherwise.
func lineChart(class, title, xLabel, yLabel string, series []Series, colours ...string) template.HTML {
	var b strings.Builder
	svgOpen(&b, class, title)
	if len(series) > maxChartSeries {
		series = series[:maxChartSeries]
	}
	n, lo, hi := 0, 0.0, 0.0
	for _, s := range series {
		pts := s.Points
		if len(pts) > maxChartPoints {
			pts = pts[:maxChartPoints]
		}
		n = max(n, len(pts))
		for _, p := range pts {
			lo, hi = math.Min(lo, finite(p)), math.Max(hi, finite(p))
		}
	}
	yMax := niceMax(hi)
	yMin := 0.0
	if lo < 0 {
		yMin = -niceMax(-lo)
	}
	axes(&b, yMin, yMax, xLabel, yLabel)
	xs := func(i int) float64 {
		if n <= 1 {
			return float64(padLeft)
		}
		return float64(padLeft) + float64(plotW)*float64(i)/float64(n-1)
	}
	ys := func(v float64) float64 {
		return float64(padTop+plotH) - float64(plotH)*(finite(v)-yMin)/(yMax-yMin)
	}
	if n > 1 {
		for i := 0; i <= 4; i++ {
			j := (n - 1) * i / 4
			fmt.Fprintf(&b, `<text class="tick" x="%.1f" y="%d" text-anchor="middle">%d</text>`, xs(j), padTop+plotH+14, j)
		}
	}
	for i, s := range series {
		pts := s.Points
		if len(pts) > maxChartPoints {
			pts = pts[:maxChartPoints]
		}
		colour := chartPalette[i%len(chartPalette)]
		if i < len(colours) {
			colour = colours[i]
		}
		var path strings.Builder
		for j, p := range pts {
			fmt.Fprintf(&path, "%.1f,%.1f ", xs(j), ys(p))
		}
		fmt.Fprintf(&b, `<polyline class="series" fill="none" stroke="%s" stroke-width="2" points="%s"><title>%s</title></polyline>`, colour, strings.TrimSpace(path.String()), esc(s.Name))
		ly := padTop + 12 + 16*i
		fmt.Fprintf(&b, `<g class="legend"><rect x="%d" y="%d" width="10" height="10" fill="%s"/><text x="%d" y="%d">%s</text></g>`, padLeft+plotW+10, ly-9, colour, padLeft+plotW+24, ly, esc(clip(s.Name, 16)))
	}
	if n == 0 {
		fmt.Fprintf(&b, `<text class="empty" x="%d" y="%d">no data</text>`, padLeft+20, padTop+plotH/2)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// barChart draws one bar per bucket of a histogram: titles name the
// buckets (shown on hover), edges label the boundaries between bars.
func barChart(class, title, xLabel, yLabel string, titles, edges []string, values []int) template.HTML {
	var b strings.Builder
	svgOpen(&b, class, title)
	if len(values) > maxBar {
		values = values[:maxBar]
	}
	hi := 0
	for _, v := range values {
		hi = max(hi, v)
	}
	yMax := niceMax(float64(hi))
	axes(&b, 0, yMax, xLabel, yLabel)
	if len(values) > 0 {
		bw := float64(plotW) / float64(len(values))
		for i, v := range values {
			h := float64(plotH) * float64(v) / yMax
			x := float64(padLeft) + float64(bw*float64(i)) // rounded: no FMA, same output everywhere
			name := ""
			if i < len(titles) {
				name = titles[i]
			}
			fmt.Fprintf(&b, `<rect class="bar" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#1f77b4"><title>%s: %d</title></rect>`, x+1, float64(padTop+plotH)-h, math.Max(bw-2, 1), h, esc(name), v)
			if i > 0 && i-1 < len(edges) {
				fmt.Fprintf(&b, `<text class="tick" x="%.1f" y="%d" text-anchor="middle">%s</text>`, x, padTop+plotH+14, esc(edges[i-1]))
			}
		}
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// statusColour is the fill of a status in charts and must match report.css.
var statusColour = map[Status]string{Disabled: "#c8c8c8", Skip: "#e6d36a", Pass: "#4caf50", Fail: "#e53935", Error: "#8e24aa"}

// warnColour marks failed rules with SHOULD/INFO findings only.
const warnColour = "#fb8c00"

// knownColour marks failed rules whose MUST findings the known-failing list
// excuses (report.css --known).
const knownColour = "#607d8b"

// sectionChart draws, per section, a horizontal stacked bar of rules by
// worst status, then the rules not exercised (pale) and not checked
// (white).
func sectionChart(sections []SectionCoverage) template.HTML {
	var b strings.Builder
	const rowH = 20
	h := padTop + rowH*len(sections) + 40
	fmt.Fprintf(&b, `<svg class="chart chart-sections" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="rules by section and status">`, chartW, h, chartW, h)
	fmt.Fprintf(&b, `<title>rules by section and status</title><text class="chart-title" x="4" y="18">Rules by section and worst status</text>`)
	const labelW = 200
	barW := float64(chartW - labelW - 20)
	for i, s := range sections {
		total := s.Uncovered
		for _, n := range s.ByStatus {
			total += n
		}
		y := padTop + rowH*i
		fmt.Fprintf(&b, `<text class="tick" x="%d" y="%d" text-anchor="end">%s</text>`, labelW-6, y+14, esc(clip(s.Section, 30)))
		x := float64(labelW)
		type part struct {
			name, colour string
			n            int
		}
		parts := []part{
			{"pass", statusColour[Pass], s.ByStatus[Pass]},
			{"warn", warnColour, s.Warn},
			{"known", knownColour, s.Known},
			{"fail", statusColour[Fail], s.ByStatus[Fail] - s.Warn - s.Known},
			{"error", statusColour[Error], s.ByStatus[Error]},
			{"skip", statusColour[Skip], s.ByStatus[Skip]},
			{"disabled", statusColour[Disabled], s.ByStatus[Disabled]},
		}
		for _, p := range parts {
			if p.n <= 0 || total == 0 {
				continue
			}
			w := barW * float64(p.n) / float64(total)
			fmt.Fprintf(&b, `<rect class="bar status-%s" x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"><title>%s: %d %s</title></rect>`, p.name, x, y+2, w, rowH-4, p.colour, esc(s.Section), p.n, p.name)
			x += w
		}
		if s.NotExercised > 0 && total > 0 {
			w := barW * float64(s.NotExercised) / float64(total)
			fmt.Fprintf(&b, `<rect class="bar unexercised" x="%.1f" y="%d" width="%.1f" height="%d" fill="#f3efe0" stroke="#999"><title>%s: %d not exercised</title></rect>`, x, y+2, w, rowH-4, esc(s.Section), s.NotExercised)
			x += w
		}
		if n := s.Uncovered - s.NotExercised; n > 0 && total > 0 {
			w := barW * float64(n) / float64(total)
			fmt.Fprintf(&b, `<rect class="bar uncovered" x="%.1f" y="%d" width="%.1f" height="%d" fill="#ffffff" stroke="#999"><title>%s: %d not checked</title></rect>`, x, y+2, w, rowH-4, esc(s.Section), n)
		}
	}
	ly := padTop + rowH*len(sections) + 20
	x := 20
	for _, l := range []struct{ name, colour string }{
		{"pass", statusColour[Pass]}, {"warn", warnColour}, {"known failing", knownColour}, {"fail", statusColour[Fail]}, {"error", statusColour[Error]},
		{"skip", statusColour[Skip]}, {"disabled", statusColour[Disabled]},
	} {
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="10" fill="%s"/><text class="tick" x="%d" y="%d">%s</text>`, x, ly-9, l.colour, x+14, ly, l.name)
		x += 14 + 6*len(l.name) + 12
	}
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="10" fill="#f3efe0" stroke="#999"/><text class="tick" x="%d" y="%d">not exercised</text>`, x, ly-9, x+14, ly)
	x += 96
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="10" fill="#fff" stroke="#999"/><text class="tick" x="%d" y="%d">not checked</text>`, x, ly-9, x+14, ly)
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// edgeLabels names the latency bucket edges: "1ms", "2ms", …, "10s".
func edgeLabels(edgesMS []float64) []string {
	out := make([]string, len(edgesMS))
	for i, v := range edgesMS {
		if v >= 1000 {
			out[i] = trimNum(v/1000) + "s"
		} else {
			out[i] = trimNum(v)
		}
	}
	return out
}

// histogramLabels names latency buckets: "<1ms", "1–2ms", …, "≥10s".
func histogramLabels(edgesMS []float64) []string {
	f := func(v float64) string {
		if v >= 1000 {
			return trimNum(v/1000) + "s"
		}
		return trimNum(v) + "ms"
	}
	if len(edgesMS) == 0 {
		return []string{"all"}
	}
	out := make([]string, 0, len(edgesMS)+1)
	for i := range len(edgesMS) + 1 {
		switch {
		case i == 0:
			out = append(out, "<"+f(edgesMS[0]))
		case i == len(edgesMS):
			out = append(out, "≥"+f(edgesMS[i-1]))
		default:
			out = append(out, f(edgesMS[i-1])+"–"+f(edgesMS[i]))
		}
	}
	return out
}
