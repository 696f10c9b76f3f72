package proxy

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"net/http"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/internal/origin"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

// maxIdleTarget is how many idle connections to the target the relay
// keeps for its HTTP exchanges (one per agent connection at most, in
// practice).
const maxIdleTarget = 1024

// Defaults of Options.
const (
	// DefaultMaxMessage is the message size cap of WIRE.md: 1 MiB.
	DefaultMaxMessage = 1 << 20
	// DefaultWindow is the transcript messages kept per seat.
	DefaultWindow = 8
	// DefaultIdleTimeout bounds the wait for the next message of a
	// WebSocket connection.
	DefaultIdleTimeout = 10 * time.Minute
	// DefaultWriteTimeout bounds the write of one relayed message.
	DefaultWriteTimeout = 10 * time.Second
	// DefaultDialTimeout bounds the connection to the target and the
	// WebSocket handshake through it.
	DefaultDialTimeout = 10 * time.Second
	// DefaultReconnectGrace is how long a match whose relayed connections
	// all closed before its end waits for one to reopen before the relay
	// counts it over.
	DefaultReconnectGrace = 10 * time.Second
	// DefaultLogTimeout bounds the fetch and verification of a match log.
	DefaultLogTimeout = 30 * time.Second
	// DefaultMaxMatches caps the matches (rooms) the relay tracks in one
	// run; traffic of matches past it is relayed unjudged and the run
	// errs (relay-capacity), never grows memory without bound.
	DefaultMaxMatches = 10000
	// DefaultTranscriptBytes is the budget, for the whole run, of the
	// transcripts findings carry; past it findings keep none.
	DefaultTranscriptBytes = 64 << 20
)

// Options configure a Proxy.
type Options struct {
	// Game is the game's name (harness/game's registry gives its Side).
	Game string
	// Target is the server's base URL (http or https).
	Target string
	// Catalogue gives each finding its rule's level; nil means
	// rules.Default().
	Catalogue *rules.Catalogue
	// MaxMessage caps one message (a WebSocket message, an HTTP body the
	// relay judges); 0 means DefaultMaxMessage. A bigger WebSocket message
	// closes both sides (1009); a bigger HTTP body is relayed unjudged.
	MaxMessage int
	// Window is the transcript messages kept per seat; 0 means
	// DefaultWindow.
	Window int
	// IdleTimeout, WriteTimeout, DialTimeout, ReconnectGrace and
	// LogTimeout: 0 means their defaults.
	IdleTimeout, WriteTimeout, DialTimeout, ReconnectGrace, LogTimeout time.Duration
	// Transport carries the relayed HTTP requests and the log fetches; nil
	// means a clone of http.DefaultTransport.
	Transport http.RoundTripper
	// Strict counts findings on readings and pins as MUST in progress
	// events (the report grades them itself, from its Meta.Strict).
	Strict bool
	// JudgeShare is the share of one core's time the judges of relayed
	// WebSocket connections may take together (measured on the wall
	// clock); 0 means DefaultJudgeShare. Past it, messages are relayed
	// unjudged and counted inconclusive: the traffic never waits for the
	// judge.
	JudgeShare float64
	// MaxMatches caps the matches the relay tracks; 0 means
	// DefaultMaxMatches. A match past it is relayed unjudged, counted, and
	// the relay-capacity check errs.
	MaxMatches int
	// TranscriptBytes is the budget of the findings' transcripts for the
	// whole run; 0 means DefaultTranscriptBytes. WindowBytes is the budget
	// of what running matches hold of recent messages (windows, event
	// caches); 0 means DefaultWindowBytes.
	TranscriptBytes, WindowBytes int64
	// OnEvent, when set, is told of matches starting and ending (for
	// progress lines). It is called from the relay's goroutines, one call
	// at a time, and must not block for long.
	OnEvent func(Event)
}

