package probe

import (
	"bytes"
	"context"
	"fmt"
	"net/http"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// infProbeRulesServed reads GET /rules/inference, where the document says
// it is served (I-INF-R1: 200 and a non-empty body, in any form).
func infProbeRulesServed(ctx context.Context, t *conform.Target) conform.Result {
	status, data, err := conform.DoJSON(ctx, t, http.MethodGet, "/rules/inference", nil, nil)
	if err != nil {
		return conform.ProbeErr(err)
	}
	res := conform.Result{Evaluated: map[string]int{"inference/server.rules-served": 1}}
	if status != http.StatusOK || len(bytes.TrimSpace(data)) == 0 {
		res.Findings = []reports.Finding{conform.NewFinding("inference/server.rules-served", rules.Where{}, "HTTP 200 with the rules",
			fmt.Sprintf("HTTP %d %s", status, conform.Clip(data)), "GET /rules/inference does not serve the rules")}
	}
	return res
}
