package proxyside

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/harness/bangarena/legaldiff"
	"github.com/umpire-arena/umpire/harness/proxy"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

// Check names of a BangArena room, in report order.
const (
	baServerSchema  = "server-schema"
	baServerLegal   = "server-legal-actions"
	baServerHidden  = "server-hidden-information"
	baServerLog     = "server-room-log"
	baServerStreams = "server-seats-streams"
	baAgentLegal    = "agent-legal-answers"
	baAgentEcho     = "agent-echoes-request"
	baAgentCommands = "agent-command-ids"
	baAgentOnlyAsk  = "agent-only-when-asked"
	baAgentRecover  = "agent-recovers-after-reask"
	baAgentHygiene  = "agent-hygiene"
)

func bangArenaDefs() []proxy.CheckDef {
	return []proxy.CheckDef{
		{Name: baServerSchema, Rules: []string{"bangarena/12.request", "bangarena/12.legal-mask", "bangarena/server.answer-shape"}},
		{Name: baServerLegal, Rules: []string{"bangarena/server.legal-actions"}},
		{Name: baServerHidden, Rules: []string{"bangarena/11.redaction"}},
		{Name: baServerLog, Rules: []string{"bangarena/server.replay"}},
		{Name: baServerStreams, Rules: []string{"bangarena/server.replay"}},
		{Name: baServerTimeout, Rules: []string{"bangarena/14.default-action"}},
		{Name: baAgentLegal, Rules: []string{"bangarena/agent.legal-answer"}},
		{Name: baAgentEcho, Rules: []string{"bangarena/agent.version-echo"}},
		{Name: baAgentCommands, Rules: []string{"bangarena/agent.command-id-unique"}},
		{Name: baAgentOnlyAsk, Rules: []string{"bangarena/agent.only-when-asked"}},
		{Name: baAgentRecover, Rules: []string{"bangarena/agent.recover-after-reask"}},
		{Name: baAgentInTime, Rules: []string{"bangarena/agent.answer-in-time"}},
		{Name: baAgentHygiene, Rules: []string{"bangarena/agent.hygiene"}},
	}
}

// baRoom is the relay's view of one room, guarded by m.mu.
type baRoom struct {
	j      *judge
	m      *proxy.Match
	seats  map[int]*baSeat
	tokens map[string]int // x-agent-token → seat, learnt from observe; never reported
	hands  map[int]map[string]bool
	roles  map[int]string
}

// baSeat is what one seat's exchanges have shown.
type baSeat struct {
	version  int // observationVersion of the last DecisionRequest, -1 before one
	legal    map[string]bool
	commands map[string]int // commandId → observationVersion it answered
	accepted map[int]string // observationVersion → accepted commandId
	reask    int            // version reasked, -1 when none
	events   eventCache
	deadline baDeadline // of the current request
}