// Event is a progress event of the relay.
type Event struct {
	// Kind is "seat" (a seat of a match first passed through), or "end"
	// (a match ended and its end-of-match checks are done).
	Kind string
	// Match is the match or room id; Seat the seat of a "seat" event.
	Match string
	Seat  int
	// Ended counts the matches ended so far; Findings and Musts count the
	// match's findings at its end.
	Ended, Findings, Musts int
	// Note says how the match ended ("" for a normal end).
	Note string
}

// Proxy is the relay: an http.Handler that forwards to Options.Target.
type Proxy struct {
	opts Options
	side Side // what the relay holds of opts.Game
	// judge is the game's judge of this run; conns and exchanges are it
	// as a judge of WebSocket connections and of HTTP exchanges (nil when
	// it judges none).
	judge     Judge
	conns     ConnJudges
	exchanges ExchangeJudge
	target    *url.URL
	cat       *rules.Catalogue
	set       *schemas.Set
	seed      maphash.Seed
	budget    *budget
	rp        *httputil.ReverseProxy
	client    *http.Client

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	evMu sync.Mutex

	mu      sync.Mutex
	matches map[string]*Match
	order   []string
	ended   int
	endedCh chan struct{} // closed and renewed on every end
	// unattributed counts messages of connections that never named their
	// match and seat, lost to a judge that was behind.
	unattributed int
	// closing is set by Close: no new judge starts on the wait group.
	closing bool
	// untracked counts the exchanges and messages of matches past
	// MaxMatches, relayed unjudged; refused the ids first refused (a
	// few, for the report).
	untracked int
	refused   []string
	// transcripts is what is left of the run's transcript budget, shared
	// by every match; live of the budget of running matches' windows and
	// caches.
	transcripts, live *transcriptBudget
}

// New returns a relay to opts.Target.
func New(opts Options) (*Proxy, error) {
	side, err := sideOf(opts.Game)
	if err != nil {
		return nil, err
	}
	return NewWithSide(opts, side)
}

// NewWithSide returns a relay to opts.Target that judges with side in
// place of the registry's part of opts.Game (a game's tests of its side).
func NewWithSide(opts Options, side Side) (*Proxy, error) {
	u, err := url.Parse(opts.Target)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("proxy: the target %q is not an http(s) URL", reports.RedactString(opts.Target))
	}
	u.Path = strings.TrimRight(u.Path, "/")
	if opts.Catalogue == nil {
		opts.Catalogue = rules.Default()
	}
	if opts.MaxMessage <= 0 {
		opts.MaxMessage = DefaultMaxMessage
	}
	if opts.Window <= 0 {
		opts.Window = DefaultWindow
	}
	if opts.IdleTimeout <= 0 {
		opts.IdleTimeout = DefaultIdleTimeout
	}
	if opts.WriteTimeout <= 0 {
		opts.WriteTimeout = DefaultWriteTimeout
	}
	if opts.DialTimeout <= 0 {
		opts.DialTimeout = DefaultDialTimeout
	}
	if opts.ReconnectGrace <= 0 {
		opts.ReconnectGrace = DefaultReconnectGrace
	}
	if opts.LogTimeout <= 0 {
		opts.LogTimeout = DefaultLogTimeout
	}
	if opts.JudgeShare <= 0 {
		opts.JudgeShare = DefaultJudgeShare
	}
	if opts.MaxMatches <= 0 {
		opts.MaxMatches = DefaultMaxMatches
	}
	if opts.TranscriptBytes <= 0 {
		opts.TranscriptBytes = DefaultTranscriptBytes
	}
	if opts.WindowBytes <= 0 {
		opts.WindowBytes = DefaultWindowBytes
	}
	if opts.Transport == nil {
		// Every agent's connection may need one to the target at once:
		// DefaultTransport's pool keeps 100 idle connections in all, so
		// past 100 agents most exchanges dialled the target anew.
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.MaxIdleConns, tr.MaxIdleConnsPerHost = maxIdleTarget, maxIdleTarget
		opts.Transport = tr
	}
	set, err := schemas.Compile()
	if err != nil {
		return nil, fmt.Errorf("proxy: %w", err)
	}
	p := &Proxy{opts: opts, side: side, target: u, cat: opts.Catalogue, set: set, seed: maphash.MakeSeed(),
		client:  origin.Client(opts.Transport, opts.LogTimeout),
		budget:  newBudget(opts.JudgeShare),
		matches: map[string]*Match{}, endedCh: make(chan struct{}), transcripts: &transcriptBudget{left: opts.TranscriptBytes}, live: &transcriptBudget{left: opts.WindowBytes}}
	p.ctx, p.cancel = context.WithCancel(context.Background())
	p.judge = Judge(unjudged{})
	if side.Judge != nil {
		p.judge = side.Judge(&Host{p: p})
	}
	p.conns, _ = p.judge.(ConnJudges)
	p.exchanges, _ = p.judge.(ExchangeJudge)
	p.rp = p.reverseProxy()
	return p, nil
}

