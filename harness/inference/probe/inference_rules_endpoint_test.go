package probe

import (
	"context"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/conform/conformtest"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestRulesServedOnEmbedded: GET /rules/inference is checked on the
// embedded server: served, a pass; with no-rules, a SHOULD finding of
// inference/server.rules-served (a reading, I-INF-R1).
func TestRulesServedOnEmbedded(t *testing.T) {
	check := conformtest.CheckNamed(t, conform.GameInference, "/rules/inference")
	for _, tc := range []struct {
		faults []string
		want   int
	}{{nil, 0}, {[]string{"no-rules"}, 1}} {
		e, err := conform.StartEmbedded(conform.GameInference, tc.faults)
		if err != nil {
			t.Fatal(err)
		}
		tg := &conform.Target{Game: conform.GameInference, URL: e.URL, Create: true}
		if err := tg.Validate(); err != nil {
			t.Fatal(err)
		}
		rc := conform.Run(context.Background(), tg, check)
		e.Close()
		if len(rc.Findings) != tc.want || (tc.want == 1 && (rc.Findings[0].Rule != "inference/server.rules-served" || rc.Findings[0].Level != rules.Should)) {
			t.Errorf("faults %v: have %v %v, want %d SHOULD finding(s) of inference/server.rules-served", tc.faults, rc.Status, rc.Findings, tc.want)
		}
	}
}
