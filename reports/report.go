package reports

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
)

// Schema names the version of the JSON form of a report. It changes when a
// reader of the previous version would misread the new one.
const Schema = "umpire-report/1"

// Kind is the kind of run a report describes.
type Kind string

// The kinds of run.
const (
	KindConform  Kind = "conform"
	KindCertify  Kind = "certify"
	KindVerify   Kind = "verify"
	KindValidate Kind = "validate"
	// KindLegal compares one decision's legal actions with the referee's
	// (umpire legal --check).
	KindLegal    Kind = "legal"
	KindSelftest Kind = "selftest"
	// KindProxy judges live traffic between agents and a server: both
	// sides' rules apply.
	KindProxy Kind = "proxy"
)

// Report is the result of one run of umpire, or of a merge of shard runs.
// It holds raw results only (checks and per-match records); summaries,
// coverage and statistics are derived from them on demand, so a merge of
// shards recomputes them exactly.
type Report struct {
	// Schema is always the constant Schema.
	Schema string `json:"schema"`
	// Meta describes the run.
	Meta Meta `json:"meta"`
	// Rules is the part of the rule catalogue this run was judged against,
	// sorted by id: it makes the report self-contained (rule text, level,
	// section) whatever binary later reads it.
	Rules []rules.Rule `json:"rules"`
	// Checks are the checks run, in canonical order after Normalize.
	Checks []Check `json:"checks"`
	// Matches are per-match raw results (certify, selftest, simulate-like
	// runs), in canonical order after Normalize.
	Matches []Match `json:"matches,omitempty"`
	// Warnings are remarks about the run itself (not about the target).
	Warnings []string `json:"warnings,omitempty"`
}

// Meta describes a run.
type Meta struct {
	// Version is umpire's version.
	Version string `json:"umpire_version"`
	// Kind is the kind of run.
	Kind Kind `json:"kind"`
	// Games are the games the run covers ("inference", "bangarena").
	Games []string `json:"games"`
	// RulesVersions name the rules documents and protocols judged against,
	// e.g. "inference-0.4", "krug_rules@0.1.0", "krug-decision/1".
	RulesVersions []string `json:"rules_versions"`
	// Target is what was tested: a URL, an agent command or log files.
	Target string `json:"target,omitempty"`
	// Config is the run's configuration after Redact.
	Config map[string]any `json:"config,omitempty"`
	// Seeds are all the seeds of the run, in run order (for a shard: all
	// seeds of the whole run, of which Shard.Seeds were played here).
	Seeds []string `json:"seeds,omitempty"`
	// Shard is set on the report of one shard of a sharded run.
	Shard *Shard `json:"shard,omitempty"`
	// Started is when the run began.
	Started time.Time `json:"started"`
	// Duration is the run's wall-clock time, in nanoseconds in JSON.
	Duration time.Duration `json:"duration_ns"`
	// AB is set on an A/B certification (certify --baseline): every seed
	// was played by the new agent and by the baseline (Match.Side).
	AB *ABSpec `json:"ab,omitempty"`
	// Strict says findings on umpire's readings and pins keep their MUST
	// level (--strict); otherwise they count as SHOULD (see rules.Grade).
	Strict bool `json:"strict,omitempty"`
	// KnownFailing lists the rules the target is known to break (from
	// --known-failing): their findings are reported but do not fail the
	// run, and a listed rule that now passes fails it as stale.
	KnownFailing []Known `json:"known_failing,omitempty"`
	// KnownFlaky lists the rules whose checks are retried when they fail
	// (from --known-flaky); a failure that passes on retry is reported,
	// never hidden.
	KnownFlaky []Known `json:"known_flaky,omitempty"`
}

// Known is one entry of a known-failing or known-flaky list: a rule id and
// why it is listed.
type Known struct {
	Rule   string `json:"rule"`
	Reason string `json:"reason"`
}

// Shard says which part of a sharded run a report covers.
type Shard struct {
	// K is the 1-based index of the shard, N the number of shards.
	K int `json:"k"`
	N int `json:"n"`
	// Seeds are the seeds this shard played, a subset of Meta.Seeds.
	Seeds []string `json:"seeds"`
}

