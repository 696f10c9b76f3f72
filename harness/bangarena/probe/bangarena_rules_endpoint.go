package probe

import (
	"context"
	"fmt"
	"net/http"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/schemas"
)

// baProbeRulesSummary reads GET /api/arena/rules: §12 serves the rules
// summary there as JSON (bangarena/server.rules-summary: 200 and a JSON
// object); its fields are umpire's pin, schemas/bangarena/rules_summary.json
// (bangarena/server.rules-summary-shape, SHOULD).
func baProbeRulesSummary(ctx context.Context, t *conform.Target) conform.Result {
	status, data, err := conform.DoJSON(ctx, t, http.MethodGet, "/api/arena/rules", nil, nil)
	if err != nil {
		return conform.ProbeErr(err)
	}
	var res conform.Result
	res.Eval("bangarena/server.rules-summary")
	if status != http.StatusOK || !schemas.ValidJSON(data) || !gjson.ParseBytes(data).IsObject() {
		res.Findings = append(res.Findings, conform.NewFinding("bangarena/server.rules-summary", rules.Where{}, "HTTP 200 with a JSON object",
			fmt.Sprintf("HTTP %d %s", status, conform.Clip(data)), "GET /api/arena/rules does not serve the rules summary as JSON"))
		return res
	}
	set, err := t.Schemas()
	if err != nil {
		return conform.ProbeErr(err)
	}
	res.Eval("bangarena/server.rules-summary-shape")
	if vs := set.Validate(conform.GameBangArena, "rules_summary", data); len(vs) > 0 {
		res.Findings = append(res.Findings, conform.NewFinding("bangarena/server.rules-summary-shape", rules.Where{}, "a valid rules_summary", conform.Violations(vs),
			"the rules summary differs from umpire's pinned shape: %s", conform.Violations(vs)))
	}
	return res
}
