package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

// validateReports builds the report of a validate run when report flags
// ask for one: one check per input, holding the violations the console
// printed (the first rules.MaxKeptPerRule of each keyword location; the
// rest are counted in a warning) as findings of the rule the violated
// shape belongs to (validateRule), and an errored check when an input
// could not be read through, so that reports are written on every exit
// code.
type validateReports struct {
	flags reportFlags
	rep   *reports.Report
	game  string
	cur   *reports.Check
	// kinds holds the rule and basis of each finding the current check
	// keeps; past maxReportFindings a finding is kept only when it is the
	// first of its rule and basis (so that the verdict stays the
	// findings'), and dropped counts the others.
	kinds   map[string]bool
	dropped int
}

// maxReportFindings bounds the findings the report keeps of one input. The
// console's cap is per keyword location, and an input can violate
// thousands of locations: 4,096 locations of 1,000 findings each took
// gigabytes.
const maxReportFindings = 10_000

// newValidateReports starts the report of a validate run of game over
// files (nil when no report flag is given: every method is then a no-op).
func newValidateReports(flags reportFlags, game string, files []string, strict bool) *validateReports {
	v := &validateReports{flags: flags, game: game}
	if !flags.any() {
		return v
	}
	ids := map[string]bool{}
	for _, id := range validateRuleIDs(game) {
		ids[id] = true
	}
	cat := rules.Default().Select(func(r rules.Rule) bool { return ids[r.ID] })
	v.rep = reports.New(reports.Meta{Version: strings.TrimSpace(version), Kind: reports.KindValidate, Games: []string{game},
		RulesVersions: harness.RulesVersions(game), Target: strings.Join(files, " "), Started: time.Now(), Strict: strict}, cat)
	return v
}

// begin starts the check of one input.
func (v *validateReports) begin(name string) {
	if v.rep == nil {
		return
	}
	v.cur = &reports.Check{Name: name + ": every message matches its schema", Section: "Messages",
		Rules: validateRuleIDs(v.game), Evaluated: map[string]int{}}
	v.kinds, v.dropped = map[string]bool{}, 0
}

// message counts one message of kind read from the current input: the
// rule its shape belongs to was evaluated.
func (v *validateReports) message(kind string) {
	if v.cur == nil {
		return
	}
	v.cur.Evaluated[validateRule(v.game, kind, schemas.Violation{}, nil)]++
}

// violation records one printed violation of the current input as a
// finding of the rule its shape belongs to. The level is MUST: the
// report grades it by its basis (a pin's or a reading's is SHOULD unless
// --strict), as the console did.
func (v *validateReports) violation(file string, line int, kind string, vi schemas.Violation, data []byte) {
	if v.cur == nil {
		return
	}
	id := validateRule(v.game, kind, vi, data)
	v.cur.Evaluated[id]++
	basis, ref := rules.BasisDocument, ""
	if !vi.Binding() {
		basis, ref = rules.Basis(vi.Basis), vi.Ref
	}
	if ruleBasis := id + "|" + string(basis); len(v.cur.Findings) < maxReportFindings || !v.kinds[ruleBasis] {
		v.kinds[ruleBasis] = true
	} else {
		v.dropped++
		return
	}
	msg := vi.Message
	if kind != "" {
		msg = kind + ": " + msg
	}
	if vi.Keyword != "" {
		msg += " (" + vi.Keyword + ")"
	}
	f := rules.Finding{Rule: id, Level: rules.Must, Message: msg, Basis: basis, Ref: ref,
		Where: rules.Where{File: file, Line: line, Pointer: vi.InstanceLocation}, Expected: vi.Message}
	if got, ok := valueAt(data, vi.InstanceLocation); ok {
		f.Got = got
	}
	v.cur.Findings = append(v.cur.Findings, reports.Finding{Finding: f})
}

