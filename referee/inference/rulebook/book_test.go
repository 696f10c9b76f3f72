package rulebook_test

import (
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// TestBases pins the basis and observability the catalogue gives
// Inference's rules (a rule from WIRE.md or CLI.md rests on a pin unless it
// names one; agent rules are agent-only, log rules log-only).
func TestBases(t *testing.T) {
	cat := rules.Default()
	for id, want := range map[string]rules.Basis{
		"inference/server.auth":        rules.BasisContract, // the document says nothing of tokens
		"inference/server.bad-message": rules.BasisDocument, // "answered with an error and does not consume your turn"
		"inference/protocol.log-order": rules.BasisContract,
		"inference/server.error-code":  rules.BasisContract, // the codes are WIRE.md's
		"inference/timeouts.deadline":  rules.BasisDocument, // "deadline_ms in each your_turn … authoritative"
		"inference/round.3.raise-cap":  rules.BasisDocument,
		// The documents know no process: a crash is CLI.md's, the request
		// it leaves unanswered answer-in-time's (a document rule).
		"inference/agent.no-crash":       rules.BasisContract,
		"inference/agent.answer-in-time": rules.BasisDocument,
		// The 280 limit is the document's, counting in code points WIRE.md's.
		"inference/agent.message-length":      rules.BasisDocument,
		"inference/agent.message-code-points": rules.BasisContract,
		// Unasked moves: the document only says they get an error.
		"inference/agent.only-when-asked": rules.BasisContract,
		"inference/agent.hygiene":         rules.BasisContract,
	} {
		r, ok := cat.Lookup(id)
		if !ok || r.Basis != want {
			t.Errorf("%s: basis %q, want %q", id, r.Basis, want)
		}
	}
	auth, _ := cat.Lookup("inference/server.auth")
	if l := auth.EffectiveLevel(false); l != rules.Should {
		t.Errorf("contract rule's effective level %s, want SHOULD", l)
	}
	if l := auth.EffectiveLevel(true); l != rules.Must {
		t.Errorf("contract rule's strict level %s, want MUST", l)
	}
	for id, want := range map[string]rules.Observability{
		"inference/agent.recover-after-error": rules.AgentOnly,
		"inference/log.match-start-first":     rules.LogOnly,
		"inference/protocol.deal-function":    rules.LogOnly,
		"inference/table.seating":             rules.LogOnly,
		"inference/round.3.raise-cap":         rules.Live,
	} {
		if r, _ := cat.Lookup(id); r.Observable != want {
			t.Errorf("%s: have %s, want %s", id, r.Observable, want)
		}
	}
}
