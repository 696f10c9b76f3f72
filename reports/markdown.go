package reports

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
)

// DefaultMarkdownRows caps the failure table of WriteMarkdown.
const DefaultMarkdownRows = 25

// Markdown writes a summary that fits a pull-request comment or a CI step
// summary ($GITHUB_STEP_SUMMARY): a verdict line, counts by status, a table
// of failures (rule, level, where, expected, got) capped at MaxRows with a
// "… N more" line, then the coverage figures (checked MUST rules per game
// and observability), and for certification runs a table of agent
// statistics.
// Every piece of text that came from a target or a player is escaped so it
// cannot break a table, open HTML, or mention a user.
type Markdown struct {
	// MaxRows caps the failure table; 0 means DefaultMarkdownRows.
	MaxRows int
}

// WriteMarkdown writes r with the default options.
func WriteMarkdown(w io.Writer, r *Report) error { return Markdown{}.Write(w, r) }

// toneMark is the mark of a headline's tone: it follows the exit code.
var toneMark = map[Tone]string{
	TonePass:  "✅",
	ToneFail:  "❌",
	ToneError: "⚠️",
}

// Write writes the Markdown summary of r, through the escaper
// (inert.Writer).
func (o Markdown) Write(w io.Writer, r *Report) error {
	x := inert.NewWriter(w, inert.TextMode)
	if err := o.write(x, r); err != nil {
		return err
	}
	return x.Close()
}

