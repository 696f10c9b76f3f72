package probe

import (
	"bytes"
	"context"
	"fmt"
	"net/http"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

// baProbeRulesSummary reads GET /api/arena/rules: §12 serves the rules
// summary there as JSON (bangarena/server.rules-summary: 200 and a JSON
// object); its fields are umpire's pin, schemas/bangarena/rules_summary.json
// (bangarena/server.rules-summary-shape, SHOULD).
func baProbeRulesSummary(ctx context.Context, t *Target) Result {
	status, data, err := doJSON(ctx, t, http.MethodGet, "/api/arena/rules", nil, nil)
	if err != nil {
		return probeErr(err)
	}
	var res Result
	res.eval("bangarena/server.rules-summary")
	if status != http.StatusOK || !schemas.ValidJSON(data) || !gjson.ParseBytes(data).IsObject() {
		res.Findings = append(res.Findings, finding("bangarena/server.rules-summary", rules.Where{}, "HTTP 200 with a JSON object",
			fmt.Sprintf("HTTP %d %s", status, clip(data)), "GET /api/arena/rules does not serve the rules summary as JSON"))
		return res
	}
	set, err := t.schemaSet()
	if err != nil {
		return probeErr(err)
	}
	res.eval("bangarena/server.rules-summary-shape")
	if vs := set.Validate(GameBangArena, "rules_summary", data); len(vs) > 0 {
		res.Findings = append(res.Findings, finding("bangarena/server.rules-summary-shape", rules.Where{}, "a valid rules_summary", violations(vs),
			"the rules summary differs from umpire's pinned shape: %s", violations(vs)))
	}
	return res
}

// infProbeRulesServed reads GET /rules/inference, where the document says
// it is served (I-INF-R1: 200 and a non-empty body, in any form).
func infProbeRulesServed(ctx context.Context, t *Target) Result {
	status, data, err := doJSON(ctx, t, http.MethodGet, "/rules/inference", nil, nil)
	if err != nil {
		return probeErr(err)
	}
	res := Result{Evaluated: map[string]int{"inference/server.rules-served": 1}}
	if status != http.StatusOK || len(bytes.TrimSpace(data)) == 0 {
		res.Findings = []reports.Finding{finding("inference/server.rules-served", rules.Where{}, "HTTP 200 with the rules",
			fmt.Sprintf("HTTP %d %s", status, clip(data)), "GET /rules/inference does not serve the rules")}
	}
	return res
}