// ServeHTTP relays one request: the game's WebSocket is relayed message
// by message, everything else as HTTP.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if p.side.WS != "" && p.conns != nil && r.URL.Path == p.side.WS && strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		p.serveWS(w, r)
		return
	}
	p.serveHTTP(w, r)
}

// Close ends every relayed connection and waits for the end-of-match work
// still running (bounded by LogTimeout).
func (p *Proxy) Close() error {
	p.mu.Lock()
	p.closing = true
	p.mu.Unlock()
	p.cancel()
	done := make(chan struct{})
	go func() { p.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-time.After(p.opts.LogTimeout + 5*time.Second):
		return errors.New("proxy: end-of-match work did not finish in time")
	}
}

// Ended returns the number of matches ended so far and a channel closed at
// the next end.
func (p *Proxy) Ended() (int, <-chan struct{}) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.ended, p.endedCh
}

// WaitEnded waits until n matches have ended or ctx is done.
func (p *Proxy) WaitEnded(ctx context.Context, n int) error {
	for {
		got, ch := p.Ended()
		if got >= n {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ch:
		}
	}
}

// Checks returns the checks of every match seen so far, in the order the
// matches were first seen; a match still running reports what was seen of
// it (its end-of-match checks inconclusive).
func (p *Proxy) Checks() []reports.Check {
	p.mu.Lock()
	ms := make([]*Match, 0, len(p.order))
	for _, id := range p.order {
		ms = append(ms, p.matches[id])
	}
	unattributed := p.unattributed
	untracked, refused := p.untracked, slices.Clone(p.refused)
	p.mu.Unlock()
	var out []reports.Check
	for _, m := range ms {
		out = append(out, m.reportChecks()...)
	}
	if untracked > 0 {
		out = append(out, reports.Check{Name: checkCapacity, Section: "relay", Status: reports.Error,
			Reason: fmt.Sprintf("more matches than the relay tracks (%d, --max-matches): %d exchange(s) or message(s) of later matches (first %s) were relayed unjudged",
				p.opts.MaxMatches, untracked, reports.RedactString(strings.Join(refused, ", ")))})
	}
	if unattributed > 0 {
		out = append(out, reports.Check{Name: CheckCoverage, Section: "relay", Status: reports.Skip,
			Reason: fmt.Sprintf("%d message(s) relayed unjudged on connections that never named their match and seat (the judge was behind; inconclusive)", unattributed)})
	}
	return append(out, p.judge.Checks()...)
}

// MatchChecks is the checks of one match.
type MatchChecks struct {
	// ID is the match or room id (as the agents or the server gave it:
	// untrusted text).
	ID     string
	Checks []reports.Check
	// Ended is true once the match's end was seen and its end-of-match
	// work is over; Note says how a match ended otherwise (its
	// connections closed before its end), "" while it runs.
	Ended bool
	Note  string
}

// ChecksByMatch returns the checks of every match seen so far, one entry
// per match in the order the matches were first seen (the relay-wide
// checks of Checks, the game's own and unattributed messages, belong to
// no match and are left out).
func (p *Proxy) ChecksByMatch() []MatchChecks {
	p.mu.Lock()
	ms := make([]*Match, 0, len(p.order))
	for _, id := range p.order {
		ms = append(ms, p.matches[id])
	}
	p.mu.Unlock()
	out := make([]MatchChecks, 0, len(ms))
	for _, m := range ms {
		m.mu.Lock()
		done, note := m.done, m.endNote
		m.mu.Unlock()
		out = append(out, MatchChecks{ID: m.id, Checks: m.reportChecks(), Ended: done && note == "", Note: note})
	}
	return out
}

