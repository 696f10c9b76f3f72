package rules

import (
	"fmt"
	"strings"
)

// Statements returns the statement map of a game's rules document ("" for
// every game's, in books' order), in document order.
func Statements(game string) []Statement {
	var out []Statement
	for _, b := range books() {
		if b.Statements != nil && (game == "" || game == b.Game) {
			out = append(out, b.Statements()...)
		}
	}
	return out
}

// StatementGames are the games whose document has a statement map.
func StatementGames() []string {
	var out []string
	for _, b := range books() {
		if b.Statements != nil {
			out = append(out, b.Game)
		}
	}
	return out
}

// StatementFigures counts statements by status.
type StatementFigures struct {
	Doc          string `json:"doc"`
	Statements   int    `json:"statements"`
	Covered      int    `json:"covered"`
	Partial      int    `json:"partial"`
	Missing      int    `json:"missing"`
	NotCheckable int    `json:"not_checkable"`
	// CataloguedOnly counts the missing statements whose rules exist but
	// no check evaluates.
	CataloguedOnly int `json:"catalogued_only"`
}

// CountStatements sums a statement map per document, in order of first
// appearance.
func CountStatements(list []Statement, checked func(rule string) bool) []StatementFigures {
	var out []StatementFigures
	index := map[string]int{}
	for _, s := range list {
		i, ok := index[s.Doc]
		if !ok {
			i = len(out)
			index[s.Doc] = i
			out = append(out, StatementFigures{Doc: s.Doc})
		}
		f := &out[i]
		f.Statements++
		switch s.Status(checked) {
		case StatementCovered:
			f.Covered++
		case StatementPartial:
			f.Partial++
		case StatementMissing:
			f.Missing++
			if len(s.Rules) > 0 {
				f.CataloguedOnly++
			}
		case StatementNotCheckable:
			f.NotCheckable++
		}
	}
	return out
}

// String renders the figures on one line.
func (f StatementFigures) String() string {
	s := fmt.Sprintf("%s: %d statements, %d covered, %d partial, %d missing", f.Doc, f.Statements, f.Covered, f.Partial, f.Missing)
	if f.CataloguedOnly > 0 {
		s += fmt.Sprintf(" (%d catalogued only)", f.CataloguedOnly)
	}
	return s + fmt.Sprintf(", %d not checkable", f.NotCheckable)
}

// checkStatements reports what is wrong with a statement map against the
// catalogue: a statement with neither rules nor a reason, an unknown rule,
// a duplicate id, or (for each game in games) a rule of the game that is
// no pin and covers no statement.
func checkStatements(c *Catalogue, list []Statement, games []string) []string {
	var errs []string
	seen := map[string]bool{}
	covers := map[string]bool{}
	for _, s := range list {
		if seen[s.ID] {
			errs = append(errs, "statement "+s.ID+" appears twice")
		}
		seen[s.ID] = true
		if s.Doc == "" || s.Section == "" || s.Text == "" {
			errs = append(errs, "statement "+s.ID+" lacks its document, section or text")
		}
		if len(s.Rules) == 0 && s.NotCheckable == "" && s.Gap == "" {
			errs = append(errs, "statement "+s.ID+" names no rule and says neither why it cannot be checked nor what is missing")
		}
		if s.NotCheckable != "" && s.Gap != "" {
			errs = append(errs, "statement "+s.ID+" has a gap but says it cannot be checked")
		}
		for _, id := range s.Rules {
			if _, ok := c.Lookup(id); !ok {
				errs = append(errs, "statement "+s.ID+" names unknown rule "+id)
			}
			covers[id] = true
		}
	}
	for _, g := range games {
		for _, r := range c.ForGame(g) {
			// A pin covers umpire's own contract (WIRE.md, CLI.md), not a
			// sentence of the documents: it needs no statement.
			if r.Basis == BasisContract || covers[r.ID] {
				continue
			}
			errs = append(errs, fmt.Sprintf("rule %s (%s) covers no statement of %s", r.ID, r.Basis, r.Doc))
		}
	}
	return errs
}

// CheckStatements checks the default statement maps against the default
// catalogue (see checkStatements).
func CheckStatements() error {
	if errs := checkStatements(Default(), Statements(""), StatementGames()); len(errs) > 0 {
		return fmt.Errorf("rules: statement map: %s", strings.Join(errs, "; "))
	}
	return nil
}
