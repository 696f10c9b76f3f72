package certify

import (
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// Check names of a match, in report order.
const (
	CheckLegal       = "agent-legal-answers"
	CheckDeadline    = "agent-answers-in-time"
	CheckRecover     = "agent-recovers-after-reask"
	CheckEcho        = "agent-echoes-request"
	CheckCommandIDs  = "agent-command-ids"
	CheckMessageLen  = "agent-message-length"
	CheckMessageCP   = "agent-message-code-points"
	CheckOnlyAsked   = "agent-only-when-asked"
	CheckServerError = "agent-survives-server-error"
	CheckNoCrash     = "agent-no-crash"
	CheckNoHang      = "agent-no-hang"
	CheckHygiene     = "agent-hygiene"
	CheckExit        = "agent-exits-after-end"
	CheckSurvivors   = "agent-no-survivors"
	CheckOwnSeat     = "agent-reads-own-seat-only"
	// CheckKeptSurvivors is CheckSurvivors judged once for the processes
	// kept across matches (--agent-keep), when they end.
	CheckKeptSurvivors = "agent-no-survivors (kept processes)"
	CheckHarness       = "harness"
)

// CheckDef is one check of a game: its name (one of the Check constants)
// and its rule.
type CheckDef struct {
	Name string
	Rule string
}

// CheckRules returns, for the certification checks of game, the rule each
// covers, by check name: what the conformance manifest lists for agent
// rules.
func CheckRules(game string) map[string]string {
	g, _ := gameOf(game)
	return g.CheckRules()
}

// CheckRules returns, by check name, the rule each of g's checks covers.
func (g Game) CheckRules() map[string]string {
	out := map[string]string{}
	if g.Checks == nil {
		return out
	}
	for _, d := range g.Checks() {
		out[d.Name] = d.Rule
	}
	return out
}

// checksOf lists the checks of a game in report order. Rule ids are spelled
// out so the catalogue tests see them.
func checksOf(game string) []CheckDef {
	g, ok := gameOf(game)
	if !ok || g.Checks == nil {
		return nil
	}
	return g.Checks()
}

// window is how many transcript messages a finding carries.
const window = 8

// judge collects what one match shows about the agent: findings per check,
// which checks were exercised, skip reasons, and the transcript.
type Judge struct {
	game      string
	seed      string
	seat      int
	defs      []CheckDef
	levels    map[string]rules.Level
	findings  map[string][]reports.Finding
	exercised map[string]bool
	skip      map[string]string
	errored   string // a harness failure, "" when none
	// log holds the exchange as it happened; it becomes report messages
	// only where needed (a finding's window, a replay), since building a
	// message parses and redacts it. Unless keepAll is set (a replay), only
	// the latest entries are kept: a finding carries the last window of them.
	log     []logEntry
	keepAll bool
	// bufs, when set, lends and takes back the storage of the log's copies
	// of large messages (the run's, shared by its matches).
	bufs *sync.Pool
	// chunk holds the copies of small messages, one allocation for many.
	chunk []byte
}

// maxPooled is the largest copy whose storage goes back to the pool (the
// largest message of the games' embedded servers, and its line end).
const maxPooled = 1<<20 + 1

// chunkSize is the size of a chunk of small copies.
const chunkSize = 8 << 10

// pooledMin is the size from which the log's copy of a message is kept in
// pooled storage (a request late in a match is tens of KiB).
const pooledMin = 2 << 10

// logEntry is one message of the exchange before it becomes a report message.
type logEntry struct {
	dir  reports.Direction
	at   time.Time
	raw  []byte
	note string
	// owned is set when raw is the log's own copy (its storage may go
	// back to the pool once the entry is dropped).
	owned bool
}

// message renders a log entry as a transcript message.
func (j *Judge) message(e logEntry) reports.Message {
	if e.note != "" {
		return reports.Message{Dir: e.dir, At: e.at, Text: "umpire: " + e.note}
	}
	return reports.NewMessage(e.dir, e.at, rules.IntPtr(j.seat), e.raw)
}

// transcript renders the whole exchange.
func (j *Judge) transcript() []reports.Message {
	out := make([]reports.Message, len(j.log))
	for i, e := range j.log {
		out[i] = j.message(e)
	}
	return out
}

func newJudge(cat *rules.Catalogue, game, seed string, seat int) *Judge {
	j := &Judge{game: game, seed: seed, seat: seat, defs: checksOf(game), levels: map[string]rules.Level{},
		findings: map[string][]reports.Finding{}, exercised: map[string]bool{}, skip: map[string]string{}}
	for _, d := range j.defs {
		j.levels[d.Rule] = rules.Must
		if r, ok := cat.Lookup(d.Rule); ok {
			j.levels[d.Rule] = r.Level
		}
	}
	return j
}

// ruleOf returns the rule of a check.
func (j *Judge) ruleOf(check string) (string, rules.Level) {
	for _, d := range j.defs {
		if d.Name == check {
			return d.Rule, j.levels[d.Rule]
		}
	}
	return "", rules.Must
}

// sent and received add a message to the transcript.
// The bytes are kept as given: callers pass buffers they do not reuse.
// sent logs a message sent, raw itself: the caller never changes its
// storage.
func (j *Judge) sent(at time.Time, raw []byte) {
	j.add(logEntry{dir: reports.Sent, at: at, raw: raw})
}

// sentCopy logs a message sent whose storage the caller reuses: the log
// keeps a copy of its own.
func (j *Judge) sentCopy(at time.Time, raw []byte) {
	j.add(logEntry{dir: reports.Sent, at: at, raw: j.own(raw), owned: true})
}

// received logs a message received; the log keeps a copy of its own.

func (j *Judge) received(at time.Time, raw []byte) {
	j.add(logEntry{dir: reports.Received, at: at, raw: j.own(raw), owned: true})
}

// own returns a copy of raw: a large one in pooled storage, a small one
// in the judge's current chunk (a copy's capacity is its length, so
// nothing appended to one runs into the next, and none goes to the pool).
func (j *Judge) own(raw []byte) []byte {
	if len(raw) >= pooledMin {
		if j.bufs != nil {
			if bp, _ := j.bufs.Get().(*[]byte); bp != nil {
				return append((*bp)[:0], raw...)
			}
		}
		return append([]byte(nil), raw...)
	}
	if cap(j.chunk)-len(j.chunk) < len(raw) {
		j.chunk = make([]byte, 0, chunkSize)
	}
	start := len(j.chunk)
	j.chunk = append(j.chunk, raw...)
	return j.chunk[start:len(j.chunk):len(j.chunk)]
}

// give hands the storage of a copy the log no longer holds to the pool.
func (j *Judge) give(b []byte) {
	if j.bufs == nil || cap(b) < pooledMin || cap(b) > maxPooled {
		return
	}
	held := b[:0] // moved to the heap here only, not on every call
	j.bufs.Put(&held)
}

// release gives back the storage of the whole log: the match is over and
// its results (findings, transcript) hold copies of their own.
func (j *Judge) release() {
	if j.bufs == nil {
		return
	}
	for i := range j.log {
		if j.log[i].owned {
			j.give(j.log[i].raw)
		}
		j.log[i].raw = nil
	}
}

// note records free text (e.g. what umpire did) in the transcript.
func (j *Judge) Note(at time.Time, text string) {
	j.add(logEntry{dir: reports.Sent, at: at, note: text})
}

// add appends to the log; without keepAll, a log of 4 windows drops all
// but its last window (so memory per match stays bounded however long it
// runs, which matters with a thousand matches at once).
func (j *Judge) add(e logEntry) {
	if !j.keepAll && len(j.log) >= 4*window {
		// The dropped entries' storage serves the next copies (a
		// finding's transcript holds copies of its own, never these).
		for _, e := range j.log[:len(j.log)-window] {
			if e.owned {
				j.give(e.raw)
			}
		}
		n := copy(j.log, j.log[len(j.log)-window:])
		clear(j.log[n:])
		j.log = j.log[:n]
	}
	j.log = append(j.log, e)
}

// ran marks a check as exercised.
func (j *Judge) Ran(check string) { j.exercised[check] = true }

// fail adds a finding to a check (which is then exercised).
func (j *Judge) Fail(check string, where rules.Where, expected, got any, msg string) {
	rule, level := j.ruleOf(check)
	if where.Seat == nil {
		where.Seat = rules.IntPtr(j.seat)
	}
	f := reports.Finding{Finding: rules.Finding{Rule: rule, Level: level, Where: where, Expected: expected, Got: got, Message: msg}}
	for _, e := range j.log[max(0, len(j.log)-window):] {
		f.Transcript = append(f.Transcript, j.message(e))
	}
	j.findings[check] = append(j.findings[check], f)
	j.exercised[check] = true
}

// stoppedAfterError charges an agent that stopped right after the injected
// server error (I-INF-C1, I-BA-C1) to survives-server-error, unless umpire
// itself cut the agent off for a hygiene break (a flood, a line over the
// cap): that is the hygiene check's finding, and whether the agent would
// have survived the error cannot be told.
func (j *Judge) StoppedAfterError(l *Link, where rules.Where, msg string) {
	if l.dead == reports.TermMalformed {
		j.SkipIf(CheckServerError, "the agent was cut off for a hygiene break (agent-hygiene) before it could show that it survives a server-side error")
		return
	}
	j.Fail(CheckServerError, where, "the agent keeps playing", string(l.dead), msg)
}

// has reports whether a check has findings.
func (j *Judge) has(check string) bool { return len(j.findings[check]) > 0 }

// skipIf records why a check could not be exercised (used when it was not).
func (j *Judge) SkipIf(check, reason string) {
	if _, ok := j.skip[check]; !ok {
		j.skip[check] = reason
	}
}

// harness records a failure of umpire itself.
func (j *Judge) Harness(msg string) {
	if j.errored == "" {
		j.errored = msg
	}
}

// checks renders the checks of the match.
func (j *Judge) checks() []reports.Check {
	var out []reports.Check
	for _, d := range j.defs {
		c := reports.Check{Name: d.Name, Section: "agent", Rules: []string{d.Rule}, Seed: j.seed, Evaluated: map[string]int{}}
		if len(j.findings[d.Name]) > 0 || j.exercised[d.Name] {
			c.Evaluated[d.Rule] = 1 // the match gave the check its occasion
		}
		switch {
		case len(j.findings[d.Name]) > 0:
			c.Status, c.Findings = reports.Fail, j.findings[d.Name]
		case j.exercised[d.Name]:
			c.Status = reports.Pass
		default:
			c.Status = reports.Skip
			c.Reason = j.skip[d.Name]
			if c.Reason == "" {
				c.Reason = "the match gave no occasion to exercise this check"
			}
		}
		out = append(out, c)
	}
	if j.errored != "" {
		out = append(out, reports.Check{Name: CheckHarness, Section: "harness", Rules: []string{}, Seed: j.seed, Status: reports.Error, Reason: j.errored, Evaluated: map[string]int{}})
	}
	return out
}

// termination derives the match's termination code from the findings, by
// the precedence of I-INF-C3 (which I-BA-C4 follows).
func (j *Judge) termination(process reports.Termination) reports.Termination {
	switch {
	case j.errored != "":
		return reports.TermHarness
	case process != "" && process != reports.TermOK:
		return process
	case j.has(CheckLegal) || j.has(CheckRecover):
		return reports.TermIllegal
	case j.has(CheckHygiene):
		return reports.TermMalformed
	case j.has(CheckDeadline):
		return reports.TermTimeout
	}
	return reports.TermOK
}

// rawJSON compacts b when it is JSON, for comparisons and transcripts.
func rawJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// unjudged returns the check that keeps a run from passing when none of
// its matches judged a request of the agent under test (the baseline's do
// not count), nil when one did. A request sent to the agent is always
// judged: answered, it is timed and weighed; unanswered for the agent's
// doing (silence, garbage, a flood, a crash), it is a missed deadline at
// MUST; unanswered for umpire's, the match has a harness error. So a run
// with nothing judged and no such error never sent the agent a request at
// all (matches too short for its seat to be asked): umpire's run could not
// vouch for the agent, which is an error of the run (exit 3), not a fault
// of the agent (exit 1).
func unjudged(game string, results []*MatchResult) *reports.Check {
	n := 0
	for _, res := range results {
		if res.Side == reports.SideBaseline {
			continue
		}
		n++
		for _, c := range res.Checks {
			if c.Name == CheckDeadline && (c.Status == reports.Pass || c.Status == reports.Fail) {
				return nil
			}
		}
	}
	if n == 0 {
		return nil
	}
	return &reports.Check{Name: CheckHarness, Section: "harness", Rules: []string{}, Status: reports.Error, Evaluated: map[string]int{},
		Reason: fmt.Sprintf("no request of the agent's was judged in the %d matches of this run (none was sent to it, so %s never had an occasion): nothing of its play was seen and the run cannot vouch for it (play more rounds or matches)",
			n, CheckRules(game)[CheckDeadline])}
}
