package proxy

import (
	"fmt"
	"hash/maphash"
	"slices"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

// Limits on what one match keeps, so that memory stays bounded however long
// it runs and however wrong the traffic is.
const (
	// maxFindingsPerCheck caps the findings a check keeps; the rest are
	// counted.
	maxFindingsPerCheck = 50
	// maxTranscripts caps the findings of a match that carry a transcript.
	maxTranscripts = 40
	// maxKeptBytes caps the bytes of one transcript message kept in a
	// seat's window (a longer message is kept as a note of its size).
	maxKeptBytes = 64 << 10
	// transcriptAfter is how many of the seat's messages after a finding
	// its transcript gets (the window gives those before it).
	transcriptAfter = 3
)

// CheckCoverage is the check, in every match, of what the judge saw: it
// passes when every relayed message was judged and is inconclusive when
// the judge fell behind and some were relayed unjudged. A game lists it
// among its checks when its judge counts the messages it missed.
const CheckCoverage = "relay-coverage"

// CheckDef is one check of a game: a stable name and the rules it covers.
type CheckDef struct {
	Name  string
	Rules []string
}

// tally is what one check of one match has seen.
type tally struct {
	findings []reports.Finding
	dropped  int // findings beyond maxFindingsPerCheck
	ran      int // occasions judged
	unknown  int // occasions that could not be judged
	why      string
}

// entry is one message of a seat's transcript window.
type entry struct {
	dir  reports.Direction
	at   time.Time
	raw  []byte
	size int // the message's full size when raw was cut
}

// seatLog is a seat's transcript window: the last n messages.
type seatLog struct {
	buf  []entry
	next int
	full bool
}

func (l *seatLog) add(n int, e entry, live *transcriptBudget) {
	// The relay hands over fresh buffers it never reuses: they are kept
	// as they are, within the run's budget of live windows.
	if len(e.raw) > maxKeptBytes || !live.take(len(e.raw)) {
		e.size, e.raw = len(e.raw), nil
	}
	if len(l.buf) < n {
		l.buf = append(l.buf, e)
		return
	}
	live.give(len(l.buf[l.next].raw))
	l.buf[l.next] = e
	l.next = (l.next + 1) % n
	l.full = true
}

// drop gives the window's bytes back to live and empties it.
func (l *seatLog) drop(live *transcriptBudget) {
	for _, e := range l.buf {
		live.give(len(e.raw))
	}
	l.buf, l.next, l.full = nil, 0, false
}

// messages renders the window oldest first (redacted by NewMessage).
func (l *seatLog) messages(seat int) []reports.Message {
	out := make([]reports.Message, 0, len(l.buf))
	order := append(append([]entry(nil), l.buf[l.next:]...), l.buf[:l.next]...)
	if !l.full {
		order = l.buf
	}
	for _, e := range order {
		if e.raw == nil {
			out = append(out, reports.Message{Dir: e.dir, At: e.at, Seat: rules.IntPtr(seat), Text: fmt.Sprintf("umpire: a message of %d bytes (not kept)", e.size)})
			continue
		}
		out = append(out, reports.NewMessage(e.dir, e.at, rules.IntPtr(seat), e.raw))
	}
	return out
}

// Match is what the relay knows of one match (a match or a room, as the
// game names it): its checks' tallies and findings and each seat's
// transcript window. A game's judge files what it sees through its
// methods; those that say "callers hold the lock" run between Lock and
// Unlock (the game's own state of the match may be guarded by the same
// lock).
type Match struct {
	id      string
	game    string
	cat     *rules.Catalogue
	set     *schemas.Set
	seed    maphash.Seed
	window  int
	strict  bool
	defs    []CheckDef
	started time.Time

	// qmu guards the judge's queue (see enqueue).
	qmu     sync.Mutex
	q       chan func()
	running bool

	mu          sync.Mutex
	checks      map[string]*tally
	logs        map[int]*seatLog
	transcripts int
	// after are the findings whose transcripts still take the seat's next
	// messages (at most maxTranscripts).
	after []afterCapture
	// valid holds hashes of messages that validated: the server sends the
	// same event to every seat, and it is validated once.
	valid map[uint64]struct{}
	// memo remembers the parts of the match's messages that validated
	// (histories, limits, seats: repeated from message to message), so
	// that each is read once (schemas.Memo; nil until the first message).
	memo *schemas.Memo
	// budget is the run's transcript budget, live the budget of the
	// windows and caches of running matches (nil: unbounded, in tests
	// that make a match alone).
	budget, live *transcriptBudget
	ended        bool // the end was seen (or the match was given up)
	done         bool // the end-of-match work is over
	endNote      string
}

func newMatch(game, id string, cat *rules.Catalogue, window int, defs []CheckDef) *Match {
	m := &Match{id: id, game: game, cat: cat, window: window, defs: defs, started: time.Now(),
		checks: map[string]*tally{}, logs: map[int]*seatLog{}}
	for _, d := range defs {
		m.checks[d.Name] = &tally{}
	}
	return m
}

// afterCapture is a finding whose transcript takes the next left messages
// of seat.
type afterCapture struct {
	check string
	index int
	seat  int
	left  int
}

// Record adds a message to seat's window, and to the transcripts of the
// seat's recent findings. Callers hold the lock.
func (m *Match) Record(seat int, dir reports.Direction, at time.Time, raw []byte) {
	if len(m.after) > 0 {
		kept := m.after[:0]
		for _, a := range m.after {
			if a.seat == seat {
				f := &m.checks[a.check].findings[a.index]
				switch {
				case len(raw) > maxKeptBytes:
					f.Transcript = append(f.Transcript, reports.Message{Dir: dir, At: at, Seat: rules.IntPtr(seat), Text: fmt.Sprintf("umpire: a message of %d bytes (not kept)", len(raw))})
				case m.budget.take(len(raw) + 64):
					f.Transcript = append(f.Transcript, reports.NewMessage(dir, at, rules.IntPtr(seat), raw))
				default:
					f.Transcript = append(f.Transcript, budgetNote(dir, at, seat, len(raw)))
				}
				if a.left--; a.left == 0 {
					continue
				}
			}
			kept = append(kept, a)
		}
		m.after = kept
	}
	l := m.logs[seat]
	if l == nil {
		l = &seatLog{}
		m.logs[seat] = l
	}
	l.add(m.window, entry{dir: dir, at: at, raw: raw}, m.live)
}

// dropLogs empties every seat's window, giving its bytes back. Callers
// hold mu.
func (m *Match) dropLogs() {
	for _, l := range m.logs {
		l.drop(m.live)
	}
	clear(m.logs)
}

// Ran counts an occasion check judged; Unknown one it could not judge
// (why says what, once). Callers hold the lock.
func (m *Match) Ran(check string) { m.checks[check].ran++ }

func (m *Match) Unknown(check, why string) { m.UnknownN(check, 1, why) }

// UnknownN counts n occasions check could not judge. Callers hold the
// lock.
func (m *Match) UnknownN(check string, n int, why string) {
	t := m.checks[check]
	t.unknown += n
	if t.why == "" {
		t.why = why
	}
}

// Fail adds a finding under check at seat, with the seat's transcript
// window while the match has transcripts left. The level is the rule's.
// Callers hold the lock.
func (m *Match) Fail(check, rule string, seat int, where rules.Where, expected, got any, format string, args ...any) {
	lvl := rules.Must
	if r, ok := m.cat.Lookup(rule); ok {
		lvl = r.Level
	}
	if where.Seat == nil && seat >= 0 {
		where.Seat = rules.IntPtr(seat)
	}
	m.Add(check, seat, reports.Finding{Finding: rules.Finding{Rule: rule, Level: lvl, Where: where, Expected: expected, Got: got,
		Message: fmt.Sprintf(format, args...)}})
}

// Add files a ready finding (its level already set) under check at seat
// (-1 for none: no transcript). Callers hold the lock.
func (m *Match) Add(check string, seat int, f reports.Finding) {
	t := m.checks[check]
	t.ran++
	if len(t.findings) >= maxFindingsPerCheck {
		t.dropped++
		return
	}
	capture := false
	if f.Transcript == nil && m.transcripts < maxTranscripts {
		if l := m.logs[seat]; l != nil {
			msgs := l.messages(seat)
			if n := messageBytes(msgs...); m.budget.take(n) {
				f.Transcript = msgs
				capture = true
			} else if len(msgs) > 0 {
				f.Transcript = []reports.Message{budgetNote(msgs[0].Dir, msgs[0].At, seat, n)}
			}
			m.transcripts++
		}
	}
	t.findings = append(t.findings, f)
	if capture {
		m.after = append(m.after, afterCapture{check: check, index: len(t.findings) - 1, seat: seat, left: transcriptAfter})
	}
}

// reportChecks renders the match's checks; open is true while the match
// has not ended (its end-of-match checks are then inconclusive).
func (m *Match) reportChecks() []reports.Check {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []reports.Check
	for _, d := range m.defs {
		t := m.checks[d.Name]
		c := reports.Check{Name: d.Name, Section: m.game + " match " + m.id, Rules: checkRules(d.Rules, t.findings), Seed: m.id}
		switch {
		case d.Name == CheckCoverage && t.unknown > 0:
			c.Status = reports.Skip
			c.Reason = fmt.Sprintf("%d message(s) judged, %d relayed unjudged (inconclusive): %s", t.ran, t.unknown, t.why)
			out = append(out, c)
			continue
		case len(t.findings) > 0:
			c.Status, c.Findings = reports.Fail, slices.Clone(t.findings)
			if t.dropped > 0 {
				c.Reason = fmt.Sprintf("%d more finding(s) not kept", t.dropped)
			}
		case t.ran > 0:
			c.Status = reports.Pass
		default:
			c.Status = reports.Skip
			c.Reason = "the relay saw no occasion to judge this"
		}
		if t.unknown > 0 {
			note := fmt.Sprintf("%d occasion(s) judged, %d inconclusive", t.ran, t.unknown)
			if t.why != "" {
				note += " (" + t.why + ")"
			}
			c.Reason = joinReason(c.Reason, note)
			if t.ran == 0 && c.Status == reports.Skip {
				c.Reason = note
			}
		}
		out = append(out, c)
	}
	return out
}

// checkRules lists the rules of a check: its own and any its findings cite.
func checkRules(base []string, fs []reports.Finding) []string {
	out := slices.Clone(base)
	for _, f := range fs {
		if !slices.Contains(out, f.Rule) {
			out = append(out, f.Rule)
		}
	}
	return out
}

func joinReason(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// counts counts the findings of the match so far, and those at MUST once
// graded by their basis (as the report will grade them).
func (m *Match) counts() (findings, musts int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, t := range m.checks {
		findings += len(t.findings) + t.dropped
		for _, f := range t.findings {
			ru, _ := m.cat.Lookup(f.Rule)
			if rules.Grade(f.Finding, ru, m.strict).Level == rules.Must {
				musts++
			}
		}
	}
	return findings, musts
}

// matchMemoBytes is the budget of a match's schema memo (it keeps at most
// two generations of it): a long match's history is some 10 KiB.
const matchMemoBytes = 128 << 10

// Validate validates one message of kind of the match's game through the
// match's memo; the violations are those schemas.Set.Validate gives.
// Callers hold the lock.
func (m *Match) Validate(kind string, data []byte) []schemas.Violation {
	if m.memo == nil {
		m.memo = schemas.NewMemo(matchMemoBytes)
	}
	return m.set.ValidateWith(m.memo, m.game, kind, data)
}

// maxValidCache bounds the hashes a match keeps of messages that validated.
const maxValidCache = 512

// Validated reports whether the same bytes already validated as kind in
// this match (then they need no second validation), and their hash for
// MarkValid. Callers hold the lock.
func (m *Match) Validated(kind string, data []byte) (uint64, bool) {
	var h maphash.Hash
	h.SetSeed(m.seed)
	h.WriteString(kind)
	h.WriteByte(0)
	h.Write(data)
	sum := h.Sum64()
	_, ok := m.valid[sum]
	return sum, ok
}

// MarkValid remembers a message that validated. Callers hold the lock.
func (m *Match) MarkValid(sum uint64) {
	if m.valid == nil || len(m.valid) >= maxValidCache {
		m.valid = make(map[uint64]struct{}, maxValidCache)
	}
	m.valid[sum] = struct{}{}
}

// Lock and Unlock guard the match: its tallies and windows, and the
// game's state of it.
func (m *Match) Lock()   { m.mu.Lock() }
func (m *Match) Unlock() { m.mu.Unlock() }

// ID is the match or room id (as the agents or the server gave it:
// untrusted text).
func (m *Match) ID() string { return m.id }

// Level is the catalogue's level of rule (def when it has none).
func (m *Match) Level(rule string, def rules.Level) rules.Level { return levelOf(m.cat, rule, def) }

// levelOf is the catalogue's level of rule (def when it has none).
func levelOf(cat *rules.Catalogue, rule string, def rules.Level) rules.Level {
	if r, ok := cat.Lookup(rule); ok {
		return r.Level
	}
	return def
}

// Ended reports whether the match's end was seen (or the match was given
// up); End marks it so, note saying how it ended when not normally ("" for
// a normal end). Callers hold the lock.
func (m *Match) Ended() bool { return m.ended }

func (m *Match) End(note string) {
	m.ended = true
	if note != "" {
		m.endNote = note
	}
}

// Done reports whether the match's end-of-match work is over (what it
// keeps then is dropped). Callers hold the lock.
func (m *Match) Done() bool { return m.done }

// Take reserves n bytes of the run's budget of what running matches hold
// (windows, a game's caches and streams): false, nothing reserved, when
// fewer are left. Give returns n bytes taken before. A game's judge keeps
// what it holds of the traffic within it.
func (m *Match) Take(n int) bool { return m.live.take(n) }

func (m *Match) Give(n int) { m.live.give(n) }

// Inconclusive counts an occasion check could not judge, taking the lock
// itself.
func (m *Match) Inconclusive(check, why string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.Unknown(check, why)
}

// Tally is what one check of a match has seen so far.
type Tally struct {
	// Ran counts the occasions judged (findings included), Unknown those
	// that could not be judged (Why says what, the first time).
	Ran, Unknown int
	Why          string
	Findings     []reports.Finding
}

// Tally returns what check has seen so far (a copy). Callers hold the
// lock.
func (m *Match) Tally(check string) Tally {
	t := m.checks[check]
	if t == nil {
		return Tally{}
	}
	return Tally{Ran: t.ran, Unknown: t.unknown, Why: t.why, Findings: slices.Clone(t.findings)}
}
