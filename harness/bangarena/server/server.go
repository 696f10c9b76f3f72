package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/harness/server/serverkit"
	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// Seat policies for illegal answers (§14).
const (
	PolicyReaskThenRandom = "reask_then_random"
	PolicySkip            = "skip"
	PolicyRandom          = "random"
)

// Defaults of Options and RoomConfig.
const (
	// DefaultDeadline is the per-seat decision deadline of an AI seat (§14).
	DefaultDeadline = 15 * time.Second
	// DefaultMaxDecisions ends a match that runs longer (force_end).
	DefaultMaxDecisions = 50000
	// DefaultMaxRooms caps the rooms held at once (ended ones included).
	DefaultMaxRooms = 4096
	// MaxBodyBytes caps every request body.
	MaxBodyBytes = 1 << 20
)

// Options configures a Server. The zero value is usable: wall clock, 15 s
// deadlines, no pause, built-in players, no faults.
type Options struct {
	// Clock measures deadlines and pauses (nil = the wall clock).
	Clock Clock
	// Deadline is the default per-seat decision deadline of a room whose
	// deadlineMs is 0 (0 = DefaultDeadline).
	Deadline time.Duration
	// Pause is the time between a decision becoming due and the server
	// offering it to an agent seat; during it observe answers an empty
	// legalActions and a decision is rejected 409 retryable (§14).
	Pause time.Duration
	// Players makes the scripted players (nil = Adversaries).
	Players PlayerFactory
	// DefaultAdversaries are the player kinds of a room that names none
	// (nil = ["random"]).
	DefaultAdversaries []string
	// MaxDecisions force-ends a match after that many decisions
	// (0 = DefaultMaxDecisions).
	MaxDecisions int
	// MaxRooms caps the rooms held at once; the oldest ended rooms are
	// dropped to make room (0 = DefaultMaxRooms).
	MaxRooms int
	// Faults lists deliberately broken behaviours (see FaultList). Unknown
	// names make New fail.
	Faults []Fault
	// Dialects lists legitimate alternative choices where the documents
	// are silent (see DialectList); safe, unlike Faults. Unknown names
	// make New fail.
	Dialects []Dialect
	// MaxDeadline caps deadlineMs of a room (0 = DefaultMaxDeadline).
	MaxDeadline time.Duration
	// IdleTimeout force-ends a room with agent seats that no request has
	// named for this long (0 = DefaultIdleTimeout, negative = never).
	IdleTimeout time.Duration
	// KeepEnded is how long an ended room is kept for its log before it is
	// forgotten (0 = DefaultKeepEnded, negative = until MaxRooms pushes
	// it out).
	KeepEnded time.Duration
}

// Server is the embedded BangArena reference server: many rooms, their
// goroutines, and the HTTP handler for REST and MCP.
type Server struct {
	opts     Options
	faults   faultSet
	dialects dialectSet
	ctx      context.Context
	cancel   context.CancelFunc
	mcp      http.Handler

	mu     sync.RWMutex
	rooms  map[string]*room
	order  []string // creation order, for dropping the oldest ended rooms
	closed bool
	wg     sync.WaitGroup

	// bufs holds *[]byte buffers for encoding answers.
	bufs sync.Pool
}

