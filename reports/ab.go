package reports

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// An A/B certification plays every match of the plan twice, once with the
// agent under test (Match.Side SideNew) and once with the baseline
// (SideBaseline), same seed, seat, table and adversaries. The two matches of
// a seed are a pair; the pair's sample is the score difference new −
// baseline, and its outcome a win, draw or loss for the new agent by the
// sign of that difference.
//
// The sequential probability ratio test runs on the pair outcomes in the
// trinomial model (losses, draws, wins scored 0, ½, 1) with logistic Elo
// hypotheses H0: Elo = Elo0 and H1: Elo = Elo1, where the expected score of
// Elo e is 1/(1+10^(−e/400)). The trinomial model fits because a pair is
// already the independent unit: each pair is one comparison of the two
// agents on one deal, and different seeds share nothing. (Fishtest's
// pentanomial model exists for game pairs whose two games, one opening with
// colours reversed, are correlated; grouping pairs of our pairs would
// correlate nothing and only coarsen the data.)

// Sides of an A/B run (Match.Side).
const (
	SideNew      = "new"
	SideBaseline = "baseline"
)

// Gates of an A/B run: what an undecided SPRT exits with.
const (
	// GateStrict: an undecided run exits 1 (the default).
	GateStrict = "strict"
	// GateLenient: an undecided run exits 0.
	GateLenient = "lenient"
)

// SPRT decisions.
const (
	// SPRTAcceptH1: H1 (Elo = Elo1) accepted: "the new agent is not worse"
	// (or "better", when Elo0 ≥ 0). Exit 0.
	SPRTAcceptH1 = "H1"
	// SPRTAcceptH0: H0 (Elo = Elo0) accepted: "the new agent is worse" (or
	// "not better", when Elo1 > 0). Exit 1.
	SPRTAcceptH0 = "H0"
	// SPRTUndecided: the LLR stayed between its bounds.
	SPRTUndecided = "undecided"
)

// ABSpec describes an A/B run (Meta.AB): the baseline and the test.
type ABSpec struct {
	// Baseline is the baseline agent (secrets removed), as Meta.Target is
	// the new one.
	Baseline string `json:"baseline"`
	// Elo0 and Elo1 are the hypotheses H0 and H1, in logistic Elo of the new
	// agent over the baseline on pair outcomes (Elo0 < Elo1).
	Elo0 float64 `json:"elo0"`
	Elo1 float64 `json:"elo1"`
	// Alpha is the probability of accepting H1 when H0 holds, Beta that of
	// accepting H0 when H1 holds.
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
	// Gate is GateStrict or GateLenient.
	Gate string `json:"gate"`
}

// Pair is one seed's two matches.
type Pair struct {
	Seed      string `json:"seed"`
	Adversary string `json:"adversary"`
	Seat      int    `json:"seat"`
	// New and Baseline are the two sides' scores; Diff is New − Baseline.
	New      float64 `json:"new"`
	Baseline float64 `json:"baseline"`
	Diff     float64 `json:"diff"`
	// Outcome is 1, 0.5 or 0: the new agent scored more, the same or less.
	Outcome float64 `json:"outcome"`
}

// SPRT is the state of a sequential probability ratio test after some pairs.
type SPRT struct {
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
	// Lower = ln(β/(1−α)) and Upper = ln((1−β)/α) are Wald's bounds.
	Lower float64 `json:"lower"`
	Upper float64 `json:"upper"`
	// LLR is the log-likelihood ratio after Pairs pairs.
	LLR float64 `json:"llr"`
	// Pairs is the number of pairs the decision rests on: the first prefix
	// whose LLR left the bounds, or every pair when it never did.
	Pairs int `json:"pairs"`
	// Decision is SPRTAcceptH1, SPRTAcceptH0 or SPRTUndecided.
	Decision string `json:"decision"`
	// Trace is the LLR after each of the first Pairs pairs.
	Trace []float64 `json:"trace,omitempty"`
}

// ABStats are the paired statistics of one adversary kind (or
// AllAdversaries).
type ABStats struct {
	Adversary string `json:"adversary"`
	// Pairs counts the pairs with both sides played to a result.
	Pairs int `json:"pairs"`
	// Void counts seeds left out: one side missing, or a harness error on
	// either side (umpire's failure is no sample of either agent).
	Void int `json:"void"`
	// Wins, Draws and Losses of the new agent, pair by pair.
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
	// MeanDiff is the mean score difference with its Student-t 95 %
	// interval.
	MeanDiff Interval `json:"mean_diff"`
	// Elo is the logistic Elo of the new agent over the baseline that the
	// mean pair score implies, with a 95 % interval (normal approximation
	// of the mean score, mapped through the Elo curve; clamped to ±MaxElo).
	Elo Interval `json:"elo"`
	// SPRT is the test on this kind's pairs alone (for AllAdversaries, on
	// every pair, in seed order: the run's verdict).
	SPRT SPRT `json:"sprt"`
}

