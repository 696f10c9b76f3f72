package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestNoRulesFault: with FaultNoRules on, GET /rules/inference answers
// 404; off, 200 with the catalogue.
func TestNoRulesFault(t *testing.T) {
	for _, tc := range []struct {
		faults []Fault
		want   int
	}{{nil, http.StatusOK}, {[]Fault{FaultNoRules}, http.StatusNotFound}} {
		s, err := New(Options{Faults: tc.faults})
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/rules/inference", nil))
		if rec.Code != tc.want || (tc.want == http.StatusOK && rec.Body.Len() == 0) {
			t.Errorf("faults %v: HTTP %d (%d bytes), want %d", tc.faults, rec.Code, rec.Body.Len(), tc.want)
		}
		_ = s.Shutdown(context.Background())
	}
}

// TestDefaultRounds30Fault: with FaultDefaultRounds30 on, a match created
// without a round count has 30 rounds, one with a count keeps it; off, the
// default is 40.
func TestDefaultRounds30Fault(t *testing.T) {
	for _, tc := range []struct {
		faults []Fault
		rounds int
		want   int
	}{{nil, 0, 40}, {[]Fault{FaultDefaultRounds30}, 0, 30}, {[]Fault{FaultDefaultRounds30}, 12, 12}} {
		s, err := New(Options{Faults: tc.faults})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.defaultsFault(MatchSpec{Rounds: tc.rounds}, MatchSpec{Rounds: tc.rounds}.config()).Rounds; got != tc.want {
			t.Errorf("faults %v, rounds %d: %d rounds, want %d", tc.faults, tc.rounds, got, tc.want)
		}
		_ = s.Shutdown(context.Background())
	}
}

// TestDefaultDeadline30sFault: with FaultDefaultDeadline30s on, a match
// created without a deadline has 30 s turns, one with a deadline keeps it;
// off, the default is 10 s.
func TestDefaultDeadline30sFault(t *testing.T) {
	for _, tc := range []struct {
		faults   []Fault
		deadline int
		want     int
	}{{nil, 0, 10000}, {[]Fault{FaultDefaultDeadline30s}, 0, 30000}, {[]Fault{FaultDefaultDeadline30s}, 500, 500}} {
		s, err := New(Options{Faults: tc.faults})
		if err != nil {
			t.Fatal(err)
		}
		spec := MatchSpec{DeadlineMS: tc.deadline}
		if got := s.defaultsFault(spec, spec.config()).TurnDeadlineMS; got != tc.want {
			t.Errorf("faults %v, deadline %d: %d ms, want %d", tc.faults, tc.deadline, got, tc.want)
		}
		_ = s.Shutdown(context.Background())
	}
}
