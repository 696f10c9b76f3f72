package probe

import (
	"encoding/json"

	"github.com/umpire-arena/umpire/harness/legaldiff"
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
	return CompareDecisionRequestRead(seat, raw, req, bangarena.ReadGaps{})
}

// CompareDecisionRequestRead is CompareDecisionRequest for a request read
// tolerantly (bangarena.ReadRequest): the items that depend on a field in
// gaps are left undecided (I-BA-L3).
func CompareDecisionRequestRead(seat int, raw []byte, req bangarena.DecisionRequest, gaps bangarena.ReadGaps) LiveCompare {
	fs, und, unchecked := baLiveCompare(baSeen{Seat: seat, Version: req.ObservationVersion, Raw: raw, Req: req, Gaps: gaps})
	return LiveCompare{Findings: fs, Undecided: len(und), Unchecked: unchecked}
}

// CompareLegalActions compares the legal_actions a server offered (got)
// with the referee's (want, from ref.LegalFromView) item by item
// (legaldiff.Inference), as the suite's legal_actions check does; each
// difference is a finding at where under the rule of its item. A second
// item of one action is not judged here (no rule of the documents names
// it); umpire legal --check lists it.
func CompareLegalActions(where rules.Where, want, got []ref.LegalAction) []reports.Finding {
	return CompareLegalItems(where, want, legaldiff.Items(got))
}

// CompareLegalItems is CompareLegalActions of the items as offered (each
// one raw, undecoded): a judge holding the message compares its own bytes,
// without a round trip through decoded items.
func CompareLegalItems(where rules.Where, want []ref.LegalAction, items []json.RawMessage) []reports.Finding {
	d := legaldiff.Inference(want, items)
	wantOf := map[string]ref.LegalAction{}
	for _, a := range want {
		wantOf[a.Action] = a
	}
	var out []reports.Finding
	for _, a := range d.Missing {
		out = append(out, finding(legalRule(a.Action), where, a, nil, "legal_actions lack the %s item the referee offers", a.Action))
	}
	differs := map[string]bool{}
	for _, f := range d.Different {
		if !differs[f.Action] {
			differs[f.Action] = true
			out = append(out, finding(legalRule(f.Action), where, wantOf[f.Action], d.Offered[f.Action], "legal_actions offer a different %s item", f.Action))
		}
	}
	for _, x := range d.Extra {
		if x.Class != legaldiff.NotLegal {
			continue
		}
		if _, known := map[string]bool{ref.ActionFold: true, ref.ActionCall: true, ref.ActionRaise: true}[x.Action]; known {
			out = append(out, finding(legalRule(x.Action), where, nil, d.Offered[x.Action], "legal_actions offer a %s item the referee does not", x.Action))
		} else {
			out = append(out, finding(legalRule(x.Action), where, nil, d.Offered[x.Action], "legal_actions offer an unknown action %s", x.Action))
		}
	}
	return out
}