// Coverage counts the relayed messages of every match seen so far that
// were judged, and those relayed unjudged because the judge was behind.
func (p *Proxy) Coverage() (judged, unjudged int) {
	p.mu.Lock()
	ms := make([]*Match, 0, len(p.order))
	for _, id := range p.order {
		ms = append(ms, p.matches[id])
	}
	unjudged = p.unattributed
	p.mu.Unlock()
	for _, m := range ms {
		m.mu.Lock()
		if t := m.checks[CheckCoverage]; t != nil {
			judged += t.ran
			unjudged += t.unknown
		}
		m.mu.Unlock()
	}
	return judged, unjudged
}

// Matches returns the ids of the matches seen so far, in order.
func (p *Proxy) Matches() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.order)
}

// checkCapacity is the relay-wide check that errs when more matches came
// than the relay tracks (Options.MaxMatches).
const checkCapacity = "relay-capacity"

// maxRefusedNamed caps the ids of refused matches a report names.
const maxRefusedNamed = 3

// matchFor returns the match of id, making it with defs when new; nil when
// id is new and the relay already tracks MaxMatches matches (the exchange
// is then relayed unjudged and counted).
func (p *Proxy) matchFor(id string, defs []CheckDef) *Match {
	p.mu.Lock()
	defer p.mu.Unlock()
	m, ok := p.matches[id]
	if !ok {
		if len(p.matches) >= p.opts.MaxMatches {
			p.untracked++
			if len(p.refused) < maxRefusedNamed {
				p.refused = append(p.refused, clipID(id))
			}
			return nil
		}
		m = newMatch(p.opts.Game, id, p.cat, p.opts.Window, defs)
		m.set, m.seed = p.set, p.seed
		m.strict = p.opts.Strict
		m.budget, m.live = p.transcripts, p.live
		p.matches[id] = m
		p.order = append(p.order, id)
	}
	return m
}

// clipID shortens an untrusted id for a report.
func clipID(id string) string {
	if len(id) > 64 {
		return strings.ToValidUTF8(id[:64], "") + "…"
	}
	return id
}

// event tells OnEvent, one call at a time.
func (p *Proxy) event(e Event) {
	if p.opts.OnEvent == nil {
		return
	}
	p.evMu.Lock()
	defer p.evMu.Unlock()
	p.opts.OnEvent(e)
}

// finish marks m done (its end-of-match work over) and counts it.
func (p *Proxy) finish(m *Match) {
	m.mu.Lock()
	if m.done {
		m.mu.Unlock()
		return
	}
	m.done = true
	note := m.endNote
	// What only judging needed goes: the windows (findings keep their own
	// transcripts) and the game state (a room's event caches are the
	// largest part). Messages after the end are judged from scratch.
	m.dropLogs()
	m.after, m.memo = nil, nil
	m.mu.Unlock()
	p.judge.Finished(m)
	f, musts := m.counts()
	p.mu.Lock()
	p.ended++
	n := p.ended
	close(p.endedCh)
	p.endedCh = make(chan struct{})
	p.mu.Unlock()
	p.event(Event{Kind: "end", Match: m.id, Ended: n, Findings: f, Musts: musts, Note: note})
}

// background runs fn on the relay's wait group (end-of-match work).
func (p *Proxy) background(fn func(ctx context.Context)) {
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(p.ctx), p.opts.LogTimeout)
		defer cancel()
		fn(ctx)
	}()
}

// targetURL is the target's URL for path and query.
func (p *Proxy) targetURL(path, rawQuery string) string {
	u := *p.target
	u.Path = p.target.Path + path
	u.RawPath = ""
	u.RawQuery = rawQuery
	return u.String()
}
