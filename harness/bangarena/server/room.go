package server

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/harness/server/lifetime"
	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// adversaryBatch is how many scripted moves a room makes before it lets
// go of its lock, so observers of a busy room never wait long.
const adversaryBatch = 64

// room is one match and the state of its seats. All fields below mu are
// guarded by it; the referee's Game is not safe for concurrent use.
type room struct {
	id       string
	s        *Server
	cfg      RoomConfig
	deadline time.Duration
	wake     chan struct{}
	done     chan struct{}
	life     lifetime.Lifetime // what the server's reaper knows (limits.go)
	talk     string            // the last decision's message (FaultRelayMessage)

	mu         sync.Mutex
	g          *ref.Game
	seats      []seatInfo
	open       *openDecision
	pauseUntil time.Time
	replace    ref.Chance // the replacement of illegal answers (§14)
	ended      bool
	timeouts   int
	replaced   int
	peeks      int // requests naming another seat with an agent's token (authLocked)
	// changed is closed (and cleared) when the room changes, to wake
	// WaitDecision; nil while nobody waits.
	changed chan struct{}
}

type seatInfo struct {
	agent   bool
	token   string
	policy  string
	kind    string
	player  Player
	answers map[string]Answer // accepted answers by commandId
	// events keeps the encoding of the seat's events for its next observe
	// (REST) while the match runs.
	events ref.EventCache
	// delta is the storage of the events of the seat's last observe,
	// reused by the next.
	delta []ref.Event
	// items and view are the storage of the typed items and the
	// observation of the seat's last observe when no fault is on
	// (RequestSinceItems), reused by the next.
	items []ref.Item
	view  ref.ViewStore
}

// openDecision is the decision offered to an agent seat.
type openDecision struct {
	seat     int
	version  int
	deadline time.Time
	illegal  int // illegal answers so far
}

func newRand(seed int64) *rand.Rand { return rand.New(rand.NewPCG(uint64(seed), 0x726f6f6d)) }

// tokens maps the agent seats to their tokens. It reads only fields fixed
// at creation (never a copy of a seat, whose caches observers write).
func (r *room) tokens() map[int]string {
	out := map[int]string{}
	for seat := range r.seats {
		if si := &r.seats[seat]; si.agent {
			out[seat] = si.token
		}
	}
	return out
}

func (r *room) isEnded() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.ended
}

// poke wakes the room goroutine without blocking.
func (r *room) poke() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// run drives the room until its match is over or ctx ends (then the match
// is force-ended).
func (r *room) run(ctx context.Context) {
	defer close(r.done)
	clock := r.s.opts.Clock
	for {
		r.mu.Lock()
		wait, timed := r.settleLocked(clock.Now())
		ended := r.ended
		r.notifyLocked()
		r.mu.Unlock()
		if ended {
			return
		}
		if timed && wait <= 0 {
			// More to do at once (a batch of scripted moves): yield the lock
			// to waiting handlers, then go on unless the server stops.
			select {
			case <-ctx.Done():
			default:
				runtime.Gosched()
				continue
			}
		}
		var fire <-chan time.Time
		var t Timer
		if timed {
			t = clock.NewTimer(wait)
			fire = t.C()
		}
		select {
		case <-r.wake:
		case <-fire:
		case <-ctx.Done():
			if t != nil {
				t.Stop()
			}
			r.mu.Lock()
			r.g.Abort("force_end")
			r.ended = true
			r.open = nil
			r.notifyLocked()
			r.mu.Unlock()
			return
		}
		if t != nil {
			t.Stop()
		}
	}
}