// Check is one check and its verdict.
type Check struct {
	// Name is the check's stable name (unique together with Seed).
	Name string `json:"name"`
	// Section groups checks for people, e.g. "Round 3" or "§4 distance".
	Section string `json:"section,omitempty"`
	// Rules are the rule ids the check can cover (its labels); what it
	// did cover in this run is Evaluated.
	Rules []string `json:"rules"`
	// Seed is the seed of the match the check ran on, when it ran on one.
	Seed string `json:"seed,omitempty"`
	// Status is the verdict.
	Status Status `json:"status"`
	// Reason says why a check was skipped, disabled or errored. A skip
	// always has a reason.
	Reason string `json:"reason,omitempty"`
	// Duration is how long the check took, in nanoseconds in JSON.
	Duration time.Duration `json:"duration_ns"`
	// Findings are what the check observed, each with its evidence.
	Findings []Finding `json:"findings,omitempty"`
	// Evaluated counts, per rule id, the evaluations of the rule the check
	// made in this run, passed or failed: what the coverage matrix counts
	// as checked. Nil (JSON null or absent) when the producer does not
	// report evaluations; then the check covers what Rules lists.
	Evaluated map[string]int `json:"evaluated"`
	// NotExercised says, per rule of Rules the check did not evaluate, why
	// (the situation did not arise, and what was tried).
	NotExercised map[string]string `json:"not_exercised,omitempty"`
	// NotApplicable says, per rule of Rules the check did not evaluate
	// because the target does not offer what the rule is about (an
	// optional endpoint: MCP), why. A rule every check of which says so is
	// left out of the coverage headline's count, shown as not applicable.
	NotApplicable map[string]string `json:"not_applicable,omitempty"`
	// Reproduce is the command that runs this check alone again against
	// the same target, with the run's seed and flags (umpire conform
	// --check NAME …); set on the checks of a conform run that found
	// something or errored.
	Reproduce string `json:"reproduce,omitempty"`
}

// Finding is a rules.Finding with the messages exchanged around it.
type Finding struct {
	rules.Finding
	// Transcript is the exchange around the finding, oldest first.
	Transcript []Message `json:"transcript,omitempty"`
}

// NewFinding builds a finding of rule at its level in the default
// catalogue (MUST for a rule it does not know); grading by basis is the
// caller's (rules.Catalogue.Grade). The suite's checks and the legal-list
// comparisons build their findings with it.
func NewFinding(rule string, where rules.Where, expected, got any, format string, args ...any) Finding {
	lvl := rules.Must
	if r, ok := rules.Default().Lookup(rule); ok {
		lvl = r.Level
	}
	return Finding{Finding: rules.Finding{
		Rule: rule, Level: lvl, Where: where, Expected: rules.Value(expected), Got: rules.Value(got),
		Message: fmt.Sprintf(format, args...),
	}}
}

// Direction says which way a transcript message went, seen from umpire.
type Direction string

// The two directions.
const (
	Sent     Direction = "sent"
	Received Direction = "received"
)

// Message is one message of a transcript: what umpire sent or received, when,
// for which seat, and its body. Body holds the message when it is JSON; Text
// holds it otherwise (a malformed line, agent stderr). InvalidUTF8 flags a
// message whose bytes were not all UTF-8: they were replaced by U+FFFD.
type Message struct {
	Dir         Direction       `json:"dir"`
	At          time.Time       `json:"at"`
	Seat        *int            `json:"seat,omitempty"`
	Body        json.RawMessage `json:"body,omitempty"`
	Text        string          `json:"text,omitempty"`
	InvalidUTF8 bool            `json:"invalid_utf8,omitempty"`
}

// NewMessage builds a transcript message from raw bytes: Body when raw is
// valid JSON, Text otherwise. Bytes that are not UTF-8 are replaced by
// U+FFFD and the message flagged (InvalidUTF8; json.Valid does not check
// UTF-8, so a Body would otherwise carry them into report.json). Secrets
// are removed on the way in (RedactJSON, RedactString): a hello's token or
// an x-agent-token header never reaches a report. A message over
// MaxMessageBytes is kept as an excerpt (clipMessage).
func NewMessage(dir Direction, at time.Time, seat *int, raw []byte) Message {
	m := Message{Dir: dir, At: at, Seat: seat}
	if len(raw) > MaxMessageBytes {
		return clipMessage(m, raw)
	}
	s := string(raw)
	if !utf8.ValidString(s) {
		s, m.InvalidUTF8 = strings.ToValidUTF8(s, "\uFFFD"), true
	}
	if trimmed := strings.TrimSpace(s); trimmed != "" && json.Valid([]byte(trimmed)) {
		m.Body = json.RawMessage(RedactJSON([]byte(trimmed)))
	} else {
		m.Text = RedactString(s)
	}
	return m
}

