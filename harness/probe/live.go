package probe

import (
	"github.com/umpire-arena/umpire/referee/bangarena"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// This file exports the live comparisons of the suite for other judges of
// live traffic (umpire proxy), so that a relay and the suite compare a
// server's lists with the referee's in one way.

// LiveCompare is the comparison of one DecisionRequest with the referee.
type LiveCompare struct {
	// Findings carry no transcript: the caller attaches its own.
	Findings []reports.Finding
	// Undecided counts the referee's undecided commands (I-BA-L1).
	Undecided int
	// Unchecked counts offered items of undecided commands, judged
	// neither way.
	Unchecked int
}

// CompareDecisionRequest compares the legalActions a server offered seat in
// one DecisionRequest (raw, decoded as req) with the items the referee
// derives from the request's own observation (I-BA-P4), exactly as the
// suite's live check does.
func CompareDecisionRequest(seat int, raw []byte, req bangarena.DecisionRequest) LiveCompare {
	fs, und, unchecked := baLiveCompare(baSeen{Seat: seat, Version: req.ObservationVersion, Raw: raw, Req: req})
	return LiveCompare{Findings: fs, Undecided: len(und), Unchecked: unchecked}
}

// CompareLegalActions compares the legal_actions a server offered (got)
// with the referee's (want, from ref.LegalFromView) item by item, as the
// suite's legal_actions check does; each difference is a finding at where
// under the rule of its item.
func CompareLegalActions(where rules.Where, want, got []ref.LegalAction) []reports.Finding {
	var out []reports.Finding
	for _, d := range diffLegal(want, got) {
		out = append(out, finding(legalRule(d.action), where, d.want, d.got, "legal_actions %s", d.what))
	}
	return out
}
