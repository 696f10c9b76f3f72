package legaldiff

import (
	"encoding/json"
	shared "github.com/umpire-arena/umpire/harness/legaldiff"

	"github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// CompareLegalActions compares the legal_actions a server offered (got)
// with the referee's (want, from inference.LegalFromView) item by item
// (Inference); each difference is a finding at where under the rule of its
// item (LegalRule). A second item of one action is not judged here (no
// rule of the documents names it); umpire legal --check lists it. The
// suite's legal_actions check and the proxy's judge both use it.
func CompareLegalActions(where rules.Where, want, got []inference.LegalAction) []reports.Finding {
	return CompareLegalItems(where, want, shared.Items(got))
}

// CompareLegalItems is CompareLegalActions of the items as offered (each
// one raw, undecoded): a judge holding the message compares its own bytes,
// without a round trip through decoded items.
func CompareLegalItems(where rules.Where, want []inference.LegalAction, items []json.RawMessage) []reports.Finding {
	d := Inference(want, items)
	wantOf := map[string]inference.LegalAction{}
	for _, a := range want {
		wantOf[a.Action] = a
	}
	var out []reports.Finding
	for _, a := range d.Missing {
		out = append(out, reports.NewFinding(LegalRule(a.Action), where, a, nil, "legal_actions lack the %s item the referee offers", a.Action))
	}
	differs := map[string]bool{}
	for _, f := range d.Different {
		if !differs[f.Action] {
			differs[f.Action] = true
			out = append(out, reports.NewFinding(LegalRule(f.Action), where, wantOf[f.Action], d.Offered[f.Action], "legal_actions offer a different %s item", f.Action))
		}
	}
	for _, x := range d.Extra {
		if x.Class != NotLegal {
			continue
		}
		switch x.Action {
		case inference.ActionFold, inference.ActionCall, inference.ActionRaise:
			out = append(out, reports.NewFinding(LegalRule(x.Action), where, nil, d.Offered[x.Action], "legal_actions offer a %s item the referee does not", x.Action))
		default:
			out = append(out, reports.NewFinding(LegalRule(x.Action), where, nil, d.Offered[x.Action], "legal_actions offer an unknown action %s", x.Action))
		}
	}
	return out
}

// LegalRule names the rule of each Inference legal_actions item (fold's
// for an unknown action: fold is the one always listed).
func LegalRule(action string) string {
	switch action {
	case inference.ActionCall:
		return "inference/wire.legal-actions.call"
	case inference.ActionRaise:
		return "inference/wire.legal-actions.raise"
	}
	return "inference/wire.legal-actions.fold"
}
