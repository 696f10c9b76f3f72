package verify

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// maxSkipped bounds the engine events kept in case the log shows them late.
const maxSkipped = 16

// resyncWindow is how far ahead in the engine's events a log line is
// looked for when it does not match the next one.
const resyncWindow = 8

func (v *BangArenaVerifier) pop(n int) {
	v.pending = v.pending[n:]
	if len(v.pending) == 0 {
		v.pending = v.pending[:0:0]
	}
}

func (v *BangArenaVerifier) skip(e *ba.Event) {
	if len(v.skipped) == maxSkipped {
		v.skipped = v.skipped[1:]
	}
	v.skipped = append(v.skipped, canonNoSeq(e))
}

// late reports whether got is an engine event already reported missing
// (it came later than it should: one finding was enough), and forgets it.
func (v *BangArenaVerifier) late(got []byte) bool {
	for i, s := range v.skipped {
		if bytes.Equal(s, got) {
			v.skipped = append(v.skipped[:i], v.skipped[i+1:]...)
			return true
		}
	}
	return false
}

// canonNoSeq is canon without the seq: seq numbers are checked on their
// own (bangarena/log.seq), so one missing line does not shift every
// comparison after it.
// The engine's marker of private card details ("secret") is not part of
// the wire and is ignored too.
func canonNoSeq(e *ba.Event) []byte {
	c := *e
	c.Seq = 0
	b := canon(&c)
	if t := bytes.TrimSuffix(b, []byte(`,"secret":true}`)); len(t) < len(b) {
		b = append(t, '}')
	}
	return b
}

// owed holds engine events the log skipped at line, where it showed early
// instead: if they come within a few lines it was a reordering (one
// finding, in early's area), otherwise they are missing (one finding, in
// first's area).
type owed struct {
	line     int
	first    ba.Event
	early    ba.Event
	events   [][]byte
	reported bool
}

func (o *owed) take(got []byte) bool {
	for i, s := range o.events {
		if bytes.Equal(s, got) {
			o.events = append(o.events[:i], o.events[i+1:]...)
			return true
		}
	}
	return false
}

// flushOwed reports the owed events that never came as missing.
func (v *BangArenaVerifier) flushOwed() {
	o := v.owed
	if o == nil {
		return
	}
	v.owed = nil
	if len(o.events) == 0 || o.reported {
		return
	}
	area, rule := eventArea(&o.first)
	if c := missingCause(&o.first, v.causeOf(&o.first)); c != "" {
		// Missing under a named rule: the log's match is not the one the
		// rules play from here on (I-BA-V3).
		v.diverge(c, c, o.line, rawJSON(canon(&o.first)), nil,
			"the log lacks %d event(s) that %s produces here, first a %s; the replay stops", len(o.events), c, o.first.Type)
		v.stopped = true
		return
	}
	v.diverge(area, rule, o.line, rawJSON(canon(&o.first)), nil,
		"the log lacks %d event(s) the rules produce here, first a %s", len(o.events), o.first.Type)
	v.skipped = append(v.skipped, o.events...)
	if len(v.skipped) > maxSkipped {
		v.skipped = v.skipped[len(v.skipped)-maxSkipped:]
	}
}

// missing reports the engine events the log has not shown before a
// decision (or its end).
func (v *BangArenaVerifier) missing(lineNo int) {
	v.flushOwed()
	if len(v.pending) == 0 {
		return
	}
	first := &v.pending[0]
	area, rule := eventArea(first)
	v.missed += len(v.pending)
	if c := missingCause(first, v.causeOf(first)); c != "" {
		v.diverge(c, c, lineNo, rawJSON(canon(first)), nil,
			"the log lacks %d event(s) that %s produces here, first a %s; the replay stops", len(v.pending), c, first.Type)
		v.stopped = true
		return
	}
	v.diverge(area, rule, lineNo, rawJSON(canon(first)), nil,
		"the log lacks %d event(s) the rules produce here, first a %s", len(v.pending), first.Type)
	for i := range v.pending {
		v.skip(&v.pending[i])
	}
	v.pop(len(v.pending))
}

