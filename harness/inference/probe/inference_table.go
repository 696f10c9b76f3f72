package probe

import (
	"context"
	"net/http"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"

	"github.com/umpire-arena/umpire/referee/rules"
)

// infProbeTableSize asks the harness extension for tables of 2 and of 9
// seats: a table seats 3 to 8, so a server must refuse both (any status
// outside 2xx), or make a table of a size the rules allow (it answers
// with 3 to 8 seat tokens). A table of 2 or 9 seats breaks the rule
// (I-INF-P10).
func infProbeTableSize(ctx context.Context, t *conform.Target) conform.Result {
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	var res conform.Result
	for _, n := range []int{2, 9} {
		res.Eval("inference/table.size")
		status, body, err := conform.DoJSON(ctx, t, http.MethodPost, "/api/inference/matches", nil,
			map[string]any{"seats": n, "rounds": 1, "deadline_ms": 200})
		if err != nil {
			return conform.ProbeErr(err)
		}
		if status < 200 || status > 299 {
			continue // refused, as it should be
		}
		seats := 0
		if tk := gjson.GetBytes(body, "tokens"); tk.IsObject() || tk.IsArray() {
			tk.ForEach(func(_, _ gjson.Result) bool { seats++; return true })
		}
		if seats < 3 || seats > 8 {
			res.Findings = append(res.Findings, conform.NewFinding("inference/table.size", rules.Where{}, "a refusal, or a table of 3 to 8 seats",
				map[string]any{"status": status, "seat_tokens": seats},
				"asked for a table of %d seats, the server made one (HTTP %d, %d seat tokens): a table seats 3 to 8", n, status, seats))
		}
	}
	return res
}
