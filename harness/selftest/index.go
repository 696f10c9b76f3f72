package selftest

import (
	"fmt"
	"html/template"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/reports"
)

// writeIndex writes the overall index.html, summary.md and summary.json
// into the report directory, each atomically.
func writeIndex(sum *Summary) error {
	var errs []string
	for _, f := range []struct {
		name  string
		write func(io.Writer, *Summary) error
	}{{FileIndex, WriteIndexHTML}, {FileSummary, WriteSummaryMarkdown}, {FileSummaryJSON, WriteSummaryJSON}} {
		if err := writeAtomic(filepath.Join(sum.ReportDir, f.name), sum, f.write); err != nil {
			errs = append(errs, err.Error())
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}

// writeAtomic writes the page as reports.Write does: through a temporary
// file beside path, so a reader never sees half a page.
func writeAtomic(path string, sum *Summary, write func(io.Writer, *Summary) error) error {
	return reports.Write(path, func(w io.Writer) error { return write(w, sum) })
}

// stepFile returns the step's file named name relative to the report
// directory, or "" when the step did not write it.
func (s StepResult) stepFile(name string) string {
	for _, f := range s.Files {
		if filepath.Base(filepath.FromSlash(f)) == name {
			return f
		}
	}
	return ""
}

// checksLine renders a step's counts: "12 pass · 0 fail · 1 skip".
func (s StepResult) checksLine() string {
	if s.Verdict == VerdictSkip || s.Dir == "" {
		return "—"
	}
	c := s.Counts
	line := fmt.Sprintf("%d pass · %d fail · %d skip", c.Pass, c.Fail, c.Skip)
	if c.Error > 0 {
		line += fmt.Sprintf(" · %d error", c.Error)
	}
	if c.Warnings > 0 {
		line += fmt.Sprintf(" (%d warn)", c.Warnings)
	}
	return line
}

// Duration renders a duration for people, rounded to what matters.
func roundDuration(d time.Duration) time.Duration {
	switch {
	case d >= 10*time.Second:
		return d.Round(100 * time.Millisecond)
	case d >= time.Second:
		return d.Round(10 * time.Millisecond)
	}
	return d.Round(time.Millisecond)
}

var indexTemplate = template.Must(template.New("index").Funcs(template.FuncMap{
	"upper":    strings.ToUpper,
	"verdict":  func(v reports.Verdict) string { return string(v) },
	"duration": func(d time.Duration) string { return roundDuration(d).String() },
	"checks":   func(s StepResult) string { return s.checksLine() },
	"file":     func(s StepResult, name string) string { return s.stepFile(name) },
	"when":     func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05 UTC") },
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>umpire selftest — {{verdict .Verdict | upper}}</title>
<style>
:root { --pass:#1a7f37; --fail:#cf222e; --error:#9a6700; --skip:#6e7781; --empty:#cf222e; --line:#d0d7de; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color:#1f2328; margin:0; padding:2rem; max-width:76rem; }
h1 { font-size:1.6rem; margin:0 0 .25rem; }
.meta { color:#57606a; margin:0 0 1.5rem; }
.note { color:#57606a; font-size:.85rem; margin:.75rem 0 0; }
.banner { display:flex; align-items:center; gap:1rem; padding:1rem 1.25rem; border-radius:8px; margin-bottom:1.5rem; border:1px solid var(--line); }
.banner strong { font-size:1.25rem; }
.badge { display:inline-block; min-width:4.2rem; text-align:center; padding:.1rem .55rem; border-radius:2rem; color:#fff; font-weight:600; font-size:.8rem; letter-spacing:.04em; }
.v-pass { background:var(--pass); } .v-fail { background:var(--fail); } .v-error { background:var(--error); }
.v-skip { background:var(--skip); } .v-empty { background:var(--empty); }
table { border-collapse:collapse; width:100%; }
th, td { text-align:left; padding:.55rem .7rem; border-bottom:1px solid var(--line); vertical-align:top; }
th { font-size:.8rem; text-transform:uppercase; letter-spacing:.05em; color:#57606a; }
td.num { white-space:nowrap; font-variant-numeric:tabular-nums; }
.game { color:#57606a; font-size:.85rem; }
.reason { color:#57606a; font-size:.88rem; margin-top:.2rem; }
ul.fails { margin:.3rem 0 0; padding-left:1.1rem; font-size:.85rem; color:#cf222e; }
a { color:#0969da; text-decoration:none; } a:hover { text-decoration:underline; }
.files a { margin-right:.6rem; font-size:.85rem; }
footer { margin-top:2rem; color:#57606a; font-size:.85rem; }
code { font: .9em ui-monospace, SFMono-Regular, Menlo, monospace; background:#f6f8fa; padding:.1rem .3rem; border-radius:4px; }
</style>
</head>
<body>
<h1>umpire selftest</h1>
<p class="meta">umpire {{.Version}} · {{range $i, $g := .Games}}{{if $i}}, {{end}}{{$g}}{{end}} · {{.Matches}} match(es) per agent and per log set · started {{when .Started}} · {{duration .Duration}}</p>
<div class="banner"><span class="badge v-{{verdict .Verdict}}">{{verdict .Verdict | upper}}</span>
<strong>{{if eq .ExitCode 0}}Everything checked conforms.{{else if eq .ExitCode 1}}A MUST rule is violated, or a step checked nothing.{{else}}A step could not be carried out.{{end}}</strong>
<span>exit code {{.ExitCode}}{{if .Interrupted}} · interrupted{{end}}</span></div>
<table>
<thead><tr><th>step</th><th>verdict</th><th>checks</th><th>matches</th><th>duration</th><th>reports</th></tr></thead>
<tbody>
{{range .Steps}}<tr id="{{.Name}}">
<td>{{if .Dir}}<a href="{{file . "report.html"}}">{{.Name}}</a>{{else}}{{.Name}}{{end}}<div class="game">{{.Title}}</div>
{{if .Reason}}<div class="reason">{{.Reason}}</div>{{end}}
{{if .Failures}}<ul class="fails">{{range .Failures}}<li>{{.}}</li>{{end}}</ul>{{end}}</td>
<td><span class="badge v-{{verdict .Verdict}}">{{verdict .Verdict | upper}}</span></td>
<td class="num">{{checks .}}</td>
<td class="num">{{if .Matches}}{{.Matches}}{{else}}—{{end}}</td>
<td class="num">{{duration .Duration}}</td>
<td class="files">{{if .Dir}}{{with file . "report.html"}}<a href="{{.}}">HTML</a>{{end}}{{with file . "summary.md"}}<a href="{{.}}">Markdown</a>{{end}}{{with file . "junit.xml"}}<a href="{{.}}">JUnit</a>{{end}}{{with file . "report.json"}}<a href="{{.}}">JSON</a>{{end}}{{else}}—{{end}}</td>
</tr>
{{end}}</tbody>
</table>
<p class="note">A skipped check is one the run did not exercise (an agent that never needed a reask has nothing to recover from); its reason is in the step's report. A skip is never counted as a pass.</p>
{{if .Warnings}}<ul>{{range .Warnings}}<li>{{.}}</li>{{end}}</ul>{{end}}
<footer>Reproduce with <code>umpire selftest{{if eq (len .Games) 1}} --game {{index .Games 0}}{{end}} --matches {{.Matches}}</code>. Every match is seeded from <code>selftest</code>; each step's report names its seeds. Exit codes: 0 conforms · 1 a MUST finding · 2 usage · 3 a step could not be carried out.</footer>
</body>
</html>
`))

// WriteIndexHTML writes the overall page: one row per step with its
// verdict, counts, duration and links to its reports. Everything is
// escaped; the page loads nothing from the network.
func WriteIndexHTML(w io.Writer, sum *Summary) error {
	x := inert.NewWriter(w, inert.TextMode)
	if err := indexTemplate.Execute(x, sum); err != nil {
		return err
	}
	return x.Close()
}

// WriteSummaryMarkdown writes the overall summary as Markdown: a verdict
// line and a table of the steps, fit for a CI step summary.
func WriteSummaryMarkdown(w io.Writer, sum *Summary) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# umpire selftest: %s (exit %d)\n\n", strings.ToUpper(string(sum.Verdict)), sum.ExitCode)
	fmt.Fprintf(&b, "umpire %s · games %s · %d match(es) per agent and per log set · %v",
		mdEscape(sum.Version), mdEscape(strings.Join(sum.Games, ", ")), sum.Matches, roundDuration(sum.Duration))
	if sum.Interrupted {
		b.WriteString(" · interrupted")
	}
	b.WriteString("\n\n| step | verdict | checks | matches | duration | report |\n|---|---|---|---|---|---|\n")
	for _, s := range sum.Steps {
		report := "—"
		if f := s.stepFile(reports.FileMarkdown); f != "" {
			report = fmt.Sprintf("[%s](%s)", mdEscape(f), f)
		}
		matches := "—"
		if s.Matches > 0 {
			matches = fmt.Sprint(s.Matches)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %v | %s |\n", mdEscape(s.Name), strings.ToUpper(string(s.Verdict)),
			s.checksLine(), matches, roundDuration(s.Duration), report)
	}
	var notes []string
	for _, s := range sum.Steps {
		if s.Reason != "" {
			notes = append(notes, fmt.Sprintf("- **%s**: %s", mdEscape(s.Name), mdEscape(s.Reason)))
		}
		for _, f := range s.Failures {
			notes = append(notes, fmt.Sprintf("- **%s**: %s", mdEscape(s.Name), mdEscape(f)))
		}
	}
	for _, w := range sum.Warnings {
		notes = append(notes, "- "+mdEscape(w))
	}
	if len(notes) > 0 {
		b.WriteString("\n" + strings.Join(notes, "\n") + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mdEscape makes text inert in Markdown: no table breaks, no HTML, no
// links, emphasis or mentions; control characters and bidi overrides
// shown as \uXXXX (inert.String) and line breaks as spaces.
func mdEscape(s string) string {
	s = inert.String(strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, s))
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\n', '\r', '\t':
			b.WriteByte(' ')
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '\\', '`', '*', '_', '[', ']', '|', '#', '!', '~':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '@':
			b.WriteString("&#64;")
		default:
			if r < 0x20 || r == 0x7f {
				continue
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}