// ABResult is the derived A/B section of a report.
type ABResult struct {
	Spec ABSpec `json:"spec"`
	// Overall is every pair; its SPRT decides the run.
	Overall ABStats `json:"overall"`
	// Adversaries has one row per adversary kind, sorted.
	Adversaries []ABStats `json:"adversaries"`
}

// AB computes the A/B section from the report's matches, or returns nil
// when the report is not of an A/B run.
func (r *Report) AB() *ABResult {
	if r.Meta.AB == nil {
		return nil
	}
	return ABOf(*r.Meta.AB, r.Meta.Seeds, r.Matches)
}

// ABOf pairs the matches by seed, in the order of seeds (seeds not listed
// follow, by name), and computes the paired statistics and tests.
func ABOf(spec ABSpec, seeds []string, matches []Match) *ABResult {
	type sides struct{ n, b *Match }
	bySeed := map[string]*sides{}
	var order []string
	for i := range matches {
		m := &matches[i]
		s := bySeed[m.Seed]
		if s == nil {
			s = &sides{}
			bySeed[m.Seed] = s
			order = append(order, m.Seed)
		}
		switch m.Side {
		case SideNew:
			s.n = m
		case SideBaseline:
			s.b = m
		}
	}
	pos := make(map[string]int, len(seeds))
	for i, s := range seeds {
		if _, dup := pos[s]; !dup {
			pos[s] = i
		}
	}
	slices.SortStableFunc(order, func(a, b string) int {
		pa, oka := pos[a]
		pb, okb := pos[b]
		switch {
		case oka && okb:
			return pa - pb
		case oka:
			return -1
		case okb:
			return 1
		}
		return strings.Compare(a, b)
	})
	var pairs []Pair
	void := map[string]int{}
	for _, seed := range order {
		s := bySeed[seed]
		if s.n == nil || s.b == nil || s.n.Termination == TermHarness || s.b.Termination == TermHarness {
			adv := ""
			if s.n != nil {
				adv = s.n.Adversary
			} else if s.b != nil {
				adv = s.b.Adversary
			}
			void[adv]++
			void[AllAdversaries]++
			continue
		}
		o, _ := PairOutcome(*s.n, *s.b)
		pairs = append(pairs, Pair{Seed: seed, Adversary: s.n.Adversary, Seat: s.n.Seat, New: s.n.Score, Baseline: s.b.Score, Diff: s.n.Score - s.b.Score, Outcome: o})
	}
	out := &ABResult{Spec: spec, Overall: abStatsOf(spec, AllAdversaries, pairs)}
	out.Overall.Void = void[AllAdversaries]
	kinds := map[string][]Pair{}
	for _, p := range pairs {
		kinds[p.Adversary] = append(kinds[p.Adversary], p)
	}
	for k := range void {
		if _, ok := kinds[k]; !ok && k != AllAdversaries && k != "" {
			kinds[k] = nil
		}
	}
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		st := abStatsOf(spec, k, kinds[k])
		st.Void = void[k]
		out.Adversaries = append(out.Adversaries, st)
	}
	return out
}

// PairOutcome returns the outcome of a pair for the new agent, 1, 0.5 or 0
// as it scored more, the same or less than the baseline; ok is false when
// the pair is void (a harness error on either side).
func PairOutcome(newSide, baseline Match) (outcome float64, ok bool) {
	if newSide.Termination == TermHarness || baseline.Termination == TermHarness {
		return 0, false
	}
	switch d := newSide.Score - baseline.Score; {
	case d > 0:
		return 1, true
	case d < 0:
		return 0, true
	}
	return 0.5, true
}

// abStatsOf computes one row from pairs in order.
func abStatsOf(spec ABSpec, adv string, pairs []Pair) ABStats {
	st := ABStats{Adversary: adv, Pairs: len(pairs)}
	diffs := make([]float64, len(pairs))
	outcomes := make([]float64, len(pairs))
	for i, p := range pairs {
		diffs[i], outcomes[i] = p.Diff, p.Outcome
		switch p.Outcome {
		case 1:
			st.Wins++
		case 0:
			st.Losses++
		default:
			st.Draws++
		}
	}
	st.MeanDiff = MeanCI(diffs)
	st.Elo = eloOf(st.Wins, st.Draws, st.Losses)
	st.SPRT = RunSPRT(spec, outcomes)
	return st
}

