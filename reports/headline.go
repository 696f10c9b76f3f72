package reports

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-arena/umpire/referee/rules"
)

// Tone is the colour of a run's headline. It follows the exit code alone,
// so no writer can paint a run green that exits 1.
type Tone string

// The tones, one per exit code of the contract.
const (
	// TonePass: exit 0.
	TonePass Tone = "pass"
	// ToneFail: exit 1 (a failing target, an A/B regression, an undecided
	// test under the strict gate, an empty run, a stale known-failing
	// entry).
	ToneFail Tone = "fail"
	// ToneError: exit 3 (umpire could not carry the run out).
	ToneError Tone = "error"
)

// The headline words of an A/B run that passed its checks; the SPRT
// decides them. "worse" reads REGRESSION; the other claims (ABSpec
// hypotheses) read as they are, upper-cased.
const (
	HeadlineRegression = "REGRESSION"
	HeadlineUndecided  = "UNDECIDED"
)

// Headline is the verdict of a run as every writer shows it (the console,
// Markdown, HTML, JUnit properties, the JSON summary): one word, a tone
// that follows the exit code, and the reasons a non-zero exit has that no
// failing check shows.
type Headline struct {
	// Word is PASS, FAIL, ERROR or EMPTY; for an A/B run (not a shard)
	// whose checks pass, the test's: REGRESSION, NOT WORSE, BETTER, NOT
	// BETTER or UNDECIDED.
	Word string `json:"headline"`
	// Tone is the colour: TonePass, ToneFail or ToneError by ExitCode.
	Tone     Tone `json:"tone"`
	ExitCode int  `json:"exit_code"`
	// Why are the reasons of the verdict that are not a failing check: the
	// SPRT's decision, an empty run, stale known-failing entries. A writer
	// lists them with the failures, so a run that exits non-zero never
	// shows "no failures" alone.
	Why []string `json:"why,omitempty"`
}

// ToneOf maps an exit code to its tone.
func ToneOf(exit int) Tone {
	switch exit {
	case ExitOK:
		return TonePass
	case ExitError:
		return ToneError
	}
	return ToneFail
}

// Headline derives the run's headline from its verdict and exit code:
// every writer calls it, so they agree.
func (r *Report) Headline() Headline {
	exit := r.ExitCode()
	h := Headline{ExitCode: exit, Tone: ToneOf(exit)}
	switch r.Verdict() {
	case VerdictError:
		h.Word = "ERROR"
	case VerdictFail:
		h.Word = "FAIL"
	case VerdictEmpty:
		h.Word = "EMPTY"
		h.Why = append(h.Why, "nothing was checked and no match was played: an empty run is not a pass (check the filters, the shard and the target)")
	default:
		h.Word = "PASS"
	}
	for _, k := range r.StaleKnown() {
		h.Why = append(h.Why, StaleText(k))
	}
	ab := r.AB()
	if ab == nil {
		return h
	}
	o := ab.Overall.SPRT
	if r.Meta.Shard != nil {
		h.Why = append(h.Why, "SPRT of this shard alone: "+o.DecisionText()+"; the run's test is decided on the merge of its shards")
		return h
	}
	if h.Word == "PASS" {
		h.Word = abWord(o)
	}
	why := "SPRT: " + o.DecisionText()
	if o.Decision == SPRTUndecided || o.Decision == "" {
		if r.Meta.AB.Gate == GateLenient {
			why += " (gate lenient: an undecided test exits 0)"
		} else {
			why += " (gate strict: an undecided test exits 1)"
		}
	}
	h.Why = append(h.Why, why)
	return h
}

// abWord is the headline word of an A/B test's decision.
func abWord(o SPRT) string {
	switch o.Decision {
	case SPRTAcceptH1, SPRTAcceptH0:
		if c := o.Claim(); c != "worse" {
			return strings.ToUpper(c)
		}
		return HeadlineRegression
	}
	return HeadlineUndecided
}

// String renders the headline for a console line: "REGRESSION (exit 1)".
func (h Headline) String() string { return fmt.Sprintf("%s (exit %d)", h.Word, h.ExitCode) }