// New returns a Server with opts; it fails on an unknown fault or player
// kind.
func New(opts Options) (*Server, error) {
	if opts.Clock == nil {
		opts.Clock = SystemClock()
	}
	if opts.Deadline <= 0 {
		opts.Deadline = DefaultDeadline
	}
	if opts.Pause < 0 {
		return nil, errors.New("bangarena server: negative pause")
	}
	if opts.Players == nil {
		opts.Players = Adversaries
	}
	if len(opts.DefaultAdversaries) == 0 {
		opts.DefaultAdversaries = []string{KindRandom}
	}
	for _, k := range opts.DefaultAdversaries {
		if _, err := opts.Players(k, 0); err != nil {
			return nil, fmt.Errorf("bangarena server: %w", err)
		}
	}
	if opts.MaxDecisions <= 0 {
		opts.MaxDecisions = DefaultMaxDecisions
	}
	if opts.MaxRooms <= 0 {
		opts.MaxRooms = DefaultMaxRooms
	}
	opts.limitsWithDefaults()
	fs := faultSet{}
	for _, f := range opts.Faults {
		if !knownFault(f) {
			return nil, fmt.Errorf("bangarena server: unknown fault %q (known: %s)", f, faultNames())
		}
		fs[f] = true
	}
	ds := dialectSet{}
	for _, d := range opts.Dialects {
		if !knownDialect(d) {
			return nil, fmt.Errorf("bangarena server: unknown dialect %q (known: %s)", d, dialectNames())
		}
		ds[d] = true
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{opts: opts, faults: fs, dialects: ds, ctx: ctx, cancel: cancel, rooms: map[string]*room{}}
	s.mcp = s.mcpHandler()
	s.wg.Add(1)
	go s.reap()
	return s, nil
}

// Faults returns the faults this server runs with, sorted.
func (s *Server) Faults() []Fault {
	var out []Fault
	for f := range s.faults {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

// RoomConfig is the body of POST /api/ai/rooms and the argument of
// CreateRoom.
type RoomConfig struct {
	// Seats is the number of seats, 4–8.
	Seats int `json:"seats"`
	// RoleMode is classic (default), partners, impostor or legacy.
	RoleMode string `json:"roleMode,omitempty"`
	// Seed fixes the deal ("" = a random seed).
	Seed string `json:"seed,omitempty"`
	// DeadlineMs is the per-seat decision deadline (0 = the server's).
	DeadlineMs int `json:"deadlineMs,omitempty"`
	// Agents are the seats played over REST / MCP; each gets a token.
	Agents []int `json:"agents"`
	// Adversaries are the scripted player kinds of the other seats, given
	// to them in seat order, cycling (empty = the server's default).
	Adversaries []string `json:"adversaries,omitempty"`
	// Policy is the illegal-answer policy of every agent seat
	// (reask_then_random, skip or random; "" = reask_then_random).
	Policy string `json:"policy,omitempty"`
	// SeatPolicies overrides Policy per agent seat.
	SeatPolicies map[int]string `json:"seatPolicies,omitempty"`
	// Characters, when set, fixes the character of every seat (one per
	// seat, in seat order) instead of dealing them from the seed: a
	// conformance run uses it to put every ability of §6 on the table.
	Characters []string `json:"characters,omitempty"`
	// Deal, when set, fixes the roles by seat, the first cards of the
	// opening hands and of the draw pile (the optional test capability
	// CapabilityFixedDeal, docs/wire.md); the room's chance deals the rest.
	Deal *FixedDeal `json:"deal,omitempty"`
}

// Created is the answer to POST /api/ai/rooms and the result of CreateRoom.
type Created struct {
	RoomID string `json:"roomId"`
	// Tokens holds the x-agent-token of each agent seat.
	Tokens map[int]string `json:"tokens"`
	// Chance declares the generator the room draws with (docs/wire.md
	// harness extension): "umpire-chacha8" (bangarena.Seeded) unless a
	// dialect draws otherwise, when it is left out.
	Chance string `json:"chance,omitempty"`
	// Capabilities lists the optional test capabilities the server offers
	// (CapabilityFixedDeal), announced as MCP servers do theirs.
	Capabilities []string `json:"capabilities,omitempty"`
}

// configError is a bad RoomConfig (HTTP 422).
type configError struct{ msg string }

func (e *configError) Error() string { return e.msg }

// ErrClosed is returned by CreateRoom after Shutdown.
var ErrClosed = errors.New("bangarena server: shut down")

// ErrTooManyRooms is returned by CreateRoom when MaxRooms rooms are live.
var ErrTooManyRooms = errors.New("bangarena server: too many rooms")

// CreateRoom deals a new room and starts its goroutine.
func (s *Server) CreateRoom(cfg RoomConfig) (Created, error) {
	r, err := s.newRoom(cfg)
	if err != nil {
		return Created{}, err
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return Created{}, ErrClosed
	}
	now := s.opts.Clock.Now()
	s.sweepLocked(now)
	if len(s.rooms) >= s.opts.MaxRooms {
		s.dropEndedLocked()
		if len(s.rooms) >= s.opts.MaxRooms {
			s.mu.Unlock()
			return Created{}, s.tooManyRooms()
		}
	}
	rctx, cancel := context.WithCancelCause(s.ctx)
	r.life.Cancel = cancel
	r.life.Touch(now)
	s.rooms[r.id] = r
	s.order = append(s.order, r.id)
	s.wg.Add(1)
	s.mu.Unlock()
	created := Created{RoomID: r.id, Tokens: r.tokens(), Capabilities: []string{CapabilityFixedDeal}}
	if !s.dialects.on(DialectOtherChance) && !s.faults.fairFaultsOn() && cfg.Deal == nil {
		// A fixed deal is not the seed's: the room's chance is then its own.
		created.Chance = "umpire-chacha8"
	}
	go func() {
		defer s.wg.Done()
		defer cancel(nil)
		r.run(rctx)
	}()
	return created, nil
}

// dropEndedLocked forgets the oldest ended rooms, down to three quarters of
// MaxRooms.
func (s *Server) dropEndedLocked() {
	target := s.opts.MaxRooms * 3 / 4
	keep := s.order[:0]
	for _, id := range s.order {
		r := s.rooms[id]
		if len(s.rooms) > target && r.isEnded() {
			delete(s.rooms, id)
			continue
		}
		keep = append(keep, id)
	}
	s.order = keep
}

func (s *Server) room(id string) *room {
	s.mu.RLock()
	r := s.rooms[id]
	s.mu.RUnlock()
	if r != nil {
		r.life.Touch(s.opts.Clock.Now()) // a request naming the room: not idle
	}
	return r
}

// Rooms lists the ids of the rooms held, sorted.
func (s *Server) Rooms() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	ids := make([]string, 0, len(s.rooms))
	for id := range s.rooms {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Wait blocks until the room's match is over (or ctx ends).
func (s *Server) Wait(ctx context.Context, roomID string) error {
	r := s.room(roomID)
	if r == nil {
		return fmt.Errorf("bangarena server: no room %q", roomID)
	}
	select {
	case <-r.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Status returns the status of a room (ok false when there is no such room).
func (s *Server) Status(roomID string) (RoomStatus, bool) {
	r := s.room(roomID)
	if r == nil {
		return RoomStatus{}, false
	}
	return r.status(), true
}

// Log returns the full event log of an ended room as JSON Lines.
func (s *Server) Log(roomID string) ([]byte, error) {
	r := s.room(roomID)
	if r == nil {
		return nil, fmt.Errorf("bangarena server: no room %q", roomID)
	}
	b, ok := r.logLines()
	if !ok {
		return nil, fmt.Errorf("bangarena server: room %q has not ended", roomID)
	}
	return b, nil
}

// Shutdown stops accepting rooms, force-ends every running match and waits
// for the room goroutines to exit, or for ctx to end.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	return serverkit.Drain(ctx, &s.wg)
}

func (s *Server) newRoom(cfg RoomConfig) (*room, error) {
	if cfg.Seats < 4 || cfg.Seats > 8 {
		return nil, &configError{fmt.Sprintf("seats must be 4–8, got %d", cfg.Seats)}
	}
	if cfg.DeadlineMs < 0 || int64(cfg.DeadlineMs) > s.opts.MaxDeadline.Milliseconds() {
		return nil, &configError{fmt.Sprintf("deadlineMs must be 0–%d (the server's bound max-deadline = %v), got %d", s.opts.MaxDeadline.Milliseconds(), s.opts.MaxDeadline, cfg.DeadlineMs)}
	}
	agents := map[int]bool{}
	for _, a := range cfg.Agents {
		if a < 0 || a >= cfg.Seats {
			return nil, &configError{fmt.Sprintf("agent seat %d is not a seat of a %d-seat table", a, cfg.Seats)}
		}
		if agents[a] {
			return nil, &configError{fmt.Sprintf("agent seat %d is listed twice", a)}
		}
		agents[a] = true
	}
	policy := cfg.Policy
	if policy == "" {
		policy = PolicyReaskThenRandom
	}
	if !validPolicy(policy) {
		return nil, &configError{fmt.Sprintf("unknown policy %q (want reask_then_random, skip or random)", cfg.Policy)}
	}
	for seat, p := range cfg.SeatPolicies {
		if !agents[seat] {
			return nil, &configError{fmt.Sprintf("seatPolicies names seat %d, which is not an agent seat", seat)}
		}
		if !validPolicy(p) {
			return nil, &configError{fmt.Sprintf("unknown policy %q for seat %d", p, seat)}
		}
	}
	kinds := cfg.Adversaries
	if len(kinds) == 0 {
		kinds = s.opts.DefaultAdversaries
	}
	if cfg.Seed == "" {
		cfg.Seed = randomHex(8)
	}
	id := "r-" + randomHex(8)
	chance, replace := s.dialects.chance(cfg.Seed)
	chance = s.faults.fairChance(chance) // faults_fair.go
	chance = s.faults.sizeChance(chance) // faults_sizes.go
	// The one dialect that plays a reading of its own (toss-self) is a
	// config switch of the engine, logged in match_start like any reading.
	readings := ref.Readings{TossSelf: s.dialects.on(DialectTossSelf), SaloonWhenHurt: s.dialects.on(DialectSaloonWhenHurt),
		BuiltInsBlock: s.dialects.on(DialectBuiltInsBlock), WeaponKindWithheld: s.dialects.on(DialectWeaponKindWithheld)}
	gcfg := ref.Config{Seats: cfg.Seats, RoleMode: cfg.RoleMode, MatchID: "m-" + id[2:], Characters: cfg.Characters, Readings: readings, Deviations: s.faults.deviations()}
	if cfg.Deal != nil {
		var err error
		if chance, err = withFixedDeal(gcfg, cfg.Seed, chance, *cfg.Deal); err != nil {
			return nil, &configError{err.Error()}
		}
	}
	g, err := ref.NewGameWith(gcfg, cfg.Seed, chance)
	if err != nil {
		return nil, &configError{err.Error()}
	}
	deadline := s.defaultDeadline()
	if cfg.DeadlineMs > 0 {
		deadline = time.Duration(cfg.DeadlineMs) * time.Millisecond
	}
	r := &room{
		id: id, s: s, cfg: cfg, g: g, deadline: deadline,
		seats:   make([]seatInfo, cfg.Seats),
		replace: replace,
		wake:    make(chan struct{}, 1),
		done:    make(chan struct{}),
	}
	next := 0
	for seat := range r.seats {
		si := &r.seats[seat]
		if agents[seat] {
			si.agent, si.token, si.policy = true, randomHex(16), policy
			if p, ok := cfg.SeatPolicies[seat]; ok {
				si.policy = p
			}
			si.answers = map[string]Answer{}
			continue
		}
		kind := kinds[next%len(kinds)]
		next++
		p, err := s.opts.Players(kind, PlayerSeed(cfg.Seed, seat))
		if err != nil {
			return nil, &configError{err.Error()}
		}
		si.kind, si.player = kind, p
	}
	r.mu.Lock()
	r.settleLocked(s.opts.Clock.Now())
	r.mu.Unlock()
	return r, nil
}

func validPolicy(p string) bool {
	switch p {
	case PolicyReaskThenRandom, PolicySkip, PolicyRandom:
		return true
	}
	return false
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never returns an error (Go 1.24+)
	return hex.EncodeToString(b)
}