// eloOf estimates the Elo difference from pair results: the mean score s
// with its standard error, each mapped by −400 log10(1/s − 1).
func eloOf(w, d, l int) Interval {
	n := w + d + l
	if n == 0 {
		return Interval{}
	}
	nf := float64(n)
	s := (float64(w) + 0.5*float64(d)) / nf
	v := (float64(w)*(1-s)*(1-s) + float64(d)*(0.5-s)*(0.5-s) + float64(l)*s*s) / nf
	half := Z95 * math.Sqrt(v/nf)
	return Interval{Value: scoreElo(s), Lo: scoreElo(s - half), Hi: scoreElo(s + half), N: n}
}

// scoreElo is the inverse of EloScore, clamped to ±MaxElo.
func scoreElo(s float64) float64 {
	if s <= 0 || s >= 1 {
		if s <= 0 {
			return -MaxElo
		}
		return MaxElo
	}
	e := math.Max(-MaxElo, math.Min(MaxElo, -400*math.Log10(1/s-1)))
	if e == 0 {
		return 0 // not −0 (an even score): reports never show a negative zero
	}
	return e
}

// SPRTBounds returns Wald's bounds ln(β/(1−α)) and ln((1−β)/α).
func SPRTBounds(alpha, beta float64) (lower, upper float64) {
	return math.Log(beta / (1 - alpha)), math.Log((1 - beta) / alpha)
}

// RunSPRT runs the test on pair outcomes (1, 0.5 or 0) in order and stops
// at the first prefix whose LLR reaches a bound.
func RunSPRT(spec ABSpec, outcomes []float64) SPRT {
	s := newSPRT(spec)
	var l, d, w int
	for _, o := range outcomes {
		tallyOutcome(o, &l, &d, &w)
		s.observe(spec, l, d, w)
		s.Trace = append(s.Trace, s.LLR)
		if s.Decision != SPRTUndecided {
			break
		}
	}
	return s
}

// newSPRT is the undecided test of spec, before any pair.
func newSPRT(spec ABSpec) SPRT {
	s := SPRT{Elo0: spec.Elo0, Elo1: spec.Elo1, Alpha: spec.Alpha, Beta: spec.Beta, Decision: SPRTUndecided}
	s.Lower, s.Upper = SPRTBounds(spec.Alpha, spec.Beta)
	return s
}

// observe takes one more pair into s, l, d and w counting the losses,
// draws and wins with it, and decides once the LLR reaches a bound.
func (s *SPRT) observe(spec ABSpec, l, d, w int) {
	s.Pairs++
	s.LLR = LLR(spec.Elo0, spec.Elo1, l, d, w)
	switch {
	case s.LLR >= s.Upper:
		s.Decision = SPRTAcceptH1
	case s.LLR <= s.Lower:
		s.Decision = SPRTAcceptH0
	}
}

// tallyOutcome adds a pair's outcome for the new agent (1, 0.5 or 0) to the
// losses, draws or wins.
func tallyOutcome(o float64, l, d, w *int) {
	switch o {
	case 1:
		*w++
	case 0:
		*l++
	default:
		*d++
	}
}

// EloScore is the expected score of a logistic Elo difference e:
// 1/(1+10^(−e/400)).
func EloScore(e float64) float64 { return 1 / (1 + math.Pow(10, -e/400)) }

// LLR is the generalised log-likelihood ratio of H1 (Elo = elo1) against
// H0 (Elo = elo0) for trinomial results: with p̂ the observed frequencies of
// the scores 0, ½, 1 and, for k = 0, 1, p_k the distribution closest to p̂
// (maximum likelihood) whose mean score is s_k = EloScore(elo_k),
//
//	LLR = N Σ_i p̂_i ln(p1_i / p0_i),   p_k,i = p̂_i / (1 + λ_k (a_i − s_k)),
//
// λ_k solving Σ_i p̂_i (a_i − s_k) / (1 + λ_k (a_i − s_k)) = 0. This is the
// GSPRT of fishtest (server/fishtest/stats/LLRcalc.py, LLR with the
// "expectation" statistic, MLE_expected, and results_to_pdf's
// regularisation: a count of zero counts as 0.001), after M. Van den Bergh,
// "A practical introduction to the GSPRT"
// (http://hardy.uhasselt.be/Fishtest/). Unlike the closed-form normal
// approximation N (s1 − s0)(2s − s0 − s1)/(2σ²), it stays sound on a
// handful of pairs, where σ² is nearly zero.
func LLR(elo0, elo1 float64, losses, draws, wins int) float64 {
	if losses+draws+wins == 0 {
		return 0
	}
	reg := func(n int) float64 {
		if n == 0 {
			return 1e-3
		}
		return float64(n)
	}
	counts := [3]float64{reg(losses), reg(draws), reg(wins)}
	n := counts[0] + counts[1] + counts[2]
	var phat [3]float64
	for i, c := range counts {
		phat[i] = c / n
	}
	p0, p1 := mleExpected(phat, EloScore(elo0)), mleExpected(phat, EloScore(elo1))
	var llr float64
	for i := range phat {
		llr += phat[i] * math.Log(p1[i]/p0[i])
	}
	if math.IsNaN(llr) || math.IsInf(llr, 0) {
		return 0
	}
	return n * llr
}

