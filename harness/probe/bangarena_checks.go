package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/referee/verify"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

func bangarenaChecks() []Check {
	long := func(t *Target) time.Duration { return 120 * time.Second }
	probe := func(t *Target) time.Duration { return 30*time.Second + 10*t.deadline() }
	return []Check{
		{Name: "bangarena: every message validates against the schemas", Game: GameBangArena, Section: secSchema,
			Rules: []string{"bangarena/12.request", "bangarena/11.fields", "bangarena/server.answer-shape"}, Timeout: long, Run: baCheckSchema},
		{Name: "bangarena: legalActions agree with the engine (replay of the room log)", Game: GameBangArena, Section: secCross,
			Rules: []string{"bangarena/server.legal-actions", "bangarena/server.replay", "bangarena/13.action-ids"}, Timeout: long, Run: baCheckReplay},
		{Name: "bangarena: legalActions agree with the referee, derived from each observation (live)", Game: GameBangArena, Section: secCross,
			Rules: []string{"bangarena/server.legal-actions", "bangarena/13.action-ids"}, Timeout: long, Run: baCheckLive},
		{Name: "bangarena: the room log re-simulates event by event (log verifier)", Game: GameBangArena, Section: secCross,
			Rules: verify.BangArenaRuleIDs(), Timeout: long, Run: baCheckVerify},
		{Name: "bangarena: other seats' hands and hidden roles stay hidden", Game: GameBangArena, Section: secHidden,
			Rules: []string{"bangarena/11.redaction", "bangarena/1.what-you-see"}, Timeout: long, Run: baCheckHidden},
		{Name: "bangarena: first illegal answer is reasked, the second replaced", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/server.reask", "bangarena/14.random-legal"}, Timeout: probe, Run: baProbeReask},
		{Name: "bangarena: a repeated commandId gets the stored answer", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/server.duplicate-command"}, Timeout: probe, Run: baProbeDuplicate},
		{Name: "bangarena: a stale observationVersion is rejected", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/server.stale-version", "bangarena/server.status-code"}, Timeout: probe, Run: baProbeStale},
		{Name: "bangarena: missing, wrong and other seats' tokens are rejected", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/server.token", "bangarena/server.status-code"}, Timeout: probe, Run: baProbeToken},
		{Name: "bangarena: a decision outside one's turn is a retryable rejection", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/12.decider", "bangarena/server.status-code", "bangarena/server.answer-shape"}, Timeout: probe, Run: baProbeNotPending},
		{Name: "bangarena: malformed bodies get 4xx and change nothing", Game: GameBangArena, Section: secProbes,
			Rules: []string{"bangarena/server.malformed-body", "bangarena/server.status-code"}, Timeout: probe, Run: baProbeMalformed},
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
	return []baMode{{ba.ModeClassic, 0}, {ba.ModeImpostor, 8}, {ba.ModeLegacy, 0}, {ba.ModePartners, 0}}
}

// baMode is the role mode and table size of a session room.
type baMode struct {
	mode  string
	seats int
}

func baObserve(ctx context.Context, t *Target) ([]*baSession, error) {
	v, err := t.shared(ctx, "bangarena-session", func() (any, error) {
		sctx, cancel := context.WithTimeout(context.Background(), 110*time.Second)
		defer cancel()
		var out []*baSession
		seen := 0
		for i := 0; i < baMaxRooms; i++ {
			purpose := "session"
			if i > 0 {
				purpose = fmt.Sprintf("session-%d", i+1)
			}
			m := baSessionModes()[i%len(baSessionModes())]
			s, err := baPlaySessionMode(sctx, t, purpose, m)
			if err != nil && m.mode != ba.ModeClassic && t.Create {
				s, err = baPlaySessionMode(sctx, t, purpose, baMode{ba.ModeClassic, 0})
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
	return baPlaySessionMode(ctx, t, purpose, baMode{ba.ModeClassic, 0})
}

// baPlaySessionMode is baPlaySession in a room of the given role mode (when
// the suite creates it).
func baPlaySessionMode(ctx context.Context, t *Target, purpose string, m baMode) (*baSession, error) {
	var r *baRoom
	var err error
	if t.Create {
		// A long deadline: the session answers every decision, and a
		// loaded machine must not lose decisions to the server's fallback.
		r, err = baCreateMode(ctx, probeLong(t), purpose, m.mode, m.seats)
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

func baCheckSchema(ctx context.Context, t *Target) Result {
	return eachSession(ctx, t, func(s *baSession) Result { return baCheckSchemaOne(t, s) })
}

func baCheckSchemaOne(t *Target, s *baSession) Result {
	set, err := t.schemaSet()
	if err != nil {
		return errored(err)
	}
	var res Result
	for _, seen := range s.room.Seen {
		res.eval("bangarena/12.request", "bangarena/11.fields")
		vs := set.Validate(GameBangArena, "decision_request", seen.Raw)
		// One finding per basis: a violation under a property only
		// WIRE.md pins (x-basis contract) is SHOULD, the documents' own
		// shapes keep MUST (issue 12).
		type group struct {
			basis rules.Basis
			ref   string
		}
		var order []group
		byGroup := map[group][]schemas.Violation{}
		for _, v := range vs {
			g := group{basis: rules.BasisDocument}
			if !v.Binding() {
				g = group{rules.Basis(v.Basis), v.Ref}
			}
			if _, ok := byGroup[g]; !ok {
				order = append(order, g)
			}
			byGroup[g] = append(byGroup[g], v)
		}
		for _, g := range order {
			gv, seat := byGroup[g], seen.Seat
			f := finding("bangarena/12.request", rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", seen.Version)}, "a valid DecisionRequest", violations(gv),
				"a DecisionRequest does not validate: %s", violations(gv))
			f.Basis, f.Ref = g.basis, g.ref
			f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, seen.Raw)}
			res.Findings = append(res.Findings, f)
		}
	}
	for i, a := range s.answers {
		kind := "decision_answer"
		if gjson.GetBytes(a, "error").Exists() {
			kind = "error"
		}
		res.eval("bangarena/server.answer-shape")
		if vs := set.Validate(GameBangArena, kind, a); len(vs) > 0 {
			res.Findings = append(res.Findings, finding("bangarena/server.answer-shape", rules.Where{Step: fmt.Sprintf("answer %d", i)}, "a valid "+kind, violations(vs),
				"a decision answer does not validate: %s", violations(vs)))
		}
	}
	if len(s.room.Seen) == 0 {
		return skip("the suite was never asked to decide")
	}
	return res
}

func baCheckReplay(ctx context.Context, t *Target) Result {
	return eachSession(ctx, t, func(s *baSession) Result { return baCheckReplayOne(t, s) })
}

func baCheckReplayOne(t *Target, s *baSession) Result {
	if s.logErr != nil {
		return skip("the room log could not be read (the harness extension GET /api/ai/rooms/{id}/log): %v", s.logErr)
	}
	if s.room.seed == "" {
		return skip("the room's seed is unknown (a room the suite did not create): its log cannot be replayed")
	}
	events, err := ba.DecodeLog(s.log)
	if err != nil {
		return Result{Findings: []reports.Finding{finding("bangarena/server.replay", rules.Where{}, "a decodable event log", err.Error(), "the room log does not decode: %v", err)}}
	}
	cfg, ok := ba.ConfigOf(events)
	if !ok {
		return Result{Findings: []reports.Finding{finding("bangarena/server.replay", rules.Where{}, "a match_start event with the table config", nil, "the room log names no table config")}}
	}
	decisions := ba.DecisionsOf(events)
	type key struct{ seat, version int }
	seen := map[key]baSeen{}
	for _, x := range s.room.Seen {
		seen[key{x.Seat, x.Version}] = x
	}
	// I-BA-P1. Replay decision by decision; at every decision the suite was offered,
	// compare the offered items with the engine's (as sets of actionIds,
	// READINGS 8). The comparison is made afterwards from the log, since
	// the engine cannot be rebuilt from one seat's observation.
	g, err := ba.NewGame(cfg, s.room.seed)
	if err != nil {
		return errored(err)
	}
	var res Result
	compared := 0
	for i, d := range decisions {
		if x, ok := seen[key{d.Seat, g.Version()}]; ok {
			compared++
			res.eval("bangarena/server.legal-actions", "bangarena/13.action-ids")
			want := map[string]bool{}
			items := map[string]ba.LegalAction{}
			for _, a := range g.Legal(d.Seat) {
				want[a.ActionID] = true
				items[a.ActionID] = a
			}
			got := map[string]bool{}
			for _, a := range x.Req.LegalActions {
				got[a.ActionID] = true
				if _, ok := items[a.ActionID]; !ok {
					items[a.ActionID] = a
				}
			}
			phase := g.Phase()
			seat := d.Seat
			where := rules.Where{Seat: &seat, Step: fmt.Sprintf("decision %d (version %d)", i, x.Version)}
			for id := range got {
				if !want[id] {
					rule := baExtraRule(cfg, s.room.seed, decisions[:i], d.Seat, id)
					f := onReading(finding(rule, where, "no such item", id, "the server offers %q, which the engine does not allow here", id), items[id], phase)
					f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
					res.Findings = append(res.Findings, f)
				}
			}
			for id := range want {
				if !got[id] {
					f := onReading(finding("bangarena/server.legal-actions", where, id, "missing", "the server does not offer %q, which the engine allows here", id), items[id], phase)
					res.Findings = append(res.Findings, f)
				}
			}
		}
		if err := g.Apply(d.Seat, d.ActionID, d.Args); err != nil {
			seat := d.Seat
			res.Findings = append(res.Findings, finding("bangarena/server.replay", rules.Where{Seat: &seat, Step: fmt.Sprintf("decision %d", i)},
				"a decision the engine accepts", d.ActionID, "the log's decision %d does not replay: %v", i, err))
			return res
		}
	}
	if compared == 0 {
		return skip("no decision the suite saw could be matched to the log")
	}
	res.eval("bangarena/server.replay")
	team, seats := g.Winners()
	if s.final.Observation.WinnerTeam != nil && (*s.final.Observation.WinnerTeam != team || !sameInts(seats, s.final.Observation.WinnerSeats)) {
		res.Findings = append(res.Findings, finding("bangarena/server.replay", rules.Where{}, map[string]any{"team": team, "seats": seats},
			map[string]any{"team": *s.final.Observation.WinnerTeam, "seats": s.final.Observation.WinnerSeats}, "the replayed winners differ from the winners the server showed"))
	}
	return res
}

func baCheckVerify(ctx context.Context, t *Target) Result {
	return eachSession(ctx, t, func(s *baSession) Result { return baCheckVerifyOne(ctx, s) })
}

// baCheckVerifyOne runs the BangArena log verifier over one room's log with
// the seed the suite created the room with; each finding keeps the rule the
// verifier names (one per rule area, I-BA-V1).
func baCheckVerifyOne(ctx context.Context, s *baSession) Result {
	if s.logErr != nil {
		return skip("the room log could not be read (the harness extension GET /api/ai/rooms/{id}/log): %v", s.logErr)
	}
	if s.room.seed == "" {
		return skip("the room's seed is unknown (a room the suite did not create): its log cannot be re-simulated")
	}
	var res Result
	sum, err := verify.VerifyBangArenaReader(ctx, bytes.NewReader(s.log), verify.BangArenaOptions{File: "room log", Seeds: []string{s.room.seed}},
		func(f rules.Finding) { res.Findings = append(res.Findings, reports.Finding{Finding: f}) })
	if err != nil {
		return errored(err)
	}
	if sum.Decisions == 0 && len(res.Findings) == 0 {
		return skip("the room log holds no decision to re-simulate")
	}
	res.evalAll(sum.Evaluated) // every rule the re-simulation compared
	return res
}

// baExtraRule names the rule an offered item breaks: the engine's reason for
// rejecting it at that point, or the generic legal-actions rule.
func baExtraRule(cfg ba.Config, seed string, before []ba.Decision, seat int, actionID string) string {
	g, err := ba.Replay(cfg, seed, before)
	if err != nil {
		return "bangarena/server.legal-actions"
	}
	if err := g.Apply(seat, actionID, nil); err != nil {
		if r := rules.RuleOf(err); r != "" {
			return r
		}
	}
	return "bangarena/server.legal-actions"
}

func sameInts(a, b []int) bool {
	a, b = append([]int(nil), a...), append([]int(nil), b...)
	sort.Ints(a)
	sort.Ints(b)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func baCheckHidden(ctx context.Context, t *Target) Result {
	return eachSession(ctx, t, func(s *baSession) Result { return baCheckHiddenOne(t, s) })
}

func baCheckHiddenOne(t *Target, s *baSession) Result {
	var res Result
	for _, x := range s.room.Seen {
		obs := x.Req.Observation
		if obs.WinnerTeam != nil {
			continue
		}
		res.eval("bangarena/11.redaction", "bangarena/1.what-you-see")
		for _, p := range obs.Players {
			if p.Seat == x.Seat {
				continue
			}
			seat := x.Seat
			where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", x.Version)}
			for _, c := range p.Hand {
				if c.UID != "" || c.CardID != "" {
					f := finding("bangarena/11.redaction", where, "card backs only", c, "seat %d sees a card of seat %d's hand", x.Seat, p.Seat)
					f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
					res.Findings = append(res.Findings, f)
					break
				}
			}
			if p.Alive && p.RoleID != nil && *p.RoleID != ba.RoleMarshal && !knownTo(obs, x.Raw, p.Seat) {
				f := finding("bangarena/11.redaction", where, "roleId null", *p.RoleID, "seat %d sees the hidden role of living seat %d", x.Seat, p.Seat)
				f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
				res.Findings = append(res.Findings, f)
			}
		}
	}
	if len(s.room.Seen) == 0 {
		return skip("the suite was never asked to decide")
	}
	return res
}

// knownTo reports whether the observation lists seat's role among the roles
// the viewer legitimately knows (partners, impostor briefings). knownRoles
// is read in any shape that names seats (I-BA-L3): umpire's list of
// {seat, roleId}, or an object keyed by seat.
func knownTo(obs ba.PlayerView, raw []byte, seat int) bool {
	for _, k := range obs.KnownRoles {
		if k.Seat == seat {
			return true
		}
	}
	kr := gjson.GetBytes(raw, "observation.knownRoles")
	found := false
	switch {
	case kr.IsArray():
		kr.ForEach(func(_, v gjson.Result) bool {
			found = found || (v.IsObject() && v.Get("seat").Type == gjson.Number && int(v.Get("seat").Int()) == seat)
			return !found
		})
	case kr.IsObject():
		found = kr.Get(strconv.Itoa(seat)).Exists()
	}
	return found
}

// baProbeRoom creates a probe room and plays until the first decision.
func baProbeRoom(ctx context.Context, t *Target, purpose string) (*baRoom, baSeen, error) {
	r, err := baCreate(ctx, t, purpose)
	if err != nil {
		return nil, baSeen{}, err
	}
	s, ended, err := r.playUntil(ctx, func(baSeen) bool { return true })
	if err != nil {
		return nil, s, err
	}
	if ended {
		return nil, s, fmt.Errorf("the room ended before a decision")
	}
	return r, s, nil
}

// baProbeStart creates a probe room on t (a skip when the suite may not
// create rooms) and plays it to its first decision, the one the probe works
// on.
func baProbeStart(ctx context.Context, t *Target, purpose string) (*baRoom, baSeen, Result, bool) {
	if r, ok := needCreate(t); !ok {
		return nil, baSeen{}, r, false
	}
	r, s, err := baProbeRoom(ctx, t, purpose)
	if err != nil {
		return nil, s, probeErr(err), false
	}
	return r, s, Result{}, true
}

// unchanged checks that a seat's pending decision is still the same one.
func (r *baRoom) unchanged(ctx context.Context, s baSeen) (bool, ba.DecisionRequest, error) {
	req, _, err := r.observe(ctx, s.Seat)
	if err != nil {
		return false, req, err
	}
	same := req.ObservationVersion == s.Version && fmt.Sprint(req.DecisionID) == fmt.Sprint(s.Req.DecisionID)
	if req.DecisionID != nil && s.Req.DecisionID != nil {
		same = req.ObservationVersion == s.Version && *req.DecisionID == *s.Req.DecisionID
	}
	return same, req, nil
}

// nothingApplied ends a probe whose requests the server had to reject: it
// checks that s's decision is still open and, when it moved on, adds to res
// a finding of rule saying that what (e.g. "a stale decision") changed the
// state. An error reaching the server becomes the probe's Result.
func (r *baRoom) nothingApplied(ctx context.Context, res Result, s baSeen, rule string, where rules.Where, what string) Result {
	same, _, err := r.unchanged(ctx, s)
	if err != nil {
		return probeErr(err)
	}
	res.eval(rule)
	if !same {
		res.Findings = append(res.Findings, finding(rule, where, "nothing applied", "the decision moved on", "%s changed the state", what))
	}
	return res
}

// refused reports whether an HTTP status is a refusal of the client's
// request (4xx): the documents say a decision is rejected, umpire's pins
// (WIRE.md Errors) say with which status; another 4xx is a finding of
// bangarena/server.status-code, a 2xx or 5xx one of the refusal's own rule.
func refused(status int) bool { return status >= 400 && status < 500 }

// probeLong is a longer deadline for probes that need the decision to stay
// open while they talk to the server.
func probeLong(t *Target) *Target {
	c := &Target{Game: t.Game, URL: t.URL, Create: t.Create, TableSize: t.TableSize, DeadlineMS: max(t.DeadlineMS, 5000), MCP: t.MCP, SeatPolicy: t.SeatPolicy, Seed: t.Seed, HTTP: t.HTTP, RequestTimeout: t.RequestTimeout, state: &targetState{}}
	return c
}

// baProbeReask and the other protocol probes follow I-BA-P2.
func baProbeReask(ctx context.Context, t *Target) Result {
	if r, ok := needCreate(t); !ok {
		return r
	}
	if t.SeatPolicy != "" && t.SeatPolicy != "reask_then_random" {
		return skip("the seats play under policy %q, not reask_then_random", t.SeatPolicy)
	}
	r, s, err := baProbeRoom(ctx, probeLong(t), "reask")
	if err != nil {
		return probeErr(err)
	}
	seat := s.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
	var res Result
	status, data, err := r.decideAs(ctx, seat, r.tokens[seat], r.body(seat, "umpire:not-an-action", s.Version, nil))
	if err != nil {
		return probeErr(err)
	}
	var e apiError
	_ = json.Unmarshal(data, &e)
	res.eval("bangarena/server.reask")
	switch {
	case status == http.StatusOK:
		f := finding("bangarena/server.reask", where, "HTTP 400 with reask true", fmt.Sprintf("HTTP %d %s", status, data), "the first illegal answer was replaced instead of asked again")
		f.Transcript = r.tail(4)
		return Result{Findings: []reports.Finding{f}}
	case status != http.StatusBadRequest || !e.Error.Reask:
		f := finding("bangarena/server.reask", where, "HTTP 400 with reask true", fmt.Sprintf("HTTP %d %s", status, data), "the first illegal answer did not get 400 reask")
		f.Transcript = r.tail(4)
		res.Findings = append(res.Findings, f)
	}
	same, _, err := r.unchanged(ctx, s)
	if err != nil {
		return probeErr(err)
	}
	if !same {
		res.Findings = append(res.Findings, finding("bangarena/server.reask", where, "the same decision still open", "the decision moved on", "a reasked illegal answer changed the state"))
		return res
	}
	status, data, err = r.decideAs(ctx, seat, r.tokens[seat], r.body(seat, "umpire:not-an-action-either", s.Version, nil))
	if err != nil {
		return probeErr(err)
	}
	var a answer
	_ = json.Unmarshal(data, &a)
	legal := map[string]bool{}
	for _, x := range s.Req.LegalActions {
		legal[x.ActionID] = true
	}
	res.eval("bangarena/14.random-legal")
	switch {
	case status == http.StatusOK && a.Random && legal[a.ReplacedBy]:
	case status == http.StatusOK && a.ReplacedBy == "":
		// §14 says a random legal item replaces it, not how the answer
		// says so (random and replacedBy are umpire's pin): the state must
		// have moved on; which item was applied cannot be seen.
		same, _, err := r.unchanged(ctx, s)
		if err != nil {
			return probeErr(err)
		}
		if same {
			f := finding("bangarena/14.random-legal", where, "a random legal item applied", "the decision still open", "the second illegal answer was answered 200 but nothing was applied")
			f.Transcript = r.tail(6)
			res.Findings = append(res.Findings, f)
			break
		}
		res.Findings = append(res.Findings, finding("bangarena/server.answer-shape", where, "random true and replacedBy", clip(data),
			"the answer to the second illegal answer does not say which item replaced it"))
	default:
		f := finding("bangarena/14.random-legal", where, "HTTP 200 with random true and replacedBy one of legalActions", fmt.Sprintf("HTTP %d %s", status, data),
			"the second illegal answer was not replaced by a random legal item")
		f.Transcript = r.tail(6)
		res.Findings = append(res.Findings, f)
	}
	return res
}

func baProbeDuplicate(ctx context.Context, t *Target) Result {
	r, s, stop, ok := baProbeStart(ctx, probeLong(t), "duplicate")
	if !ok {
		return stop
	}
	seat := s.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
	d, err := r.players[seat].Decide(&s.Req)
	if err != nil {
		return errored(err)
	}
	body := r.body(seat, d.ActionID, s.Version, d.Args)
	st1, data1, err := r.decideAs(ctx, seat, r.tokens[seat], body)
	if err != nil {
		return probeErr(err)
	}
	if st1 != http.StatusOK {
		return errored(fmt.Errorf("a legal decision was refused: HTTP %d %s", st1, clip(data1)))
	}
	st2, data2, err := r.decideAs(ctx, seat, r.tokens[seat], body)
	if err != nil {
		return probeErr(err)
	}
	var a1, a2 answer
	_ = json.Unmarshal(data1, &a1)
	_ = json.Unmarshal(data2, &a2)
	// The versions are compared only when both answers carry one (a missing
	// one is the schema check's finding).
	sameVersion := a1.ObservationVersion == nil || a2.ObservationVersion == nil || *a1.ObservationVersion == *a2.ObservationVersion
	if st2 != http.StatusOK || !a2.Duplicate || !sameVersion {
		f := finding("bangarena/server.duplicate-command", where, "HTTP 200, duplicate true, the first answer's observationVersion", fmt.Sprintf("HTTP %d %s", st2, data2),
			"a repeated commandId did not get the stored answer")
		f.Transcript = r.tail(4)
		return Result{Findings: []reports.Finding{f}}
	}
	return Result{Evaluated: map[string]int{"bangarena/server.duplicate-command": 1}}
}

func baProbeStale(ctx context.Context, t *Target) Result {
	r, s, stop, ok := baProbeStart(ctx, probeLong(t), "stale")
	if !ok {
		return stop
	}
	seat := s.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
	d, err := r.players[seat].Decide(&s.Req)
	if err != nil {
		return errored(err)
	}
	var res Result
	noted := false
	for _, v := range []int{s.Version - 1, s.Version + 1000} {
		status, data, err := r.decideAs(ctx, seat, r.tokens[seat], r.body(seat, d.ActionID, v, d.Args))
		if err != nil {
			return probeErr(err)
		}
		res.eval("bangarena/server.status-code")
		switch {
		case status == http.StatusConflict:
		case refused(status) && noted:
		case refused(status):
			// Refused, with another status than umpire's pin: the
			// "nothing applied" part below still holds it to §12.
			noted = true
			f := finding("bangarena/server.status-code", where, "HTTP 409", fmt.Sprintf("HTTP %d %s", status, clip(data)), "a stale decision was refused with HTTP %d, not umpire's pinned 409", status)
			f.Transcript = r.tail(2)
			res.Findings = append(res.Findings, f)
		default:
			f := finding("bangarena/server.stale-version", where, "a refusal (HTTP 409)", fmt.Sprintf("HTTP %d %s", status, data), "a decision on observationVersion %d (current %d) was not rejected as stale", v, s.Version)
			f.Transcript = r.tail(4)
			res.Findings = append(res.Findings, f)
			return res
		}
	}
	return r.nothingApplied(ctx, res, s, "bangarena/server.stale-version", where, "a stale decision")
}

func baProbeToken(ctx context.Context, t *Target) Result {
	r, s, stop, ok := baProbeStart(ctx, probeLong(t), "token")
	if !ok {
		return stop
	}
	seat := s.Seat
	other := -1
	for o := range r.tokens {
		if o != seat {
			other = o
		}
	}
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
	var res Result
	d, err := r.players[seat].Decide(&s.Req)
	if err != nil {
		return errored(err)
	}
	cases := []struct {
		name, token string
		want        int
	}{
		{"no token", "", http.StatusUnauthorized},
		{"a wrong token", r.tokens[seat] + "-wrong", http.StatusUnauthorized},
	}
	if other >= 0 {
		cases = append(cases, struct {
			name, token string
			want        int
		}{"another seat's token", r.tokens[other], http.StatusForbidden})
	}
	for _, c := range cases {
		status, data, err := r.observeAs(ctx, seat, c.token)
		if err != nil {
			return probeErr(err)
		}
		res.eval("bangarena/server.status-code")
		switch {
		case status == c.want:
		case refused(status):
			res.Findings = append(res.Findings, finding("bangarena/server.status-code", where, fmt.Sprintf("HTTP %d", c.want), fmt.Sprintf("HTTP %d %s", status, clip(data)),
				"observe with %s was refused with HTTP %d, not umpire's pinned %d", c.name, status, c.want))
		default:
			res.Findings = append(res.Findings, finding("bangarena/server.token", where, fmt.Sprintf("a refusal (HTTP %d)", c.want), fmt.Sprintf("HTTP %d %s", status, clip(data)), "observe with %s was not rejected", c.name))
		}
		status, data, err = r.decideAs(ctx, seat, c.token, r.body(seat, d.ActionID, s.Version, d.Args))
		if err != nil {
			return probeErr(err)
		}
		switch {
		case status == c.want:
		case refused(status):
			f := finding("bangarena/server.status-code", where, fmt.Sprintf("HTTP %d", c.want), fmt.Sprintf("HTTP %d %s", status, clip(data)),
				"a decision with %s was refused with HTTP %d, not umpire's pinned %d", c.name, status, c.want)
			f.Transcript = r.tail(2)
			res.Findings = append(res.Findings, f)
		default:
			f := finding("bangarena/server.token", where, fmt.Sprintf("a refusal (HTTP %d)", c.want), fmt.Sprintf("HTTP %d %s", status, clip(data)), "a decision with %s was not rejected", c.name)
			f.Transcript = r.tail(4)
			res.Findings = append(res.Findings, f)
			return res
		}
	}
	return r.nothingApplied(ctx, res, s, "bangarena/server.token", where, "a decision with a bad token")
}

func baProbeNotPending(ctx context.Context, t *Target) Result {
	r, s, stop, ok := baProbeStart(ctx, probeLong(t), "not-pending")
	if !ok {
		return stop
	}
	for _, o := range sortedSeats(r.tokens) {
		if o == s.Seat {
			continue
		}
		req, _, err := r.observe(ctx, o)
		if err != nil {
			return probeErr(err)
		}
		if len(req.LegalActions) > 0 {
			continue
		}
		seat := o
		where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", req.ObservationVersion)}
		status, data, err := r.decideAs(ctx, o, r.tokens[o], r.body(o, "end_play", req.ObservationVersion, nil))
		if err != nil {
			return probeErr(err)
		}
		var e apiError
		_ = json.Unmarshal(data, &e)
		var res Result
		res.eval("bangarena/server.status-code", "bangarena/server.answer-shape")
		switch {
		case status == http.StatusConflict && e.Error.Retryable:
		case status == http.StatusConflict:
			res.Findings = append(res.Findings, finding("bangarena/server.answer-shape", where, "retryable true", fmt.Sprintf("HTTP %d %s", status, clip(data)),
				"the refusal of a decision from a seat with nothing pending is not marked retryable"))
		case refused(status):
			res.Findings = append(res.Findings, finding("bangarena/server.status-code", where, "HTTP 409 with retryable true", fmt.Sprintf("HTTP %d %s", status, clip(data)),
				"a decision from a seat with nothing pending was refused with HTTP %d, not umpire's pinned 409", status))
		default:
			f := finding("bangarena/12.decider", where, "a refusal (HTTP 409 with retryable true)", fmt.Sprintf("HTTP %d %s", status, clip(data)), "a decision from a seat with nothing pending was not rejected")
			f.Transcript = r.tail(4)
			return Result{Findings: []reports.Finding{f}}
		}
		return r.nothingApplied(ctx, res, s, "bangarena/12.decider", where, "a decision out of turn")
	}
	return skip("every seat had a decision pending at once")
}

func baProbeMalformed(ctx context.Context, t *Target) Result {
	r, s, stop, ok := baProbeStart(ctx, probeLong(t), "malformed")
	if !ok {
		return stop
	}
	seat := s.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
	var res Result
	statusNoted := false
	bodies := []string{`not json`, `{}`, `{"seat":"zero","actionId":7}`, `[1,2,3]`, `{"seat":` + fmt.Sprint(seat) + `,"actionId":"end_play"}`, strings.Repeat("{", 5000)}
	for _, b := range bodies {
		status, data, err := r.decideAs(ctx, seat, r.tokens[seat], []byte(b))
		if err != nil {
			return probeErr(err)
		}
		res.eval("bangarena/server.status-code")
		switch {
		case status == http.StatusUnprocessableEntity:
		case refused(status):
			if !statusNoted {
				statusNoted = true
				f := finding("bangarena/server.status-code", where, "HTTP 422", fmt.Sprintf("HTTP %d %s", status, clip(data)),
					"a malformed decision body %q was refused with HTTP %d, not umpire's pinned 422", clip([]byte(b)), status)
				f.Transcript = r.tail(2)
				res.Findings = append(res.Findings, f)
			}
		default:
			f := finding("bangarena/server.malformed-body", where, "HTTP 4xx (422)", fmt.Sprintf("HTTP %d %s", status, clip(data)), "a malformed decision body %q was answered %d", clip([]byte(b)), status)
			f.Transcript = r.tail(2)
			res.Findings = append(res.Findings, f)
		}
	}
	return r.nothingApplied(ctx, res, s, "bangarena/server.malformed-body", where, "a malformed body")
}

func baProbeSilent(ctx context.Context, t *Target) Result {
	r, s, stop, ok := baProbeStart(ctx, t, "silent")
	if !ok {
		return stop
	}
	seat := s.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
	// Tolerance (I-BA-P3): the server must answer for the seat within its
	// deadline plus max(1 s, the deadline).
	d := t.deadline()
	limit := time.Now().Add(d + max(time.Second, d))
	for time.Now().Before(limit) {
		same, _, err := r.unchanged(ctx, s)
		if err != nil {
			return probeErr(err)
		}
		if !same {
			return Result{Evaluated: map[string]int{"bangarena/14.default-action": 1}}
		}
		select {
		case <-ctx.Done():
			return probeErr(ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
	return Result{Findings: []reports.Finding{finding("bangarena/14.default-action", where, fmt.Sprintf("the default answer within %v", d+max(time.Second, d)), "the decision still open",
		"nothing was answered for the silent seat at its deadline")}}
}
