package probe

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"
)

// TestRulesSummaryHostileBody: a rules endpoint answering 8 MiB of "[" is
// a finding of server.rules-summary, not a crash of the suite (gjson's
// validation recursed once per level and overflowed the stack).
func TestRulesSummaryHostileBody(t *testing.T) {
	deep := bytes.Repeat([]byte("["), 8<<20)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(deep)
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res := baProbeRulesSummary(ctx, &conform.Target{URL: srv.URL})
	if len(res.Findings) != 1 || res.Findings[0].Rule != "bangarena/server.rules-summary" {
		t.Fatalf("want one finding of bangarena/server.rules-summary, got %+v (%s)", res.Findings, res.Reason)
	}
}
