package rules

// BangArena rule ids are "bangarena/<section>.<slug>", where section is the
// number of a section of krug_rules@0.1.0 (1 … 16), e.g. "bangarena/4.distance".

// BangArenaRules returns the BangArena part of the catalogue.
func BangArenaRules() []Rule {
	return []Rule{
		// Filled in by the BangArena referee.
	}
}
