package reports

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

var defaultAB = ABSpec{Baseline: "old", Elo0: -20, Elo1: 0, Alpha: 0.05, Beta: 0.05, Gate: GateStrict}

// TestLLRKnown checks the LLR against a value computed independently of
// this code (a published GSPRT calculator's output for these counts).
func TestLLRKnown(t *testing.T) {
	got := LLR(0, 3, 4063, 8620, 4307)
	if math.Abs(got-2.99) > 0.005 {
		t.Errorf("LLR(0, 3; L 4063, D 8620, W 4307) = %.4f, want 2.99", got)
	}
	if LLR(0, 3, 0, 0, 0) != 0 {
		t.Error("no pair must give LLR 0")
	}
	lo, hi := SPRTBounds(0.05, 0.05)
	if math.Abs(lo+2.944) > 0.001 || math.Abs(hi-2.944) > 0.001 {
		t.Errorf("bounds = %.4f, %.4f, want ∓2.944", lo, hi)
	}
}

func TestRunSPRT(t *testing.T) {
	rep := func(o float64, n int) []float64 {
		out := make([]float64, n)
		for i := range out {
			out[i] = o
		}
		return out
	}
	for _, tc := range []struct {
		name     string
		spec     ABSpec
		outcomes []float64
		want     string
		maxPairs int
	}{
		{"wins only", ABSpec{Elo0: 0, Elo1: 20, Alpha: .05, Beta: .05}, rep(1, 100), SPRTAcceptH1, 60},
		{"losses only", defaultAB, rep(0, 100), SPRTAcceptH0, 60},
		{"draws only, not-worse test", defaultAB, rep(0.5, 100), SPRTAcceptH1, 60},
		{"draws only, better test", ABSpec{Elo0: 0, Elo1: 20, Alpha: .05, Beta: .05}, rep(0.5, 100), SPRTAcceptH0, 60},
		{"too few", defaultAB, []float64{1, 0, 0.5}, SPRTUndecided, 3},
		{"none", defaultAB, nil, SPRTUndecided, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := RunSPRT(tc.spec, tc.outcomes)
			if s.Decision != tc.want || s.Pairs > tc.maxPairs {
				t.Errorf("decision %s after %d pairs (LLR %.2f), want %s within %d", s.Decision, s.Pairs, s.LLR, tc.want, tc.maxPairs)
			}
			if len(s.Trace) != s.Pairs {
				t.Errorf("trace has %d points for %d pairs", len(s.Trace), s.Pairs)
			}
		})
	}
}

// abMatches builds the matches of an A/B run from pair outcomes: seed i
// against adversary advs[i%len], score 10 for the baseline and 10+diff for
// the new agent.
func abMatches(diffs []float64, advs ...string) ([]string, []Match) {
	var seeds []string
	var ms []Match
	for i, d := range diffs {
		seed := fmt.Sprintf("s/%d", i)
		seeds = append(seeds, seed)
		adv := advs[i%len(advs)]
		ms = append(ms,
			Match{Seed: seed, Agent: "new", Side: SideNew, Adversary: adv, Seats: 4, Score: 10 + d, Termination: TermOK},
			Match{Seed: seed, Agent: "old (baseline)", Side: SideBaseline, Adversary: adv, Seats: 4, Score: 10, Termination: TermOK})
	}
	return seeds, ms
}