func (o Markdown) write(w io.Writer, r *Report) error {
	maxRows := o.MaxRows
	if maxRows <= 0 {
		maxRows = DefaultMarkdownRows
	}
	var b strings.Builder
	sum := r.Summary()
	fmt.Fprintf(&b, "## umpire %s · %s — %s %s (exit %d)\n\n", mdText(string(r.Meta.Kind), 40), mdText(strings.Join(r.Meta.Games, ", "), 80), toneMark[sum.Tone], sum.Word, sum.ExitCode)
	meta := []string{"umpire " + mdText(r.Meta.Version, 60)}
	if len(r.Meta.RulesVersions) > 0 {
		meta = append(meta, "rules "+mdText(strings.Join(r.Meta.RulesVersions, ", "), 120))
	}
	if r.Meta.Target != "" {
		meta = append(meta, "target "+mdText(r.Meta.Target, 120))
	}
	if n := len(r.Meta.Seeds); n > 0 {
		meta = append(meta, fmt.Sprintf("%d seeds", n))
	}
	if s := r.Meta.Shard; s != nil {
		meta = append(meta, fmt.Sprintf("shard %d/%d (%d seeds)", s.K, s.N, len(s.Seeds)))
	}
	meta = append(meta, DurationText(r.Meta.Duration))
	b.WriteString(strings.Join(meta, " · ") + "\n\n")

	c := sum.Counts
	b.WriteString("| pass | fail | known failing | warn | error | skip | disabled | MUST findings | SHOULD findings |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	fmt.Fprintf(&b, "| %d | %d | %d | %d | %d | %d | %d | %d | %d |\n\n", c.Pass, c.Failing(), c.Known, c.Warnings, c.Error, c.Skip, c.Disabled, c.Findings[rules.Must], c.Findings[rules.Should])

	type row struct {
		status, check, rule, level string
		n                          int
		where, expected, got       string
	}
	var rows []row
	for _, ch := range r.Checks {
		if ch.Status != Fail && ch.Status != Error {
			continue
		}
		st := strings.ToLower(ch.StatusWord())
		if len(ch.Findings) == 0 {
			rows = append(rows, row{st, mdText(ch.Label(), 80), "", "", 0, "", "", mdText(ch.Reason, 120)})
			continue
		}
		// Findings that say the same thing are one row, with their count
		// and first places; expected and got are the first finding's.
		for _, g := range GroupFindings(ch.Findings) {
			f := g.First
			fst := st
			if f.Known != "" && f.Level == rules.Must {
				fst = "known failing"
			}
			rows = append(rows, row{fst, mdText(ch.Label(), 80), mdCode(f.Rule), levelText(f.Finding), g.Count(), mdText(g.Places(ch.Findings, 3), 160), mdText(valueText(f.Expected), 80), mdText(valueText(f.Got), 80)})
		}
	}
	if len(rows) > 0 || sum.ExitCode != ExitOK {
		b.WriteString("### Failures and errors\n\n")
	}
	// What decided a non-zero exit that no failing check shows (the SPRT,
	// an empty run, a stale entry) comes first: the section never reads
	// as empty when the run does not pass.
	for _, why := range sum.Why {
		fmt.Fprintf(&b, "- **%s**\n", mdText(why, 400))
	}
	if len(sum.Why) > 0 {
		b.WriteString("\n")
	}
	if len(rows) == 0 && sum.ExitCode != ExitOK && len(sum.Why) == 0 {
		fmt.Fprintf(&b, "No check failed, yet the run exits %d: see the JSON report.\n\n", sum.ExitCode)
	}
	if len(sum.KnownFailing) > 0 {
		b.WriteString("Known failing (listed with --known-failing; reported, not failing the run):\n\n")
		for _, k := range sum.KnownFailing {
			fmt.Fprintf(&b, "- KNOWN FAILING %s — %s: %s in %s\n", mdCode(k.Rule), mdText(k.Reason, 300), plural(k.Findings, "MUST finding"), plural(k.Checks, "check"))
		}
		b.WriteString("\n")
	}
	if len(rows) > 0 {
		b.WriteString("| status | check | rule | level | findings | where | expected (first) | got (first) |\n|---|---|---|---|---:|---|---|---|\n")
		for i, rw := range rows {
			if i == maxRows {
				fmt.Fprintf(&b, "\n… %d more (see the JSON or HTML report)\n", len(rows)-maxRows)
				break
			}
			n := ""
			if rw.n > 0 {
				n = fmt.Sprint(rw.n)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", rw.status, rw.check, rw.rule, rw.level, n, rw.where, rw.expected, rw.got)
		}
		b.WriteString("\n")
	}
	writeReproduceMarkdown(&b, r.Checks, maxRows)
	if len(sum.FailedRules) > 0 {
		h := FailedRulesHeading(sum.FailedRules)
		fmt.Fprintf(&b, "%s%s:\n\n", strings.ToUpper(h[:1]), h[1:])
		for i, f := range sum.FailedRules {
			if i == maxRows {
				fmt.Fprintf(&b, "- … %d more (see the JSON or HTML report)\n", len(sum.FailedRules)-maxRows)
				break
			}
			fmt.Fprintf(&b, "- %s %s — %s in %s\n", f.Level, mdCode(f.Rule), plural(f.Findings, "finding"), mdText(strings.Join(f.Checks, "; "), 300))
		}
		b.WriteString("\n")
	}

	if cov := r.Coverage(); len(cov) > 0 && r.Meta.Kind != KindCertify {
		b.WriteString("### Coverage\n\n")
		for _, f := range CoverageFigures(cov) {
			fmt.Fprintf(&b, "- %s\n", mdText(f.String(), 300))
		}
		writeSectionTable(&b, SectionsOf(cov), maxRows)
		b.WriteString("\n")
	}

	if stats := r.Stats(); len(stats) > 0 {
		b.WriteString("### Agents\n\n| agent | adversaries | matches | win rate (95% CI) | mean rank (95% CI) | mean score (95% CI) | latency p50 / p95 / p99 / max | not ok |\n|---|---|---:|---|---|---|---|---|\n")
		for i, s := range stats {
			if i == maxRows {
				fmt.Fprintf(&b, "\n… %d more rows\n", len(stats)-maxRows)
				break
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %s | %s | %s | %s / %s / %s / %s | %s |\n",
				mdText(s.Agent, 60), mdText(s.Adversary, 40), s.Matches,
				intervalText(s.WinRate, 100, "%.1f", "%%"), intervalText(s.MeanRank, 1, "%.2f", ""), intervalText(s.MeanScore, 1, "%.1f", ""),
				latencyText(s.Latency, s.Latency.P50), latencyText(s.Latency, s.Latency.P95),
				latencyText(s.Latency, s.Latency.P99), latencyText(s.Latency, s.Latency.Max),
				terminationsText(s.Terminations))
		}
		b.WriteString("\n")
	}
	if ab := r.AB(); ab != nil {
		writeABMarkdown(&b, r, ab)
	}
	for _, wtext := range r.Warnings {
		fmt.Fprintf(&b, "> ⚠️ %s\n", mdText(wtext, 300))
	}
	_, err := io.WriteString(w, b.String())
	if err != nil {
		return fmt.Errorf("reports: writing Markdown: %w", err)
	}
	return nil
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.0fms", float64(d)/float64(time.Millisecond))
}

func terminationsText(t map[Termination]int) string {
	var parts []string
	for _, k := range Terminations() {
		if k != TermOK && t[k] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, t[k]))
		}
	}
	if len(parts) == 0 {
		return "—"
	}
	return strings.Join(parts, ", ")
}

