package rulebook_test

import (
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// TestBases pins the basis the catalogue gives BangArena's server and agent
// rules (a rule from WIRE.md or CLI.md rests on a pin unless it names one).
func TestBases(t *testing.T) {
	cat := rules.Default()
	for id, want := range map[string]rules.Basis{
		"bangarena/2.marshal-bonus":     rules.BasisDocument, // the seat-count numbers are §2/§6's own
		"bangarena/server.reask":        rules.BasisDocument,
		"bangarena/server.answer-shape": rules.BasisContract,
		// The documents know no process: a hang is CLI.md's, the request
		// it leaves unanswered answer-in-time's (a document rule).
		"bangarena/agent.no-hang":        rules.BasisContract,
		"bangarena/agent.answer-in-time": rules.BasisDocument,
		// §1 says to act only on the current request.
		"bangarena/agent.only-when-asked":   rules.BasisDocument,
		"bangarena/agent.command-id-unique": rules.BasisDocument,
	} {
		r, ok := cat.Lookup(id)
		if !ok || r.Basis != want {
			t.Errorf("%s: basis %q, want %q", id, r.Basis, want)
		}
	}
	// Only the room's whole log, replayed, shows a replay's departure.
	if r, _ := cat.Lookup("bangarena/server.replay"); r.Observable != rules.LogOnly || r.ObservableWhy == "" {
		t.Errorf("server.replay is %s (%q), want log-only with its reason", r.Observable, r.ObservableWhy)
	}
}

// TestClauses: the seats judge cites an item offered on a reading whose
// actionId is not the catalogue's under §13: a bundle's regrade must keep it
// SHOULD (an honest peer bundle failed bundle verify); the legal-list
// comparison's rule allows BangArena's readings and not Inference's.
func TestClauses(t *testing.T) {
	cat := rules.Default()
	if ids, _ := cat.Lookup("bangarena/13.action-ids"); !ids.Allows(rules.BasisReading, "I-BA-7") {
		t.Errorf("13.action-ids allows %v, not the reading I-BA-7 its findings rest on", ids.Clauses)
	}
	ru, _ := cat.Lookup("bangarena/server.legal-actions")
	if !ru.Allows(rules.BasisReading, "I-BA-35") || ru.Allows(rules.BasisReading, "I-INF-40") || !ru.Allows(rules.BasisDocument, "") {
		t.Errorf("server.legal-actions allows %v", ru.Clauses)
	}
}
