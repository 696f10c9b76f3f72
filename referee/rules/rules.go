package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Catalogue is an immutable, sorted set of rules.
type Catalogue struct {
	byID  map[string]int
	rules []Rule
}

// NewCatalogue builds a catalogue from rule lists, rejecting duplicate ids,
// malformed ids and unknown levels.
func NewCatalogue(lists ...[]Rule) (*Catalogue, error) {
	c := &Catalogue{byID: map[string]int{}}
	logs := logOnly()
	clauses, schema := clauseTable(), map[string]bool{}
	for _, id := range schemaRules() {
		schema[id] = true
	}
	for _, l := range lists {
		for _, r := range l {
			if !ValidID(r.ID) {
				return nil, fmt.Errorf("rules: malformed rule id %q (want game/section.slug)", r.ID)
			}
			switch r.Level {
			case Must, Should, Info:
			default:
				return nil, fmt.Errorf("rules: rule %s has unknown level %q", r.ID, r.Level)
			}
			if strings.TrimSpace(r.Text) == "" || r.Section == "" || r.Doc == "" {
				return nil, fmt.Errorf("rules: rule %s needs doc, section and text", r.ID)
			}
			r = withClauses(defaultObservable(defaultBasis(r), logs), clauses, schema)
			if err := checkBasis(r); err != nil {
				return nil, err
			}
			if err := checkObservable(r); err != nil {
				return nil, err
			}
			if _, dup := c.byID[r.ID]; dup {
				return nil, fmt.Errorf("rules: duplicate rule id %s", r.ID)
			}
			c.byID[r.ID] = -1
			c.rules = append(c.rules, r)
		}
	}
	sort.Slice(c.rules, func(i, j int) bool { return c.rules[i].ID < c.rules[j].ID })
	for i, r := range c.rules {
		c.byID[r.ID] = i
	}
	return c, nil
}

// Lookup returns the rule with the given id.
func (c *Catalogue) Lookup(id string) (Rule, bool) {
	i, ok := c.byID[id]
	if !ok {
		return Rule{}, false
	}
	return c.rules[i], true
}

// All returns every rule, sorted by id. The slice is a copy.
func (c *Catalogue) All() []Rule {
	return append([]Rule(nil), c.rules...)
}

// ForGame returns the rules whose id starts with game + "/", sorted by id.
func (c *Catalogue) ForGame(game string) []Rule {
	var out []Rule
	for _, r := range c.rules {
		if r.Game() == game {
			out = append(out, r)
		}
	}
	return out
}

// Select returns a catalogue of the rules keep accepts.
func (c *Catalogue) Select(keep func(Rule) bool) *Catalogue {
	out := &Catalogue{byID: map[string]int{}}
	for _, r := range c.rules {
		if keep(r) {
			out.byID[r.ID] = len(out.rules)
			out.rules = append(out.rules, r)
		}
	}
	return out
}

// ValidID reports whether id has the form game/section.slug: lowercase
// letters, digits, '-', '_' and '.', one slash, and at least one dot after it.
func ValidID(id string) bool {
	game, rest, ok := strings.Cut(id, "/")
	if !ok || game == "" || rest == "" || !strings.Contains(rest, ".") {
		return false
	}
	for _, s := range []string{game, rest} {
		for _, ch := range s {
			switch {
			case ch >= 'a' && ch <= 'z', ch >= '0' && ch <= '9', ch == '-', ch == '_', ch == '.':
			default:
				return false
			}
		}
	}
	return !strings.HasPrefix(rest, ".") && !strings.HasSuffix(rest, ".")
}

// Default returns the catalogue of every rule umpire knows: every game's
// rulebook (books). It panics only if the built-in lists are malformed,
// which the package tests rule out.
func Default() *Catalogue {
	c, err := NewCatalogue(ruleLists()...)
	if err != nil {
		panic(err)
	}
	return c
}

// ruleLists are the rules of each game's book, in books' order.
func ruleLists() [][]Rule {
	var out [][]Rule
	for _, b := range books() {
		if b.Rules != nil {
			out = append(out, b.Rules())
		}
	}
	return out
}