// MarshalJSON keeps the report valid JSON even when Body was filled by hand
// with bytes that are not JSON (they are moved to Text) or not UTF-8 (they
// are replaced and the message flagged).
func (m Message) MarshalJSON() ([]byte, error) {
	type plain Message
	p := plain(m)
	if len(p.Body) > 0 && !utf8.Valid(p.Body) {
		p.Body, p.InvalidUTF8 = json.RawMessage(inert.JSON(p.Body)), true
	}
	if len(p.Body) > 0 && !json.Valid(p.Body) {
		p.Text = string(p.Body) + p.Text
		p.Body = nil
	}
	if !utf8.ValidString(p.Text) {
		p.Text, p.InvalidUTF8 = strings.ToValidUTF8(p.Text, "\uFFFD"), true
	}
	return json.Marshal(p)
}

// flag is the mark writers add to a message whose invalid bytes were
// replaced.
func (m Message) flag() string {
	if m.InvalidUTF8 {
		return " [invalid UTF-8 replaced]"
	}
	return ""
}

// Content returns the message as text for display.
func (m Message) Content() string {
	if len(m.Body) > 0 {
		return strings.ToValidUTF8(string(m.Body), "\uFFFD")
	}
	return m.Text
}

// Termination is how a match ended for the agent under test.
type Termination string

// The termination taxonomy. Every value but TermOK and TermHarness is the
// agent's doing; TermHarness counts umpire's own failures separately.
const (
	TermOK         Termination = "ok"
	TermTimeout    Termination = "timeout"    // missed a deadline
	TermIllegal    Termination = "illegal"    // answered with an illegal move
	TermMalformed  Termination = "malformed"  // answered with something that is not a valid message
	TermCrash      Termination = "crash"      // the process exited during the match
	TermHang       Termination = "hang"       // stopped answering altogether (watchdog)
	TermDisconnect Termination = "disconnect" // closed its connection during the match
	TermHarness    Termination = "harness-error"
)

// Terminations lists the taxonomy in display order.
func Terminations() []Termination {
	return []Termination{TermOK, TermTimeout, TermIllegal, TermMalformed, TermCrash, TermHang, TermDisconnect, TermHarness}
}

// Match is the raw result of one match for the agent under test: enough to
// recompute every statistic after a merge.
type Match struct {
	// Seed and Index identify the match (Index counts matches of one seed).
	Seed  string `json:"seed"`
	Index int    `json:"index,omitempty"`
	// Agent names the agent under test and Adversary the type of scripted
	// opponents it met (e.g. "random", "aggressive", "mixed").
	Agent     string `json:"agent"`
	Adversary string `json:"adversary"`
	// Side is SideNew or SideBaseline in an A/B run, "" otherwise.
	Side string `json:"side,omitempty"`
	// Seat is the agent's seat, Seats the number of seats.
	Seat  int `json:"seat"`
	Seats int `json:"seats"`
	// Rank is the agent's final rank (1 is best); Won is true for a win.
	Rank int  `json:"rank"`
	Won  bool `json:"won"`
	// Score is the agent's final credits (Inference) or glory (BangArena).
	Score float64 `json:"score"`
	// Termination is how the match ended for the agent.
	Termination Termination `json:"termination"`
	// Latencies are the agent's response times, one per decision, in
	// nanoseconds in JSON.
	Latencies []time.Duration `json:"latencies_ns,omitempty"`
	// SeriesOf says what Series plot, e.g. "credits per round" or "hp per turn".
	SeriesOf string `json:"series_of,omitempty"`
	// Series holds one line per seat for charts.
	Series []Series `json:"series,omitempty"`
	// Stderr is the tail of the agent's standard error, if captured.
	Stderr string `json:"stderr,omitempty"`
	// Transcript is every message of the match, oldest first, when the run
	// kept it (umpire replay); a certify run keeps only the messages
	// around each finding, in the finding.
	Transcript []Message `json:"transcript,omitempty"`
	// Duration is the match's wall-clock time, in nanoseconds in JSON.
	Duration time.Duration `json:"duration_ns"`
}