// end closes the check of the current input; capped counted what was not
// printed.
func (v *validateReports) end(capped *rules.Cap) {
	if v.cur == nil {
		return
	}
	c := *v.cur
	v.cur = nil
	c.Status = reports.Pass
	if len(c.Findings) > 0 {
		c.Status = reports.Fail
	}
	v.rep.Checks = append(v.rep.Checks, c)
	for _, n := range capped.NotKept() {
		v.rep.Warnings = append(v.rep.Warnings, fmt.Sprintf("%s: %s more violation(s) at %s, not kept", c.Name, rules.Thousands(n.Count), n.Key))
	}
	if v.dropped > 0 {
		v.rep.Warnings = append(v.rep.Warnings, fmt.Sprintf("%s: %s more violation(s) printed on the console, not kept in the report (it keeps %s of an input)",
			c.Name, rules.Thousands(v.dropped), rules.Thousands(maxReportFindings)))
	}
}

// failed records an input that could not be read through (the run could
// not be carried out: exit 3).
func (v *validateReports) failed(name, why string) {
	if v.rep == nil {
		return
	}
	v.cur = nil
	v.rep.Checks = append(v.rep.Checks, reports.Check{Name: name + ": every message matches its schema", Section: "Messages",
		Status: reports.Error, Reason: why})
}

// write writes the reports asked for; it says on stderr when it cannot.
func (v *validateReports) write(e *env) bool {
	if v.rep == nil {
		return true
	}
	v.rep.Meta.Duration = time.Since(v.rep.Meta.Started)
	v.rep.Normalize()
	if err := v.flags.write(e, v.rep); err != nil {
		fmt.Fprintf(e.stderr, "umpire validate: writing reports: %v\n", err)
		return false
	}
	return true
}

// validateRuleIDs lists the rules validateRule can name for game, sorted.
func validateRuleIDs(game string) []string {
	ids := gameOf(game).Validate.Rules()
	sort.Strings(ids)
	return ids
}

// validateRule names the rule a schema violation of a message of kind
// breaks: the rule the violated property's shape belongs to (kind "" is a
// line that is not JSON or of no known kind). A zero Violation gives the
// rule of the kind's shape as a whole. Each game's mapping is its
// part's (gamecli.ValidateRules, harness/<game>/cli). data is the message (nil: none), for a
// rule that depends on the violating value.
func validateRule(game, kind string, v schemas.Violation, data []byte) string {
	return gameOf(game).Validate.Rule(kind, violationAt(v, data))
}

// violationAt is where v is in the message data, for a game's mapping.
func violationAt(v schemas.Violation, data []byte) gamecli.ViolationPlace {
	loc := v.InstanceLocation
	missing := func(field string) bool {
		return loc == "" && v.Keyword == "required" && strings.Contains(v.Message, strconv.Quote(field))
	}
	return gamecli.ViolationPlace{Loc: loc, Document: v.Binding(), Under: func(prefix string) bool {
		return loc == prefix || strings.HasPrefix(loc, prefix+"/") || missing(prefix[1:])
	}, Text: func() (string, bool) {
		if data == nil {
			return "", false
		}
		got, ok := decodedAt(data, loc)
		s, isText := got.(string)
		return s, ok && isText
	}}
}

// maxGotBytes bounds the offending value a validate finding quotes.
const maxGotBytes = 512

// valueAt returns the value at the JSON Pointer ptr of the message data,
// as JSON (clipped to maxGotBytes), for a finding's got; ok is false when
// data is not JSON or holds nothing there.
func valueAt(data []byte, ptr string) (any, bool) {
	v, ok := decodedAt(data, ptr)
	if !ok {
		return nil, false
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, false
	}
	if len(b) > maxGotBytes {
		return string(b[:maxGotBytes]) + "…", true
	}
	return json.RawMessage(b), true
}

// decodedAt is the decoded value at the JSON Pointer ptr of data.
func decodedAt(data []byte, ptr string) (any, bool) {
	var v any
	if len(data) == 0 || json.Unmarshal(data, &v) != nil {
		return nil, false
	}
	if ptr != "" {
		for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			switch n := v.(type) {
			case map[string]any:
				var ok bool
				if v, ok = n[tok]; !ok {
					return nil, false
				}
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(n) {
					return nil, false
				}
				v = n[i]
			default:
				return nil, false
			}
		}
	}
	return v, true
}
