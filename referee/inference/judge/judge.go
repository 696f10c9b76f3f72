package judge

import (
	"github.com/umpire-arena/umpire/referee/inference/verify"
	"github.com/umpire-arena/umpire/referee/rules"
)

// Verdict is what the judge found in a Record.
type Verdict struct {
	// Findings are the divergences, each naming the rule it breaks.
	Findings []rules.Finding
	// Summary is the verifier's: the rules evaluated (a record of the
	// seats alone leaves out the rules of the log file's form), the
	// checks left inconclusive by rule.
	Summary verify.Summary
	// Unknown and Notes are the Record's.
	Unknown, Notes []string
}

// Options configure Judge.
type Options struct {
	// Name names the record in findings (Where.File): the log's file, or
	// what the seats' streams were.
	Name string
	// Unfinished accepts a record that stops before match_end.
	Unfinished bool
}

// Judge checks a Record with the verifier of match logs, line by line.
// Of a record that is not the server's log, the findings and
// evaluations of the log-only rules (the log file's own form) are left
// out: the seats' streams are not bound by them.
func Judge(rec Record, opts Options) Verdict { return run(rec, opts, nil) }

// run judges rec, calling each (when not nil) after every line with the
// verifier that read it and the findings kept on reading it.
func run(rec Record, opts Options, each func(line int, v *verify.Verifier, found []rules.Finding)) Verdict {
	v := verify.NewInference(verify.Options{File: opts.Name, Unfinished: opts.Unfinished})
	var out Verdict
	var logOnly func(id string) bool
	if !rec.FromLog {
		logOnly = logOnlyRules()
	}
	keep := func(fs []rules.Finding) {
		for _, f := range fs {
			if rec.FromLog || !logOnly(f.Rule) {
				out.Findings = append(out.Findings, f)
			}
		}
	}
	for i, l := range rec.Lines {
		n := len(out.Findings)
		keep(v.Line(i+1, l))
		if each != nil {
			each(i+1, v, out.Findings[n:])
		}
	}
	keep(v.FinishFindings())
	out.Summary = v.Summary()
	if rec.FromLog && rec.LogDeals == 0 && rec.Filled > 0 {
		// A public log filled in by the seats: its deal_private lines
		// are the judge's, not the log's to be credited for.
		delete(out.Summary.Evaluated, "inference/log.deal-lines")
	}
	if !rec.FromLog {
		for id := range out.Summary.Evaluated {
			if logOnly(id) {
				delete(out.Summary.Evaluated, id)
			}
		}
		for id := range out.Summary.InconclusiveByRule {
			if logOnly(id) {
				out.Summary.Inconclusive -= out.Summary.InconclusiveByRule[id]
				delete(out.Summary.InconclusiveByRule, id)
			}
		}
		// The counts by level, of the findings kept.
		out.Summary.Must, out.Summary.Should, out.Summary.Info = 0, 0, 0
		for _, f := range out.Findings {
			switch f.Level {
			case rules.Must:
				out.Summary.Must++
			case rules.Should:
				out.Summary.Should++
			default:
				out.Summary.Info++
			}
		}
	}
	out.Unknown, out.Notes = rec.Unknown, rec.Notes
	return out
}

// Gathered is Judge of Gather(src).
func Gathered(src Sources, opts Options) Verdict { return Judge(Gather(src), opts) }

// logOnlyRules returns whether a rule id is one only a log file shows
// (the log areas, the pinned form of its lines, the deal function
// re-derived from it).
func logOnlyRules() func(id string) bool {
	c := rules.Default()
	return func(id string) bool {
		r, ok := c.Lookup(id)
		return ok && r.Observable == rules.LogOnly
	}
}
