package reports

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
)

// The JSON form of a report (schema "umpire-report/1") is one object:
//
//	schema    "umpire-report/1"
//	meta      run metadata (Meta): umpire_version, kind, games, rules_versions,
//	          target, config (redacted), seeds, shard {k, n, seeds}, started,
//	          duration_ns
//	rules     the rule catalogue the run was judged against ([]rules.Rule)
//	checks    per-check results (Check): name, section, rules (what the
//	          check can cover), seed, status, reason, duration_ns,
//	          evaluated {rule: count} (what it evaluated in this run; null
//	          when the producer does not say), not_exercised {rule: why},
//	          findings [{rule, level, where, expected, got, message,
//	          transcript [{dir, at, seat, body | text}]}]
//	matches   per-match raw results (Match), for statistics
//	warnings  remarks about the run itself
//	summary   derived: verdict (of the checks), headline, tone and
//	          exit_code (of the run), why, counts, known_failing, stale
//	coverage  derived: one row per rule (RuleCoverage): state checked,
//	          listed, not-exercised (with why) or not-checked
//	coverage_figures derived: per game, MUST rules checked by
//	          observability (live, log-only, agent-only)
//	stats     derived: certification statistics (AgentStats)
//	ab        derived, A/B runs: paired statistics and the SPRT (ABResult)
//
// Durations are integer nanoseconds, times RFC 3339. The derived members are
// written for readers' convenience and ignored by ReadJSON, which recomputes
// them from the raw members; a merge therefore never trusts a shard's
// arithmetic.

// Summary is the derived headline of a report.
type Summary struct {
	// Verdict is the verdict of the checks (see Report.Verdict); the
	// headline says what the run as a whole concluded, by its exit code.
	Verdict Verdict `json:"verdict"`
	Headline
	Counts Counts `json:"counts"`
	// KnownFailing lists the known-failing rules whose findings this run
	// excused, with their reasons and counts.
	KnownFailing []KnownFailure `json:"known_failing,omitempty"`
	// SPRT is the A/B test's decision, "H1", "H0" or "undecided" (A/B runs
	// only), and Claim what it says of the new agent ("not worse", …).
	SPRT  string `json:"sprt,omitempty"`
	Claim string `json:"sprt_claim,omitempty"`
	// Stale are the known-failing entries this run shows passing; they
	// fail the run (see Report.StaleKnown).
	Stale []Known `json:"stale_known_failing,omitempty"`
	// FailedRules is the compact list of the rules found broken, MUST
	// first (Report.FailedRules).
	FailedRules []FailedRule `json:"failed_rules,omitempty"`
}

// Summary returns the verdict, exit code and counts.
func (r *Report) Summary() Summary {
	s := Summary{Verdict: r.Verdict(), Headline: r.Headline(), Counts: r.Counts(), KnownFailing: r.KnownFailures(), Stale: r.StaleKnown(), FailedRules: r.FailedRules()}
	if ab := r.AB(); ab != nil {
		s.SPRT, s.Claim = ab.Overall.SPRT.Decision, ab.Overall.SPRT.Claim()
	}
	return s
}

type jsonReport struct {
	*Report
	Summary  Summary          `json:"summary"`
	Coverage []RuleCoverage   `json:"coverage"`
	Figures  []CoverageFigure `json:"coverage_figures"`
	Stats    []AgentStats     `json:"stats,omitempty"`
	AB       *ABResult        `json:"ab,omitempty"`
}

