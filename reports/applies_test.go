package reports

import (
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// TestApplicableRules: a certify report lists the agents' rules only, a
// conformance or verify report every rule but theirs, a selftest all.
func TestApplicableRules(t *testing.T) {
	cat := rules.Default()
	count := func(kind Kind) (agent, other int) {
		r := New(Meta{Kind: kind, Games: []string{"inference"}}, ApplicableRules(kind, cat))
		for _, ru := range r.Rules {
			if ru.Area() == "agent" {
				agent++
			} else {
				other++
			}
		}
		return agent, other
	}
	tests := []struct {
		kind               Kind
		wantAgent, wantOth bool
	}{
		{KindCertify, true, false},
		{KindConform, false, true},
		{KindVerify, false, true},
		{KindSelftest, true, true},
	}
	for _, tc := range tests {
		a, o := count(tc.kind)
		if (a > 0) != tc.wantAgent || (o > 0) != tc.wantOth {
			t.Errorf("%s report: %d agent rules and %d others; want agent rules %v, others %v", tc.kind, a, o, tc.wantAgent, tc.wantOth)
		}
	}
}
