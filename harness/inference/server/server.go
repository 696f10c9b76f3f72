package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	infadv "github.com/umpire-arena/umpire/harness/inference/players"
	"github.com/umpire-arena/umpire/harness/server/serverkit"
	ref "github.com/umpire-arena/umpire/referee/inference"
)

// Options configure a Server. The zero value is a working server on the
// wall clock with no faults.
type Options struct {
	// Clock runs deadlines and the start timeout; nil means RealClock.
	Clock Clock
	// Faults lists deliberately broken behaviours (see Fault); empty means
	// none. An unknown name makes New fail.
	Faults []Fault
	// Dialects lists legitimate alternative choices the server makes
	// where the rules documents are silent (see Dialect); empty means
	// umpire's own pins. An unknown name makes New fail.
	Dialects []Dialect
	// StartTimeout is how long a match waits for every agent seat's hello
	// before it starts anyway (absent seats then time out turn by turn).
	// 0 means 60 s; a negative value waits for ever.
	StartTimeout time.Duration
	// HelloTimeout bounds the wait for a WebSocket connection's first
	// hello; 0 means 10 s.
	HelloTimeout time.Duration
	// WriteTimeout bounds the write of one message; 0 means 10 s.
	WriteTimeout time.Duration
	// SendQueue bounds, in messages, what waits to be written to one
	// connection — the burst being collected plus the bursts its writer has
	// not yet taken — before it is dropped as too slow; 0 means 1024.
	SendQueue int
	// OriginPatterns lets browsers from these origins open WebSockets
	// (host patterns as in coder/websocket's AcceptOptions); agents that
	// send no Origin header are always accepted.
	OriginPatterns []string
	// Adversaries are the scripted kinds that fill seats no agent takes
	// when a MatchSpec names none, used in turn; empty means "heuristic".
	Adversaries []string
	// Limits bound every match and what the server holds at once; zero
	// fields take their defaults.
	Limits Limits
}

// ErrClosed is returned once the server has been shut down.
var ErrClosed = errors.New("inference server: shut down")

// ErrNoMatch is returned for an unknown match id.
var ErrNoMatch = errors.New("inference server: no such match")

// Server is the embedded reference server for Inference. It is an
// http.Handler; many matches run at once, each in its own goroutine.
type Server struct {
	opts   Options
	limits Limits
	clock  Clock
	faults faultSet
	dia    dialectSet
	mux    *http.ServeMux
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.Mutex
	closed  bool
	matches map[string]*match
}

