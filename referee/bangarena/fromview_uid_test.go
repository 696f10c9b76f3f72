package bangarena

import "testing"

// TestUnknownUIDRules: an observation whose cards umpire cannot name gives
// no legal list, under the rule the uid breaks: a uid of WIRE.md's form
// that names a copy §5 does not have (a 26th Shot) breaks the pack
// (bangarena/5.deck, MUST); one of another form only the pin of the form
// (bangarena/5.uid-form, SHOULD) — never the document's field table.
func TestUnknownUIDRules(t *testing.T) {
	covers(t, "bangarena/5.deck", "bangarena/5.uid-form")
	for _, tc := range []struct{ uid, rule string }{
		{"shot_26", "bangarena/5.deck"},
		{"c17", "bangarena/5.uid-form"},
		{"shot-07", "bangarena/5.uid-form"},
	} {
		g := five(t)
		g.give(t, 0, "shot")
		req := g.Request(0, "")
		hand := req.Observation.Players[0].Hand
		hand[len(hand)-1].UID = tc.uid
		if _, _, err := LegalFromRequest(req); ruleOf(err) != tc.rule {
			t.Errorf("hand uid %q: %v, want a %s error", tc.uid, err, tc.rule)
		}
	}
}