// settleLocked brings the room to its next waiting point at time now: it
// plays the scripted seats, opens agent decisions (after the pause) and
// answers for agent seats whose deadline has passed. It returns how long
// to wait for the next timed step (timed false: wait for a poke only).
func (r *room) settleLocked(now time.Time) (wait time.Duration, timed bool) {
	for moves := 0; ; {
		if r.g.Over() {
			r.ended, r.open = true, nil
			return 0, false
		}
		if r.g.Decisions() >= r.s.opts.MaxDecisions {
			r.g.Abort("force_end")
			continue
		}
		seat, _ := r.g.Decider()
		si := &r.seats[seat]
		if !si.agent {
			if moves >= adversaryBatch {
				return 0, true // let observers in, then go on
			}
			moves++
			var (
				id   string
				args json.RawMessage
			)
			if gd, ok := si.player.(GameDecider); ok {
				id, args = gd.DecideGame(r.g, seat)
			} else {
				req := r.scriptedRequestLocked(seat, si.player)
				id, args = si.player.Decide(&req)
			}
			if err := r.g.Apply(seat, id, args); err != nil {
				r.applyDefaultLocked(seat)
			}
			continue
		}
		if !r.pendingLocked(seat) {
			if r.s.opts.Pause > 0 {
				if r.pauseUntil.IsZero() {
					r.pauseUntil = now.Add(r.s.opts.Pause)
				}
				if now.Before(r.pauseUntil) {
					return r.pauseUntil.Sub(now), true
				}
			}
			r.openLocked(seat, now)
		}
		if r.s.faults.on(FaultIgnoreDeadline) {
			return 0, false
		}
		due := r.open.deadline
		if r.s.faults.on(FaultTimeoutEarly) {
			due = due.Add(-r.deadline / 2)
		}
		if now.Before(due) {
			return due.Sub(now), true
		}
		// §14: no answer in time → the server answers for the seat, with the
		// deadline counted from the offer (I-BA-64).
		r.timeouts++
		r.applyTimeoutLocked(seat)
	}
}

// applyDefaultLocked applies the engine's default answer for seat (§14);
// a match the engine cannot go on with is force-ended.
func (r *room) applyDefaultLocked(seat int) {
	r.open, r.pauseUntil = nil, time.Time{}
	def, ok := r.g.DefaultAction(seat)
	if ok && r.s.faults.on(FaultGloryDefaultRange) {
		def = gloryFirstLocked(r.g, seat, def)
	}
	if !ok || r.g.Apply(seat, def.ActionID, nil) != nil {
		r.g.Abort("force_end")
	}
}

// applyTimeoutLocked answers for a silent agent seat at its deadline
// (§14): the engine's default answer, or another item with
// FaultTimeoutNotDefault on.
func (r *room) applyTimeoutLocked(seat int) {
	def, ok := r.g.DefaultAction(seat)
	if ok && r.s.faults.on(FaultTimeoutNotDefault) {
		r.open, r.pauseUntil = nil, time.Time{}
		if it := r.notDefaultLocked(seat, def); r.g.Apply(seat, it.ActionID, nil) != nil {
			r.g.Abort("force_end")
		}
		return
	}
	r.applyDefaultLocked(seat)
}

func (r *room) openLocked(seat int, now time.Time) {
	r.open = &openDecision{seat: seat, version: r.g.Version(), deadline: now.Add(r.deadline)}
	r.pauseUntil = time.Time{}
}

// pendingLocked reports whether seat has an offered decision now.
func (r *room) pendingLocked(seat int) bool {
	return r.open != nil && r.open.seat == seat && r.open.version == r.g.Version() && !r.g.Over()
}

// afterApplyLocked is called by a handler after it changed the match: it
// opens the next agent decision at once when there is no pause, and wakes
// the room goroutine for the rest.
func (r *room) afterApplyLocked(now time.Time) {
	r.open, r.pauseUntil = nil, time.Time{}
	if r.g.Over() {
		r.ended = true
	} else if seat, _ := r.g.Decider(); r.seats[seat].agent && r.s.opts.Pause == 0 {
		r.openLocked(seat, now)
	}
	r.notifyLocked()
	r.poke()
}