// compare matches one log event with the engine's next one, and
// resynchronises after a divergence.
func (v *BangArenaVerifier) compare(lineNo int, e *ba.Event) {
	got := canonNoSeq(e)
	if v.owed != nil {
		if v.owed.take(got) {
			// e was owed: the earlier line came early (out of order).
			area, rule := eventArea(&v.owed.early)
			v.diverge(area, rule, v.owed.line, rawJSON(canon(&v.owed.first)), rawJSON(canon(&v.owed.early)),
				"the log shows this %s event out of order, before a %s", v.owed.early.Type, v.owed.first.Type)
			v.owed.reported = true
			if len(v.owed.events) == 0 {
				v.owed = nil
			}
			return
		}
		if lineNo-v.owed.line > resyncWindow {
			v.flushOwed()
		}
	}
	if v.stopped {
		v.sum.Inconclusive++ // past an outcome the log does not settle
		return
	}
	if len(v.pending) == 0 {
		if v.late(got) {
			return
		}
		if v.public && !v.g.Over() && v.inferFailed != v.g.EventCount() {
			// Every decision is private: inferred, never a finding.
			if steps, ok := v.inferPublic(e); ok {
				v.applyPublic(steps)
				v.compare(lineNo, e)
				return
			}
			if v.publicUnsettled(lineNo, e) {
				return
			}
			v.inferFailed = v.g.EventCount()
		}
		if e.Type != "decision" && !v.public && !v.g.Over() && v.inferFailed != v.g.EventCount() {
			seat, a, ok := v.inferDecision(e)
			if !ok {
				// Not again until the engine moves on (bounded work per line).
				v.inferFailed = v.g.EventCount()
			}
			if ok {
				// The log lacks a decision; replay it and go on.
				s := seat
				v.missed++
				if !v.areas["decisions"] {
					v.areas["decisions"] = true
					v.add(rules.Finding{Rule: "bangarena/log.complete", Level: rules.Must, Where: rules.Where{Line: lineNo, Seat: &s},
						Expected: map[string]any{"type": "decision", "seat": seat, "actionId": a.ActionID}, Got: rawJSON(canon(e)),
						Message: fmt.Sprintf("the log lacks seat %d's decision before this %s event (%q fits what follows)", seat, e.Type, a.ActionID)})
				} else {
					v.sum.Repeats++
				}
				_ = v.g.Apply(seat, a.ActionID, nil)
				v.pull()
				v.pop(1) // the engine's decision event
				v.compare(lineNo, e)
				return
			}
		}
		area, rule := eventArea(e)
		what := "the rules produce no further event before the next decision"
		if v.g.Over() {
			area, rule, what = "win", "bangarena/log.complete", "the match is over"
		} else if r := waitRule(v.g); r != "" {
			// The rules hold the match for a decision the log went past:
			// that rule's outcome differs, and the replay stops (I-BA-V3).
			v.diverge(r, r, lineNo, nil, rawJSON(canon(e)), "the log shows a %s event here, but %s holds the turn for a decision first; the replay stops", e.Type, r)
			v.stopped = true
			return
		}
		v.diverge(area, rule, lineNo, nil, rawJSON(canon(e)), "the log shows a %s event here, but %s", e.Type, what)
		return
	}
	if bytes.Equal(canonNoSeq(&v.pending[0]), got) {
		v.pop(1)
		return
	}
	if v.late(got) {
		return
	}
	for j := 1; j < len(v.pending) && j <= resyncWindow; j++ {
		if bytes.Equal(canonNoSeq(&v.pending[j]), got) {
			// Either pending[:j] are missing or e came early: the next
			// lines tell (flushOwed / late).
			v.flushOwed()
			o := &owed{line: lineNo, first: v.pending[0], early: *e}
			for k := range j {
				o.events = append(o.events, canonNoSeq(&v.pending[k]))
			}
			v.owed = o
			v.missed += j
			v.pop(j + 1)
			return
		}
	}
	want := &v.pending[0]
	if v.namedOnly(want, e) {
		v.stopped = true
		v.sum.Unseen = fmt.Sprintf("line %d's %s shows other cards than the judge placed for cards nobody saw", lineNo, e.Type)
		v.sum.Inconclusive++
		return
	}
	area, rule := eventArea(want)
	cause := refineSetupCause(want, e, v.g.Cause(want.Seq))
	if want.Type == "reshuffle" && e.Type != "reshuffle" && len(v.pending) > 1 {
		// The log has no reshuffle where a draw needed one: the draw did
		// not happen as the rules make it, so the rule of the event that
		// follows (the drawing one) is charged, not the reshuffle's
		// (I-BA-V5).
		if c := v.g.Cause(v.pending[1].Seq); c != "" {
			cause = c
		}
	}
	if cause != "" {
		// The rule whose application produced the expected event is the
		// one the log broke (Game.Cause), whatever the event's type.
		area, rule = cause, cause
	}
	if want.Type == "decision" || e.Type == "decision" {
		area, rule, cause = "decisions", "bangarena/1.legal-only", ""
	}
	w, g := rawJSON(canon(want)), rawJSON(canon(e))
	diff := diffKeys(rawJSON(canonNoSeq(want)), rawJSON(canonNoSeq(e)))
	if v.public && want.Type == "decision" && e.Type == "decision" && slices.Equal(diff, []string{"observationVersion"}) {
		// Some seats' evidence (Shown.Partial): the version counts the
		// decisions of the seats it does not hold, and one that shows
		// nothing cannot be inferred. Not evidence (I-BA-V10).
		v.pop(1)
		return
	}
	if r := refineCause(want, e, cause, diff); r != cause && cause != "" {
		area, rule, cause = r, r, r
	}
	if cause == "bangarena/5.bazaar" && bazaarOtherWay(v.g, want, e) {
		// The round goes the other way: "clockwise" is increasing seat
		// order on umpire's reading (I-BA-15), not §5's own words.
		area, rule, cause = "bangarena/5.bazaar-clockwise", "bangarena/5.bazaar-clockwise", "bangarena/5.bazaar-clockwise"
	}
	if (e.Type == "kill_reward" || e.Reason == "kill_reward") && want.Type != "kill_reward" && want.Reason != "kill_reward" && v.g.Config().RoleMode != ba.ModeLegacy {
		// Cards for a kill outside legacy: §9 pays them in legacy only
		// on umpire's reading (I-BA-3), not the star's rule.
		area, rule = "bangarena/9.no-kill-reward", "bangarena/9.no-kill-reward"
		if cause != "" {
			cause = rule
		}
	}
	keys := strings.Join(diff, ", ")
	if cause != "" && v.owed != nil && !v.owed.reported && len(v.owed.events) > 0 {
		// Events owed from an earlier line never came: that is the first
		// break, and the one charged.
		v.flushOwed()
		if v.stopped {
			return
		}
	}
	if cause != "" {
		// An outcome that differs under a named rule: from here on the
		// log's match is not the one the rules play, and every later
		// comparison would charge other rules for this one break (I-BA-V3).
		v.diverge(area, rule, lineNo, w, g, "the log's %s event differs from what %s produces (%s); the replay stops", e.Type, rule, keys)
		v.stopped = true
		return
	}
	v.diverge(area, rule, lineNo, w, g, "the log's %s event differs from what the rules produce (%s)", e.Type, keys)
	v.skip(want)
	v.pop(1)
}

// diffKeys names the top-level fields in which two decoded events differ.
func diffKeys(a, b any) []string {
	ma, _ := a.(map[string]any)
	mb, _ := b.(map[string]any)
	var out []string
	for k, va := range ma {
		if vb, ok := mb[k]; !ok || fmt.Sprint(va) != fmt.Sprint(vb) {
			out = append(out, k)
		}
	}
	for k := range mb {
		if _, ok := ma[k]; !ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}
