package def

import (
	"slices"
	"strings"
)

// Level is how strongly a rule binds: a violated MUST fails a run, a SHOULD
// warns, an INFO is recorded only.
type Level string

// The three levels, in decreasing strength.
const (
	Must   Level = "MUST"
	Should Level = "SHOULD"
	Info   Level = "INFO"
)

// Rule is one entry of the catalogue.
type Rule struct {
	// ID is the stable name, "game/section.slug".
	ID string `json:"id"`
	// Level is MUST, SHOULD or INFO.
	Level Level `json:"level"`
	// Doc names the rules document (or design contract) the rule comes from,
	// e.g. "krug_rules@0.1.0" or "WIRE.md".
	Doc string `json:"doc"`
	// Section is the section of Doc, e.g. "Round 3" or "§4".
	Section string `json:"section"`
	// Text is a one-line paraphrase of the rule in umpire's own words.
	Text string `json:"text"`
	// Basis is what the rule rests on: the documents, a reading of ours or
	// a pin of ours (see Basis). The catalogue fills it in when it is empty:
	// contract for rules from WIRE.md and CLI.md, document otherwise.
	Basis Basis `json:"basis"`
	// Ref names the reading (an INTERPRETATIONS.md id, "I-INF-9") or the
	// pin ("WIRE.md Errors") a reading or contract rule rests on.
	Ref string `json:"ref,omitempty"`
	// Observable says where a departure from the rule can be seen: live
	// (a server message), log-only or agent-only (see Observability).
	// The catalogue fills it in when it is empty.
	Observable Observability `json:"observable,omitempty"`
	// ObservableWhy says why a log-only or agent-only rule is not live.
	ObservableWhy string `json:"observable_why,omitempty"`
	// Clauses are the other bases a finding of the rule may rest on (see
	// Clause); the catalogue fills them in from its game's Book.Clauses and
	// Book.SchemaClauses.
	Clauses []Clause `json:"clauses,omitempty"`
}

// Game returns the part of the id before the first slash.
func (r Rule) Game() string {
	g, _, _ := strings.Cut(r.ID, "/")
	return g
}

// Area returns the part of the id between the game and the first dot
// after it: "agent" and "server" for the rules of agents and servers, a
// section of the rules document for the game's own rules.
func (r Rule) Area() string {
	_, rest, _ := strings.Cut(r.ID, "/")
	area, _, _ := strings.Cut(rest, ".")
	return area
}

// EffectiveLevel is the level a finding on r has in a run: its own level for
// a document rule, at most SHOULD for a reading or a contract unless strict.
func (r Rule) EffectiveLevel(strict bool) Level {
	return Effective(r.Level, r.Basis, strict)
}

// Effective is the level a finding of level l on basis b has in a run: at
// most SHOULD on a non-binding basis unless strict.
func Effective(l Level, b Basis, strict bool) Level {
	if l == Must && !strict && !b.Binding() {
		return Should
	}
	return l
}

// Allows reports whether a finding of r may rest on basis b with
// reference ref: the rule's own basis, or one of its clauses.
func (r Rule) Allows(b Basis, ref string) bool {
	if b == r.Basis && (ref == r.Ref || b == BasisDocument) {
		return true
	}
	for _, c := range r.Clauses {
		if c.Basis == b && c.Ref == ref {
			return true
		}
	}
	return false
}

// Equal reports whether r and o are the same rule, clauses included.
func (r Rule) Equal(o Rule) bool {
	return r.ID == o.ID && r.Level == o.Level && r.Doc == o.Doc && r.Section == o.Section && r.Text == o.Text &&
		r.Basis == o.Basis && r.Ref == o.Ref && r.Observable == o.Observable && r.ObservableWhy == o.ObservableWhy &&
		slices.Equal(r.Clauses, o.Clauses)
}

// ServerObservable reports whether a live server's messages can reveal a
// departure from r (an empty observability, from an old report, counts as
// live).
func (r Rule) ServerObservable() bool { return r.Observable == Live || r.Observable == "" }