func TestABOf(t *testing.T) {
	seeds, ms := abMatches([]float64{3, 0, -2, 5, 1, 0}, "random", "heuristic")
	ms[2].Termination = TermHarness // seed 1 is void
	ms = ms[:len(ms)-1]             // seed 5 has no baseline: void
	ab := ABOf(defaultAB, seeds, ms)
	o := ab.Overall
	if o.Pairs != 4 || o.Void != 2 || o.Wins != 3 || o.Losses != 1 || o.Draws != 0 {
		t.Errorf("overall = %+v", o)
	}
	if math.Abs(o.MeanDiff.Value-1.75) > 1e-9 {
		t.Errorf("mean diff = %v, want 1.75", o.MeanDiff.Value)
	}
	// 3 wins, 1 loss: mean score 0.75, 400 log10(3) ≈ 190.8 Elo.
	if math.Abs(o.Elo.Value-190.85) > 0.01 || !(o.Elo.Lo < o.Elo.Value && o.Elo.Value < o.Elo.Hi) {
		t.Errorf("Elo = %+v, want 190.85 inside its interval", o.Elo)
	}
	if e := eloOf(5, 0, 0); e.Value != MaxElo || e.Hi != MaxElo {
		t.Errorf("all wins: Elo %+v, want clamped to %d", e, MaxElo)
	}
	if len(ab.Adversaries) != 2 || ab.Adversaries[0].Adversary != "heuristic" || ab.Adversaries[0].Pairs != 1 || ab.Adversaries[0].Void != 2 {
		t.Errorf("per adversary = %+v", ab.Adversaries)
	}
	// Order: by the run's seed list, whatever the order of the matches.
	rev := append([]Match(nil), ms...)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	if got := ABOf(defaultAB, seeds, rev).Overall.SPRT.Trace; fmt.Sprint(got) != fmt.Sprint(o.SPRT.Trace) {
		t.Errorf("trace depends on match order: %v vs %v", got, o.SPRT.Trace)
	}
}

func TestABExitCode(t *testing.T) {
	times := func(d float64, n int) []float64 {
		out := make([]float64, n)
		for i := range out {
			out[i] = d
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		diffs []float64
		gate  string
		shard bool
		want  int
	}{
		{"not worse", times(0, 100), GateStrict, false, ExitOK},
		{"worse", times(-1, 100), GateStrict, false, ExitFail},
		{"undecided strict", []float64{1, -1}, GateStrict, false, ExitFail},
		{"undecided lenient", []float64{1, -1}, GateLenient, false, ExitOK},
		{"worse lenient", times(-1, 100), GateLenient, false, ExitFail},
		{"shard undecided", []float64{1, -1}, GateStrict, true, ExitOK},
		{"better", times(1, 100), GateStrict, false, ExitOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seeds, ms := abMatches(tc.diffs, "random")
			spec := defaultAB
			spec.Gate = tc.gate
			r := &Report{Schema: Schema, Meta: Meta{Kind: KindCertify, Seeds: seeds, AB: &spec}, Matches: ms,
				Checks: []Check{{Name: "c", Status: Pass}}}
			if tc.shard {
				r.Meta.Shard = &Shard{K: 1, N: 2, Seeds: seeds}
			}
			if got := r.ExitCode(); got != tc.want {
				t.Errorf("exit %d, want %d (%s)", got, tc.want, r.AB().Overall.SPRT.DecisionText())
			}
			var x bytes.Buffer
			if err := WriteJUnit(&x, r); err != nil {
				t.Fatal(err)
			}
			if failed := strings.Contains(x.String(), `type="SPRT"`); failed != (tc.want == ExitFail) {
				t.Errorf("JUnit SPRT failure %v, exit %d", failed, tc.want)
			}
			// A MUST failure of the new agent fails whatever the test says.
			r.Checks = append(r.Checks, Check{Name: "d", Status: Fail})
			if got := r.ExitCode(); got != ExitFail {
				t.Errorf("with a failing check: exit %d, want 1", got)
			}
		})
	}
}

// TestABMergeSameVerdict splits an A/B run's pairs over shards and checks
// that the merge decides exactly as the whole run, which stopped at the
// first decisive prefix.
func TestABMergeSameVerdict(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	diffs := make([]float64, 300)
	for i := range diffs {
		diffs[i] = float64(rng.IntN(5) - 1) // mean +1: the new agent is better
	}
	seeds, ms := abMatches(diffs, "random", "heuristic")
	whole := RunSPRT(defaultAB, outcomesOf(diffs))
	if whole.Decision == SPRTUndecided {
		t.Fatalf("the test data does not decide: %+v", whole)
	}
	meta := Meta{Version: "t", Kind: KindCertify, Games: []string{"inference"}, Seeds: seeds, AB: &defaultAB}
	single := &Report{Schema: Schema, Meta: meta, Matches: ms[:2*whole.Pairs]}
	single.Meta.Seeds = seeds[:whole.Pairs]
	var shards []*Report
	const n = 3
	for k := 1; k <= n; k++ {
		r := &Report{Schema: Schema, Meta: meta}
		r.Meta.Shard = &Shard{K: k, N: n}
		for i, s := range seeds {
			if i%n == k-1 {
				r.Meta.Shard.Seeds = append(r.Meta.Shard.Seeds, s)
				r.Matches = append(r.Matches, ms[2*i], ms[2*i+1])
			}
		}
		// A shard's report goes through JSON, as umpire report merge reads it.
		var buf bytes.Buffer
		if err := WriteJSON(&buf, r); err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON(&buf)
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, back)
	}
	merged, err := MergeWith(fixtureCatalogue(t), shards[2], shards[0], shards[1])
	if err != nil {
		t.Fatal(err)
	}
	got, want := merged.AB().Overall.SPRT, single.AB().Overall.SPRT
	if got.Decision != want.Decision || got.Pairs != want.Pairs || got.LLR != want.LLR {
		t.Errorf("merged: %s; whole run: %s", got.DecisionText(), want.DecisionText())
	}
	// Shards with different tests are not one run.
	other := *shards[1]
	spec := defaultAB
	spec.Elo1 = 5
	other.Meta.AB = &spec
	if _, err := Merge(shards[0], &other, shards[2]); err == nil || !strings.Contains(err.Error(), "A/B") {
		t.Errorf("merging shards with different SPRTs: %v", err)
	}
}