// roomFor returns the room of id (nil past MaxMatches); new is true the
// first time.
func (j *judge) roomFor(id string) (*baRoom, bool) {
	m := j.h.Match(id, bangArenaDefs())
	if m == nil {
		return nil, false
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	r, ok := j.rooms[id]
	if !ok {
		r = &baRoom{j: j, m: m, seats: map[int]*baSeat{}, tokens: map[string]int{}, hands: map[int]map[string]bool{}, roles: map[int]string{}}
		j.rooms[id] = r
	}
	return r, !ok
}

// maxRoomSeats caps the seats the relay tracks per room: a room has a
// handful of players; a seat number past the cap (or negative) in a path
// or a decision is judged no further than counting it.
const maxRoomSeats = 16

// Bounds of what a room keeps of a seat.
const (
	// maxCommands caps the commandIds remembered per seat.
	maxCommands = 1 << 16
	// maxEventCache caps one seat's event cache.
	maxEventCache = 1 << 20
	// maxHandCards caps the cards remembered of a seat's own hand.
	maxHandCards = 256
)

// seat returns seat's state; new is true the first time; nil for a seat
// past maxRoomSeats. Callers hold mu.
func (r *baRoom) seat(n int) (s *baSeat, isNew bool) {
	s = r.seats[n]
	if s == nil && (n < 0 || len(r.seats) >= maxRoomSeats) {
		r.m.Unknown(baServerSchema, fmt.Sprintf("exchanges of seats beyond the %d the relay tracks per room", maxRoomSeats))
		return nil, false
	}
	if s == nil {
		s = &baSeat{version: -1, commands: map[string]int{}, accepted: map[int]string{}, reask: -1}
		r.seats[n] = s
		isNew = true
	}
	return s, isNew
}

// judgeExchange judges one finished HTTP exchange.
func (j *judge) judgeExchange(ex *proxy.Exchange) {
	switch ex.Kind {
	case "observe", "decision":
	default:
		return
	}
	room, err := url.PathUnescape(ex.Room)
	if err != nil || room == "" {
		return
	}
	// Only a room the server answers for is a room: an observe it refused
	// (an unknown room, a wrong token) makes none, and a decision counts
	// only for a room already seen.
	if ex.Kind == "observe" && ex.Status != http.StatusOK {
		return
	}
	if ex.Kind == "decision" {
		j.mu.Lock()
		_, known := j.rooms[room]
		j.mu.Unlock()
		if !known {
			return
		}
	}
	r, _ := j.roomFor(room)
	if r == nil {
		return // past MaxMatches: relayed unjudged, counted by matchFor
	}
	if ex.Kind == "observe" {
		j.h.Enqueue(r.m, func() { r.observe(ex) })
	} else {
		j.h.Enqueue(r.m, func() { r.decision(ex) })
	}
}

// observe judges a DecisionRequest the server answered an observe with.
func (r *baRoom) observe(ex *proxy.Exchange) {
	body, full := ex.RespBody, ex.RespFull
	if ex.Status != http.StatusOK {
		return // the server's refusal (token, room) is not a request to judge
	}
	seat, err := strconv.Atoi(ex.Seat)
	if err != nil {
		return
	}
	m := r.m
	m.Lock()
	s, isNew := r.seat(seat)
	if s == nil {
		m.Unlock()
		return
	}
	isNew = isNew && !m.Ended() // a seat still polling after the end is no news
	if _, known := r.tokens[ex.Token]; ex.Token != "" && (known || len(r.tokens) < maxRoomSeats*4) {
		r.tokens[ex.Token] = seat
	}
	if !full {
		m.Unknown(baServerSchema, "a DecisionRequest over the size cap or cut short")
		m.Unlock()
		return
	}
	version := int(gjson.GetBytes(body, "observationVersion").Int())
	if version == s.version && !isNew {
		r.polledAgain(seat, s, ex.At)
		m.Unlock()
		return // the same request polled again: judged once
	}
	m.Record(seat, reports.Received, ex.At, body)
	r.movedOn(seat, s, ex.At)
	ended := r.request(seat, s, body, version)
	r.armDeadline(seat, s, ex, version, body)
	first := !m.Ended() && ended
	if first {
		m.End("")
	}
	m.Unlock()
	if isNew {
		r.j.h.Event(proxy.Event{Kind: "seat", Match: m.ID(), Seat: seat})
	}
	if first {
		r.j.h.Background(func(ctx context.Context) {
			if !r.j.h.VerifyLog(ctx, m, baServerLog, "/api/ai/rooms/"+url.PathEscape(m.ID())+"/log") {
				r.judgeStreams(ctx)
			}
			r.j.h.Finish(m)
		})
	}
}

// request judges one new DecisionRequest of seat; ended reports that it
// shows the match over. Callers hold mu.
func (r *baRoom) request(seat int, s *baSeat, body []byte, version int) (ended bool) {
	m := r.m
	where := rules.Where{Seat: rules.IntPtr(seat), Step: fmt.Sprintf("version %d", version)}
	if vs := m.Validate("decision_request", body); len(vs) > 0 {
		failSchema(m, seat, where, vs)
	} else {
		m.Ran(baServerSchema)
	}
	var req ba.DecisionRequest
	var err error
	if la := gjson.GetBytes(body, "legalActions"); !la.IsArray() || len(la.Array()) > 0 {
		before := s.events.bytes()
		req, err = decodeRequest(body, &s.events)
		keepCache(m, &s.events, before)
	} else {
		// Nothing to decide: the redaction check needs the players and
		// the roles the seat knows, not the events.
		req, err = decodeLight(body)
	}
	var gaps ba.ReadGaps
	if err != nil {
		// I-BA-L3: a field of another shape than umpire's does not stop
		// the rest; what depends on it is left undecided.
		req, gaps, err = ba.ReadRequest(body)
	}
	if err != nil {
		m.Unknown(baServerLegal, "a DecisionRequest that could not be read")
		s.version, s.legal = version, nil
		return false
	}
	s.version, s.legal = version, map[string]bool{}
	for _, a := range req.LegalActions {
		s.legal[a.ActionID] = true
	}
	obs := req.Observation
	over := obs.Phase == ba.PhaseEnded || obs.WinnerTeam != nil
	if len(req.LegalActions) > 0 && !over {
		lc := legaldiff.CompareDecisionRequest(seat, req, gaps)
		if len(lc.Findings) == 0 {
			m.Ran(baServerLegal)
		}
		for _, f := range lc.Findings {
			f.Level = m.Level(f.Rule, f.Level)
			m.Add(baServerLegal, seat, f)
		}
		if len(lc.Undecided) > 0 {
			m.Unknown(baServerLegal, fmt.Sprintf("%d offered item(s) of commands the referee cannot decide from the observation alone", lc.Unchecked))
		}
	}
	if !over {
		r.hidden(seat, obs, where)
	}
	return over
}

// hidden looks for other seats' hand cards and hidden roles in seat's
// observation, and records what seat holds itself: a card of seat B's
// hand in seat A's stream is then named as B's.
func (r *baRoom) hidden(seat int, obs ba.PlayerView, where rules.Where) {
	m := r.m
	for _, pl := range obs.Players {
		if pl.Seat != seat {
			continue
		}
		hand := map[string]bool{}
		for _, c := range pl.Hand {
			if c.UID != "" && len(hand) < maxHandCards {
				hand[c.UID] = true
			}
		}
		r.hands[seat] = hand
		if pl.RoleID != nil {
			r.roles[seat] = *pl.RoleID
		}
	}
	m.Ran(baServerHidden)
	for _, pl := range obs.Players {
		if pl.Seat == seat {
			continue
		}
		for _, c := range pl.Hand {
			if c.UID == "" && c.CardID == "" {
				continue
			}
			note := ""
			if r.hands[pl.Seat][c.UID] {
				note = fmt.Sprintf(" (seat %d holds it: the relay saw it in that seat's own observation)", pl.Seat)
			}
			m.Fail(baServerHidden, "bangarena/11.redaction", seat, where, "card backs only", c,
				"seat %d sees a card of seat %d's hand%s", seat, pl.Seat, note)
			break
		}
		if pl.Alive && pl.RoleID != nil && *pl.RoleID != ba.RoleMarshal && !knows(obs, pl.Seat) {
			note := ""
			if role, ok := r.roles[pl.Seat]; ok && role == *pl.RoleID {
				note = fmt.Sprintf(" (it is seat %d's real role, as that seat's own observation shows)", pl.Seat)
			}
			m.Fail(baServerHidden, "bangarena/11.redaction", seat, where, "roleId null", *pl.RoleID,
				"seat %d sees the hidden role of living seat %d%s", seat, pl.Seat, note)
		}
	}
}

// knows reports whether the observation lists seat's role among those the
// viewer legitimately knows (partners, impostor briefings).
func knows(obs ba.PlayerView, seat int) bool {
	for _, k := range obs.KnownRoles {
		if k.Seat == seat {
			return true
		}
	}
	return false
}

// baDecision is a decision body (the fields judged).
type baDecision struct {
	Seat               *int   `json:"seat"`
	ActionID           string `json:"actionId"`
	CommandID          string `json:"commandId"`
	ObservationVersion *int   `json:"observationVersion"`
	BasedOnVersion     *int   `json:"basedOnVersion"`
}

// decision judges a decision an agent posted and the server's answer.
func (r *baRoom) decision(ex *proxy.Exchange) {
	m := r.m
	m.Lock()
	defer m.Unlock()
	seat, byToken := r.tokens[ex.Token]
	var d baDecision
	okJSON := ex.ReqFull && isObject(ex.ReqBody) && json.Unmarshal(ex.ReqBody, &d) == nil
	if !byToken {
		if d.Seat == nil {
			return // neither the token nor the body names a seat the relay knows
		}
		seat = *d.Seat
	}
	s, _ := r.seat(seat)
	if s == nil {
		return
	}
	m.Record(seat, reports.Sent, ex.At, ex.ReqBody)
	answer, full := ex.RespBody, ex.RespFull
	if full {
		m.Record(seat, reports.Received, ex.At, answer)
	}
	defer r.answer(seat, s, d, ex.Status, answer, full, ex.At)
	switch {
	case !ex.ReqFull:
		m.Unknown(baAgentHygiene, "a decision body over the size cap")
		return
	case !okJSON:
		m.Fail(baAgentHygiene, "bangarena/agent.hygiene", seat, rules.Where{}, "a decision body: one JSON object", proxy.Clip(ex.ReqBody),
			"seat %d's agent posted a decision that is not one JSON object", seat)
		return
	}
	m.Ran(baAgentHygiene)
	if s.version < 0 {
		for _, c := range []string{baAgentLegal, baAgentEcho, baAgentOnlyAsk} {
			m.Unknown(c, "a decision of a seat whose DecisionRequest did not pass through the relay")
		}
		return
	}
	v := -1
	switch {
	case d.ObservationVersion != nil:
		v = *d.ObservationVersion
	case d.BasedOnVersion != nil:
		v = *d.BasedOnVersion
	}
	where := rules.Where{Seat: rules.IntPtr(seat), Step: fmt.Sprintf("version %d", v)}
	retry := false
	switch prev, seen := s.commands[d.CommandID]; {
	case d.CommandID == "":
		m.Fail(baAgentCommands, "bangarena/agent.command-id-unique", seat, where, "a non-empty commandId", "none", "seat %d's decision has no commandId", seat)
	case seen && prev != v:
		m.Fail(baAgentCommands, "bangarena/agent.command-id-unique", seat, where, "a fresh commandId for a new decision", d.CommandID,
			"seat %d's commandId %q was already used for the decision at version %d", seat, d.CommandID, prev)
	default:
		retry = seen && s.accepted[v] == d.CommandID
		if len(s.commands) < maxCommands {
			s.commands[d.CommandID] = v
		}
		m.Ran(baAgentCommands)
	}
	if retry {
		return // the same decision sent again: the server answers it as a duplicate
	}
	switch c, done := s.accepted[v]; {
	case done && c != d.CommandID:
		m.Fail(baAgentOnlyAsk, "bangarena/agent.only-when-asked", seat, where, "no second decision for an answered request", proxy.Clip(ex.ReqBody),
			"seat %d's agent answered the request of version %d again after its decision was accepted", seat, v)
		return
	case v == s.version && len(s.legal) == 0:
		m.Fail(baAgentOnlyAsk, "bangarena/agent.only-when-asked", seat, where, "a decision only when legalActions is not empty", proxy.Clip(ex.ReqBody),
			"seat %d's agent posted a decision when it had nothing to decide", seat)
		return
	}
	m.Ran(baAgentOnlyAsk)
	if (byToken && d.Seat != nil && *d.Seat != seat) || d.Seat == nil || v != s.version {
		m.Fail(baAgentEcho, "bangarena/agent.version-echo", seat, where, map[string]any{"seat": seat, "observationVersion": s.version},
			map[string]any{"seat": d.Seat, "observationVersion": d.ObservationVersion, "basedOnVersion": d.BasedOnVersion},
			"seat %d's decision does not echo the seat and observationVersion of its request", seat)
		m.Unknown(baAgentLegal, "a decision for a request the relay did not see")
		return
	}
	m.Ran(baAgentEcho)
	legal := s.legal[d.ActionID]
	if legal {
		m.Ran(baAgentLegal)
	} else {
		m.Fail(baAgentLegal, "bangarena/agent.legal-answer", seat, where, "an item of legalActions", d.ActionID,
			"seat %d's actionId %q is not an item of its legalActions", seat, d.ActionID)
	}
	if s.reask == v {
		if legal {
			m.Ran(baAgentRecover)
		} else {
			m.Fail(baAgentRecover, "bangarena/agent.recover-after-reask", seat, where, "a legal item after the reask", d.ActionID,
				"seat %d's agent answered the reask with another illegal item", seat)
		}
	}
}

// failSchema files the schema violations of a DecisionRequest to seat, one
// finding per rule and basis: a violation under a clause only a pin or a
// reading fixes (x-basis) carries that basis, so the report grades it
// SHOULD unless strict, as the conformance suite does; one in legal_mask
// is the alias's (I-BA-60). Callers hold m's lock.
func failSchema(m *proxy.Match, seat int, where rules.Where, vs []schemas.Violation) {
	type group struct{ basis, ref, rule string }
	var order []group
	by := map[group][]schemas.Violation{}
	for _, v := range vs {
		g := group{rule: "bangarena/12.request"}
		if v.InstanceLocation == "/legal_mask" || strings.HasPrefix(v.InstanceLocation, "/legal_mask/") {
			g.rule = "bangarena/12.legal-mask"
		}
		if !v.Binding() {
			g.basis, g.ref = v.Basis, v.Ref
		}
		if _, ok := by[g]; !ok {
			order = append(order, g)
		}
		by[g] = append(by[g], v)
	}
	for _, g := range order {
		lvl := m.Level(g.rule, rules.Must)
		text := proxy.ViolationsText(by[g])
		m.Add(baServerSchema, seat, reports.Finding{Finding: rules.Finding{Rule: g.rule, Level: lvl, Where: where,
			Expected: "a valid DecisionRequest", Got: text, Basis: rules.Basis(g.basis), Ref: g.ref,
			Message: fmt.Sprintf("a DecisionRequest to seat %d does not validate: %s", seat, text)}})
	}
}

// answer judges the server's answer to a decision. Callers hold mu.
func (r *baRoom) answer(seat int, s *baSeat, d baDecision, status int, body []byte, full bool, at time.Time) {
	m := r.m
	if !full {
		m.Unknown(baServerSchema, "a decision answer over the size cap or cut short")
		return
	}
	kind := "decision_answer"
	if status != http.StatusOK || bytes.Contains(body, []byte(`"error"`)) {
		kind = "error"
	}
	if vs := m.Validate(kind, body); len(vs) > 0 {
		m.Fail(baServerSchema, "bangarena/server.answer-shape", seat, rules.Where{Seat: rules.IntPtr(seat)}, "a valid "+kind, proxy.ViolationsText(vs),
			"the server's answer (HTTP %d) to seat %d's decision does not validate: %s", status, seat, proxy.ViolationsText(vs))
	} else {
		m.Ran(baServerSchema)
	}
	v := -1
	switch {
	case d.ObservationVersion != nil:
		v = *d.ObservationVersion
	case d.BasedOnVersion != nil:
		v = *d.BasedOnVersion
	}
	switch {
	case status == http.StatusOK && gjson.GetBytes(body, "ok").Bool():
		if _, done := s.accepted[v]; !done {
			if len(s.accepted) > 64 {
				clear(s.accepted)
			}
			s.accepted[v] = d.CommandID
			r.decidedAt(seat, s, v, at)
		}
		s.reask = -1
	case status == http.StatusBadRequest && gjson.GetBytes(body, "error.reask").Bool():
		s.reask = v
	}
}