// KnownFailure is one known-failing rule (Meta.KnownFailing) that this run
// shows failing as listed: its reason and how many MUST findings, in how
// many checks, it excused. Every writer shows these, with the same counts.
type KnownFailure struct {
	Rule     string `json:"rule"`
	Reason   string `json:"reason"`
	Findings int    `json:"findings"`
	Checks   int    `json:"checks"`
}

// KnownFailures lists, by rule id, the known-failing rules whose MUST
// findings this run excused.
func (r *Report) KnownFailures() []KnownFailure {
	byRule := map[string]*KnownFailure{}
	for _, c := range r.Checks {
		seen := map[string]bool{}
		for _, f := range c.Findings {
			if f.Known == "" || f.Level != rules.Must {
				continue
			}
			k := byRule[f.Rule]
			if k == nil {
				k = &KnownFailure{Rule: f.Rule, Reason: f.Known}
				byRule[f.Rule] = k
			}
			k.Findings++
			if !seen[f.Rule] {
				seen[f.Rule] = true
				k.Checks++
			}
		}
	}
	out := make([]KnownFailure, 0, len(byRule))
	for _, k := range byRule {
		out = append(out, *k)
	}
	slices.SortFunc(out, func(a, b KnownFailure) int { return strings.Compare(a.Rule, b.Rule) })
	return out
}

// Text renders the entry for people: "KNOWN FAILING rule (reason): 3
// MUST findings in 1 check".
func (k KnownFailure) Text() string {
	return fmt.Sprintf("KNOWN FAILING %s (%s): %s in %s", k.Rule, k.Reason, plural(k.Findings, "MUST finding"), plural(k.Checks, "check"))
}

// plural renders n and a noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// KnownFailing reports whether the check failed only on findings of
// known-failing rules (with SHOULD or INFO findings beside them, perhaps):
// it does not fail the run, and is shown as KNOWN FAILING, not as a
// warning.
func (c Check) KnownFailing() bool {
	if c.Status != Fail || c.Failing() {
		return false
	}
	for _, f := range c.Findings {
		if f.Level == rules.Must && f.Known != "" {
			return true
		}
	}
	return false
}

// Failing returns the failed checks that fail the run: Fail less warnings
// and known failures.
func (c Counts) Failing() int { return c.Fail - c.Warnings - c.Known }

// Text renders the counts for a console line: "18 pass, 0 fail, 1 known
// failing, 0 warn, 0 error, 0 skip" (known failing only when some are).
func (c Counts) Text() string {
	s := fmt.Sprintf("%d pass, %d fail, ", c.Pass, c.Failing())
	if c.Known > 0 {
		s += fmt.Sprintf("%d known failing, ", c.Known)
	}
	return s + fmt.Sprintf("%d warn, %d error, %d skip", c.Warnings, c.Error, c.Skip)
}

// StatusWord is a check's status for people, upper-case: PASS, FAIL, WARN
// (failed on SHOULD/INFO findings only), KNOWN FAILING, ERROR, SKIP,
// DISABLED.
func (c Check) StatusWord() string {
	switch {
	case c.KnownFailing():
		return "KNOWN FAILING"
	case c.Warning():
		return "WARN"
	}
	return strings.ToUpper(c.Status.String())
}

// statusClass is a check's status as a CSS class and table word: pass,
// fail, warn, known, error, skip, disabled.
func (c Check) statusClass() string {
	switch {
	case c.KnownFailing():
		return "known"
	case c.Warning():
		return "warn"
	}
	return c.Status.String()
}

// KnownReason returns the known-failing reason of the check's excused
// findings ("" when none).
func (c Check) KnownReason() string {
	var reasons []string
	for _, f := range c.Findings {
		if f.Level == rules.Must && f.Known != "" && !slices.Contains(reasons, f.Known) {
			reasons = append(reasons, f.Known)
		}
	}
	return strings.Join(reasons, "; ")
}

// Graded returns c with its findings graded as Normalize grades them (level
// by basis and Meta.Strict, known-failing reasons): what a console prints
// of a check as it finishes, before the report is normalised.
func (r *Report) Graded(c Check) Check {
	one := Report{Meta: r.Meta, Rules: r.Rules, Checks: []Check{c}}
	one.Checks[0].Findings = slices.Clone(c.Findings)
	one.grade()
	return one.Checks[0]
}
