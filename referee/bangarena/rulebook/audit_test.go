package rulebook_test

import (
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// TestBangArenaAuditBases pins the basis of each BangArena rule the re-audit
// against krug_rules@0.1.0 split or regraded (issue 26, item 3): the part a
// cited sentence says keeps the document's MUST, what umpire adds rests on
// its reading (I-BA-…) or its wire pin and is SHOULD unless strict.
func TestBangArenaAuditBases(t *testing.T) {
	cat := rules.Default()
	for _, tc := range []struct {
		id    string
		basis rules.Basis
		ref   string
	}{
		// §2 and §6 give the seat-count numbers; that extraMaxHp 1 is not
		// added on top is I-BA-1.
		{"bangarena/2.marshal-bonus", rules.BasisDocument, ""},
		{"bangarena/2.marshal-bonus-alone", rules.BasisReading, "I-BA-1"},
		// §4 "any living seat"; only Jail says "another" (§13).
		{"bangarena/4.targets", rules.BasisDocument, ""},
		{"bangarena/4.self-target", rules.BasisReading, "I-BA-33"},
		{"bangarena/5.toss", rules.BasisDocument, ""},
		// §5 copies per card; the uid form is WIRE.md's.
		{"bangarena/5.deck", rules.BasisDocument, ""},
		{"bangarena/5.uid-form", rules.BasisContract, "WIRE.md Card objects"},
		// §5 "clockwise starting with you": the direction is I-BA-15.
		{"bangarena/5.bazaar", rules.BasisDocument, ""},
		{"bangarena/5.bazaar-clockwise", rules.BasisReading, "I-BA-15"},
		// §7 "answers in turn": the order from the attacker's left is ours.
		{"bangarena/7.queue-order", rules.BasisReading, "I-BA-67"},
		// §8 suit totals; which card has which suit, and 12 spades 2–9, ours.
		{"bangarena/8.suits", rules.BasisDocument, ""},
		{"bangarena/8.card-suits", rules.BasisReading, "I-BA-2"},
		// §9 legacy's 3 cards; none outside legacy is I-BA-3.
		{"bangarena/9.kill-reward", rules.BasisDocument, ""},
		{"bangarena/9.no-kill-reward", rules.BasisReading, "I-BA-3"},
		// §11 events; their {seq, type} shape and roleMode are pins.
		{"bangarena/11.events", rules.BasisDocument, ""},
		{"bangarena/11.event-shape", rules.BasisContract, "WIRE.md Observation events"},
		{"bangarena/11.fields", rules.BasisDocument, ""},
		{"bangarena/11.role-mode", rules.BasisContract, "WIRE.md Observation fields"},
		// §12 "only the asked seat"; which seat goes first is I-BA-27.
		{"bangarena/12.decider", rules.BasisDocument, ""},
		{"bangarena/12.one-decider", rules.BasisReading, "I-BA-27"},
		// §12 "merged over"; refusing contradicting args is I-BA-25.
		{"bangarena/12.args", rules.BasisDocument, ""},
		{"bangarena/12.args-contradict", rules.BasisReading, "I-BA-25"},
		// §13 a choice's options; that they are the whole decision, and the
		// argsSchema's form, are WIRE.md's.
		{"bangarena/13.choices", rules.BasisDocument, ""},
		{"bangarena/13.choice-alone", rules.BasisContract, "WIRE.md Observation fields"},
		{"bangarena/13.args-schema", rules.BasisContract, "WIRE.md Legal items"},
		// §12 "a stale state"; refusing a newer version is I-BA-63.
		// §12 "lets the server reject" a stale decision: a permission;
		// rejecting it is I-BA-63 (issue 26).
		{"bangarena/server.stale-version", rules.BasisReading, "I-BA-63"},
		{"bangarena/server.future-version", rules.BasisReading, "I-BA-63"},
	} {
		r, ok := cat.Lookup(tc.id)
		if !ok {
			t.Errorf("no rule %s", tc.id)
			continue
		}
		if r.Basis != tc.basis || r.Ref != tc.ref {
			t.Errorf("%s rests on %s %q, want %s %q", tc.id, r.Basis, r.Ref, tc.basis, tc.ref)
		}
		want := rules.Must
		if tc.basis != rules.BasisDocument {
			want = rules.Should
		}
		if l := r.EffectiveLevel(false); l != want {
			t.Errorf("%s is %s without --strict, want %s", tc.id, l, want)
		}
		if l := r.EffectiveLevel(true); l != rules.Must {
			t.Errorf("%s is %s with --strict, want MUST", tc.id, l)
		}
	}
}