func outcomesOf(diffs []float64) []float64 {
	out := make([]float64, len(diffs))
	for i, d := range diffs {
		out[i] = 0.5
		if d > 0 {
			out[i] = 1
		} else if d < 0 {
			out[i] = 0
		}
	}
	return out
}

// simulate runs the SPRT on synthetic pair outcomes drawn with
// P(win) = pw, P(loss) = pl (the rest draws) until it decides (or maxPairs).
func simulate(rng *rand.Rand, spec ABSpec, pw, pl float64, maxPairs int) SPRT {
	lo, hi := SPRTBounds(spec.Alpha, spec.Beta)
	s := SPRT{Decision: SPRTUndecided}
	var l, d, w int
	for s.Pairs < maxPairs {
		switch u := rng.Float64(); {
		case u < pw:
			w++
		case u < pw+pl:
			l++
		default:
			d++
		}
		s.Pairs++
		s.LLR = LLR(spec.Elo0, spec.Elo1, l, d, w)
		if s.LLR >= hi {
			s.Decision = SPRTAcceptH1
			return s
		}
		if s.LLR <= lo {
			s.Decision = SPRTAcceptH0
			return s
		}
	}
	return s
}

// TestSPRTFalseDecisions: an agent against itself (pair outcomes
// symmetric, true Elo 0) is declared worse by the not-worse test
// [-20, 0] no more often than β, and better by the better test [0, 20] no
// more often than α. Identical deterministic agents (draws only) are never
// declared worse.
func TestSPRTFalseDecisions(t *testing.T) {
	const runs = 1000
	for _, tc := range []struct {
		name   string
		spec   ABSpec
		wrong  string
		pw, pl float64
		rate   float64
	}{
		{"not-worse test, equal agents", ABSpec{Elo0: -20, Elo1: 0, Alpha: .05, Beta: .05}, SPRTAcceptH0, 0.3, 0.3, 0.05},
		{"better test, equal agents", ABSpec{Elo0: 0, Elo1: 20, Alpha: .05, Beta: .05}, SPRTAcceptH1, 0.3, 0.3, 0.05},
		{"not-worse test, few draws", ABSpec{Elo0: -20, Elo1: 0, Alpha: .05, Beta: .05}, SPRTAcceptH0, 0.45, 0.45, 0.05},
		{"identical agents", ABSpec{Elo0: -20, Elo1: 0, Alpha: .05, Beta: .05}, SPRTAcceptH0, 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			wrong, undecided, pairs := 0, 0, 0
			for range runs {
				s := simulate(rng, tc.spec, tc.pw, tc.pl, 50000)
				pairs += s.Pairs
				switch s.Decision {
				case tc.wrong:
					wrong++
				case SPRTUndecided:
					undecided++
				}
			}
			rate := float64(wrong) / runs
			se := math.Sqrt(math.Max(tc.rate*(1-tc.rate), 0.01) / runs)
			t.Logf("%s: false-decision rate %.3f (%d of %d runs, nominal %.2f), undecided %d, mean pairs %.0f", tc.name, rate, wrong, runs, tc.rate, undecided, float64(pairs)/runs)
			if rate > tc.rate+3*se {
				t.Errorf("false-decision rate %.3f above the nominal %.2f (+3 SE %.3f)", rate, tc.rate, 3*se)
			}
		})
	}
}

