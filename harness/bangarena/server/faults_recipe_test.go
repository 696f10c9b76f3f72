package server

import (
	"net/http"
	"testing"
)

// recipeFaultRules are the faults of faults_recipe.go and the rule each
// breaks.
func recipeFaultRules() map[Fault]string {
	return map[Fault]string{
		FaultLegalMaskShort: "bangarena/12.legal-mask",
	}
}

// TestFaultLegalMaskShort: with the fault on, observe's legal_mask lacks
// the last item of legalActions; off, it is the same list
// (bangarena/12.legal-mask).
func TestFaultLegalMaskShort(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultLegalMaskShort}
		}
		f := newFixture(t, opts)
		c := agentsRoom(t, f, RoomConfig{})
		seat, _ := f.waitDecider(c)
		st, w, body := f.observe(c.RoomID, seat, c.Tokens[seat])
		if st != http.StatusOK || len(w.LegalActions) == 0 {
			t.Fatalf("fault on %v: observe %d with %d items: %s", on, st, len(w.LegalActions), truncate(body))
		}
		same := len(w.LegalMask) == len(w.LegalActions)
		for i := 0; same && i < len(w.LegalMask); i++ {
			same = w.LegalMask[i].ActionID == w.LegalActions[i].ActionID
		}
		switch {
		case on && (same || len(w.LegalMask) != len(w.LegalActions)-1):
			t.Fatalf("fault on, but legal_mask (%d items) is not legalActions (%d) less its last", len(w.LegalMask), len(w.LegalActions))
		case !on && !same:
			t.Fatalf("fault off, yet legal_mask (%d items) differs from legalActions (%d)", len(w.LegalMask), len(w.LegalActions))
		}
	}
}