// scores are the values of a loss, a draw and a win.
var scores = [3]float64{0, 0.5, 1}

// mleExpected returns the distribution on scores of mean s that is closest
// to phat in likelihood: phat_i / (1 + λ (a_i − s)), λ found by bisection
// on the strictly decreasing Σ phat_i (a_i − s)/(1 + λ (a_i − s)) within
// the interval that keeps every weight positive.
func mleExpected(phat [3]float64, s float64) [3]float64 {
	f := func(lambda float64) float64 {
		var sum float64
		for i, p := range phat {
			d := scores[i] - s
			sum += p * d / (1 + lambda*d)
		}
		return sum
	}
	lo, hi := -1/(1-s), 1/s // the weights of a win and of a loss stay positive
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid == lo || mid == hi {
			break
		}
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	lambda := lo + (hi-lo)/2
	var out [3]float64
	var total float64
	for i, p := range phat {
		out[i] = p / (1 + lambda*(scores[i]-s))
		total += out[i]
	}
	for i := range out {
		out[i] /= total
	}
	return out
}

// claims returns what accepting H0 and H1 says of the new agent: H1
// "not worse", or "better" when even H0 gives it no less than the
// baseline; H0 "worse", or "not better" when H1 gives it more.
func claims(elo0, elo1 float64) (h0, h1 string) {
	h0, h1 = "worse", "not worse"
	if elo0 >= 0 {
		h1 = "better"
	}
	if elo1 > 0 {
		h0 = "not better"
	}
	return h0, h1
}

// Hypotheses names the two hypotheses for people, e.g.
// "H0: Elo -20 (new worse), H1: Elo 0 (new not worse)".
func (s ABSpec) Hypotheses() string {
	h0, h1 := claims(s.Elo0, s.Elo1)
	return fmt.Sprintf("H0: Elo %s (new %s), H1: Elo %s (new %s)", trimElo(s.Elo0), h0, trimElo(s.Elo1), h1)
}

func trimElo(e float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", e), "0"), ".")
}

// Claim is what the decision says of the new agent: "not worse",
// "better", "worse", "not better", or "undecided".
func (s SPRT) Claim() string {
	h0, h1 := claims(s.Elo0, s.Elo1)
	switch s.Decision {
	case SPRTAcceptH1:
		return h1
	case SPRTAcceptH0:
		return h0
	}
	return SPRTUndecided
}

// Short is the decision in a few words: "H1: not worse", "undecided".
func (s SPRT) Short() string {
	if s.Decision == SPRTUndecided || s.Decision == "" {
		return SPRTUndecided
	}
	return s.Decision + ": " + s.Claim()
}

// DecisionText says what the decision means, for people.
func (s SPRT) DecisionText() string {
	switch s.Decision {
	case SPRTAcceptH1:
		return fmt.Sprintf("H1 accepted after %d pairs: the new agent is %s (Elo %s over the baseline is favoured over Elo %s, LLR %.2f ≥ %.2f)", s.Pairs, s.Claim(), trimElo(s.Elo1), trimElo(s.Elo0), s.LLR, s.Upper)
	case SPRTAcceptH0:
		return fmt.Sprintf("H0 accepted after %d pairs: the new agent is %s (Elo %s over the baseline is favoured over Elo %s, LLR %.2f ≤ %.2f)", s.Pairs, s.Claim(), trimElo(s.Elo0), trimElo(s.Elo1), s.LLR, s.Lower)
	}
	return fmt.Sprintf("undecided after %d pairs: LLR %.2f within (%.2f, %.2f)", s.Pairs, s.LLR, s.Lower, s.Upper)
}

// abExit maps an A/B report's test to an exit code, or -1 when it does not
// decide it (not an A/B run, or a shard: the test belongs to the merge).
func (r *Report) abExit() int {
	if r.Meta.AB == nil || r.Meta.Shard != nil {
		return -1
	}
	switch r.AB().Overall.SPRT.Decision {
	case SPRTAcceptH1:
		return ExitOK
	case SPRTAcceptH0:
		return ExitFail
	}
	if r.Meta.AB.Gate == GateLenient {
		return ExitOK
	}
	return ExitFail
}
