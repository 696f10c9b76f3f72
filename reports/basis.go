package reports

import (
	"bufio"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"
	"unicode"

	"github.com/umpire-arena/umpire/docs"
	"github.com/umpire-arena/umpire/referee/rules"
)

// grade sets the level of every finding from its basis (rules.Grade, with
// Meta.Strict) and marks the findings of known-failing rules. It is
// idempotent, so Normalize may run it on every write and every merge.
func (r *Report) grade() {
	known := make(map[string]string, len(r.Meta.KnownFailing))
	for _, k := range r.Meta.KnownFailing {
		known[k.Rule] = k.Reason
	}
	for i := range r.Checks {
		for j := range r.Checks[i].Findings {
			f := &r.Checks[i].Findings[j]
			f.Finding = f.Finding.Values()
			ru, _ := r.Rule(f.Rule)
			f.Finding = rules.Grade(f.Finding, ru, r.Meta.Strict)
			if reason, ok := known[f.Rule]; ok && f.Known == "" {
				f.Known = reason
			}
		}
	}
}

// StaleKnown returns the known-failing rules that this run shows passing:
// at least one check that evaluated the rule (or, for a check that does
// not report evaluations, lists it) passed or failed, and no finding of
// the rule at MUST remains. A stale entry fails the run, so a list cannot
// rot (a rule fixed in the target must leave the list). Rules no check
// exercised are not stale: nothing shows they pass.
func (r *Report) StaleKnown() []Known {
	if len(r.Meta.KnownFailing) == 0 {
		return nil
	}
	exercised, failing := map[string]bool{}, map[string]bool{}
	for _, c := range r.Checks {
		if c.Status != Pass && c.Status != Fail {
			continue
		}
		if c.Evaluated != nil {
			for id := range c.Evaluated {
				exercised[id] = true
			}
		} else {
			for _, id := range c.Rules {
				exercised[id] = true
			}
		}
		for _, f := range c.Findings {
			exercised[f.Rule] = true
			if f.Level == rules.Must {
				failing[f.Rule] = true
			}
		}
	}
	var out []Known
	for _, k := range r.Meta.KnownFailing {
		if exercised[k.Rule] && !failing[k.Rule] {
			out = append(out, k)
		}
	}
	return out
}

// MaxKnownList bounds a known-failing or known-flaky file.
const MaxKnownList = 1 << 20

// ReadKnown reads a known-failing or known-flaky list: one rule id per line,
// then its reason ("inference/round.3.raise-cap  we cap at 4, fixed in 2.1").
// Blank lines and lines starting with # are ignored. Every rule must exist
// in cat and have a reason; a rule listed twice is an error.
func ReadKnown(rd io.Reader, cat *rules.Catalogue) ([]Known, error) {
	var out []Known
	seen := map[string]int{}
	sc := bufio.NewScanner(io.LimitReader(rd, MaxKnownList+1))
	sc.Buffer(make([]byte, 0, 4096), 64<<10)
	n, size := 0, 0
	for sc.Scan() {
		n++
		size += len(sc.Bytes()) + 1
		if size > MaxKnownList {
			return nil, fmt.Errorf("line %d: the list is larger than %d bytes", n, MaxKnownList)
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, reason := line, ""
		if i := strings.IndexFunc(line, unicode.IsSpace); i >= 0 {
			id, reason = line[:i], strings.TrimSpace(line[i:])
		}
		if _, ok := cat.Lookup(id); !ok {
			return nil, fmt.Errorf("line %d: unknown rule %q (umpire rules lists them)", n, id)
		}
		if reason == "" {
			return nil, fmt.Errorf("line %d: rule %s needs a reason after its id", n, id)
		}
		if prev, dup := seen[id]; dup {
			return nil, fmt.Errorf("line %d: rule %s is already listed on line %d", n, id, prev)
		}
		seen[id] = n
		out = append(out, Known{Rule: id, Reason: reason})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", n+1, err)
	}
	slices.SortFunc(out, func(a, b Known) int { return strings.Compare(a.Rule, b.Rule) })
	return out, nil
}

// BasisText names a basis for people: "document", "reading I-INF-9",
// "contract WIRE.md Errors (docs/wire.md#errors)" — a contract's section
// with the repository page that holds it (rules.RefPath); "" for none.
func BasisText(b rules.Basis, ref string) string {
	s := basisLabel(b, ref)
	if p := refPath(ref); p != "" {
		s += " (" + p + ")"
	}
	return s
}

// basisLabel is BasisText without the page.
func basisLabel(b rules.Basis, ref string) string {
	if b == "" || ref == "" {
		return string(b)
	}
	return string(b) + " " + ref
}

// refPath is rules.RefPath of a reference whose section is in umpire's
// reference pages, "" otherwise (a report never prints a path that leads
// nowhere).
func refPath(ref string) string {
	page, anchor, ok := rules.RefDoc(ref)
	if !ok || anchor == "" {
		return ""
	}
	if _, _, found := docs.Section(page, anchor, rules.Slug); !found {
		return ""
	}
	return page + "#" + anchor
}

// refIndex collects the reference sections an HTML report cites, so the
// report can carry their text (docs.Section) and link to it: the page
// stays self-contained.
type refIndex struct {
	ids  map[string]bool
	list []htmlRef
}

// htmlRef is one cited section of umpire's reference pages: Body is its
// Markdown, HTML the same rendered (refHTML).
type htmlRef struct {
	ID, Path, Heading, Body string
	HTML                    template.HTML
}

// link returns the in-page link of a contract reference's section ("" when
// the reference names none, or the section is not in the pages) and
// records the section for the report's appendix.
func (x *refIndex) link(ref string) string {
	page, anchor, ok := rules.RefDoc(ref)
	if !ok || anchor == "" {
		return ""
	}
	id := "ref-" + rules.Slug(strings.TrimSuffix(strings.TrimPrefix(page, "docs/"), ".md")) + "-" + anchor
	if x.ids == nil {
		x.ids = map[string]bool{}
	}
	if !x.ids[id] {
		h, body, found := docs.Section(page, anchor, rules.Slug)
		if !found {
			return ""
		}
		x.ids[id] = true
		x.list = append(x.list, htmlRef{ID: id, Path: page + "#" + anchor, Heading: h, Body: body, HTML: refHTML(body)})
	}
	return "#" + id
}

// sorted returns the cited sections by path.
func (x *refIndex) sorted() []htmlRef {
	slices.SortFunc(x.list, func(a, b htmlRef) int { return strings.Compare(a.Path, b.Path) })
	return x.list
}

// levelText is a finding's level for a one-cell summary: "MUST", or
// "SHOULD (contract)" when the level comes from a reading or a pin.
func levelText(f rules.Finding) string {
	if f.Basis == "" || f.Basis == rules.BasisDocument {
		return string(f.Level)
	}
	return string(f.Level) + " (" + string(f.Basis) + ")"
}

// StaleText is the sentence a stale known-failing entry gets in reports.
func StaleText(k Known) string {
	return fmt.Sprintf("known-failing entry %s (%s) is stale: this run shows the rule passing; remove it from the list", k.Rule, k.Reason)
}

// SourceText names where a rule's requirement comes from: its document and
// section ("krug_rules@0.1.0 §14"), or for umpire's own contracts the
// section with the repository page that holds it ("WIRE.md Errors,
// docs/wire.md#errors").
func SourceText(ru rules.Rule) string {
	s := strings.TrimSpace(ru.Doc + " " + ru.Section)
	if p := refPath(s); p != "" {
		s += ", " + p
	}
	return s
}
