package reports

import (
	"html"
	"html/template"
	"regexp"
	"strings"
)

// refHTML renders a section of umpire's reference pages (docs/, Markdown)
// for the HTML report's References: paragraphs, lists, tables, fenced
// code, sub-headings, and inline code, bold, emphasis and links (shown as
// their text: their targets are pages of the repository, not of the
// report). It knows only the Markdown those pages use; every piece of text
// is escaped first and only the tags named here are made, so the result
// is safe whatever the section holds.
func refHTML(md string) template.HTML {
	var b strings.Builder
	lines := strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			i++
		case strings.HasPrefix(trimmed, "```"):
			j := i + 1
			for j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "```") {
				j++
			}
			b.WriteString("<pre>" + html.EscapeString(strings.Join(lines[i+1:min(j, len(lines))], "\n")) + "</pre>")
			i = j + 1
		case strings.HasPrefix(trimmed, "#"):
			b.WriteString("<h4>" + mdInline(strings.TrimSpace(strings.TrimLeft(trimmed, "#"))) + "</h4>")
			i++
		case strings.HasPrefix(trimmed, "|"):
			j := i
			for j < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[j]), "|") {
				j++
			}
			writeMDTable(&b, lines[i:j])
			i = j
		case strings.HasPrefix(trimmed, "- "), strings.HasPrefix(trimmed, "* "):
			var items []string
			for i < len(lines) {
				t := strings.TrimSpace(lines[i])
				switch {
				case strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* "):
					items = append(items, t[2:])
				case t != "" && len(items) > 0 && strings.HasPrefix(lines[i], " "):
					items[len(items)-1] += " " + t
				default:
					goto done
				}
				i++
			}
		done:
			b.WriteString("<ul>")
			for _, it := range items {
				b.WriteString("<li>" + mdInline(it) + "</li>")
			}
			b.WriteString("</ul>")
		default:
			var para []string
			for i < len(lines) {
				t := strings.TrimSpace(lines[i])
				if t == "" || strings.HasPrefix(t, "|") || strings.HasPrefix(t, "```") || strings.HasPrefix(t, "#") ||
					((strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ")) && len(para) > 0) {
					break
				}
				para = append(para, t)
				i++
			}
			b.WriteString("<p>" + mdInline(strings.Join(para, " ")) + "</p>")
		}
	}
	return template.HTML(b.String())
}

// writeMDTable renders a pipe table; the delimiter row (|---|) is dropped,
// the first row is the head.
func writeMDTable(b *strings.Builder, rows []string) {
	b.WriteString(`<table class="ref-table">`)
	head := true
	for _, row := range rows {
		cells := splitMDRow(row)
		if isDelimiterRow(cells) {
			continue
		}
		tag := "td"
		if head {
			tag = "th"
		}
		b.WriteString("<tr>")
		for _, c := range cells {
			b.WriteString("<" + tag + ">" + mdInline(c) + "</" + tag + ">")
		}
		b.WriteString("</tr>")
		head = false
	}
	b.WriteString("</table>")
}

// splitMDRow splits "| a | b |" into its cells ("\|" stays a bar).
func splitMDRow(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimSuffix(strings.TrimPrefix(row, "|"), "|")
	row = strings.ReplaceAll(row, `\|`, "\x00")
	cells := strings.Split(row, "|")
	for i, c := range cells {
		cells[i] = strings.TrimSpace(strings.ReplaceAll(c, "\x00", "|"))
	}
	return cells
}

func isDelimiterRow(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(c, ":-") != "" || c == "" {
			return false
		}
	}
	return true
}

var (
	mdCodeSpan = regexp.MustCompile("`([^`]+)`")
	mdLink     = regexp.MustCompile(`\[([^\]]+)\]\([^)\s]*\)`)
	mdBold     = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	mdEm       = regexp.MustCompile(`(^|[\s(])\*([^*\s][^*]*)\*`)
)

// mdInline renders one line of inline Markdown: the text escaped, code
// spans kept verbatim (no emphasis inside them), links as their text.
func mdInline(s string) string {
	s = mdLink.ReplaceAllString(s, "$1")
	var b strings.Builder
	for {
		loc := mdCodeSpan.FindStringSubmatchIndex(s)
		if loc == nil {
			b.WriteString(mdEmphasis(s))
			return b.String()
		}
		b.WriteString(mdEmphasis(s[:loc[0]]))
		b.WriteString("<code>" + html.EscapeString(s[loc[2]:loc[3]]) + "</code>")
		s = s[loc[1]:]
	}
}

// mdEmphasis renders bold and emphasis of text without code spans.
func mdEmphasis(s string) string {
	s = html.EscapeString(s)
	s = mdBold.ReplaceAllString(s, "<strong>$1</strong>")
	return mdEm.ReplaceAllString(s, "$1<em>$2</em>")
}
