package bangarena

import "testing"

// TestRefusalNamesTheRule: an item refused for a distance that only the
// target's Horse makes too long names the Horse's rule — Pass Shadow's
// built-in one (bangarena/6.char-09-pass-shadow) or a Horse card
// (bangarena/5.horse-scope) — any other distance bangarena/4.range or
// bangarena/4.steal-distance, a Duel or Toss aimed at its own player
// bangarena/4.self-target (I-BA-33) but a Jail on its own player
// bangarena/4.targets (§13 "another seat"), a Flask at full hp bangarena/5.flask, a Ricochet
// played as a Shot by another than Two-Faced bangarena/6.char-03-two-faced;
// RuleAgainst names the same from the observation.
func TestRefusalNamesTheRule(t *testing.T) {
	covers(t, "bangarena/6.char-09-pass-shadow", "bangarena/5.horse-scope", "bangarena/4.range", "bangarena/4.steal-distance", "bangarena/4.targets",
		"bangarena/4.self-target", "bangarena/5.flask", "bangarena/6.char-03-two-faced")
	// Seat 0 shoots; seat 1 (Pass Shadow) and seat 4 (a Horse card) sit
	// next to it, seat 2 two steps away.
	g := five(t, chars("char_07", "char_09", "char_07", "char_07", "char_07")...)
	g.equip(t, 4, "mount")
	u := g.give(t, 0, "shot", "steal_near", "duel", "heal_self", "miss", "jail", "discard_any")
	g.give(t, 1, "miss")
	g.give(t, 4, "miss")
	for _, tc := range []struct{ id, rule string }{
		{"shot:" + u[0] + ":1", "bangarena/6.char-09-pass-shadow"},
		{"shot:" + u[0] + ":4", "bangarena/5.horse-scope"},
		{"shot:" + u[0] + ":2", "bangarena/4.range"},
		{"steal:" + u[1] + ":1:hand", "bangarena/6.char-09-pass-shadow"},
		{"steal:" + u[1] + ":2:hand", "bangarena/4.steal-distance"},
		{"duel:" + u[2] + ":0", "bangarena/4.self-target"},
		{"discard_any:" + u[6] + ":0:hand", "bangarena/4.self-target"},
		{"equip_blue:" + u[5] + ":0", "bangarena/4.targets"},
		{"heal:" + u[3], "bangarena/5.flask"},                    // at full hp
		{"shot:" + u[4] + ":1", "bangarena/6.char-03-two-faced"}, // a Ricochet as a Shot, not Two-Faced
	} {
		g.mustReject(t, 0, tc.id, nil, tc.rule)
		if got := RuleAgainst(g.Request(0, ""), tc.id); got != tc.rule {
			t.Errorf("RuleAgainst(%s) = %q, want %q", tc.id, got, tc.rule)
		}
	}
	if got := RuleAgainst(g.Request(0, ""), "no-such-command"); got != "" {
		t.Errorf("RuleAgainst of an unknown item = %q, want \"\"", got)
	}
}