// WriteJSON writes the report, with its derived summary, coverage and
// statistics, as indented JSON, through the escaper (inert.JSON): the
// document is valid UTF-8 (json.Valid does not check it) and control
// characters and bidi overrides are \u escapes, whatever the report holds.
//
// The document is written member by member, and the checks and matches one
// at a time, so writing holds one check's JSON in memory, never the whole
// document; the bytes are those of encoding jsonReport at once.
func WriteJSON(w io.Writer, r *Report) error {
	x := inert.NewWriter(w, inert.JSONMode)
	bw := bufio.NewWriterSize(x, 64<<10)
	cov := r.Coverage()
	if err := writeJSONMembers(bw, r, cov); err != nil {
		return fmt.Errorf("reports: writing JSON: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("reports: writing JSON: %w", err)
	}
	if err := x.Close(); err != nil {
		return fmt.Errorf("reports: writing JSON: %w", err)
	}
	return nil
}

// writeJSONMembers writes the members of jsonReport in its field order,
// indented as json.Encoder with SetIndent("", "  ") would.
func writeJSONMembers(w *bufio.Writer, r *Report, cov []RuleCoverage) error {
	first := true
	member := func(name string) {
		if first {
			w.WriteString("{\n")
			first = false
		} else {
			w.WriteString(",\n")
		}
		w.WriteString(`  "` + name + `": `)
	}
	value := func(name string, v any) error {
		b, err := json.MarshalIndent(v, "  ", "  ")
		if err != nil {
			return err
		}
		member(name)
		_, err = w.Write(b)
		return err
	}
	// list writes a slice member one element at a time; a nil slice is
	// null, an empty one [], as the encoder writes them.
	list := func(name string, n int, isNil bool, elem func(i int) any) error {
		if isNil {
			return value(name, nil)
		}
		member(name)
		if n == 0 {
			_, err := w.WriteString("[]")
			return err
		}
		w.WriteString("[\n")
		for i := range n {
			b, err := json.MarshalIndent(elem(i), "    ", "  ")
			if err != nil {
				return err
			}
			w.WriteString("    ")
			w.Write(b)
			if i < n-1 {
				w.WriteString(",\n")
			}
		}
		_, err := w.WriteString("\n  ]")
		return err
	}
	if err := value("schema", r.Schema); err != nil {
		return err
	}
	if err := value("meta", r.Meta); err != nil {
		return err
	}
	if err := value("rules", r.Rules); err != nil {
		return err
	}
	if err := list("checks", len(r.Checks), r.Checks == nil, func(i int) any { return r.Checks[i] }); err != nil {
		return err
	}
	if len(r.Matches) > 0 {
		if err := list("matches", len(r.Matches), false, func(i int) any { return r.Matches[i] }); err != nil {
			return err
		}
	}
	if len(r.Warnings) > 0 {
		if err := value("warnings", r.Warnings); err != nil {
			return err
		}
	}
	if err := value("summary", r.Summary()); err != nil {
		return err
	}
	if err := value("coverage", cov); err != nil {
		return err
	}
	if err := value("coverage_figures", CoverageFigures(cov)); err != nil {
		return err
	}
	if st := r.Stats(); len(st) > 0 {
		if err := value("stats", st); err != nil {
			return err
		}
	}
	if ab := r.AB(); ab != nil {
		if err := value("ab", ab); err != nil {
			return err
		}
	}
	_, err := w.WriteString("\n}\n")
	return err
}

// Bounds Validate puts on numbers that statistics are computed from, so
// that no sum or square of them overflows.
const (
	// MaxScore bounds a match's score (credits and glory are far smaller).
	MaxScore = 1e12
	// MaxElo bounds the SPRT's hypotheses (±1000 Elo is an expected score
	// of 0.3 % or 99.7 %).
	MaxElo = 1000
)

// ErrInvalid is wrapped by the errors of ReadJSON and Validate for documents
// that are not valid reports.
var ErrInvalid = errors.New("reports: invalid report")

// MaxReportBytes is the largest report ReadJSON reads (umpire report
// merge reads every shard's report whole): a longer input is refused with
// an error naming the limit, before it is held in memory.
const MaxReportBytes = 256 << 20

// ErrTooLarge is wrapped by the error of a report longer than the limit
// it was read with.
var ErrTooLarge = errors.New("the report exceeds the limit")

// limitReader reads at most n bytes of r, then fails with an error
// wrapping ErrTooLarge that names the limit.
type limitReader struct {
	r     io.Reader
	n     int64
	limit int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		return 0, fmt.Errorf("%w of %d bytes", ErrTooLarge, l.limit)
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	k, err := l.r.Read(p)
	l.n -= int64(k)
	return k, err
}

// ReadJSON reads a report written by WriteJSON. It rejects other schemas,
// trailing data, reports over MaxReportBytes and reports that fail
// Validate. Derived members are ignored.
func ReadJSON(rd io.Reader) (*Report, error) {
	return readJSON(rd, MaxReportBytes)
}

// ReadJSONWithin is ReadJSON reading at most max bytes (capped at
// MaxReportBytes), so that several reports read together (umpire report
// merge) can be held to one budget; it also returns the bytes read.
func ReadJSONWithin(rd io.Reader, max int64) (*Report, int64, error) {
	max = min(max, MaxReportBytes)
	cr := &countReader{r: rd}
	r, err := readJSON(cr, max)
	return r, cr.n, err
}

// countReader counts the bytes read through it.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n += int64(k)
	return k, err
}

