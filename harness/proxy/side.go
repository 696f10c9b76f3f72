package proxy

import (
	"context"
	"fmt"
	"hash/maphash"
	"io"
	"net/http"
	"time"

	"github.com/coder/websocket"
	"github.com/umpire-arena/umpire/harness/game"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// Side is what the relay holds of one game: whether its seats speak over
// a WebSocket the relay follows frame by frame, how an HTTP request of it
// is classified for judging, how a run's judge of it is made, and how its
// match log is verified. Each game gives it from its own folder
// (harness/<game>/proxyside) to the registry (harness/game), where it is
// wired (harness/<game>/register.go); the package looks the game up there
// and branches on nothing else.
type Side struct {
	// WS is the path of the game's WebSocket ("" when it has none): an
	// upgrade request to it is relayed as a byte tunnel, its messages
	// handed to the judge's Conn.
	WS string
	// Classify names the kind and room of a judged HTTP request ("" for
	// one passed through unjudged); nil judges no HTTP request.
	Classify func(r *http.Request) (kind, room string)
	// Judge makes the game's judge for one relay run; h is what the relay
	// gives it. The judge may implement ConnJudges (for WS) and
	// ExchangeJudge (for Classify). nil relays the game's traffic
	// unjudged (Side{} is a game without a live judge).
	Judge func(h *Host) Judge
	// VerifyLog reads a match log (body, named file, with the header of
	// the answer that carried it) through the game's verifier.
	VerifyLog func(ctx context.Context, body io.Reader, file string, h http.Header, emit func(rules.Finding)) (lines int, seedUnknown bool, err error)
}

// Judge is a game's judge for one relay run: it holds the game's state of
// every match (the relay holds the matches' tallies, see Match).
type Judge interface {
	// Finished is told that m's end-of-match work is over: the judge drops
	// what it held of m (giving its bytes back with Match.Give). It is
	// called once per match, without the match's lock.
	Finished(m *Match)
	// Checks are the judge's relay-wide checks (belonging to no match),
	// reported after those of the matches.
	Checks() []reports.Check
}

// unjudged is the judge of a game that gives none: it judges nothing.
type unjudged struct{}

func (unjudged) Finished(*Match)         {}
func (unjudged) Checks() []reports.Check { return nil }

// ConnJudges is a judge of a game that speaks over a WebSocket.
type ConnJudges interface {
	// Conn returns the judge of one relayed connection, opened by r (its
	// handshake, already forwarded). Its methods are called from one
	// goroutine, in the order of the traffic.
	Conn(r *http.Request) ConnJudge
}

// ConnJudge judges one relayed WebSocket connection.
type ConnJudge interface {
	// See judges one whole message (a copy, taken as it passed).
	See(msg Message)
	// Lost counts n messages of one direction relayed unjudged (the
	// judge was behind).
	Lost(fromAgent bool, n int)
	// Closed ends the connection.
	Closed()
}

// Message is one whole WebSocket message the relay read off a connection,
// a copy handed to the judge (nobody changes Data afterwards).
type Message struct {
	At        time.Time
	FromAgent bool
	Type      websocket.MessageType
	Data      []byte
	// Unreadable marks the point where the framing was lost (compressed
	// or broken frames): the rest of the direction passes unread.
	Unreadable bool
}

// ExchangeJudge is a judge of a game whose seats speak HTTP (Side.Classify).
type ExchangeJudge interface {
	// Request is told of a classified exchange once its request body was
	// read (up to the size cap), before it is forwarded: it may rewrite
	// ex (a tool call read as the exchange it carries); false relays it
	// unjudged.
	Request(ex *Exchange) bool
	// Exchange judges a finished exchange, its answer read (h is the
	// answer's header), before the answer is passed on: what it queues
	// with Host.Enqueue is judged before any later exchange of the match.
	Exchange(ex *Exchange, h http.Header)
}

// Exchange is one relayed HTTP request the relay judges: what the agent
// sent and what the server answered, each kept up to the size cap.
type Exchange struct {
	Kind  string // the game's name of it (Side.Classify)
	Room  string
	Seat  string // the request's seat query parameter
	Token string // the x-agent-token header: in memory only, never reported
	At    time.Time
	// ReqBody is the request body, ReqFull true when it was kept whole.
	ReqBody []byte
	ReqFull bool
	// Status, RespBody and RespFull are the answer, Date its Date header.
	Status   int
	RespBody []byte
	RespFull bool
	Date     string
	// Via is the game's note of how the exchange came (set by Request,
	// read by Exchange).
	Via string
}

// Host is what the relay gives a game's judge: the matches' records, the
// end-of-match work, the run's queues and budgets (shared machinery kept
// in this package).
type Host struct{ p *Proxy }

// Match returns the match of id, making it with defs (the game's checks,
// in report order) when new; nil when id is new and the relay already
// tracks Options.MaxMatches matches (the traffic is then relayed
// unjudged, counted, and the relay-capacity check errs).
func (h *Host) Match(id string, defs []CheckDef) *Match { return h.p.matchFor(id, defs) }

// Enqueue hands fn to m's judge queue: every piece of work of a match runs
// on one goroutine in the order Enqueue was called.
func (h *Host) Enqueue(m *Match, fn func()) { h.p.enqueue(m, fn) }

// Background runs fn on the relay's wait group with a context bounded by
// Options.LogTimeout (end-of-match work: Close waits for it).
func (h *Host) Background(fn func(ctx context.Context)) { h.p.background(fn) }

// Go runs fn on the relay's wait group unless the relay is closing
// (false then, fn not run).
func (h *Host) Go(fn func()) bool { return h.p.goJudge(fn) }

// Done is closed when the relay closes.
func (h *Host) Done() <-chan struct{} { return h.p.ctx.Done() }

// Finish marks m done (its end-of-match work over), tells the judge
// (Judge.Finished) and counts it.
func (h *Host) Finish(m *Match) { h.p.finish(m) }

// VerifyLog fetches the log of m at path on the target and verifies it
// with Side.VerifyLog, filing what it finds under check (see
// Proxy.verifyLog); false when no log came.
func (h *Host) VerifyLog(ctx context.Context, m *Match, check, path string) bool {
	return h.p.verifyLog(ctx, m, check, h.p.targetURL(path, ""))
}

// Event tells Options.OnEvent.
func (h *Host) Event(e Event) { h.p.event(e) }

// Unattributed counts n messages relayed unjudged on a connection that
// never named its match and seat.
func (h *Host) Unattributed(n int) {
	h.p.mu.Lock()
	h.p.unattributed += n
	h.p.mu.Unlock()
}

// Options are the relay's options, defaults filled in.
func (h *Host) Options() Options { return h.p.opts }

// Seed is the run's hash seed (for a judge's own caches of messages).
func (h *Host) Seed() maphash.Seed { return h.p.seed }

// sideOf returns game's part.
func sideOf(name string) (Side, error) {
	s, err := game.PartOf[Side](name)
	if err != nil {
		return Side{}, fmt.Errorf("proxy: %w", err)
	}
	return s, nil
}
