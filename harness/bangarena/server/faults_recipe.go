package server

import ref "github.com/umpire-arena/umpire/referee/bangarena"

// The faults added by following ARCHITECTURE.md's add-a-fault recipe, kept
// in a file of their own so that each part of the fault list has one owner.
const (
	// FaultLegalMaskShort sends legal_mask without the last item of
	// legalActions, so the alias no longer lists the same items.
	FaultLegalMaskShort Fault = "legal-mask-short"
)

// recipeFaults lists the faults of this file (appended in FaultList).
func recipeFaults() []FaultInfo {
	return []FaultInfo{
		{FaultLegalMaskShort, "bangarena/12.legal-mask", "§12 observe → DecisionRequest (+ legal_mask alias); I-BA-60", "legal_mask lacks the last item of legalActions"},
	}
}

// legalMask returns the legal_mask sent beside legal: legal itself (the
// alias of I-BA-60), or, with FaultLegalMaskShort on, legal without its
// last item.
func (s *Server) legalMask(legal []ref.LegalAction) []ref.LegalAction {
	if s.faults.on(FaultLegalMaskShort) && len(legal) > 0 {
		return legal[: len(legal)-1 : len(legal)-1]
	}
	return legal
}
