package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// Request is the answer of observe: the engine's DecisionRequest with
// deadlineAt (null when nothing is pending) and the legal_mask alias.
type Request struct {
	ref.DecisionRequest
	// DeadlineAt shadows the engine's field: ISO 8601 UTC with
	// milliseconds while a decision is pending, else null.
	DeadlineAt *string `json:"deadlineAt"`
	// LegalMask is an exact alias of LegalActions (the same items; I-BA-60).
	LegalMask []ref.LegalAction `json:"legal_mask"`
	// TableTalk relays the last decision's message (FaultRelayMessage
	// only: §1.4 has no free-text channel).
	TableTalk string `json:"tableTalk,omitempty"`
	// NoMask leaves legal_mask out (FaultNoLegalMask only).
	NoMask bool `json:"-"`
	// DeckTop names the deck's top cards (FaultLeakDeck only: §11 shows
	// the deck's size, never its order or contents).
	DeckTop []ref.Card `json:"deckTop,omitempty"`
}

// Decision is the body of POST /api/ai/rooms/{roomId}/decision.
type Decision struct {
	Seat               *int            `json:"seat"`
	ActionID           string          `json:"actionId"`
	CommandID          string          `json:"commandId"`
	ObservationVersion *int            `json:"observationVersion,omitempty"`
	BasedOnVersion     *int            `json:"basedOnVersion,omitempty"`
	Args               json.RawMessage `json:"args,omitempty"`
}

// Answer is the 200 answer to a decision (WIRE.md).
type Answer struct {
	OK                 bool `json:"ok"`
	ObservationVersion int  `json:"observationVersion"`
	Duplicate          bool `json:"duplicate,omitempty"`
	// Random marks an illegal answer replaced by a random legal item.
	Random bool `json:"random,omitempty"`
	// Skipped marks an illegal answer replaced by the default answer
	// (policy skip).
	Skipped           bool   `json:"skipped,omitempty"`
	ReplacedBy        string `json:"replacedBy,omitempty"`
	RequestedActionID string `json:"requestedActionId,omitempty"`
}

// APIError is the error object of an error body {error:{…}}.
type APIError struct {
	Code      string `json:"code"`
	Message   string `json:"message"`
	Reask     bool   `json:"reask,omitempty"`
	Retryable bool   `json:"retryable,omitempty"`
	// Rule names the catalogue rule behind an illegal answer.
	Rule string `json:"rule,omitempty"`
}

// ErrorBody is the JSON body of every error answer.
type ErrorBody struct {
	Error APIError `json:"error"`
}

// Error codes of ErrorBody.
const (
	CodeMalformed     = "malformed"
	CodeUnauthorized  = "unauthorized"
	CodeForbidden     = "forbidden"
	CodeNotFound      = "room_not_found"
	CodeStale         = "stale_version"
	CodeNotPending    = "no_decision_pending"
	CodeEnded         = "match_ended"
	CodeIllegal       = "illegal_action"
	CodeNotEnded      = "not_ended"
	CodeBadConfig     = "bad_config"
	CodeTooManyRooms  = "too_many_rooms"
	CodeShuttingDown  = "shutting_down"
	CodeInternal      = "internal"
	CodeUnknownPath   = "not_found"
	CodeBadSeat       = "bad_seat"
	CodeInvalidParams = "invalid_params"
)

// reply is a status and a JSON value (or raw bytes) to send.
type reply struct {
	status int
	body   any
}

func errReply(status int, code, format string, args ...any) reply {
	return reply{status, ErrorBody{APIError{Code: code, Message: fmt.Sprintf(format, args...)}}}
}

func (rp reply) with(f func(*APIError)) reply {
	if eb, ok := rp.body.(ErrorBody); ok {
		f(&eb.Error)
		rp.body = eb
	}
	return rp
}

func (rp reply) isError() bool { _, ok := rp.body.(ErrorBody); return ok }

