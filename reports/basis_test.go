package reports

import (
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// basisReport is a conform report with one check per rule: a contract rule
// (server.auth) and a document rule (raise-cap), each failing on a MUST
// finding as the check stated it, and a passing check on ante.
func basisReport(strict bool, known ...Known) *Report {
	r := New(Meta{Kind: KindConform, Games: []string{"inference"}, Strict: strict, KnownFailing: known}, rules.Default())
	fail := func(name, rule string) Check {
		return Check{Name: name, Rules: []string{rule}, Status: Fail, Findings: []Finding{{Finding: rules.Finding{
			Rule: rule, Level: rules.Must, Message: "differs", Expected: "a", Got: "b"}}}}
	}
	r.Checks = []Check{
		fail("auth", "inference/server.auth"),
		fail("cap", "inference/round.3.raise-cap"),
		{Name: "ante", Rules: []string{"inference/round.2.ante"}, Status: Pass},
	}
	r.Normalize()
	return r
}

func TestGradeInReports(t *testing.T) {
	tests := []struct {
		name     string
		strict   bool
		known    []Known
		wantAuth rules.Level
		verdict  Verdict
		stale    int
	}{
		{name: "a pin is SHOULD, the document rule fails the run", wantAuth: rules.Should, verdict: VerdictFail},
		{name: "strict keeps the pin at MUST", strict: true, wantAuth: rules.Must, verdict: VerdictFail},
		{name: "known failing document rule does not fail the run", wantAuth: rules.Should, verdict: VerdictPass,
			known: []Known{{Rule: "inference/round.3.raise-cap", Reason: "ticket 12"}}},
		{name: "a known-failing rule that passes is stale and fails the run", wantAuth: rules.Should, verdict: VerdictFail, stale: 1,
			known: []Known{{Rule: "inference/round.3.raise-cap", Reason: "ticket 12"}, {Rule: "inference/round.2.ante", Reason: "fixed since"}}},
		{name: "a listed rule no check exercised is not stale", wantAuth: rules.Should, verdict: VerdictPass,
			known: []Known{{Rule: "inference/round.3.raise-cap", Reason: "ticket 12"}, {Rule: "inference/table.seating", Reason: "unseen"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := basisReport(tt.strict, tt.known...)
			auth := r.Checks[1].Findings[0] // sorted by name: ante, auth, cap
			if auth.Level != tt.wantAuth || auth.Basis != rules.BasisContract {
				t.Errorf("server.auth finding: level %s basis %s, want %s contract", auth.Level, auth.Basis, tt.wantAuth)
			}
			if cp := r.Checks[2].Findings[0]; cp.Level != rules.Must || cp.Basis != rules.BasisDocument {
				t.Errorf("raise-cap finding: level %s basis %s, want MUST document", cp.Level, cp.Basis)
			}
			if got := r.Verdict(); got != tt.verdict {
				t.Errorf("verdict %s, want %s", got, tt.verdict)
			}
			if got := len(r.StaleKnown()); got != tt.stale {
				t.Errorf("%d stale entries, want %d", got, tt.stale)
			}
		})
	}
}

func TestMergeStrictRestoresLevels(t *testing.T) {
	r := basisReport(false)
	if r.Checks[1].Findings[0].Level != rules.Should {
		t.Fatal("setup: the pin finding is not SHOULD")
	}
	r.Meta.Strict = true
	r.Normalize()
	f := r.Checks[1].Findings[0]
	if f.Level != rules.Must || strings.Contains(f.Message, "--strict") {
		t.Errorf("after a strict regrade: %s %q", f.Level, f.Message)
	}
}

func TestReadKnown(t *testing.T) {
	cat := rules.Default()
	good := "# known failures\n\ninference/round.3.raise-cap   we allow 4 raises until 2.1\ninference/server.auth\tno tokens yet\n"
	list, err := ReadKnown(strings.NewReader(good), cat)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].Rule != "inference/round.3.raise-cap" || list[0].Reason != "we allow 4 raises until 2.1" || list[1].Reason != "no tokens yet" {
		t.Fatalf("ReadKnown = %+v", list)
	}
	for _, tt := range []struct{ name, in, want string }{
		{"unknown rule", "inference/no.such-rule because\n", "unknown rule"},
		{"no reason", "inference/round.3.raise-cap\n", "needs a reason"},
		{"listed twice", "inference/round.3.raise-cap a\ninference/round.3.raise-cap b\n", "already listed on line 1"},
		{"too large", strings.Repeat("# padding padding padding\n", MaxKnownList/20), "larger than"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadKnown(strings.NewReader(tt.in), cat)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

// TestStatsOfUnrankedMatches: matches that ended without a ranking do not
// pull the mean rank to 0, and no interval leaves its measure's range.
func TestStatsOfUnrankedMatches(t *testing.T) {
	s := statsOf("a", "random", []Match{{Seats: 6, Termination: TermHarness}, {Seats: 6, Termination: TermHarness}})
	if s.MeanRank.N != 0 || s.MeanScore.N != 0 {
		t.Errorf("unranked matches were averaged: rank %+v score %+v", s.MeanRank, s.MeanScore)
	}
	s = statsOf("a", "random", []Match{{Seats: 6, Rank: 1, Score: 0}, {Seats: 6, Rank: 6, Score: 1}, {Seats: 6, Rank: 6, Score: 0}})
	if s.MeanScore.Lo < 0 || s.MeanRank.Lo < 1 || s.MeanRank.Hi > 6 {
		t.Errorf("intervals out of range: rank %+v score %+v", s.MeanRank, s.MeanScore)
	}
}
