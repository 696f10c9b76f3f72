package players

import ba "github.com/umpire-arena/umpire/referee/bangarena"

// item is what the scores read of a legal item, from a request's
// LegalAction (itemOfLegal) or the referee's Item (itemOfItem).
type item struct {
	command string
	cardUID string // argsSchema.cardUid when a string
	target  int    // argsSchema.targetSeat (intOf)
	perk    string // argsSchema.perk when a string
	// srcKind and srcSeat: argsSchema.source's kind (when a string) and
	// seat (intOf).
	srcKind string
	srcSeat int
	// putBack is argsSchema.putBackUid, hasPutBack whether it is a string.
	putBack    string
	hasPutBack bool
	pray       bool // argsSchema.pray is true
}

// itemOfLegal reads a LegalAction's argsSchema: numbers may be ints (in
// process) or float64s (decoded from the wire).
func itemOfLegal(a *ba.LegalAction) item {
	m := a.ArgsSchema
	it := item{command: a.Command, target: intOf(m["targetSeat"]), srcSeat: -1}
	it.cardUID, _ = m["cardUid"].(string)
	it.perk, _ = m["perk"].(string)
	if src, ok := m["source"].(map[string]any); ok {
		it.srcKind, _ = src["kind"].(string)
		it.srcSeat = intOf(src["seat"])
	}
	it.putBack, it.hasPutBack = m["putBackUid"].(string)
	it.pray, _ = m["pray"].(bool)
	return it
}

// itemOfItem reads the referee's Item.
func itemOfItem(a *ba.Item) item {
	it := item{command: a.Command, cardUID: a.CardUID, target: a.TargetSeat, perk: a.Perk,
		srcKind: a.SourceKind, srcSeat: a.SourceSeat, pray: a.Pray}
	if a.Command == "choose_look_top" {
		it.putBack, it.hasPutBack = a.PutBackUID, true
	}
	return it
}
