package reports

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
)

func TestStatusOrderAndText(t *testing.T) {
	all := Statuses()
	for i := 1; i < len(all); i++ {
		if !(all[i-1] < all[i]) {
			t.Fatalf("%v is not below %v", all[i-1], all[i])
		}
	}
	for _, s := range all {
		b, err := s.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Status
		if err := back.UnmarshalText(b); err != nil || back != s {
			t.Fatalf("%v -> %q -> %v, %v", s, b, back, err)
		}
	}
	if _, err := Status(9).MarshalText(); err == nil {
		t.Fatal("MarshalText accepted an unknown status")
	}
	if _, err := ParseStatus("ok"); err == nil {
		t.Fatal("ParseStatus accepted \"ok\"")
	}
}

func TestWorst(t *testing.T) {
	tests := []struct {
		name string
		in   []Status
		want Status
	}{
		{"none", nil, Disabled},
		{"skip beats disabled", []Status{Disabled, Skip}, Skip},
		{"pass beats skip", []Status{Skip, Pass, Skip}, Pass},
		{"fail beats pass", []Status{Pass, Fail, Pass}, Fail},
		{"error beats fail", []Status{Fail, Error, Pass}, Error},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Worst(tc.in...); got != tc.want {
				t.Fatalf("Worst(%v) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

func TestWilson(t *testing.T) {
	// Hand-computed with z = 1.96: centre (p + z²/2n)/(1 + z²/n), half-width
	// z·sqrt(p(1-p)/n + z²/4n²)/(1 + z²/n).
	tests := []struct {
		name      string
		wins, n   int
		p, lo, hi float64
	}{
		{"8 of 10", 8, 10, 0.8, 0.4902, 0.9433},
		{"0 of 10", 0, 10, 0, 0, 0.2775},
		{"10 of 10", 10, 10, 1, 0.7225, 1},
		{"1 of 2", 1, 2, 0.5, 0.0945, 0.9055},
		{"none played", 0, 0, 0, 0, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Wilson(tc.wins, tc.n)
			if !near(got.Value, tc.p, 1e-9) || !near(got.Lo, tc.lo, 1e-4) || !near(got.Hi, tc.hi, 1e-4) || got.N != tc.n {
				t.Fatalf("Wilson(%d, %d) = %+v, want %.4f [%.4f, %.4f]", tc.wins, tc.n, got, tc.p, tc.lo, tc.hi)
			}
		})
	}
}

func TestMeanCI(t *testing.T) {
	tests := []struct {
		name         string
		xs           []float64
		mean, lo, hi float64
	}{
		// mean 3, s = sqrt(2.5) = 1.5811, t(4) = 2.7764, half = 2.7764·1.5811/√5 = 1.9632
		{"one to five", []float64{1, 2, 3, 4, 5}, 3, 1.0368, 4.9632},
		// mean 11, s = √2, t(1) = 12.7062, half = 12.7062·1.4142/1.4142 = 12.7062
		{"two values", []float64{10, 12}, 11, -1.7062, 23.7062},
		{"one value", []float64{7}, 7, 7, 7},
		{"empty", nil, 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := MeanCI(tc.xs)
			if !near(got.Value, tc.mean, 1e-9) || !near(got.Lo, tc.lo, 1e-3) || !near(got.Hi, tc.hi, 1e-3) {
				t.Fatalf("MeanCI(%v) = %+v, want %.4f [%.4f, %.4f]", tc.xs, got, tc.mean, tc.lo, tc.hi)
			}
		})
	}
}

func TestT95(t *testing.T) {
	tests := []struct {
		df   int
		want float64
	}{{1, 12.7062}, {10, 2.2281}, {30, 2.0423}, {40, 2.0211}, {60, 2.0003}, {120, 1.9799}, {100000, 1.9600}}
	for _, tc := range tests {
		if got := T95(tc.df); !near(got, tc.want, 1e-3) {
			t.Errorf("T95(%d) = %.4f, want %.4f", tc.df, got, tc.want)
		}
	}
}

func TestPercentile(t *testing.T) {
	xs := []float64{4, 1, 3, 2}
	tests := []struct {
		p, want float64
	}{
		{0, 1}, {50, 2.5}, {95, 3.85}, {100, 4}, {25, 1.75}, {-5, 1}, {120, 4},
	}
	for _, tc := range tests {
		if got := Percentile(xs, tc.p); !near(got, tc.want, 1e-9) {
			t.Errorf("Percentile(%v, %v) = %v, want %v", xs, tc.p, got, tc.want)
		}
	}
	if xs[0] != 4 {
		t.Error("Percentile sorted its argument in place")
	}
	if Percentile(nil, 50) != 0 {
		t.Error("Percentile(nil) != 0")
	}
}

func TestHistogram(t *testing.T) {
	h := NewHistogram([]float64{0.5, 1, 1.5, 2, 9, 10, 11}, []float64{1, 2, 10})
	want := []int{1, 2, 2, 2} // <1: 0.5 · [1,2): 1, 1.5 · [2,10): 2, 9 · ≥10: 10, 11
	if !reflect.DeepEqual(h.Counts, want) {
		t.Fatalf("counts = %v, want %v", h.Counts, want)
	}
}

func TestLatencyOf(t *testing.T) {
	var ds []time.Duration
	for i := 1; i <= 100; i++ {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	l := LatencyOf(ds)
	// Type 7: p50 at rank 49.5 → 50.5 ms; p95 at 94.05 → 95.05 ms; p99 at 98.01 → 99.01 ms.
	if l.Count != 100 || l.P50 != 50500*time.Microsecond || l.P95 != 95050*time.Microsecond || l.P99 != 99010*time.Microsecond || l.Max != 100*time.Millisecond {
		t.Fatalf("LatencyOf = %+v", l)
	}
	total := 0
	for _, c := range l.Histogram.Counts {
		total += c
	}
	// 1 ms..100 ms: <1: 0, [1,2): 1, [2,5): 3, [5,10): 5, [10,20): 10, [20,50): 30, [50,100): 50, [100,200): 1.
	if total != 100 || l.Histogram.Counts[0] != 0 || l.Histogram.Counts[1] != 1 || l.Histogram.Counts[6] != 50 || l.Histogram.Counts[7] != 1 {
		t.Fatalf("histogram = %v", l.Histogram.Counts)
	}
}

func TestStatsOf(t *testing.T) {
	ms := []Match{
		{Agent: "a", Adversary: "random", Rank: 1, Won: true, Score: 300, Seats: 6, Termination: TermOK, Latencies: []time.Duration{time.Millisecond}},
		{Agent: "a", Adversary: "random", Rank: 3, Score: 100, Seats: 6, Termination: TermTimeout},
		{Agent: "a", Adversary: "aggressive", Rank: 6, Score: 0, Seats: 6, Termination: TermCrash},
		{Agent: "b", Adversary: "random", Rank: 2, Score: 150, Seats: 6, Termination: TermOK},
	}
	got := StatsOf(ms)
	var keys []string
	for _, s := range got {
		keys = append(keys, s.Agent+"/"+s.Adversary)
	}
	if want := []string{"a/aggressive", "a/random", "a/all", "b/random"}; !reflect.DeepEqual(keys, want) {
		t.Fatalf("rows = %v, want %v", keys, want)
	}
	random := got[1]
	if random.Matches != 2 || random.Wins != 1 || random.WinRate.Value != 0.5 || random.MeanRank.Value != 2 || random.MeanScore.Value != 200 {
		t.Fatalf("a/random = %+v", random)
	}
	if random.Terminations[TermTimeout] != 1 || random.Terminations[TermOK] != 1 || random.Latency.Count != 1 {
		t.Fatalf("a/random terminations %v latency %+v", random.Terminations, random.Latency)
	}
	pooled := got[2]
	if pooled.Matches != 3 || pooled.Terminations[TermCrash] != 1 || !near(pooled.MeanRank.Value, 10.0/3, 1e-9) {
		t.Fatalf("a/all = %+v", pooled)
	}
	if pooled.MeanRank.Lo < 1 || pooled.MeanRank.Hi > 6 {
		t.Fatalf("mean rank interval %+v leaves 1..6", pooled.MeanRank)
	}
}

func TestVerdictAndExitCode(t *testing.T) {
	must := Finding{Finding: rules.Finding{Rule: "x", Level: rules.Must, Message: "m"}}
	should := Finding{Finding: rules.Finding{Rule: "x", Level: rules.Should, Message: "m"}}
	tests := []struct {
		name    string
		checks  []Check
		matches int
		want    Verdict
		code    int
	}{
		{"nothing at all", nil, 0, VerdictEmpty, ExitFail},
		{"only skips", []Check{{Status: Skip, Reason: "r"}, {Status: Disabled, Reason: "r"}}, 0, VerdictEmpty, ExitFail},
		{"matches but no checks", nil, 3, VerdictPass, ExitOK},
		{"one pass", []Check{{Status: Pass}, {Status: Skip, Reason: "r"}}, 0, VerdictPass, ExitOK},
		{"should-only failure warns", []Check{{Status: Pass}, {Status: Fail, Findings: []Finding{should}}}, 0, VerdictPass, ExitOK},
		{"must failure fails", []Check{{Status: Pass}, {Status: Fail, Findings: []Finding{should, must}}}, 0, VerdictFail, ExitFail},
		{"failure without findings fails", []Check{{Status: Fail}}, 0, VerdictFail, ExitFail},
		{"error beats fail", []Check{{Status: Fail, Findings: []Finding{must}}, {Status: Error, Reason: "unreachable"}}, 0, VerdictError, ExitError},
		{"error alone", []Check{{Status: Error, Reason: "unreachable"}}, 0, VerdictError, ExitError},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := &Report{Schema: Schema, Checks: tc.checks, Matches: make([]Match, tc.matches)}
			if got := r.Verdict(); got != tc.want {
				t.Fatalf("Verdict = %s, want %s", got, tc.want)
			}
			if got := r.ExitCode(); got != tc.code {
				t.Fatalf("ExitCode = %d, want %d", got, tc.code)
			}
		})
	}
}

func TestCoverage(t *testing.T) {
	cat := fixtureCatalogue(t)
	capID := ruleIDs(t, cat, "raise-cap")[0]
	amountID := ruleIDs(t, cat, "raise-amount")[0]
	anteID := ruleIDs(t, cat, "round.2.")[0]
	talkID := ruleIDs(t, cat, "round.4.")[0]
	oddID := ruleIDs(t, cat, "odd-chips")[0]
	r := New(Meta{Kind: KindConform, Games: []string{"inference"}}, cat)
	r.Checks = []Check{
		{Name: "betting", Rules: []string{capID, amountID}, Status: Fail, Findings: []Finding{{Finding: rules.Finding{Rule: capID, Level: rules.Must}}}},
		{Name: "betting again", Rules: []string{capID}, Status: Pass},
		{Name: "ante", Rules: []string{anteID}, Status: Skip, Reason: "no ante change in this match"},
		{Name: "talk", Rules: []string{talkID}, Status: Pass, Findings: []Finding{{Finding: rules.Finding{Rule: oddID, Level: rules.Should}}}},
	}
	rows := map[string]RuleCoverage{}
	for _, rc := range r.Coverage() {
		rows[rc.Rule.ID] = rc
	}
	if len(rows) != len(cat.All()) {
		t.Fatalf("%d coverage rows, want %d", len(rows), len(cat.All()))
	}
	tests := []struct {
		id      string
		covered bool
		status  Status
		checks  int
	}{
		{capID, true, Fail, 2},
		{amountID, true, Pass, 1}, // the failing check found nothing against this rule
		{anteID, true, Skip, 1},
		{oddID, true, Pass, 1}, // covered through a finding that cites it
		{ruleIDs(t, cat, "table.seats")[0], false, Disabled, 0},
	}
	for _, tc := range tests {
		rc := rows[tc.id]
		if rc.Covered != tc.covered || rc.Status != tc.status || len(rc.Checks) != tc.checks {
			t.Errorf("%s: covered %v status %v checks %v; want %v %v %d", tc.id, rc.Covered, rc.Status, rc.Checks, tc.covered, tc.status, tc.checks)
		}
	}
	if rows[capID].Findings[rules.Must] != 1 {
		t.Errorf("findings of %s = %v", capID, rows[capID].Findings)
	}
	secs := SectionsOf(r.Coverage())
	var round3 *SectionCoverage
	for i := range secs {
		if strings.HasSuffix(secs[i].Section, "Round 3") {
			round3 = &secs[i]
		}
	}
	if round3 == nil || round3.ByStatus[Fail] != 1 || round3.ByStatus[Pass] != 1 || round3.Uncovered != 0 {
		t.Fatalf("Round 3 section = %+v", round3)
	}
}

func TestCoverageOfUnknownRule(t *testing.T) {
	r := New(Meta{Kind: KindVerify}, nil)
	r.Checks = []Check{{Name: "c", Rules: []string{"zz/unknown.rule"}, Status: Pass}}
	cov := r.Coverage()
	if len(cov) != 1 || cov[0].Rule.ID != "zz/unknown.rule" || !cov[0].Covered {
		t.Fatalf("coverage = %+v", cov)
	}
}

func TestNormalize(t *testing.T) {
	r := &Report{Meta: Meta{Seeds: []string{"9", "10", "2"}}}
	r.Checks = []Check{{Name: "b", Seed: "2"}, {Name: "a", Seed: "10"}, {Name: "z"}, {Name: "a", Seed: "9"}, {Name: "c", Seed: "zz"}, {Name: "b", Seed: "10"}}
	r.Matches = []Match{{Seed: "2"}, {Seed: "9", Index: 1}, {Seed: "9"}}
	r.Normalize()
	var got []string
	for _, c := range r.Checks {
		got = append(got, c.Label())
	}
	want := []string{"z", "a [seed 9]", "a [seed 10]", "b [seed 10]", "b [seed 2]", "c [seed zz]"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("checks order %v, want %v", got, want)
	}
	if r.Matches[0].Seed != "9" || r.Matches[0].Index != 0 || r.Matches[1].Index != 1 || r.Matches[2].Seed != "2" {
		t.Fatalf("matches order %+v", r.Matches)
	}
}

func TestNewMessage(t *testing.T) {
	m := NewMessage(Received, time.Time{}, nil, []byte(" {\"type\":\"move\"}\n"))
	if string(m.Body) != `{"type":"move"}` || m.Text != "" {
		t.Fatalf("JSON line: %+v", m)
	}
	m = NewMessage(Received, time.Time{}, nil, []byte("oops \xff"))
	if m.Body != nil || m.Text != "oops \uFFFD" {
		t.Fatalf("text line: %+v", m)
	}
	hand := Message{Dir: Sent, Body: []byte("not json")}
	b, err := hand.MarshalJSON()
	if err != nil || !strings.Contains(string(b), `"text":"not json"`) {
		t.Fatalf("MarshalJSON of a non-JSON body = %s, %v", b, err)
	}
}

func TestNewKeepsRulesSortedAndUnique(t *testing.T) {
	cat := fixtureCatalogue(t)
	r := New(Meta{Kind: KindConform, Games: []string{"inference", "inference"}}, cat)
	if len(r.Rules) != len(cat.All()) {
		t.Fatalf("%d rules, want %d", len(r.Rules), len(cat.All()))
	}
	for _, ru := range cat.All() {
		if got, ok := r.Rule(ru.ID); !ok || !got.Equal(ru) {
			t.Fatalf("Rule(%s) = %+v, %v", ru.ID, got, ok)
		}
	}
	if _, ok := r.Rule("nope/x.y"); ok {
		t.Fatal("Rule found an id that is not there")
	}
}