// logLines returns the engine's full log as JSON Lines once the match is
// over; the handler reveals the seed beside it (I-BA-66).
func (r *room) logLines() ([]byte, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.ended {
		return nil, false
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	events := r.g.Log()
	if r.s.faults.on(FaultLogDropsDecision) {
		for i := len(events) - 1; i >= 0; i-- {
			if events[i].Type == "decision" {
				events = append(events[:i:i], events[i+1:]...)
				break
			}
		}
	}
	events = r.s.faults.logFaults(events)
	for _, e := range events {
		if err := enc.Encode(e); err != nil {
			continue // an event the engine cannot write is left out rather than cut the log
		}
	}
	return b.Bytes(), true
}

// RoomStatus is the answer of GET /api/ai/rooms/{roomId}.
type RoomStatus struct {
	RoomID      string         `json:"roomId"`
	MatchID     string         `json:"matchId"`
	Seats       int            `json:"seats"`
	RoleMode    string         `json:"roleMode"`
	Agents      []int          `json:"agents"`
	Adversaries map[int]string `json:"adversaries"`
	Policies    map[int]string `json:"policies"`
	DeadlineMs  int64          `json:"deadlineMs"`
	Phase       string         `json:"phase"`
	Version     int            `json:"version"`
	Decisions   int            `json:"decisions"`
	Round       int            `json:"round"`
	Ended       bool           `json:"ended"`
	WinnerTeam  string         `json:"winnerTeam,omitempty"`
	WinnerSeats []int          `json:"winnerSeats,omitempty"`
	// Timeouts counts answers the server gave for silent agent seats.
	Timeouts int `json:"timeouts"`
	// Replaced counts illegal agent answers replaced by the policy.
	Replaced int `json:"replaced"`
	// Peeks counts requests that named another seat than the one their
	// agent token opens (its observation, its decision): an agent's
	// attempts to read or act in a seat it does not play (§16).
	Peeks int `json:"peeks"`
	// Seed is shown once the match is over (the log commits to it).
	Seed string `json:"seed,omitempty"`
}

func (r *room) status() RoomStatus {
	r.mu.Lock()
	defer r.mu.Unlock()
	st := RoomStatus{
		RoomID: r.id, MatchID: r.g.Config().MatchID, Seats: r.g.Seats(), RoleMode: r.g.Config().RoleMode,
		Agents: []int{}, Adversaries: map[int]string{}, Policies: map[int]string{},
		DeadlineMs: r.deadline.Milliseconds(), Phase: r.g.Phase(), Version: r.g.Version(),
		Decisions: r.g.Decisions(), Round: r.g.Round(), Ended: r.ended,
		Timeouts: r.timeouts, Replaced: r.replaced, Peeks: r.peeks,
	}
	if st.RoleMode == "" {
		st.RoleMode = ref.ModeClassic
	}
	for seat := range r.seats {
		if si := &r.seats[seat]; si.agent {
			st.Agents = append(st.Agents, seat)
			st.Policies[seat] = si.policy
		} else {
			st.Adversaries[seat] = r.seats[seat].kind
		}
	}
	if r.ended {
		st.WinnerTeam, st.WinnerSeats = r.g.Winners()
		st.Seed = r.g.Seed()
	}
	return st
}

// configHeader is the table config revealed with the log.
func (r *room) configHeader() string {
	c := r.g.Config()
	b, _ := json.Marshal(map[string]any{"seats": c.Seats, "roleMode": c.RoleMode, "matchId": c.MatchID})
	return string(b)
}

// scriptedRequestLocked builds the request a scripted player gets: the
// whole DecisionRequest, or only the legal items for a player that does
// not read the observation (ViewNeeder).
func (r *room) scriptedRequestLocked(seat int, p Player) ref.DecisionRequest {
	if vn, ok := p.(ViewNeeder); ok && !vn.NeedsObservation() {
		return ref.DecisionRequest{
			MatchID: r.g.Config().MatchID, SeatID: seat, ObservationVersion: r.g.Version(),
			RulesetVersion: ref.RulesetVersion, MechanicsPackHash: ref.MechanicsPackHash, ProtocolVersion: ref.ProtocolVersion,
			LegalActions: r.g.Legal(seat),
		}
	}
	return r.g.Request(seat, "")
}