// TestSPRTPower: a much stronger agent (wins 80 % of pairs, loses 10 %) is
// declared better by [0, 20] within a bounded number of pairs, every time.
func TestSPRTPower(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	worst := 0
	for range 1000 {
		s := simulate(rng, ABSpec{Elo0: 0, Elo1: 20, Alpha: .05, Beta: .05}, 0.8, 0.1, 300)
		if s.Decision != SPRTAcceptH1 {
			t.Fatalf("a strong agent got %s after %d pairs", s.Decision, s.Pairs)
		}
		worst = max(worst, s.Pairs)
	}
	t.Logf("strong agent: declared better within %d pairs in 1000 runs", worst)
	if worst > 200 {
		t.Errorf("a strong agent needed %d pairs, want at most 200", worst)
	}
}

// TestMeanDiffCoverage: the 95 % interval of the mean score difference
// covers the true difference at about the nominal rate, for skewed paired
// differences and 30 pairs.
func TestMeanDiffCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	// Differences: new scores 0..40 uniformly plus a bonus of 30 one time in
	// five; baseline 0..40 uniformly. True mean difference: 6.
	const runs, n, truth = 4000, 30, 6.0
	covered := 0
	for range runs {
		ds := make([]float64, n)
		for i := range ds {
			nw := float64(rng.IntN(41))
			if rng.IntN(5) == 0 {
				nw += 30
			}
			ds[i] = nw - float64(rng.IntN(41))
		}
		ci := MeanCI(ds)
		if ci.Lo <= truth && truth <= ci.Hi {
			covered++
		}
	}
	rate := float64(covered) / runs
	t.Logf("coverage of the 95%% interval of the mean difference: %.4f (%d of %d, %d pairs each)", rate, covered, runs, n)
	if rate < 0.93 || rate > 0.97 {
		t.Errorf("coverage %.4f, want 0.95 ± 0.02", rate)
	}
}

// TestClaims: what each decision says depends on where the hypotheses lie.
func TestClaims(t *testing.T) {
	for _, tc := range []struct {
		elo0, elo1 float64
		h0, h1     string
	}{
		{-20, 0, "worse", "not worse"},
		{0, 20, "not better", "better"},
		{-5, 5, "not better", "not worse"},
		{-30, -10, "worse", "not worse"},
	} {
		for d, want := range map[string]string{SPRTAcceptH0: tc.h0, SPRTAcceptH1: tc.h1, SPRTUndecided: "undecided"} {
			if got := (SPRT{Elo0: tc.elo0, Elo1: tc.elo1, Decision: d}).Claim(); got != want {
				t.Errorf("[%v, %v] %s: claim %q, want %q", tc.elo0, tc.elo1, d, got, want)
			}
		}
	}
}

func TestABWriters(t *testing.T) {
	seeds, ms := abMatches([]float64{2, -1, 0, 3}, "random")
	r := &Report{Schema: Schema, Meta: Meta{Kind: KindCertify, Games: []string{"inference"}, Seeds: seeds, AB: &defaultAB}, Matches: ms,
		Checks: []Check{{Name: "c", Status: Pass}}}
	var md, html, js bytes.Buffer
	if err := WriteMarkdown(&md, r); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&html, r); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string][]string{
		"markdown": {"A/B against the baseline", "H0: Elo -20 (new worse), H1: Elo 0 (new not worse)", "undecided after 4 pairs", "[-2.94, 2.94]", "2 / 1 / 1"},
		"html":     {`id="ab"`, "chart-sprt", "H1: not worse", "undecided after 4 pairs"},
		"json":     {`"sprt": "undecided"`, `"sprt_claim": "undecided"`, `"llr":`, `"lower": -2.94`, `"side": "baseline"`},
	} {
		got := map[string]string{"markdown": md.String(), "html": html.String(), "json": js.String()}[name]
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s lacks %q", name, w)
			}
		}
	}
	back, err := ReadJSON(&js)
	if err != nil {
		t.Fatal(err)
	}
	if back.Meta.AB == nil || *back.Meta.AB != defaultAB || back.AB().Overall.Pairs != 4 {
		t.Errorf("the A/B spec did not survive JSON: %+v", back.Meta.AB)
	}
}