// Series is one line of a chart: a name (e.g. a seat) and its values at
// x = 0, 1, 2, … (rounds or turns).
type Series struct {
	Name   string    `json:"name"`
	Points []float64 `json:"points"`
}

// New returns an empty report for meta, holding the rules of cat for the
// games in meta.Games (all of cat when Games is empty). Give it
// ApplicableRules(meta.Kind, cat) so that the coverage matrix lists only
// what the run could have checked.
func New(meta Meta, cat *rules.Catalogue) *Report {
	r := &Report{Schema: Schema, Meta: meta}
	if cat != nil {
		if len(meta.Games) == 0 {
			r.Rules = cat.All()
		}
		for _, g := range meta.Games {
			r.Rules = append(r.Rules, cat.ForGame(g)...)
		}
	}
	sortRules(r)
	return r
}

// Applies reports whether a run of kind can check rule ru. Certification
// judges an agent: the agents' rules only. Conformance and verification
// judge a server or its logs: every rule but the agents'. Other kinds
// (selftest, validate, and a kind left empty) can meet every rule.
func Applies(kind Kind, ru rules.Rule) bool {
	agent := ru.Area() == "agent"
	switch kind {
	case KindCertify:
		return agent
	case KindConform, KindVerify:
		return !agent
	}
	return true
}

// ApplicableRules returns the rules of cat that a run of kind can check
// (see Applies).
func ApplicableRules(kind Kind, cat *rules.Catalogue) *rules.Catalogue {
	return cat.Select(func(ru rules.Rule) bool { return Applies(kind, ru) })
}

// sortRules sorts the rule list by id and drops repeated ids.
func sortRules(r *Report) {
	slices.SortStableFunc(r.Rules, func(a, b rules.Rule) int { return strings.Compare(a.ID, b.ID) })
	r.Rules = slices.CompactFunc(r.Rules, func(a, b rules.Rule) bool { return a.ID == b.ID })
}

// Rule returns the rule with id from the report's own rule list.
func (r *Report) Rule(id string) (rules.Rule, bool) {
	i, ok := slices.BinarySearchFunc(r.Rules, id, func(a rules.Rule, id string) int { return strings.Compare(a.ID, id) })
	if !ok {
		return rules.Rule{}, false
	}
	return r.Rules[i], true
}