func readJSON(rd io.Reader, max int64) (*Report, error) {
	dec := json.NewDecoder(&limitReader{r: rd, n: max, limit: max})
	// Numbers in free-form members (config, expected, got) keep their exact
	// text, so big integers survive a read and a write unchanged.
	dec.UseNumber()
	var r Report
	if err := decodeReport(dec, &r); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		// More() says false on a read error: ask for a token instead.
		if errors.Is(err, ErrTooLarge) {
			return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
		}
		return nil, fmt.Errorf("%w: data after the report object", ErrInvalid)
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	sortRules(&r)
	return &r, nil
}

// decodeReport decodes one report object from dec member by member, and
// the checks and matches one at a time, so that the decoder's buffer holds
// one check, never the whole document beside its decoded form. Members are
// matched as encoding/json matches struct fields (case-insensitively, the
// last of repeated members wins); the derived members are skipped.
func decodeReport(dec *json.Decoder, r *Report) error {
	in := interner{}
	if err := delim(dec, '{'); err != nil {
		return err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		switch {
		case strings.EqualFold(key, "schema"):
			err = dec.Decode(&r.Schema)
		case strings.EqualFold(key, "meta"):
			r.Meta = Meta{}
			err = dec.Decode(&r.Meta)
		case strings.EqualFold(key, "rules"):
			r.Rules = nil
			err = dec.Decode(&r.Rules)
		case strings.EqualFold(key, "warnings"):
			r.Warnings = nil
			err = dec.Decode(&r.Warnings)
		case strings.EqualFold(key, "checks"):
			r.Checks, err = decodeList(dec, in.check)
		case strings.EqualFold(key, "matches"):
			r.Matches, err = decodeList(dec, in.match)
		default:
			var skip json.RawMessage
			err = dec.Decode(&skip)
		}
		if err != nil {
			return err
		}
	}
	return delim(dec, '}')
}

// decodeList decodes a JSON array (or null) one element at a time, handing
// each to each.
func decodeList[T any](dec *json.Decoder, each func(*T)) ([]T, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if tok == nil {
		return nil, nil
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return nil, fmt.Errorf("expected an array, got %v", tok)
	}
	out := []T{}
	for dec.More() {
		var v T
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		each(&v)
		out = append(out, v)
	}
	return out, delim(dec, ']')
}

// delim reads the delimiter want from dec.
func delim(dec *json.Decoder, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return fmt.Errorf("expected %v, got %v", want, tok)
	}
	return nil
}

