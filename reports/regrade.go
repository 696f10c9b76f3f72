package reports

import (
	"fmt"
	"strings"

	"github.com/umpire-arena/umpire/referee/rules"
)

// MaxCorrections bounds the corrections Regrade lists; the rest are counted.
const MaxCorrections = 100

// Regrade recomputes what a report read from a file claims, from its
// findings and the catalogue cat (rules.Default() for a report of this
// umpire), never from the labels the file carries:
//   - every rule the report lists that cat knows has cat's level, basis
//     and reference (the entry is replaced by cat's when one differs), so
//     an edited level in the rule list changes nothing;
//   - every finding on a rule cat knows starts from cat's level for it, and
//     rests on cat's basis unless it names a reading or a pin the catalogue
//     lists for that rule (rules.Rule.Clauses: a rule split per clause, a
//     schema property's x-basis); any other basis a finding names is
//     replaced by its rule's, so an edited report cannot lower a document
//     rule's finding to a reading; it is then graded with the run's
//     strictness (rules.Grade);
//   - a finding is excused as known failing only when its rule is in the
//     run's known-failing list;
//   - a check that carries a MUST or SHOULD finding has failed, whatever
//     status it is labelled with (an errored check stays errored).
//
// It returns what it had to correct, at most MaxCorrections lines and a
// count of the rest; none for a report written by umpire and left alone.
func (r *Report) Regrade(cat *rules.Catalogue) (out []string) {
	n := 0
	note := func(format string, args ...any) {
		n++
		if len(out) < MaxCorrections {
			out = append(out, fmt.Sprintf(format, args...))
		}
	}
	ruleFixes, example := 0, ""
	for i, ru := range r.Rules {
		if want, ok := cat.Lookup(ru.ID); ok && (want.Level != ru.Level || want.Basis != ru.Basis || want.Ref != ru.Ref) {
			if ruleFixes == 0 {
				example = fmt.Sprintf("rule %s is listed with level %s, basis %s; the catalogue says %s, %s", ru.ID, ru.Level, ru.Basis, want.Level, want.Basis)
			}
			ruleFixes++
			r.Rules[i] = want
		}
	}
	defer func() {
		if ruleFixes > 0 {
			line := example
			if ruleFixes > 1 {
				line += fmt.Sprintf(" (and %d more rules of the list differ)", ruleFixes-1)
			}
			out = append([]string{line}, out...)
		}
	}()
	known := make(map[string]string, len(r.Meta.KnownFailing))
	for _, k := range r.Meta.KnownFailing {
		known[k.Rule] = k.Reason
	}
	for i := range r.Checks {
		c := &r.Checks[i]
		for j := range c.Findings {
			f := &c.Findings[j]
			before, basis, ref := f.Level, f.Basis, f.Ref
			if ru, ok := cat.Lookup(f.Rule); ok {
				f.Finding = regradeFinding(f.Finding, ru, r.Meta.Strict)
				if basis != "" && (f.Basis != basis || f.Ref != ref) && !(basis == rules.BasisDocument && ru.Basis == rules.BasisDocument) {
					note("check %s: a finding of %s names the basis %s %s, which the catalogue does not list for the rule; it rests on %s %s", c.Label(), f.Rule, basis, ref, f.Basis, f.Ref)
				}
			} else {
				f.Finding = rules.Grade(f.Finding, rules.Rule{}, r.Meta.Strict)
			}
			if f.Level != before {
				note("check %s: a finding of %s is labelled %s; the catalogue grades it %s", c.Label(), f.Rule, before, f.Level)
			}
			if reason := known[f.Rule]; f.Known != reason {
				if reason == "" {
					note("check %s: a finding of %s is marked known failing, but the run's known-failing list does not name the rule", c.Label(), f.Rule)
				}
				f.Known = reason
			}
		}
		if c.Status == Error || c.Status == Fail {
			continue
		}
		for _, f := range c.Findings {
			if f.Level == rules.Must || f.Level == rules.Should {
				note("check %s is labelled %s but carries a %s finding of %s: it failed", c.Label(), c.Status, f.Level, f.Rule)
				c.Status = Fail
				break
			}
		}
	}
	if n > len(out) {
		out = append(out, fmt.Sprintf("and %d more correction(s)", n-len(out)))
	}
	return out
}

// regradeFinding grades f against its catalogue rule ru: the level is the
// rule's, the basis the rule's unless the finding names a reading or a pin
// of its own (with a reference), then rules.Grade applies strictness.
func regradeFinding(f rules.Finding, ru rules.Rule, strict bool) rules.Finding {
	if f.Stated != "" {
		// Grade restores the stated level and drops the note it added.
		f.Stated = ru.Level
	} else {
		f.Level = ru.Level
	}
	own := f.Basis.Valid() && !f.Basis.Binding() && f.Ref != "" &&
		(f.Basis != rules.BasisReading || strings.HasPrefix(f.Ref, "I-")) && ru.Allows(f.Basis, f.Ref)
	if !own {
		if f.Stated != "" {
			// Drop the note of the basis the finding named.
			f.Message = strings.TrimSuffix(f.Message, rules.Grade(rules.Finding{Level: rules.Must, Basis: f.Basis, Ref: f.Ref}, ru, false).Message)
			f.Level, f.Stated = f.Stated, ""
		}
		f.Basis, f.Ref = ru.Basis, ru.Ref
	}
	return rules.Grade(f, ru, strict)
}