// Normalize puts checks and matches in canonical order: by the position of
// their seed in Meta.Seeds (seedless first, unknown seeds last by name), then
// by name (checks) or index (matches). Producers call it before writing;
// Merge calls it, so a merged report orders like an unsharded one.
func (r *Report) Normalize() {
	r.grade()
	pos := make(map[string]int, len(r.Meta.Seeds))
	for i, s := range r.Meta.Seeds {
		if _, dup := pos[s]; !dup {
			pos[s] = i
		}
	}
	seedCmp := func(a, b string) int {
		if a == b {
			return 0
		}
		if a == "" || b == "" {
			return strings.Compare(a, b)
		}
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
	}
	slices.SortStableFunc(r.Checks, func(a, b Check) int {
		if c := seedCmp(a.Seed, b.Seed); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	slices.SortStableFunc(r.Matches, func(a, b Match) int {
		if c := seedCmp(a.Seed, b.Seed); c != 0 {
			return c
		}
		if a.Index != b.Index {
			return a.Index - b.Index
		}
		return sideRank(a.Side) - sideRank(b.Side)
	})
}

// sideRank orders the sides of a pair: the new agent first.
func sideRank(s string) int {
	switch s {
	case "", SideNew:
		return 0
	case SideBaseline:
		return 1
	}
	return 2
}

// Failing reports whether the check fails the run: it failed and either has
// a MUST finding or has no finding at all to say otherwise. A failed check
// whose findings are all SHOULD or INFO is a warning (see Warning).
func (c Check) Failing() bool {
	if c.Status != Fail {
		return false
	}
	if len(c.Findings) == 0 {
		return true
	}
	for _, f := range c.Findings {
		if f.Level == rules.Must && f.Known == "" {
			return true
		}
	}
	return false
}

// Warning reports whether the check failed on SHOULD or INFO findings only
// (a check that failed on known-failing findings is KnownFailing instead).
func (c Check) Warning() bool { return c.Status == Fail && !c.Failing() && !c.KnownFailing() }

// Verdict is the outcome of a whole run.
type Verdict string

// The verdicts. Their precedence, from strongest: error, fail, empty, pass.
const (
	// VerdictPass: something was checked and no MUST finding was made.
	VerdictPass Verdict = "pass"
	// VerdictFail: at least one check failed on a MUST finding.
	VerdictFail Verdict = "fail"
	// VerdictError: at least one check could not be carried out. It takes
	// precedence over fail: a run with holes in it cannot vouch for the
	// target, and the findings it did make are still listed.
	VerdictError Verdict = "error"
	// VerdictEmpty: nothing was checked (no check passed, failed or
	// errored, and no match was played). An empty run is not a pass.
	VerdictEmpty Verdict = "empty"
)

// Exit codes of the command-line contract.
const (
	ExitOK    = 0
	ExitFail  = 1
	ExitUsage = 2
	ExitError = 3
)

// Verdict returns the run's outcome; see the Verdict constants for the
// precedence.
func (r *Report) Verdict() Verdict {
	ran, failing, errored := len(r.Matches) > 0, false, false
	for _, c := range r.Checks {
		switch c.Status {
		case Pass, Fail:
			ran = true
		case Error:
			ran, errored = true, true
		}
		failing = failing || c.Failing()
	}
	failing = failing || len(r.StaleKnown()) > 0
	switch {
	case errored:
		return VerdictError
	case failing:
		return VerdictFail
	case !ran:
		return VerdictEmpty
	}
	return VerdictPass
}

// ExitCode maps the verdict to the command-line contract: pass 0, fail 1,
// error 3. An empty run exits 1: it fails (a run that checked nothing must
// not let CI through), and its report says "empty" so people can tell it
// from a target that does not conform. A passing A/B run (not a shard of
// one) exits by its SPRT: 0 when H1 ("not worse") is accepted, 1 when H0
// ("worse") is, and when undecided 1, or 0 with the lenient gate.
func (r *Report) ExitCode() int {
	switch r.Verdict() {
	case VerdictPass:
		if code := r.abExit(); code >= 0 {
			return code
		}
		return ExitOK
	case VerdictError:
		return ExitError
	}
	return ExitFail
}

// Counts are the number of checks per status, plus warnings (failed checks
// with SHOULD/INFO findings only) and known failures (failed checks excused
// by the known-failing list), both also counted under Fail, and findings
// per level.
type Counts struct {
	Disabled int `json:"disabled"`
	Skip     int `json:"skip"`
	Pass     int `json:"pass"`
	Fail     int `json:"fail"`
	Error    int `json:"error"`
	// Warnings counts failed checks whose findings are SHOULD or INFO
	// only (Check.Warning).
	Warnings int `json:"warnings"`
	// Known counts failed checks excused by the known-failing list
	// (Check.KnownFailing). Neither warnings nor known failures fail the
	// run; Failing gives the failed checks that do.
	Known int `json:"known_failing"`
	// Total is the number of checks.
	Total int `json:"total"`
	// Findings counts findings per level ("MUST", "SHOULD", "INFO").
	Findings map[rules.Level]int `json:"findings"`
}

// Of returns the count for status s.
func (c Counts) Of(s Status) int {
	return [...]int{c.Disabled, c.Skip, c.Pass, c.Fail, c.Error}[s]
}

// Counts tallies the checks.
func (r *Report) Counts() Counts {
	c := Counts{Findings: map[rules.Level]int{rules.Must: 0, rules.Should: 0, rules.Info: 0}}
	for _, ch := range r.Checks {
		c.Total++
		switch ch.Status {
		case Disabled:
			c.Disabled++
		case Skip:
			c.Skip++
		case Pass:
			c.Pass++
		case Fail:
			c.Fail++
		case Error:
			c.Error++
		}
		switch {
		case ch.Warning():
			c.Warnings++
		case ch.KnownFailing():
			c.Known++
		}
		for _, f := range ch.Findings {
			c.Findings[f.Level]++
		}
	}
	return c
}

// clip shortens s to at most n runes, marking the cut, replaces invalid
// UTF-8 and escapes control characters and bidi overrides (inert.Block).
// Writers use it on player-supplied text.
func clip(s string, n int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if utf8.RuneCountInString(s) > n {
		s = string([]rune(s)[:n]) + "…"
	}
	return inert.Block(s)
}