// New returns a server configured by opts.
func New(opts Options) (*Server, error) {
	fs, err := newFaultSet(opts.Faults)
	if err != nil {
		return nil, err
	}
	ds, err := newDialectSet(opts.Dialects)
	if err != nil {
		return nil, err
	}
	if opts.Clock == nil {
		opts.Clock = RealClock{}
	}
	if opts.StartTimeout == 0 {
		opts.StartTimeout = 60 * time.Second
	}
	if opts.HelloTimeout <= 0 {
		opts.HelloTimeout = 10 * time.Second
	}
	if opts.WriteTimeout <= 0 {
		opts.WriteTimeout = 10 * time.Second
	}
	if opts.SendQueue <= 0 {
		opts.SendQueue = 1024
	}
	if len(opts.Adversaries) == 0 {
		opts.Adversaries = []string{"heuristic"}
	}
	for _, k := range opts.Adversaries {
		if _, err := infadv.New(k, 0); err != nil {
			return nil, err
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{opts: opts, limits: opts.Limits.withDefaults(), clock: opts.Clock, faults: fs, dia: ds, ctx: ctx, cancel: cancel, matches: map[string]*match{}}
	s.wg.Go(s.reap)
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("GET /ws/inference", s.serveWS)
	s.mux.HandleFunc("POST /api/inference/matches", s.serveCreate)
	s.mux.HandleFunc("GET /r/{file}", s.serveLog)
	s.mux.HandleFunc("GET /rules/inference", s.serveRulesOrFault)
	return s, nil
}

// ServeHTTP routes GET /ws/inference, POST /api/inference/matches,
// GET /r/{id}.jsonl and GET /rules/inference.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// MatchSpec asks for a match: the harness extension's request body, plus
// Go-only fields. Zero values take the defaults of the rules (6 seats, 40
// rounds, 10 s turns, 100 credits, ante 2 with its ramp).
type MatchSpec struct {
	Seats           int           `json:"seats"`
	Rounds          int           `json:"rounds"`
	DeadlineMS      int           `json:"deadline_ms"`
	Seed            *string       `json:"seed,omitempty"`
	StartingCredits int           `json:"starting_credits,omitempty"`
	Ante            *int          `json:"ante,omitempty"`
	AnteRamp        *ref.AnteRamp `json:"ante_ramp,omitempty"`
	// Agents lists the seats agents play. nil (absent in JSON) means every
	// seat not in Players; an empty list means none (I-INF-S7).
	Agents []int `json:"agents"`
	// Adversaries are the scripted kinds for the other seats, used in turn
	// in seat order; empty means Options.Adversaries.
	Adversaries []string `json:"adversaries,omitempty"`
	// Values, when given, are the hidden values the match deals in its
	// first rounds, Values[r-1][seat] (the optional test capability
	// CapabilityFixedValues, docs/wire.md); later rounds are dealt from the
	// seed. match_start then names no deal function (I-INF-S8).
	Values [][]int `json:"values,omitempty"`
	// Players puts in-process players in the given seats (Go only).
	Players map[int]infadv.Player `json:"-"`
}

// Created answers a match creation: the match id and one token per agent
// seat, keyed by the seat number as a string.
type Created struct {
	MatchID string            `json:"match_id"`
	Tokens  map[string]string `json:"tokens"`
	// Capabilities lists the optional test capabilities the server offers
	// (CapabilityFixedValues), announced as MCP servers do theirs.
	Capabilities []string `json:"capabilities,omitempty"`
}

// config returns the engine configuration the spec asks for.
func (spec MatchSpec) config() ref.Config {
	cfg := ref.DefaultConfig()
	if spec.Seats != 0 {
		cfg.TableSize = spec.Seats
	}
	if spec.Rounds != 0 {
		cfg.Rounds = spec.Rounds
	}
	if spec.DeadlineMS != 0 {
		cfg.TurnDeadlineMS = spec.DeadlineMS
	}
	if spec.StartingCredits != 0 {
		cfg.StartingCredits = spec.StartingCredits
	}
	if spec.Ante != nil {
		cfg.Ante = *spec.Ante
	}
	if spec.AnteRamp != nil {
		cfg.AnteRamp = *spec.AnteRamp
	}
	return cfg
}

// CreateMatch creates a match and starts its goroutine. Seats are taken as
// asked, not drawn (I-INF-S7): agents in their seats, scripted kinds in the
// other seats in seat order; each seat is named "<kind>-<seat>". The match begins
// when every agent seat has said hello (at once when there is none), or
// when Options.StartTimeout has passed.
func (s *Server) CreateMatch(spec MatchSpec) (Created, error) {
	if err := s.limits.check(spec); err != nil {
		return Created{}, err
	}
	cfg := s.defaultsFault(spec, spec.config())
	cfg.Deviations = s.faults.deviations() // faults played inside the engine
	if err := cfg.Validate(); err != nil {
		return Created{}, err
	}
	n := cfg.TableSize
	if err := checkValues(spec.Values, n, cfg.Rounds); err != nil {
		return Created{}, err
	}
	seed := ""
	if spec.Seed != nil {
		seed = *spec.Seed
	} else {
		seed = randomHex(16)
	}
	seats := make([]seatInfo, n)
	for seat, p := range spec.Players {
		if seat < 0 || seat >= n || p == nil {
			return Created{}, fmt.Errorf("players: seat %d is not a seat of a table of %d", seat, n)
		}
		seats[seat] = seatInfo{kind: p.Kind(), player: p}
	}
	if spec.Agents == nil {
		for seat := range seats {
			seats[seat].agent = seats[seat].player == nil
		}
	}
	for _, seat := range spec.Agents {
		switch {
		case seat < 0 || seat >= n:
			return Created{}, fmt.Errorf("agents: seat %d is not a seat of a table of %d", seat, n)
		case seats[seat].agent:
			return Created{}, fmt.Errorf("agents: seat %d listed twice", seat)
		case seats[seat].player != nil:
			return Created{}, fmt.Errorf("agents: seat %d already has an in-process player", seat)
		}
		seats[seat].agent = true
	}
	kinds := spec.Adversaries
	if len(kinds) == 0 {
		kinds = s.opts.Adversaries
	}
	for _, k := range kinds {
		if _, err := infadv.New(k, 0); err != nil {
			return Created{}, err
		}
	}
	created := Created{MatchID: "m-" + randomHex(6), Tokens: map[string]string{}, Capabilities: []string{CapabilityFixedValues}}
	names := make([]string, n)
	next := 0
	agents := 0
	for seat := range seats {
		si := &seats[seat]
		switch {
		case si.agent:
			si.kind = "agent"
			si.token = randomHex(16)
			created.Tokens[strconv.Itoa(seat)] = si.token
			agents++
		case si.player == nil:
			kind := kinds[next%len(kinds)]
			next++
			p, err := infadv.New(kind, infadv.PlayerSeed(seed, seat))
			if err != nil {
				return Created{}, err
			}
			si.kind, si.player = kind, p
		}
		names[seat] = fmt.Sprintf("%s-%d", si.kind, seat)
	}
	m := &match{
		id: created.MatchID, seed: seed, commit: ref.SeedCommit(seed), chance: s.dia.chance(seed), dealFn: !s.dia.on(DialectOtherChance) && len(spec.Values) == 0,
		cfg: cfg, annCap: cfg.MaxRaisesPerRound, annMaxRaise: cfg.MaxRaise, annRamp: cfg.AnteRamp, annAnte: cfg.Ante,
		seats: seats, names: names, agentSeats: agents, faults: s.faults, dia: s.dia, clock: s.clock,
		deadline: time.Duration(cfg.TurnDeadlineMS) * time.Millisecond, startTimeout: s.opts.StartTimeout,
		events: make(chan connEvent), done: make(chan struct{}),
		conns: make([]*conn, n), helloed: make([]bool, n), vals: make([]int, n),
	}
	if len(spec.Values) > 0 {
		m.chance = fixedValues{m.chance, spec.Values}
	}
	m.valuesFault(len(spec.Values) > 0)
	if s.faults.on(FaultAcceptOversizedRaise) {
		m.cfg.MaxRaise++ // the engine allows one more than announced
	}
	if s.faults.on(FaultRampLate) && m.cfg.AnteRamp.EveryRounds > 0 {
		m.cfg.AnteRamp.FromRound++ // the engine's ramp; annRamp is announced
	}
	if s.faults.on(FaultAnteUndercharged) && m.cfg.Ante > 0 {
		m.cfg.Ante-- // the engine's ante; annAnte is announced
	}
	if s.faults.on(FaultRoundsOffByOne) {
		m.cfg.Rounds++ // a "<=" where "<" was meant
	}
	if s.faults.on(FaultWrongSeedCommit) {
		m.commit = ref.SeedCommit(seed + "#")
	}
	if s.faults.on(FaultAcceptIllegalRaise) {
		m.cfg.MaxRaisesPerRound++ // the engine allows one more than announced
	}
	pre, err := ref.NewState(m.cfg, ref.Setup{MatchID: m.id, Seed: seed, Names: names, FirstDealer: m.chance.FirstDealer(n)}, nil)
	if err != nil {
		return Created{}, err
	}
	m.pre = pre
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return Created{}, ErrClosed
	}
	now := s.clock.Now()
	if err := s.admitLocked(now); err != nil {
		return Created{}, err
	}
	mctx, cancel := context.WithCancelCause(s.ctx)
	m.life.Cancel = cancel
	m.life.Touch(now)
	s.matches[m.id] = m
	s.wg.Go(func() {
		defer cancel(nil)
		m.run(mctx)
	})
	return created, nil
}

// SeatDesc says who plays a seat of a match.
type SeatDesc struct {
	Seat int `json:"seat"`
	// Agent seats are played over a connection; the others in-process.
	Agent bool `json:"agent"`
	// Kind is "agent" or the in-process player's kind.
	Kind string `json:"kind"`
}

// MatchInfo describes a match: its configuration and seats.
type MatchInfo struct {
	MatchID string     `json:"match_id"`
	Config  ref.Config `json:"config"`
	Seats   []SeatDesc `json:"seats"`
}

// Info describes the match with id.
func (s *Server) Info(id string) (MatchInfo, error) {
	m := s.lookup(id)
	if m == nil {
		return MatchInfo{}, ErrNoMatch
	}
	cfg := m.cfg
	cfg.MaxRaisesPerRound, cfg.MaxRaise, cfg.AnteRamp, cfg.Ante = m.annCap, m.annMaxRaise, m.annRamp, m.annAnte
	info := MatchInfo{MatchID: m.id, Config: cfg}
	for seat, si := range m.seats {
		info.Seats = append(info.Seats, SeatDesc{Seat: seat, Agent: si.agent, Kind: si.kind})
	}
	return info, nil
}

// Faults returns the faults this server was started with.
func (s *Server) Faults() []Fault {
	var out []Fault
	for _, f := range faultList() {
		if s.faults.on(f.Name) {
			out = append(out, f.Name)
		}
	}
	return out
}

// lookup returns the match with id, or nil.
func (s *Server) lookup(id string) *match {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.matches[id]
}

// track counts a goroutine the server must wait for; false once shut down.
func (s *Server) track() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.wg.Add(1)
	return true
}

// Log returns the match log so far and whether the match is over. Until
// the match ends the deal_private lines are left out (I-INF-S1); after it
// the log is complete.
func (s *Server) Log(id string) (log []byte, over bool, err error) {
	m := s.lookup(id)
	if m == nil {
		return nil, false, ErrNoMatch
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.log.bytes(!m.over), m.over, nil
}

// Wait blocks until the match ends and returns its result; an error when
// the match was stopped (shutdown) or ctx ends first.
func (s *Server) Wait(ctx context.Context, id string) (Result, error) {
	m := s.lookup(id)
	if m == nil {
		return Result{}, ErrNoMatch
	}
	select {
	case <-ctx.Done():
		return Result{}, ctx.Err()
	case <-m.done:
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.result, m.err
}

// Forget removes a finished match (its log included); running matches are
// kept. It reports whether the match was removed.
func (s *Server) Forget(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.matches[id]
	if m == nil {
		return false
	}
	select {
	case <-m.done:
		delete(s.matches, id)
		return true
	default:
		return false
	}
}

// Shutdown stops every match and connection and waits until all the
// server's goroutines have ended, or ctx ends. Later calls return at once.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	return serverkit.Drain(ctx, &s.wg)
}
