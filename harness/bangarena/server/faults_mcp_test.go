package server

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// mcpFaultRules are the faults of faults_mcp.go and the rule each breaks.
func mcpFaultRules() map[Fault]string {
	return map[Fault]string{
		FaultMCPLegalShort:      "bangarena/server.mcp-twins",
		FaultNoRulesSummary:     "bangarena/server.rules-summary",
		FaultDefaultDeadline60s: "bangarena/14.default-deadline",
	}
}

// TestFaultMCPLegalShort: with the fault on, arena_list_legal_actions
// lacks the last item observe offers; off, it lists the same items.
func TestFaultMCPLegalShort(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultMCPLegalShort}
		}
		f := newFixture(t, opts)
		c := agentsRoom(t, f, RoomConfig{})
		seat, w := f.waitDecider(c)
		rp := f.s.toolLegal(SeatInput{RoomID: c.RoomID, Seat: seat, Token: c.Tokens[seat]}, nil)
		list, ok := rp.body.(LegalList)
		if !ok || len(w.LegalActions) == 0 {
			t.Fatalf("fault on %v: arena_list_legal_actions answered %T, observe %d items", on, rp.body, len(w.LegalActions))
		}
		want := len(w.LegalActions)
		if on {
			want--
		}
		if len(list.LegalActions) != want {
			t.Fatalf("fault on %v: %d items over MCP, observe offers %d", on, len(list.LegalActions), len(w.LegalActions))
		}
	}
}

// TestFaultNoRulesSummary: with the fault on, GET /api/arena/rules answers
// 404; off, 200.
func TestFaultNoRulesSummary(t *testing.T) {
	for _, tc := range []struct {
		faults []Fault
		want   int
	}{{nil, http.StatusOK}, {[]Fault{FaultNoRulesSummary}, http.StatusNotFound}} {
		f := newFixture(t, Options{Faults: tc.faults})
		if st, body := f.do("GET", "/api/arena/rules", "", nil); st != tc.want {
			t.Errorf("faults %v: HTTP %d %s, want %d", tc.faults, st, truncate(body), tc.want)
		}
	}
}

// TestFaultDefaultDeadline60s: with the fault on, a room created without
// deadlineMs gives 60 s per decision; off, the server's default.
func TestFaultDefaultDeadline60s(t *testing.T) {
	for _, tc := range []struct {
		faults []Fault
		want   time.Duration
	}{{nil, DefaultDeadline}, {[]Fault{FaultDefaultDeadline60s}, 60 * time.Second}} {
		s, err := New(Options{Faults: tc.faults})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.defaultDeadline(); got != tc.want {
			t.Errorf("faults %v: %v, want %v", tc.faults, got, tc.want)
		}
		_ = s.Shutdown(context.Background())
	}
}
