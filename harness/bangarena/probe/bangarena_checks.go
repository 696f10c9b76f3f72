package probe

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	baverify "github.com/umpire-arena/umpire/referee/bangarena/verify"
	"github.com/umpire-arena/umpire/reports"
)

func bangarenaChecks() []conform.Check {
	// The session's checks wait for its rooms, the rooms played on for the
	// rare situations (the budget) included.
	long := func(t *conform.Target) time.Duration { return 120*time.Second + t.PlayBudget() }
	probe := func(t *conform.Target) time.Duration { return 30*time.Second + 10*t.Deadline() }
	return []conform.Check{
		{Name: "bangarena: every message validates against the schemas", Game: conform.GameBangArena, Section: conform.SecSchema,
			Rules: []string{"bangarena/12.request", "bangarena/11.fields", "bangarena/11.event-shape", "bangarena/11.role-mode", "bangarena/13.args-schema",
				"bangarena/server.answer-shape", "bangarena/13.action-ids", "bangarena/12.legal-mask"}, Timeout: long, Run: baCheckSchema},
		{Name: "bangarena: legal_mask is an alias of legalActions", Game: conform.GameBangArena, Section: conform.SecSchema,
			Rules: []string{"bangarena/12.legal-mask", "bangarena/12.legal-mask-present"}, Timeout: long, Run: baCheckLegalMask},
		{Name: "bangarena: legalActions agree with the referee, derived from each observation (live)", Game: conform.GameBangArena, Section: conform.SecCross,
			Rules: []string{"bangarena/server.legal-actions", "bangarena/13.action-ids"}, Timeout: long, Run: baCheckLive},
		{Name: "bangarena: the room log re-simulates event by event (log verifier)", Game: conform.GameBangArena, Section: conform.SecCross,
			Rules: baverify.BangArenaRuleIDs(), Timeout: long, Run: baWithSteerWhy(baCheckVerify)},
		{Name: "bangarena: the seats' evidence and the room log re-derive the room (the one judge of what the suite saw)", Game: conform.GameBangArena, Section: conform.SecCross,
			Rules: baSeatsRules(), Timeout: long, Run: baWithSteerWhy(baCheckSeats)},
		{Name: "bangarena: partners mode: only loners alive, all loners win", Game: conform.GameBangArena, Section: conform.SecCross,
			Rules: []string{"bangarena/10.partners-lones", "bangarena/2.partners"}, Timeout: probe, Run: baCheckPartners},
		{Name: "bangarena: other seats' hands and hidden roles stay hidden", Game: conform.GameBangArena, Section: conform.SecHidden,
			Rules: []string{"bangarena/11.redaction", "bangarena/1.what-you-see", "bangarena/11.events", "bangarena/11.events-scavenger", "bangarena/11.look-top", "bangarena/11.deck-hidden"}, Timeout: long, Run: baCheckHidden},
		{Name: "bangarena: every check is shown to every seat", Game: conform.GameBangArena, Section: conform.SecHidden,
			Rules: []string{"bangarena/11.events"}, Timeout: long, Run: baCheckChecksPublic},
		{Name: "bangarena: first illegal answer is reasked, the second replaced", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/server.reask", "bangarena/14.random-legal"}, Timeout: probe, Run: baProbeReask},
		{Name: "bangarena: a repeated commandId gets the stored answer", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/server.duplicate-command"}, Timeout: probe, Run: baProbeDuplicate},
		{Name: "bangarena: a stale observationVersion is rejected", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/server.stale-version", "bangarena/server.future-version", "bangarena/server.status-code"}, Timeout: probe, Run: baProbeStale},
		{Name: "bangarena: missing, wrong and other seats' tokens are rejected", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/server.token", "bangarena/server.status-code"}, Timeout: probe, Run: baProbeToken},
		{Name: "bangarena: a decision outside one's turn is a retryable rejection", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/12.decider", "bangarena/server.status-code", "bangarena/server.answer-shape"}, Timeout: probe, Run: baProbeNotPending},
		{Name: "bangarena: Bonesetter's heal is refused while another seat decides", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{ruleHealOwn, "bangarena/server.status-code"}, Timeout: probe, Run: baProbeHealNotAsked},
		{Name: "bangarena: malformed bodies get 4xx and change nothing", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/server.malformed-body", "bangarena/server.status-code"}, Timeout: probe, Run: baProbeMalformed},
		{Name: "bangarena: args that contradict their item are refused", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/12.args-contradict", "bangarena/server.status-code"}, Timeout: probe, Run: baProbeArgs},
		{Name: "bangarena: a glory choice left unanswered defaults to heart", Game: conform.GameBangArena, Section: conform.SecTimeout,
			Rules: []string{"bangarena/13.glory-default", "bangarena/14.default-action"}, Timeout: probe, Run: baProbeGloryDefault},
		{Name: "bangarena: a silent seat is answered for at its deadline, not before, with the default", Game: conform.GameBangArena, Section: conform.SecTimeout,
			Rules: []string{"bangarena/14.default-action", "bangarena/14.not-before-deadline"}, Timeout: probe, Run: baProbeSilent},
		{Name: "bangarena: hidden roles stay hidden after an early end", Game: conform.GameBangArena, Section: conform.SecHidden,
			Rules: []string{"bangarena/11.redaction"}, Timeout: probe, Run: func(context.Context, *conform.Target) conform.Result {
				// I-BA-P3: an early end (abandoned, force_end) cannot be caused through the wire.
				return conform.Skip("an early end (abandoned or force_end) cannot be caused through the protocol, so the redaction after it is not checked")
			}},
		{Name: "bangarena: MCP tools", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/server.mcp-tools"}, Timeout: probe, Run: baProbeMCP},
		{Name: "bangarena: a decision submitted over MCP is applied once", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/server.mcp-tools", "bangarena/server.duplicate-command"}, Timeout: probe, Run: baProbeMCPDecision},
		{Name: "bangarena: MCP tools answer as their REST twins", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/server.mcp-tools", "bangarena/server.mcp-twins"}, Timeout: probe, Run: baProbeMCPTwins},
		{Name: "bangarena: a room created without a deadline has the documents' default", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/14.default-deadline"}, Timeout: probe, Run: baProbeDefaultDeadline},
		{Name: "bangarena: GET /api/arena/rules serves the rules summary", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/server.rules-summary", "bangarena/server.rules-summary-shape"}, Timeout: probe, Run: baProbeRulesSummary},
		{Name: "bangarena: every role is shown to every seat after a normal end", Game: conform.GameBangArena, Section: conform.SecHidden,
			Rules: []string{"bangarena/11.redaction"}, Timeout: long, Run: baCheckEndReveal},
		{Name: "bangarena: every table size deals the document's roles", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/2.role-distribution", "bangarena/2.impostor-distribution"}, Timeout: baFairTimeout, Run: baCheckDealSizes},
		{Name: "bangarena: the observation's version is the request's observationVersion", Game: conform.GameBangArena, Section: conform.SecSchema,
			Rules: []string{"bangarena/11.version"}, Timeout: long, Run: baCheckVersion},
		{Name: "bangarena: every decision offered names its deadline", Game: conform.GameBangArena, Section: conform.SecSchema,
			Rules: []string{"bangarena/12.deadline-at"}, Timeout: long, Run: baCheckDeadlineAt},
		{Name: "bangarena: mechanicsPackHash names the document's pack", Game: conform.GameBangArena, Section: conform.SecSchema,
			Rules: []string{"bangarena/12.pack-hash"}, Timeout: long, Run: baCheckPackHash},
		{Name: "bangarena: text sent with a decision reaches no other seat", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/1.no-free-text"}, Timeout: probe, Run: baProbeNoTalk},
		{Name: "bangarena: a decision may carry its version as basedOnVersion", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/server.based-on-version", "bangarena/server.stale-version", "bangarena/server.status-code"}, Timeout: probe, Run: baProbeBasedOn},
		// The draws the documents call random, over many rooms (bangarena_fair.go).
		{Name: "bangarena: Cover coins are fair (rooms the server plays alone)", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/8.cover-fair"}, Timeout: baFairTimeout, Run: baCheckCoinFair},
		{Name: "bangarena: hidden roles and the briefing's aide are dealt at random", Game: conform.GameBangArena, Section: conform.SecProbes,
			Rules: []string{"bangarena/2.roles-at-random", "bangarena/2.briefing-random-aide"}, Timeout: baFairTimeout, Run: baCheckDealFair},
	}
}

// baSession is one whole match played by the suite on every seat it holds.
type baSession struct {
	room *baRoom
	// mode is the mode the room was asked for (created rooms).
	mode  baMode
	final ba.DecisionRequest
	// answers are the raw decision answers received.
	answers [][]byte
	log     []byte
	logErr  error
	// opening is each seat's first observation, read before any decision;
	// sent are the decisions the session sent, in order, with what the
	// seat saw and the server's answer (the seats' evidence, judge.Evidence).
	opening []baSeen
	sent    []baSent
}

// baMaxRooms is how many planned rooms the created sessions play: one per
// role mode (baSessionModes), side by side.
const baMaxRooms = 4

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
	// deal names the fixed deal the room is created with ("": none), at a
	// server that announced the fixed-deal capability (baDeals).
	deal string
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
// extension's characters setting) and, when the suite creates the rooms on
// a server that declares umpire's generator, seeds steered to exercise
// what the rooms together can (baSteerPurposes).
func baSessionPlan(t *conform.Target) []baRoomPlan {
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
	// The seeds are chosen by simulation only for a server that declared
	// umpire's generator (a room created before, the preflight's): an
	// optimisation; the seats' decisions steer on any server. (The planned
	// rooms get no fixed deal: dealing the rare cards at once in them
	// changed what else they reached, and cost rooms played on — the
	// other-chance dialect's suite took twice as long. Only the rooms
	// played on for what is still missing are dealt them, baPlayOn.)
	if !t.Create || t.DeclaredChance() != baverify.ChanceUmpire {
		return plan
	}
	for i, p := range baSteerPurposes(t, plan) {
		plan[i].purpose = p
	}
	return plan
}

func baObserve(ctx context.Context, t *conform.Target) ([]*baSession, error) {
	v, err := t.Shared(ctx, "bangarena-session", func() (any, error) {
		sctx, cancel := context.WithTimeout(context.Background(), 110*time.Second)
		defer cancel()
		start := time.Now()
		plan, _ := givenPlan(t)
		if plan == nil {
			plan = baSessionPlan(t)
		}
		out, err := baPlayPlanned(sctx, t, plan)
		if err != nil {
			return nil, err
		}
		return append(out, baPlayOn(t, len(out), time.Since(start))...), nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]*baSession), nil
}

// eachSession runs a per-room check over every session room and joins the
// results: findings add up; the result is an Error if any room errored and
// a Skip (with the first reason) only if every room was skipped.
func eachSession(ctx context.Context, t *conform.Target, one func(s *baSession) conform.Result) conform.Result {
	ss, err := baObserve(ctx, t)
	if err != nil {
		return conform.SessionErr(err)
	}
	var res conform.Result
	skips := 0
	for _, s := range ss {
		r := one(s)
		res.Findings = append(res.Findings, r.Findings...)
		res.EvalAll(r.Evaluated)
		for id, why := range r.NotExercised {
			res.NoteNotExercised(id, why)
		}
		switch r.Status {
		case reports.Error:
			return conform.Result{Status: reports.Error, Reason: r.Reason, Findings: res.Findings}
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

// baAvoiding is req without the items of avoid (the server's own reading
// of a gap, baReadingExtras), when any item is left: a copy, so what the
// seat was offered stays on record as it was.
func baAvoiding(req *ba.DecisionRequest, avoid map[string]bool) *ba.DecisionRequest {
	if len(avoid) == 0 {
		return req
	}
	c := *req
	c.LegalActions = nil
	for _, a := range req.LegalActions {
		if !avoid[a.ActionID] {
			c.LegalActions = append(c.LegalActions, a)
		}
	}
	if len(c.LegalActions) == 0 {
		return req
	}
	return &c
}

func baPlaySession(ctx context.Context, t *conform.Target, purpose string) (*baSession, error) {
	return baPlaySessionMode(ctx, t, purpose, baMode{mode: ba.ModeClassic})
}

// baPlaySessionMode is baPlaySession in a room of the given role mode (when
// the suite creates it).
func baPlaySessionMode(ctx context.Context, t *conform.Target, purpose string, m baMode) (*baSession, error) {
	return baPlaySessionModeWith(ctx, t, purpose, m, nil)
}

// baPlaySessionModeWith is baPlaySessionMode whose seats decide from the
// record from (a room played on: a copy of the session's record, and the
// seats also aim at the ends it still wants); nil: a planned room, which
// decides from a fresh record of its own. What a room reaches is merged
// into the session's record once it is judged (baSteer.confirm).
func baPlaySessionModeWith(ctx context.Context, t *conform.Target, purpose string, m baMode, from *baSteer) (*baSession, error) {
	var r *baRoom
	var err error
	if t.Create {
		// A long deadline: the session answers every decision, and a
		// loaded machine must not lose decisions to the server's fallback.
		r, err = baCreateMode(ctx, probeLong(t), purpose, m)
	} else {
		r, err = newRoom(t, t.Match, t.Seed, t.Seats)
	}
	if err != nil {
		return nil, err
	}
	if from != nil {
		r.steer.s, r.steer.ends = from, true
	}
	if r.steer.mode == "" {
		r.steer.mode = m.mode
	}
	s := &baSession{room: r, mode: m}
	for _, seat := range conform.SortedSeats(r.tokens) {
		req, gaps, raw, err := r.observeRead(ctx, seat)
		if err != nil {
			return nil, fmt.Errorf("playing room %s: %w", r.id, err)
		}
		s.opening = append(s.opening, baSeen{Seat: seat, Version: req.ObservationVersion, Raw: raw, Req: req, Gaps: gaps})
	}
	for {
		p, ended, err := r.pending(ctx)
		if err != nil {
			return nil, fmt.Errorf("playing room %s: %w", r.id, err)
		}
		if ended {
			s.final = p.Req
			r.steer.ended(&p.Req)
			break
		}
		d, err := r.players[p.Seat].Decide(baAvoiding(&p.Req, p.avoid))
		if err != nil {
			return nil, err
		}
		status, data, err := r.decideAs(ctx, p.Seat, r.tokens[p.Seat], r.body(p.Seat, d.ActionID, p.Version, d.Args))
		if err != nil {
			return nil, err
		}
		if err := r.charge(len(data), 1); err != nil {
			return nil, err
		}
		s.answers = append(s.answers, data)
		s.sent = append(s.sent, baSent{seen: p, actionID: d.ActionID, args: d.Args, status: status, answer: data})
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