// mdText makes s safe inside a Markdown table cell: one line, at most n
// runes, valid UTF-8, HTML and Markdown punctuation neutralised, no @mentions.
func mdText(s string, n int) string {
	s = clip(s, n)
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\n', '\r', '\t', '\v', '\f':
			b.WriteByte(' ')
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '@':
			b.WriteString("&#64;")
		case '|', '\\', '`', '*', '_', '[', ']', '~', '#', '!', '(', ')', '{', '}':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			if r < 0x20 || r == 0x7f {
				b.WriteRune('\uFFFD')
				continue
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// writeReproduceMarkdown lists the command that runs each check with
// findings or an error alone again (Check.Reproduce).
func writeReproduceMarkdown(b *strings.Builder, checks []Check, maxRows int) {
	n := 0
	for _, ch := range checks {
		if ch.Reproduce == "" {
			continue
		}
		if n == 0 {
			b.WriteString("Reproduce a check alone:\n\n")
		}
		if n == maxRows {
			b.WriteString("- … more in the JSON report\n")
			break
		}
		n++
		fmt.Fprintf(b, "- %s: %s\n", mdText(ch.Label(), 120), mdCommand(ch.Reproduce, 1000))
	}
	if n > 0 {
		b.WriteString("\n")
	}
}

// mdCommand renders s, a command to copy, as one inline code span: on one
// line, at most n runes, fenced by more backticks than it holds in a row.
func mdCommand(s string, n int) string {
	s = strings.Join(strings.Fields(clip(s, n)), " ")
	run, longest := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// mdCode renders a rule id as inline code when it is a plain id, as escaped
// text otherwise.
func mdCode(id string) string {
	if rules.ValidID(id) {
		return "`" + id + "`"
	}
	return mdText(id, 80)
}

// writeABMarkdown writes the A/B section: the SPRT and the paired rows.
func writeABMarkdown(b *strings.Builder, r *Report, ab *ABResult) {
	o := ab.Overall.SPRT
	fmt.Fprintf(b, "### A/B against the baseline\n\nbaseline %s · %s · α %.3g, β %.3g\n\n", mdText(ab.Spec.Baseline, 120), ab.Spec.Hypotheses(), o.Alpha, o.Beta)
	// The hypotheses and the decision are umpire's own text (numbers and
	// fixed words): written as they are.
	verdict := "**SPRT: " + o.DecisionText() + "**"
	if r.Meta.Shard != nil {
		verdict += " (this is one shard: the run's test is on the merge of all shards)"
	}
	b.WriteString(verdict + "\n\n")
	b.WriteString("| adversaries | pairs | void | W / D / L | mean score difference (95% CI) | Elo (95% CI) | LLR | bounds | SPRT |\n|---|---:|---:|---|---|---|---:|---|---|\n")
	rows := append([]ABStats(nil), ab.Adversaries...)
	if len(rows) != 1 {
		rows = append(rows, ab.Overall)
	}
	for _, s := range rows {
		fmt.Fprintf(b, "| %s | %d | %d | %d / %d / %d | %s | %s | %.2f | [%.2f, %.2f] | %s |\n",
			mdText(s.Adversary, 40), s.Pairs, s.Void, s.Wins, s.Draws, s.Losses,
			SignedInterval(s.MeanDiff, 2, "(", " – ", ")"), SignedInterval(s.Elo, 0, "(", " – ", ")"), s.SPRT.LLR, s.SPRT.Lower, s.SPRT.Upper, s.SPRT.Short())
	}
	b.WriteString("\n")
}

// writeSectionTable writes the coverage matrix collapsed by section: one
// row per section with its rules counted by state (the HTML report has
// the rules themselves).
func writeSectionTable(b *strings.Builder, secs []SectionCoverage, maxRows int) {
	if len(secs) == 0 {
		return
	}
	b.WriteString("\n| section | rules | pass | fail | known failing | warn | error | skip | not exercised | not checked |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for i, s := range secs {
		if i == maxRows {
			fmt.Fprintf(b, "\n… %d more sections (see the HTML report)\n", len(secs)-maxRows)
			break
		}
		total := s.Uncovered
		for _, n := range s.ByStatus {
			total += n
		}
		fail := s.ByStatus[Fail] - s.Warn - s.Known
		fmt.Fprintf(b, "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s |\n", mdText(s.Section, 80), total,
			countCell(s.ByStatus[Pass]), countCell(fail), countCell(s.Known), countCell(s.Warn), countCell(s.ByStatus[Error]),
			countCell(s.ByStatus[Skip]+s.ByStatus[Disabled]), countCell(s.NotExercised), countCell(s.Uncovered-s.NotExercised))
	}
}

// countCell is a count for a table cell: blank for zero, so the non-zero
// counts stand out.
func countCell(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprint(n)
}
