package probe

import (
	"context"
	"fmt"
	"net/http"
	"time"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/verify"
	"github.com/umpire-arena/umpire/reports"
)

func bangarenaChecks() []Check {
	long := func(t *Target) time.Duration { return 120 * time.Second }
	probe := func(t *Target) time.Duration { return 30*time.Second + 10*t.deadline() }
	return []Check{
		{Name: "bangarena: every message validates against the schemas", Game: GameBangArena, Section: secSchema,
			Rules: []string{"bangarena/12.request", "bangarena/11.fields", "bangarena/11.event-shape", "bangarena/11.role-mode", "bangarena/13.args-schema",
				"bangarena/server.answer-shape", "bangarena/13.action-ids", "bangarena/12.legal-mask"}, Timeout: long, Run: baCheckSchema},
		{Name: "bangarena: legal_mask is an alias of legalActions", Game: GameBangArena, Section: secSchema,
			Rules: []string{"bangarena/12.legal-mask"}, Timeout: long, Run: baCheckLegalMask},
		{Name: "bangarena: legalActions agree with the engine (replay of the room log)", Game: GameBangArena, Section: secCross,
			Rules: []string{"bangarena/server.legal-actions", "bangarena/server.replay", "bangarena/13.action-ids",
				// the field-by-field cross-check of every observation (bangarena_fields.go)
				"bangarena/3.phases", "bangarena/3.turn-order", "bangarena/7.pending-shape", "bangarena/13.choices", "bangarena/11.fields",
				// the winners shown against the replay's (§10)
				"bangarena/10.law-wins", "bangarena/10.marshal-dead", "bangarena/10.sole-survivor", "bangarena/10.partners-lones",
				// a log decision the replay refuses (baDecisionRule)
				"bangarena/1.legal-only", "bangarena/12.decider", "bangarena/12.one-decider", "bangarena/12.args", "bangarena/12.args-contradict",
				"bangarena/13.discard-args", "bangarena/13.choice-alone", "bangarena/4.self-target"}, Timeout: long, Run: baCheckReplay},
		{Name: "bangarena: legalActions agree with the referee, derived from each observation (live)", Game: GameBangArena, Section: secCross,
			Rules: []string{"bangarena/server.legal-actions", "bangarena/13.action-ids"}, Timeout: long, Run: baCheckLive},
		{Name: "bangarena: the room log re-simulates event by event (log verifier)", Game: GameBangArena, Section: secCross,
			Rules: verify.BangArenaRuleIDs(), Timeout: long, Run: baCheckVerify},
		{Name: "bangarena: partners mode: only loners alive, all loners win", Game: GameBangArena, Section: secCross,
			Rules: []string{"bangarena/10.partners-lones", "bangarena/2.partners"}, Timeout: probe, Run: baCheckPartners},
		{Name: "bangarena: other seats' hands and hidden roles stay hidden", Game: GameBangArena, Section: secHidden,
			Rules: []string{"bangarena/11.redaction", "bangarena/1.what-you-see", "bangarena/11.events", "bangarena/11.events-scavenger", "bangarena/11.look-top"}, Timeout: long, Run: baCheckHidden},
		{Name: "bangarena: first illegal answer is reasked, the second replaced", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/server.reask", "bangarena/14.random-legal"}, Timeout: probe, Run: baProbeReask},
		{Name: "bangarena: a repeated commandId gets the stored answer", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/server.duplicate-command"}, Timeout: probe, Run: baProbeDuplicate},
		{Name: "bangarena: a stale observationVersion is rejected", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/server.stale-version", "bangarena/server.future-version", "bangarena/server.status-code"}, Timeout: probe, Run: baProbeStale},
		{Name: "bangarena: missing, wrong and other seats' tokens are rejected", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/server.token", "bangarena/server.status-code"}, Timeout: probe, Run: baProbeToken},
		{Name: "bangarena: a decision outside one's turn is a retryable rejection", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/12.decider", "bangarena/server.status-code", "bangarena/server.answer-shape"}, Timeout: probe, Run: baProbeNotPending},
		{Name: "bangarena: malformed bodies get 4xx and change nothing", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/server.malformed-body", "bangarena/server.status-code"}, Timeout: probe, Run: baProbeMalformed},
		{Name: "bangarena: args that contradict their item are refused", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/12.args-contradict", "bangarena/server.status-code"}, Timeout: probe, Run: baProbeArgs},
		{Name: "bangarena: a glory choice left unanswered defaults to heart", Game: GameBangArena, Section: secTimeout,
			Rules: []string{"bangarena/13.glory-default", "bangarena/14.default-action"}, Timeout: probe, Run: baProbeGloryDefault},
		{Name: "bangarena: a silent seat is answered for at its deadline", Game: GameBangArena, Section: secTimeout,
			Rules: []string{"bangarena/14.default-action"}, Timeout: probe, Run: baProbeSilent},
		{Name: "bangarena: hidden roles stay hidden after an early end", Game: GameBangArena, Section: secHidden,
			Rules: []string{"bangarena/11.redaction"}, Timeout: probe, Run: func(context.Context, *Target) Result {
				// I-BA-P3: an early end (abandoned, force_end) cannot be caused through the wire.
				return skip("an early end (abandoned or force_end) cannot be caused through the protocol, so the redaction after it is not checked")
			}},
		{Name: "bangarena: MCP tools", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/server.mcp-tools"}, Timeout: probe, Run: baProbeMCP},
		{Name: "bangarena: a decision submitted over MCP is applied once", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/server.mcp-tools", "bangarena/server.duplicate-command"}, Timeout: probe, Run: baProbeMCPDecision},
	}
}

// baSession is one whole match played by the suite on every seat it holds.
type baSession struct {
	room  *baRoom
	final ba.DecisionRequest
	// answers are the raw decision answers received.
	answers [][]byte
	log     []byte
	logErr  error
}

// baMinDecisions is how many decisions the created sessions show the suite
// at least (up to baMaxRooms rooms): one short match may never reach the
// situations a cross-check needs (a Jail in hand, a reaction, a choice).
const (
	baMinDecisions = 200
	baMaxRooms     = 4
)

// baSessionModes are the role modes and table sizes (0: the target's) of
// the created session rooms, in order: every mode once, the impostor at 8
// seats (where it plays with its briefings and the extra hp), so the deal,
// briefing and win rules of each are exercised. A server that refuses one
// plays that room classic at its own size.
func baSessionModes() []baMode {
	return []baMode{{mode: ba.ModeClassic}, {mode: ba.ModeImpostor, seats: 8}, {mode: ba.ModeLegacy}, {mode: ba.ModePartners}}
}

// baMode is the role mode and table size of a session room, and the first
// character it deals (charFrom ≥ 1 steers the characters, 0 lets the seed
// deal them).
type baMode struct {
	mode     string
	seats    int
	charFrom int
}

// characters are the characters of a table of size seats: baCharOrder
// from its charFrom-th entry on, cycling (nil when the mode does not steer
// them).
func (m baMode) characters(size int) []string {
	if m.charFrom <= 0 {
		return nil
	}
	order := baCharOrder()
	out := make([]string, size)
	for i := range out {
		out[i] = fmt.Sprintf("char_%02d", order[(m.charFrom-1+i)%len(order)])
	}
	return out
}

// baCharOrder is the order the session rooms deal the 16 characters of §6
// in. The abilities that fire only in some situations (Lucky's checks,
// Empty Hands' empty hand, Scavenger's and Stone Leopard's eliminations and
// hits) come first, so that the fourth room, which cycles back, deals them
// again; the draw owners, Two-Faced, Bonesetter and the built-ins are
// applied at every turn or distance and need one table only.
func baCharOrder() []int {
	return []int{8, 14, 15, 1, 6, 16, 4, 13, 2, 3, 9, 12, 5, 7, 10, 11}
}

// baRoomPlan is one session room: the purpose its seed is made from and
// its mode, size and characters.
type baRoomPlan struct {
	purpose string
	mode    baMode
}

// baSessionPlan plans the session rooms: every role mode (baSessionModes),
// the 16 characters of §6 dealt in turn (baCharOrder, the harness
// extension's characters setting) and, when the suite creates the rooms,
// seeds steered to exercise what the rooms together can (baSteerPurposes).
func baSessionPlan(t *Target) []baRoomPlan {
	plan := make([]baRoomPlan, baMaxRooms)
	chars := 0
	for i := range plan {
		purpose := "session"
		if i > 0 {
			purpose = fmt.Sprintf("session-%d", i+1)
		}
		m := baSessionModes()[i%len(baSessionModes())]
		m.charFrom = chars%16 + 1
		size := m.seats
		if size == 0 {
			size = t.TableSize
		}
		chars += size
		plan[i] = baRoomPlan{purpose, m}
	}
	if !t.Create {
		return plan
	}
	for i, p := range baSteerPurposes(t, plan) {
		plan[i].purpose = p
	}
	return plan
}

func baObserve(ctx context.Context, t *Target) ([]*baSession, error) {
	v, err := t.shared(ctx, "bangarena-session", func() (any, error) {
		sctx, cancel := context.WithTimeout(context.Background(), 110*time.Second)
		defer cancel()
		var out []*baSession
		seen := 0
		plan := t.st().plan
		if plan == nil {
			plan = baSessionPlan(t)
		}
		for i := 0; i < baMaxRooms; i++ {
			purpose, m := plan[i].purpose, plan[i].mode
			s, err := baPlaySessionMode(sctx, t, purpose, m)
			if err != nil && m.mode != ba.ModeClassic && t.Create {
				s, err = baPlaySessionMode(sctx, t, purpose, baMode{mode: ba.ModeClassic})
			}
			if err != nil {
				return nil, err
			}
			out = append(out, s)
			seen += len(s.room.Seen)
			if !t.Create || seen >= baMinDecisions && i+1 >= len(baSessionModes()) {
				break
			}
		}
		return out, nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]*baSession), nil
}

// eachSession runs a per-room check over every session room and joins the
// results: findings add up; the result is an Error if any room errored and
// a Skip (with the first reason) only if every room was skipped.
func eachSession(ctx context.Context, t *Target, one func(s *baSession) Result) Result {
	ss, err := baObserve(ctx, t)
	if err != nil {
		return sessionErr(err)
	}
	var res Result
	skips := 0
	for _, s := range ss {
		r := one(s)
		res.Findings = append(res.Findings, r.Findings...)
		res.evalAll(r.Evaluated)
		for id, why := range r.NotExercised {
			res.notExercised(id, why)
		}
		switch r.Status {
		case reports.Error:
			return Result{Status: reports.Error, Reason: r.Reason, Findings: res.Findings}
		case reports.Skip:
			skips++
			if res.Reason == "" {
				res.Reason = r.Reason
			}
		}
	}
	if skips == len(ss) {
		res.Status = reports.Skip
	} else {
		res.Reason = ""
	}
	return res
}

func baPlaySession(ctx context.Context, t *Target, purpose string) (*baSession, error) {
	return baPlaySessionMode(ctx, t, purpose, baMode{mode: ba.ModeClassic})
}

// baPlaySessionMode is baPlaySession in a room of the given role mode (when
// the suite creates it).
func baPlaySessionMode(ctx context.Context, t *Target, purpose string, m baMode) (*baSession, error) {
	var r *baRoom
	var err error
	if t.Create {
		// A long deadline: the session answers every decision, and a
		// loaded machine must not lose decisions to the server's fallback.
		r, err = baCreateMode(ctx, probeLong(t), purpose, m)
	} else {
		r, err = newRoom(t, t.Room, t.Seed, t.Seats)
	}
	if err != nil {
		return nil, err
	}
	s := &baSession{room: r}
	for {
		p, ended, err := r.pending(ctx)
		if err != nil {
			return nil, fmt.Errorf("playing room %s: %w", r.id, err)
		}
		if ended {
			s.final = p.Req
			break
		}
		d, err := r.players[p.Seat].Decide(&p.Req)
		if err != nil {
			return nil, err
		}
		_, data, err := r.decideAs(ctx, p.Seat, r.tokens[p.Seat], r.body(p.Seat, d.ActionID, p.Version, d.Args))
		if err != nil {
			return nil, err
		}
		s.answers = append(s.answers, data)
	}
	status, body, err := r.fetchLog(ctx)
	switch {
	case err != nil:
		s.logErr = err
	case status != http.StatusOK:
		s.logErr = fmt.Errorf("GET /api/ai/rooms/%s/log answered HTTP %d", r.id, status)
	default:
		s.log = body
	}
	return s, nil
}