// Validate checks what the model promises: the schema, a known kind, a
// reason on every skipped or disabled check, known terminations, and a
// shard within its total.
func (r *Report) Validate() error {
	var problems []string
	if r.Schema != Schema {
		problems = append(problems, fmt.Sprintf("schema is %q, want %q", r.Schema, Schema))
	}
	switch r.Meta.Kind {
	case KindConform, KindCertify, KindVerify, KindValidate, KindLegal, KindSelftest, KindProxy:
	default:
		problems = append(problems, fmt.Sprintf("unknown kind %q", r.Meta.Kind))
	}
	if s := r.Meta.Shard; s != nil && (s.N < 1 || s.K < 1 || s.K > s.N) {
		problems = append(problems, fmt.Sprintf("shard %d/%d is out of range", s.K, s.N))
	}
	for i, c := range r.Checks {
		if c.Status < Disabled || c.Status > Error {
			problems = append(problems, fmt.Sprintf("check %d (%q) has an unknown status", i+1, c.Name))
		}
		if (c.Status == Skip || c.Status == Disabled) && strings.TrimSpace(c.Reason) == "" {
			problems = append(problems, fmt.Sprintf("check %d (%q) is %v without a reason", i+1, c.Name, c.Status))
		}
	}
	known := map[Termination]bool{}
	for _, t := range Terminations() {
		known[t] = true
	}
	if ab := r.Meta.AB; ab != nil {
		if !(ab.Elo0 < ab.Elo1) || math.Abs(ab.Elo0) > MaxElo || math.Abs(ab.Elo1) > MaxElo || !(ab.Alpha > 0 && ab.Alpha < 1) || !(ab.Beta > 0 && ab.Beta < 1) {
			problems = append(problems, fmt.Sprintf("the A/B test is malformed (elo0 %v, elo1 %v, alpha %v, beta %v)", ab.Elo0, ab.Elo1, ab.Alpha, ab.Beta))
		}
	}
	for i, m := range r.Matches {
		switch m.Side {
		case "", SideNew, SideBaseline:
		default:
			problems = append(problems, fmt.Sprintf("match %d (seed %s) has unknown side %q", i+1, m.Seed, m.Side))
		}
		if math.Abs(m.Score) > MaxScore {
			problems = append(problems, fmt.Sprintf("match %d (seed %s) has a score of %g, beyond ±%g", i+1, m.Seed, m.Score, float64(MaxScore)))
		}
		if !known[m.Termination] {
			problems = append(problems, fmt.Sprintf("match %d (seed %s) has unknown termination %q", i+1, m.Seed, m.Termination))
		}
	}
	if len(problems) == 0 {
		return nil
	}
	if len(problems) > 5 {
		problems = append(problems[:5], fmt.Sprintf("and %d more", len(problems)-5))
	}
	return fmt.Errorf("%w: %s", ErrInvalid, strings.Join(problems, "; "))
}

// interner makes the strings a report repeats in every finding (rule ids,
// levels, bases, references, directions) share one copy: decoded, each is
// a string of its own, and a report of many small findings would hold
// them once per finding. It keeps at most maxInterned short strings, so a
// hostile report cannot make it grow without bound.
type interner map[string]string

const (
	maxInterned    = 1 << 14
	maxInternedLen = 128
)

func (in interner) str(s string) string {
	if s == "" || len(s) > maxInternedLen {
		return s
	}
	if t, ok := in[s]; ok {
		return t
	}
	if len(in) < maxInterned {
		in[s] = s
	}
	return s
}

func (in interner) check(c *Check) {
	for i, id := range c.Rules {
		c.Rules[i] = in.str(id)
	}
	c.Section = in.str(c.Section)
	c.Seed = in.str(c.Seed)
	for i := range c.Findings {
		f := &c.Findings[i]
		f.Rule = in.str(f.Rule)
		f.Level = rules.Level(in.str(string(f.Level)))
		f.Stated = rules.Level(in.str(string(f.Stated)))
		f.Basis = rules.Basis(in.str(string(f.Basis)))
		f.Ref = in.str(f.Ref)
		f.Known = in.str(f.Known)
		f.Where.File = in.str(f.Where.File)
		in.messages(f.Transcript)
	}
}

func (in interner) match(m *Match) {
	m.Seed = in.str(m.Seed)
	m.Agent = in.str(m.Agent)
	m.Adversary = in.str(m.Adversary)
	m.SeriesOf = in.str(m.SeriesOf)
	for i := range m.Series {
		m.Series[i].Name = in.str(m.Series[i].Name)
	}
	in.messages(m.Transcript)
}

func (in interner) messages(ms []Message) {
	for i := range ms {
		ms[i].Dir = Direction(in.str(string(ms[i].Dir)))
	}
}