func deadlineString(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// authLocked checks token for seat: 401 when missing or unknown, 403 when
// it is another seat's token of the room (I-BA-65), counted in peeks.
func (r *room) authLocked(seat int, token string) (reply, bool) {
	if seat < 0 || seat >= len(r.seats) {
		return errReply(http.StatusUnprocessableEntity, CodeBadSeat, "seat %d is not a seat of this %d-seat room", seat, len(r.seats)), false
	}
	if token == "" {
		return errReply(http.StatusUnauthorized, CodeUnauthorized, "missing x-agent-token"), false
	}
	if r.s.faults.on(FaultWrongTokenAccepted) {
		return reply{}, true // fault: any non-empty token passes
	}
	si := &r.seats[seat]
	if si.agent && si.token == token {
		return reply{}, true
	}
	for other := range r.seats {
		if o := &r.seats[other]; other != seat && o.agent && o.token == token {
			r.peeks++ // RoomStatus.Peeks: certify's agent.own-seat-only
			return errReply(http.StatusForbidden, CodeForbidden, "this token belongs to seat %d, not seat %d", other, seat), false
		}
	}
	if !si.agent {
		return errReply(http.StatusUnauthorized, CodeUnauthorized, "seat %d is not an agent seat; no token opens it", seat), false
	}
	return errReply(http.StatusUnauthorized, CodeUnauthorized, "wrong x-agent-token for seat %d", seat), false
}

// observe answers GET …/observe?seat=N.
func (s *Server) observe(roomID string, seat int, token string) reply {
	r := s.room(roomID)
	if r == nil {
		return errReply(http.StatusNotFound, CodeNotFound, "no room %q", roomID)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if rp, ok := r.authLocked(seat, token); !ok {
		return rp
	}
	return reply{http.StatusOK, r.requestLocked(seat)}
}

// requestLocked builds seat's Request: the pending decision, or an empty
// legalActions with decisionId and deadlineAt null (WIRE.md, I-BA-62).
func (r *room) requestLocked(seat int) Request {
	return r.finishRequestLocked(seat, r.g.Request(seat, ""))
}

// finishRequestLocked completes the engine's request for seat (from
// Request or RequestSince) as requestLocked does.
func (r *room) finishRequestLocked(seat int, req ref.DecisionRequest) Request {
	var dl *string
	if r.pendingLocked(seat) {
		d := deadlineString(r.open.deadline)
		dl = &d
		req.DeadlineAt = d
	} else {
		req.LegalActions, req.DecisionID = nil, nil
	}
	if req.LegalActions == nil {
		req.LegalActions = []ref.LegalAction{}
	}
	r.applyViewFaultsLocked(seat, &req)
	r.revealFaultsLocked(seat, &req) // faults_reveal.go
	r.packFaultsLocked(&req)         // faults_pack.go
	r.versionFaultLocked(&req)       // faults_pack.go
	r.ruleFaultsLocked(seat, &req)
	r.gloryFaultsLocked(seat, &req)
	r.checksPrivateLocked(seat, &req.Observation)  // faults_statements.go
	r.leakRoleEventsLocked(seat, &req.Observation) // faults_statements.go
	return Request{DecisionRequest: req, DeadlineAt: r.s.faults.deadlineFault(dl), LegalMask: r.s.legalMask(req.LegalActions), TableTalk: r.talk, NoMask: r.s.faults.on(FaultNoLegalMask), DeckTop: r.deckTopLocked()}
}

// applyViewFaultsLocked breaks the request on purpose when a fault asks.
// The engine never leaks, so these faults rewrite its answer here.
func (r *room) applyViewFaultsLocked(seat int, req *ref.DecisionRequest) {
	f := r.s.faults
	if f.on(FaultLeakHand) || f.on(FaultLeakRole) {
		players := append([]ref.PlayerInfo(nil), req.Observation.Players...)
		for p := range players {
			if p == seat {
				continue
			}
			own := r.g.View(p).Players[p]
			if f.on(FaultLeakHand) {
				players[p].Hand = own.Hand
			}
			if f.on(FaultLeakRole) && players[p].RoleID == nil {
				players[p].RoleID, players[p].RoleHidden = own.RoleID, false
			}
		}
		req.Observation.Players = players
	}
	// Jail is offered on the Marshal where a Jail is playable at all: in the
	// play phase with no choice or reaction pending (whose items are the
	// whole decision), so only the Jail rule is broken.
	if f.on(FaultJailMarshal) && len(req.LegalActions) > 0 && req.Observation.Phase == ref.PhasePlay &&
		req.Observation.PendingChoice == nil && req.Observation.PendingReaction == nil {
		marshal := -1
		for _, p := range req.Observation.Players {
			if p.RoleID != nil && *p.RoleID == ref.RoleMarshal && p.Alive {
				marshal = p.Seat
			}
		}
		if marshal < 0 || marshal == seat {
			return
		}
		for _, c := range req.Observation.Players[seat].Hand {
			if c.CardID != "jail" {
				continue
			}
			id := "equip_blue:" + c.UID + ":" + strconv.Itoa(marshal)
			req.LegalActions = append(append([]ref.LegalAction(nil), req.LegalActions...), ref.LegalAction{
				ActionID: id, Command: "play_equip_blue",
				ArgsSchema: map[string]any{"cardUid": c.UID, "targetSeat": marshal},
			})
			return
		}
	}
}

// parseDecision reads a decision body strictly: one JSON object, the
// required fields with their types, args an object when present.
func parseDecision(body []byte) (Decision, error) {
	var d Decision
	// One JSON object that decodes: what the decoder below accepts, read
	// without its buffer; anything else takes the decoder, for its error.
	if trimmed := bytes.TrimLeft(body, " \t\r\n"); len(trimmed) > 0 && trimmed[0] == '{' && json.Valid(body) {
		if json.Unmarshal(body, &d) == nil {
			return d.check()
		}
		d = Decision{}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&d); err != nil {
		return d, fmt.Errorf("body is not a decision object: %v", err)
	}
	if dec.More() {
		return d, errors.New("body holds more than one JSON value")
	}
	// The first value decoded into a struct, so it is an object or null; the
	// whole body must also be valid JSON (nothing stray after the object).
	if trimmed := bytes.TrimLeft(body, " \t\r\n"); len(trimmed) == 0 || trimmed[0] != '{' || !json.Valid(body) {
		return d, errors.New("body must be a JSON object")
	}
	return d.check()
}

// check validates the fields of a decoded decision body.
func (d Decision) check() (Decision, error) {
	switch {
	case d.Seat == nil:
		return d, errors.New("seat is required")
	case d.ActionID == "":
		return d, errors.New("actionId is required (a non-empty string)")
	case d.CommandID == "":
		return d, errors.New("commandId is required (a non-empty string)")
	case d.ObservationVersion == nil && d.BasedOnVersion == nil:
		return d, errors.New("observationVersion (or basedOnVersion) is required")
	case d.ObservationVersion != nil && d.BasedOnVersion != nil && *d.ObservationVersion != *d.BasedOnVersion:
		return d, errors.New("observationVersion and basedOnVersion disagree")
	}
	if a := bytes.TrimSpace(d.Args); len(a) > 0 {
		if bytes.Equal(a, []byte("null")) {
			d.Args = nil
		} else if a[0] != '{' {
			return d, errors.New("args must be a JSON object")
		}
	}
	return d, nil
}

func (d Decision) version() int {
	if d.ObservationVersion != nil {
		return *d.ObservationVersion
	}
	return *d.BasedOnVersion
}

// decide answers POST …/decision: authenticate, idempotency (answered from
// the store first, in every state: I-BA-62), pending decision (I-BA-62),
// staleness (I-BA-63), legality and the seat's policy (§12, §14, WIRE.md,
// I-BA-61).
func (s *Server) decide(roomID, token string, body []byte) reply {
	r := s.room(roomID)
	if r == nil {
		return errReply(http.StatusNotFound, CodeNotFound, "no room %q", roomID)
	}
	d, err := parseDecision(s.basedOnFault(body)) // faults_pack.go
	if err != nil {
		if s.faults.on(Fault500OnMalformed) {
			return errReply(http.StatusInternalServerError, CodeInternal, "%v", err)
		}
		return errReply(http.StatusUnprocessableEntity, CodeMalformed, "%v", err)
	}
	seat := *d.Seat
	now := s.opts.Clock.Now()
	r.mu.Lock()
	defer r.mu.Unlock()
	if rp, ok := r.authLocked(seat, token); !ok {
		return rp
	}
	si := &r.seats[seat]
	if !si.agent {
		return errReply(http.StatusForbidden, CodeForbidden, "seat %d is played by the server", seat)
	}
	r.relayFaultLocked(body) // faults_pack.go
	if a, ok := si.answers[d.CommandID]; ok && !s.faults.on(FaultNoDuplicate) {
		a.Duplicate = true
		return reply{http.StatusOK, a}
	}
	if r.g.Over() {
		return errReply(http.StatusConflict, CodeEnded, "the match has ended")
	}
	if !r.pendingLocked(seat) {
		if s.faults.on(FaultHealWhenNotAsked) && r.g.Apply(seat, d.ActionID, d.Args) == nil {
			// The engine's deviation applied Bonesetter's heal although
			// another seat decides (faults_chars.go).
			r.afterApplyLocked(now)
			return reply{http.StatusOK, Answer{OK: true, ObservationVersion: r.g.Version()}}
		}
		if s.faults.on(FaultNotPendingAccepted) {
			return reply{http.StatusOK, Answer{OK: true, ObservationVersion: r.g.Version()}}
		}
		return errReply(http.StatusConflict, CodeNotPending, "no decision is pending for seat %d; fetch a fresh request and answer it", seat).
			with(func(e *APIError) { e.Retryable = true })
	}
	if v := d.version(); v != r.g.Version() && !s.faults.on(FaultAcceptStale) && !(v > r.g.Version() && s.faults.on(FaultAcceptFuture)) {
		if s.faults.on(FaultStaleApplied) && r.applyLocked(seat, d.ActionID, d.Args) == nil {
			r.afterApplyLocked(now)
		}
		return errReply(staleStatus(s.faults), CodeStale, "observationVersion %d is stale; the state is at version %d", v, r.g.Version()).
			with(func(e *APIError) { e.Retryable = true })
	}
	err = r.applyLocked(seat, r.actionIDLocked(d.ActionID), d.Args)
	if err == nil {
		a := Answer{OK: true, ObservationVersion: r.g.Version()}
		si.answers[d.CommandID] = a
		r.afterApplyLocked(now)
		if s.faults.on(FaultAnswerWithoutVersion) {
			return reply{http.StatusOK, map[string]any{"ok": true}}
		}
		return reply{http.StatusOK, a}
	}
	return r.illegalLocked(seat, si, d, err, now)
}

// applyLocked applies an agent's answer if it is an item of the seat's
// legalActions (§1); the engine checks the args.
func (r *room) applyLocked(seat int, actionID string, args json.RawMessage) error {
	if !r.g.IsLegal(seat, actionID) {
		return rules.Errorf("bangarena/1.legal-only", "%q is not an item of seat %d's legalActions", actionID, seat)
	}
	if r.s.faults.on(FaultArgsIgnored) && actionID != "discard" {
		args = nil
	}
	return r.g.Apply(seat, actionID, args)
}

// illegalLocked handles an illegal answer by the seat's policy (§14): the
// count is per offered decision, skip gives the default answer (I-BA-61).
func (r *room) illegalLocked(seat int, si *seatInfo, d Decision, cause error, now time.Time) reply {
	r.open.illegal++
	policy := si.policy
	if policy == PolicyReaskThenRandom && r.open.illegal == 1 && !r.s.faults.on(FaultSkipReask) {
		rule := rules.RuleOf(cause)
		return errReply(http.StatusBadRequest, CodeIllegal, "%v; answer again with an item of legalActions", cause).
			with(func(e *APIError) { e.Reask, e.Rule = true, rule })
	}
	var (
		pick ref.LegalAction
		ok   bool
		a    = Answer{OK: true, RequestedActionID: d.ActionID}
	)
	if policy == PolicySkip || r.s.faults.on(FaultSecondIllegalSkipped) {
		pick, ok = r.g.DefaultAction(seat)
		a.Skipped = true
	} else {
		pick, ok = r.g.RandomLegal(seat, r.replace)
		a.Random = true
	}
	if !ok || r.g.Apply(seat, pick.ActionID, nil) != nil {
		// The engine offered an item it then refused: end the match rather
		// than loop (never expected).
		r.g.Abort("force_end")
		r.afterApplyLocked(now)
		return errReply(http.StatusConflict, CodeEnded, "the match could not go on and was force-ended")
	}
	r.replaced++
	a.ReplacedBy, a.ObservationVersion = pick.ActionID, r.g.Version()
	si.answers[d.CommandID] = a
	r.afterApplyLocked(now)
	return reply{http.StatusOK, a}
}
