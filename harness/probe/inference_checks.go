package probe

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	infadv "github.com/umpire-arena/umpire/harness/adversaries/inference"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/referee/verify"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

// Sections of the Inference suite.
const (
	secSchema  = "Schema"
	secCross   = "Cross-check"
	secHidden  = "Hidden information"
	secProbes  = "Probes"
	secTimeout = "Timeouts"
)

func inferenceChecks() []Check {
	long := func(t *Target) time.Duration { return 60*time.Second + 40*t.deadline()*time.Duration(t.Rounds) }
	probe := func(t *Target) time.Duration { return 40*time.Second + 20*t.deadline() }
	return []Check{
		{Name: "inference: every message validates against the schemas", Game: GameInference, Section: secSchema,
			Rules: []string{"inference/protocol.envelope", "inference/protocol.log-line", "inference/round.7.uncontested", "inference/timeouts.deadline", "inference/wire.visible-state.fields"}, Timeout: long, Run: infCheckSchema},
		{Name: "inference: legal_actions agree with the referee", Game: GameInference, Section: secCross,
			Rules: []string{"inference/wire.legal-actions.call", "inference/wire.legal-actions.fold", "inference/wire.legal-actions.raise", "inference/protocol.current-bet", "inference/protocol.to-call"}, Timeout: long, Run: infCheckLegal},
		{Name: "inference: the match log replays through the referee", Game: GameInference, Section: secCross,
			Rules: verify.InferenceRuleIDs(), Timeout: long, Run: infCheckLog},
		{Name: "inference: hidden values stay hidden", Game: GameInference, Section: secHidden,
			Rules: []string{"inference/visibility.no-peek", "inference/visibility.own-value", "inference/wire.events.objects", "inference/round.7.uncontested"}, Timeout: long, Run: infCheckHidden},
		{Name: "inference: an illegal move is refused and does not use up the turn", Game: GameInference, Section: secProbes,
			Rules: []string{"inference/illegal.listed-only", "inference/illegal.no-consume", "inference/server.error-code"}, Timeout: probe, Run: infProbeIllegal},
		{Name: "inference: a raise beyond the cap is refused", Game: GameInference, Section: secProbes,
			Rules: []string{"inference/round.3.raise-cap"}, Timeout: probe, Run: infProbeRaiseCap},
		{Name: "inference: a wrong token is refused", Game: GameInference, Section: secProbes,
			Rules: []string{"inference/server.auth", "inference/server.error-code", "inference/visibility.no-peek"}, Timeout: probe, Run: infProbeAuth},
		{Name: "inference: a malformed message is refused and the turn stays open", Game: GameInference, Section: secProbes,
			Rules: []string{"inference/server.bad-message", "inference/server.error-code"}, Timeout: probe, Run: infProbeMalformed},
		{Name: "inference: a tied showdown splits the pot, odd credit by the rules", Game: GameInference, Section: secProbes,
			Rules: []string{"inference/round.6.ties", "inference/round.6.odd-chips"}, Timeout: probe, Run: infProbeSplit},
		{Name: "inference: the deadline keeps running after an illegal move", Game: GameInference, Section: secTimeout,
			Rules: []string{"inference/timeouts.deadline", "inference/illegal.no-consume"}, Timeout: probe, Run: infProbeDeadline},
		{Name: "inference: a silent seat gets the default action", Game: GameInference, Section: secTimeout,
			Rules: []string{"inference/timeouts.default-action", "inference/timeouts.logged", "inference/timeouts.strikes"}, Timeout: probe, Run: infProbeSilent},
		{Name: "inference: three silent turns sit the seat out", Game: GameInference, Section: secTimeout,
			Rules: []string{"inference/timeouts.sit-out", "inference/timeouts.back-in-round", "inference/timeouts.last-strike", "inference/protocol.strikes-count", "inference/log.timeout-before-action"}, Timeout: probe, Run: infProbeSitOut},
	}
}

// sessionCredits and sessionRounds shape the session match the suite
// creates: short stacks, so that stacks run out within its rounds, and
// enough rounds for the ramp, busts and sit-outs of others to arise.
const (
	sessionCredits = 40
	sessionRounds  = 12
)

// infSession is one whole match played by the suite on every seat it holds,
// observed by the schema, cross-check, hidden-information and log checks.
type infSession struct {
	matchID string
	got     []infMsg
	trans   []reports.Message
	seats   []int
	log     []byte
	// logErr says why the log could not be read (nil when it was).
	logErr error
}

// infObserve plays the shared session once per Target.
func infObserve(ctx context.Context, t *Target) (*infSession, error) {
	v, err := t.shared(ctx, "inference-session", func() (any, error) {
		sctx, cancel := context.WithTimeout(context.Background(), 60*time.Second+40*t.deadline()*time.Duration(t.Rounds))
		defer cancel()
		return infPlaySession(sctx, t)
	})
	if err != nil {
		return nil, err
	}
	return v.(*infSession), nil
}

func infPlaySession(ctx context.Context, t *Target) (*infSession, error) {
	matchID, tokens := t.Match, t.Seats
	if t.Create {
		var err error
		// Short stacks and an ante ramp from round 3 (harness extension),
		// so that the session exercises short antes, all-ins, side pots,
		// busts and the ramp within a few rounds.
		matchID, tokens, err = infCreate(ctx, t, map[string]any{"seats": t.TableSize, "rounds": max(t.Rounds, sessionRounds), "deadline_ms": max(t.DeadlineMS, 5000), "seed": t.seedFor("session"),
			"starting_credits": sessionCredits, "ante_ramp": map[string]any{"from_round": 3, "every_rounds": 2, "step": 1}})
		if err != nil {
			return nil, err
		}
	}
	p, err := infJoin(ctx, t, matchID, tokens)
	if err != nil {
		return nil, err
	}
	defer p.Close()
	players := map[int]infadv.Player{}
	for seat := range tokens {
		pl, err := infadv.New("heuristic", infadv.PlayerSeed(matchID, seat))
		if err != nil {
			return nil, err
		}
		players[seat] = pl
	}
	err = p.playOut(ctx, func(m infMsg) error {
		vs, err := m.view()
		if err != nil {
			return p.defaultMove(ctx, m)
		}
		legal, err := m.legal()
		if err != nil || len(legal) == 0 {
			return p.defaultMove(ctx, m)
		}
		// Round 1: everyone folds, so that one pot is won uncontested.
		if vs.Round == 1 {
			return p.move(ctx, m.Seat, m.turnOf(), "fold", 0)
		}
		mv := players[m.Seat].Decide(&vs, legal)
		if vs.Round%2 == 0 {
			// Table talk with a character beyond ASCII, so the log's
			// message rules (length in code points) have a case.
			move := map[string]any{"type": "move", "match_id": matchID, "turn": m.turnOf(), "action": mv.Action, "message": "umpire ✓ round " + fmt.Sprint(vs.Round)}
			if mv.Action == "raise" {
				move["amount"] = mv.Amount
			}
			return p.send(ctx, m.Seat, move)
		}
		return p.move(ctx, m.Seat, m.turnOf(), mv.Action, mv.Amount)
	})
	if err != nil {
		return nil, fmt.Errorf("playing match %s: %w", matchID, err)
	}
	s := &infSession{matchID: matchID, got: p.Got, trans: p.tail(1 << 30), seats: sortedSeats(tokens)}
	status, body, err := infFetchLog(ctx, t, matchID)
	switch {
	case err != nil:
		s.logErr = err
	case status != http.StatusOK:
		s.logErr = fmt.Errorf("GET /r/%s.jsonl answered HTTP %d", matchID, status)
	default:
		s.log = body
	}
	return s, nil
}

// seedFor returns the seed of a created match or room for a purpose.
func (t *Target) seedFor(purpose string) string {
	if t.Seed != "" {
		return t.Seed + "/" + purpose
	}
	return "umpire-conform/" + purpose
}

// sessionOr runs the shared session and turns its failure into an Error.
func sessionErr(err error) Result {
	if isTimeout(err) {
		return Result{Status: reports.Error, Reason: "the session match did not end in time: " + err.Error()}
	}
	return errored(err)
}

// around returns the transcript of a session near message i.
func (s *infSession) around(i int) []reports.Message {
	// The transcript holds sent and received messages; pick received ones by
	// position, a handful either side.
	var out []reports.Message
	lo, hi := i-3, i+2
	if lo < 0 {
		lo = 0
	}
	if hi > len(s.got) {
		hi = len(s.got)
	}
	for _, m := range s.got[lo:hi] {
		seat := m.Seat
		out = append(out, reports.NewMessage(reports.Received, m.At, &seat, m.Raw))
	}
	return out
}

func infCheckSchema(ctx context.Context, t *Target) Result {
	s, err := infObserve(ctx, t)
	if err != nil {
		return sessionErr(err)
	}
	set, err := t.schemaSet()
	if err != nil {
		return errored(err)
	}
	var res Result
	for i, m := range s.got {
		kind := m.Env.Type
		seat := m.Seat
		where := rules.Where{Seat: &seat, Round: m.Env.Round, Turn: m.Env.Turn, Step: fmt.Sprintf("message %d", i)}
		if kind == "" {
			res.eval("inference/protocol.envelope")
			f := finding("inference/protocol.envelope", where, "a message with a type", string(m.Raw), "a message from the server has no type")
			f.Transcript = s.around(i)
			res.Findings = append(res.Findings, f)
			continue
		}
		switch kind {
		case "event":
			res.eval("inference/protocol.log-line")
			if m.Ev.Type == "showdown" && m.Ev.Uncontested {
				res.eval("inference/round.7.uncontested")
			}
		case "your_turn":
			res.eval("inference/protocol.envelope", "inference/timeouts.deadline", "inference/wire.visible-state.fields")
		case "error":
			res.eval("inference/protocol.envelope", "inference/server.error-code")
		default:
			res.eval("inference/protocol.envelope")
		}
		vs := set.Validate(GameInference, kind, m.Raw)
		uncontested := kind == "event" && m.Ev.Type == "showdown" && m.Ev.Uncontested && len(m.Ev.Reveals) > 0
		// One finding per rule and basis (I-INF-P3): each violation cites
		// the rule its field belongs to, at the basis its schema names.
		type group struct {
			rule  string
			basis rules.Basis
			ref   string
		}
		var order []group
		byGroup := map[group][]schemas.Violation{}
		for _, v := range vs {
			g := group{rule: schemaRule(kind, v)}
			switch {
			case uncontested:
				g.rule = "inference/round.7.uncontested" // the schema forbids reveals in an uncontested showdown
			case !schemas.HasKind(GameInference, kind):
				// A message type of its own: WIRE.md's list is a pin.
				g.basis, g.ref = rules.BasisContract, "WIRE.md Envelope"
			case !v.Binding():
				g.basis, g.ref = rules.Basis(v.Basis), v.Ref
			default:
				g.basis = rules.BasisDocument
			}
			if _, ok := byGroup[g]; !ok {
				order = append(order, g)
			}
			byGroup[g] = append(byGroup[g], v)
		}
		for _, g := range order {
			gv := byGroup[g]
			f := finding(g.rule, where, "a valid "+kind+" message", violations(gv), "a %q message from the server does not validate: %s", kind, violations(gv))
			f.Basis, f.Ref = g.basis, g.ref
			f.Transcript = s.around(i)
			res.Findings = append(res.Findings, f)
		}
	}
	if len(s.got) == 0 {
		return skip("the server sent no message")
	}
	return res
}

// schemaRule names the rule a schema violation of a server message breaks
// (I-INF-P3): deadline_ms of a your_turn is the rules' deadline, an
// error's code umpire's error-code pin, visible_state the rules' fields, an
// event the log contract, anything else the envelope.
func schemaRule(kind string, v schemas.Violation) string {
	loc := v.InstanceLocation
	missing := func(field string) bool {
		return loc == "" && v.Keyword == "required" && strings.Contains(v.Message, strconv.Quote(field))
	}
	switch {
	case kind == "your_turn" && (loc == "/deadline_ms" || missing("deadline_ms")):
		return "inference/timeouts.deadline"
	case kind == "error" && (loc == "/code" || missing("code")):
		return "inference/server.error-code"
	case kind == "event":
		return "inference/protocol.log-line"
	case kind == "your_turn" && (strings.HasPrefix(loc, "/visible_state") || missing("visible_state")):
		return "inference/wire.visible-state.fields"
	}
	return "inference/protocol.envelope"
}

// violations renders schema violations.
func violations[T fmt.Stringer](vs []T) string {
	var b bytes.Buffer
	for i, v := range vs {
		if i == 3 {
			fmt.Fprintf(&b, "; … %d more", len(vs)-3)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(v.String())
	}
	if b.Len() == 0 {
		return "unknown message type"
	}
	return b.String()
}

func infCheckLegal(ctx context.Context, t *Target) Result {
	s, err := infObserve(ctx, t)
	if err != nil {
		return sessionErr(err)
	}
	var res Result
	n := 0
	conv := map[string]bool{}
	firstView := map[string]ref.VisibleState{}
	for i, m := range s.got {
		if m.Env.Type != "your_turn" {
			continue
		}
		n++
		seat := m.Seat
		where := rules.Where{Seat: &seat, Round: m.Env.Round, Turn: m.Env.Turn}
		vs, err1 := ref.ReadLegalView(m.Env.VisibleState)
		got, err2 := m.legal()
		if err1 != nil || err2 != nil {
			continue // the schema check reports it
		}
		res.eval("inference/protocol.current-bet", "inference/protocol.to-call", "inference/visibility.public")
		convs := ref.ViewConventions(vs)
		// The pot and the ante need the whole view; one that does not
		// decode whole is the schema check's to report.
		var full ref.VisibleState
		if json.Unmarshal(m.Env.VisibleState, &full) == nil {
			res.eval("inference/wire.visible-state.contribution")
			if err := ref.PotConvention(full); err != nil {
				convs = append(convs, err)
			}
			// The ante against the first turn of the same match (the
			// pinned ramp's formula), once the match is in another round.
			key := m.Env.MatchID
			if first, ok := firstView[key]; !ok {
				firstView[key] = full
			} else if first.Round != full.Round {
				res.eval("inference/protocol.ante-formula", "inference/wire.visible-state.ante")
				if err := ref.AnteConvention(first, full); err != nil {
					convs = append(convs, err)
				}
			}
		}
		for _, c := range convs {
			f := finding(rules.RuleOf(c), where, "a visible_state consistent with umpire's conventions", string(m.Env.VisibleState), "%v", c)
			f.Transcript = s.around(i)
			if !conv[f.Rule] { // once per rule: the same convention shows in every turn
				conv[f.Rule] = true
				res.Findings = append(res.Findings, f)
			}
		}
		want, err := ref.LegalFromView(vs)
		if err != nil {
			rule := rules.RuleOf(err)
			if rule == "" {
				rule = "inference/wire.visible-state.fields"
			}
			f := finding(rule, where, "a consistent visible_state", string(m.Env.VisibleState), "the visible_state of a your_turn is inconsistent: %v", err)
			f.Transcript = s.around(i)
			res.Findings = append(res.Findings, f)
			continue
		}
		res.eval("inference/wire.legal-actions.fold", "inference/wire.legal-actions.call", "inference/wire.legal-actions.raise")
		for _, d := range diffLegal(want, got) {
			f := finding(legalRule(d.action), where, d.want, d.got, "legal_actions %s", d.what)
			f.Transcript = s.around(i)
			res.Findings = append(res.Findings, f)
		}
	}
	if n == 0 {
		return skip("the suite was never asked to move, so no legal_actions could be compared")
	}
	return res
}

// legalRule names the rule of each legal_actions item.
func legalRule(action string) string {
	switch action {
	case "call":
		return "inference/wire.legal-actions.call"
	case "raise":
		return "inference/wire.legal-actions.raise"
	}
	return "inference/wire.legal-actions.fold"
}

type legalDiff struct {
	action, what string
	want, got    any
}

// diffLegal compares two legal_actions lists item by item (one per action).
func diffLegal(want, got []ref.LegalAction) []legalDiff {
	idx := func(l []ref.LegalAction) map[string]ref.LegalAction {
		m := map[string]ref.LegalAction{}
		for _, a := range l {
			m[a.Action] = a
		}
		return m
	}
	w, g := idx(want), idx(got)
	var out []legalDiff
	for _, a := range []string{"fold", "call", "raise"} {
		wa, wok := w[a]
		ga, gok := g[a]
		switch {
		case wok && !gok:
			out = append(out, legalDiff{a, "lack the " + a + " item the referee offers", wa, nil})
		case !wok && gok:
			out = append(out, legalDiff{a, "offer a " + a + " item the referee does not", nil, ga})
		case wok && gok && wa != ga:
			out = append(out, legalDiff{a, "offer a different " + a + " item", wa, ga})
		}
	}
	for a, ga := range g {
		if a != "fold" && a != "call" && a != "raise" {
			out = append(out, legalDiff{"fold", "offer an unknown action " + a, nil, ga})
		}
	}
	return out
}

func infCheckLog(ctx context.Context, t *Target) Result {
	s, err := infObserve(ctx, t)
	if err != nil {
		return sessionErr(err)
	}
	if s.logErr != nil {
		return skip("the match log could not be read (the harness extension GET /r/{id}.jsonl): %v", s.logErr)
	}
	var res Result
	// The seed commitment of the envelope: match_end's seed_commit must be
	// the hash of the seed it reveals.
	// A match_end without seed_commit (a shape the schema check reports)
	// is held to the commitment match_start made.
	committed := ""
	for _, m := range s.got {
		if m.Env.Type == "event" && m.Ev.Type == "match_start" && committed == "" {
			committed = m.Ev.SeedCommit
		}
		if m.Env.Type != "match_end" || m.Env.Seed == "" {
			continue
		}
		res.eval("inference/protocol.seed-commit")
		commit, what := m.Env.SeedCommit, "match_end's seed_commit"
		if commit == "" {
			commit, what = committed, "match_start's seed_commit"
		}
		if commit != "" && commit != ref.SeedCommit(m.Env.Seed) {
			seat := m.Seat
			res.Findings = append(res.Findings, finding("inference/protocol.seed-commit", rules.Where{Seat: &seat},
				ref.SeedCommit(m.Env.Seed), commit, "%s is not the SHA-256 of the seed match_end reveals", what))
			break
		}
	}
	v := verify.NewInference(verify.Options{File: s.matchID + ".jsonl"})
	sc := bufio.NewScanner(bytes.NewReader(s.log))
	sc.Buffer(make([]byte, 0, 64<<10), verify.MaxLineBytes+1)
	line := 0
	for sc.Scan() {
		line++
		for _, f := range v.Line(line, sc.Bytes()) {
			res.Findings = append(res.Findings, reports.Finding{Finding: f})
		}
	}
	if err := sc.Err(); err != nil {
		return errored(fmt.Errorf("reading the match log: %w", err))
	}
	for _, f := range v.FinishFindings() {
		res.Findings = append(res.Findings, reports.Finding{Finding: f})
	}
	res.evalAll(v.Summary().Evaluated) // every rule the replay re-derived
	if line == 0 {
		return skip("the match log is empty")
	}
	return res
}

func infCheckHidden(ctx context.Context, t *Target) Result {
	s, err := infObserve(ctx, t)
	if err != nil {
		return sessionErr(err)
	}
	var res Result
	add := func(i int, rule string, where rules.Where, want, got any, format string, args ...any) {
		f := finding(rule, where, want, got, format, args...)
		f.Transcript = s.around(i)
		res.Findings = append(res.Findings, f)
	}
	type key struct{ seat, round int }
	dealtIn := map[key]bool{}
	dealt := map[key]int{}
	uncontested := 0
	for i, m := range s.got {
		seat := m.Seat
		where := rules.Where{Seat: &seat, Round: m.Env.Round, Turn: m.Env.Turn}
		if len(m.Env.VisibleState) > 0 {
			// Read tolerantly: each field on its own, any shape of the rest.
			var top map[string]json.RawMessage
			var raw struct {
				Round, YourSeat int
				Players         []map[string]json.RawMessage
			}
			if json.Unmarshal(m.Env.VisibleState, &top) == nil {
				res.eval("inference/visibility.no-peek")
				_ = json.Unmarshal(top["round"], &raw.Round)
				_ = json.Unmarshal(top["your_seat"], &raw.YourSeat)
				var items []json.RawMessage
				_ = json.Unmarshal(top["players"], &items)
				for _, it := range items {
					var pl map[string]json.RawMessage
					if json.Unmarshal(it, &pl) == nil {
						raw.Players = append(raw.Players, pl)
					}
				}
				for _, pl := range raw.Players {
					var ps int
					_ = json.Unmarshal(pl["seat"], &ps)
					if ps == raw.YourSeat {
						continue
					}
					for _, k := range []string{"value", "your_value", "hidden_value"} {
						if v, ok := pl[k]; ok && string(v) != "null" {
							add(i, "inference/visibility.no-peek", rules.Where{Seat: &seat, Round: raw.Round}, "no value of another seat", map[string]any{"seat": ps, k: json.RawMessage(v)},
								"seat %d's visible_state shows seat %d's hidden value before the showdown", seat, ps)
						}
					}
				}
			}
			if m.Env.Type == "your_turn" {
				if vs, err := m.view(); err == nil && vs.YourValue != nil {
					if _, ok := dealt[key{seat, vs.Round}]; ok {
						res.eval("inference/visibility.own-value")
					}
					if d, ok := dealt[key{seat, vs.Round}]; ok && d != *vs.YourValue {
						add(i, "inference/visibility.own-value", where, d, *vs.YourValue, "your_value differs from the value dealt to the seat")
					}
				}
			}
		}
		if m.Env.Type != "event" {
			continue
		}
		ev := m.Ev
		switch ev.Type {
		case "round_start":
			for _, d := range ev.DealtIn {
				if d == seat {
					dealtIn[key{seat, ev.Round}] = true
				}
			}
		case "deal_private":
			res.eval("inference/visibility.no-peek")
			if ev.Seat == nil || *ev.Seat != seat {
				add(i, "inference/visibility.no-peek", where, "only the seat's own deal_private", ev.Seat, "seat %d received another seat's deal_private", seat)
			} else if ev.Value != nil {
				dealt[key{seat, ev.Round}] = *ev.Value
			}
		case "showdown":
			if ev.Uncontested {
				uncontested++
				res.eval("inference/round.7.uncontested")
				if len(ev.Reveals) > 0 {
					add(i, "inference/round.7.uncontested", where, "no reveal", ev.Reveals, "an uncontested showdown reveals a value")
				}
			}
		}
	}
	for k := range dealtIn {
		res.eval("inference/wire.events.objects")
		if _, ok := dealt[k]; !ok {
			s := k.seat
			res.Findings = append(res.Findings, finding("inference/wire.events.objects", rules.Where{Seat: &s, Round: k.round},
				"a deal_private event for the seat", nil, "seat %d was dealt in round %d but never received its deal_private event", k.seat, k.round))
		}
	}
	sort.SliceStable(res.Findings, func(i, j int) bool { return res.Findings[i].Where.Round < res.Findings[j].Where.Round })
	if len(s.got) == 0 {
		return skip("the server sent no message")
	}
	_ = uncontested // round 1 of the session is folded to one seat, so one pot is uncontested
	return res
}

// needCreate skips a probe that needs its own match.
func needCreate(t *Target) (Result, bool) {
	if !t.Create {
		return skip("this probe needs a match of its own: run with --create on a server offering the harness extension"), false
	}
	return Result{}, true
}

// infProbeMatch creates a probe match with every seat played by the suite.
func infProbeMatch(ctx context.Context, t *Target, purpose string, extra map[string]any) (*infPlay, error) {
	spec := map[string]any{"seats": t.TableSize, "rounds": 2, "deadline_ms": t.DeadlineMS, "seed": t.seedFor(purpose)}
	for k, v := range extra {
		spec[k] = v
	}
	id, toks, err := infCreate(ctx, t, spec)
	if err != nil {
		return nil, err
	}
	return infJoin(ctx, t, id, toks)
}

// infProbeOpen creates a probe match (a skip when the suite may not create
// matches); when ok, the caller closes the match.
func infProbeOpen(ctx context.Context, t *Target, purpose string, extra map[string]any) (*infPlay, Result, bool) {
	if r, ok := needCreate(t); !ok {
		return nil, r, false
	}
	p, err := infProbeMatch(ctx, t, purpose, extra)
	if err != nil {
		return nil, probeErr(err), false
	}
	return p, Result{}, true
}

// infProbeStart creates a probe match as infProbeOpen does and reads until
// the first your_turn, the turn the probe works on; when ok, the caller
// closes the match.
func infProbeStart(ctx context.Context, t *Target, purpose string, extra map[string]any) (*infPlay, infMsg, Result, bool) {
	p, r, ok := infProbeOpen(ctx, t, purpose, extra)
	if !ok {
		return nil, infMsg{}, r, false
	}
	turn, err := p.awaitAfter(ctx, func(m infMsg) bool { return m.Env.Type == "your_turn" })
	if err != nil {
		p.Close()
		return nil, turn, probeErr(err), false
	}
	return p, turn, Result{}, true
}

// finish plays the rest of a probe match with default moves, so that it
// ends, and returns res (or the error that stopped the match).
func (p *infPlay) finish(ctx context.Context, res Result) Result {
	if err := p.playOut(ctx, nil); err != nil {
		return probeErr(err)
	}
	return res
}

// probeErr turns an error of a probe into a Result.
func probeErr(err error) Result {
	if isTimeout(err) {
		return Result{Status: reports.Error, Reason: "the server did not answer in time: " + err.Error()}
	}
	return errored(err)
}

// awaitAfter reads messages, answering other seats' turns with the default
// move, until pick accepts one (or the match ends: io.EOF).
func (p *infPlay) awaitAfter(ctx context.Context, pick func(m infMsg) bool) (infMsg, error) {
	for {
		m, err := p.next(ctx)
		if err != nil {
			return m, err
		}
		if pick(m) {
			return m, nil
		}
		if m.Env.Type == "your_turn" {
			if err := p.defaultMove(ctx, m); err != nil {
				return m, err
			}
		}
	}
}

func infProbeIllegal(ctx context.Context, t *Target) Result {
	p, turn, stop, ok := infProbeStart(ctx, t, "illegal", map[string]any{"deadline_ms": max(t.DeadlineMS, 2000)})
	if !ok {
		return stop
	}
	defer p.Close()
	legal, _ := turn.legal()
	amount := 1
	for _, a := range legal {
		if a.Action == "raise" {
			amount = a.Max + 1
		}
	}
	seat, tn := turn.Seat, turn.turnOf()
	where := rules.Where{Seat: &seat, Round: turn.Env.Round, Turn: turn.Env.Turn}
	var res Result
	if err := p.move(ctx, seat, tn, "raise", amount); err != nil {
		return probeErr(err)
	}
	answer, err := p.awaitAfter(ctx, func(m infMsg) bool {
		return m.Seat == seat && (m.Env.Type == "error" || m.Env.Type == "event" && m.Ev.Type == "action")
	})
	if err != nil {
		return probeErr(err)
	}
	res.eval("inference/illegal.listed-only")
	if answer.Env.Type != "error" {
		f := finding("inference/illegal.listed-only", where, map[string]any{"type": "error"}, json.RawMessage(answer.Raw),
			"a raise of %d (outside legal_actions) was not answered with an error", amount)
		f.Transcript = p.tail(8)
		res.Findings = append(res.Findings, f)
		return res
	}
	res.eval("inference/server.error-code")
	res.Findings = append(res.Findings, codeFindings(answer, "illegal_move", where, p, "a raise outside legal_actions")...)
	// I-INF-P2. The same turn is still open: a legal move now must be accepted. A
	// raise (when offered) tells the seat's own move apart from any default
	// action a server might have played for it.
	retry, retryAmount := "call", 0
	for _, a := range legal {
		if a.Action == "raise" {
			retry, retryAmount = "raise", a.Min
		}
	}
	if err := p.move(ctx, seat, tn, retry, retryAmount); err != nil {
		return probeErr(err)
	}
	next, err := p.awaitAfter(ctx, func(m infMsg) bool {
		return m.Seat == seat && (m.Env.Type == "error" || m.Env.Type == "event" && m.Ev.Type == "action" && m.Ev.Round == turn.Env.Round && m.Ev.Turn != nil && *m.Ev.Turn == tn)
	})
	if err != nil {
		return probeErr(err)
	}
	res.eval("inference/illegal.no-consume")
	if next.Env.Type == "error" || next.Ev.Seat == nil || *next.Ev.Seat != seat || next.Ev.Action != retry || next.Ev.Timeout {
		f := finding("inference/illegal.no-consume", where, "the seat's own "+retry+" applied in the same turn", json.RawMessage(next.Raw),
			"after an illegal move the turn was not left open for the seat")
		f.Transcript = p.tail(10)
		res.Findings = append(res.Findings, f)
	}
	return p.finish(ctx, res)
}

func infProbeRaiseCap(ctx context.Context, t *Target) Result {
	p, stop, ok := infProbeOpen(ctx, t, "raise-cap", map[string]any{"deadline_ms": max(t.DeadlineMS, 2000), "rounds": 1})
	if !ok {
		return stop
	}
	defer p.Close()
	var res Result
	probed := false
	err := p.playOut(ctx, func(m infMsg) error {
		legal, _ := m.legal()
		vs, _ := m.view()
		canRaise := false
		for _, a := range legal {
			if a.Action == "raise" {
				canRaise = true
			}
		}
		if canRaise {
			return p.move(ctx, m.Seat, m.turnOf(), "raise", 1)
		}
		if probed || vs.RaisesUsed < vs.Limits.MaxRaisesPerRound || vs.YourCredits <= vs.ToCall+1 {
			return p.defaultMove(ctx, m)
		}
		probed = true
		seat, tn := m.Seat, m.turnOf()
		where := rules.Where{Seat: &seat, Round: m.Env.Round, Turn: m.Env.Turn}
		if err := p.move(ctx, seat, tn, "raise", 1); err != nil {
			return err
		}
		answer, err := p.awaitAfter(ctx, func(x infMsg) bool {
			return x.Seat == seat && (x.Env.Type == "error" || x.Env.Type == "event" && x.Ev.Type == "action" && x.Ev.Seat != nil && *x.Ev.Seat == seat)
		})
		if err != nil {
			return err
		}
		res.eval("inference/round.3.raise-cap")
		if answer.Env.Type != "error" {
			f := finding("inference/round.3.raise-cap", where, "an illegal_move error", json.RawMessage(answer.Raw),
				"a raise after %d raises this round was accepted", vs.RaisesUsed)
			f.Transcript = p.tail(8)
			res.Findings = append(res.Findings, f)
			return nil
		}
		return p.move(ctx, seat, tn, "call", 0)
	})
	if err != nil {
		return probeErr(err)
	}
	if !probed {
		return skip("no seat reached a turn with the round's raises used up")
	}
	return res
}

func infProbeAuth(ctx context.Context, t *Target) Result {
	if r, ok := needCreate(t); !ok {
		return r
	}
	id, toks, err := infCreate(ctx, t, map[string]any{"seats": t.TableSize, "rounds": 1, "deadline_ms": t.DeadlineMS, "seed": t.seedFor("auth")})
	if err != nil {
		return probeErr(err)
	}
	var res Result
	seat := sortedSeats(toks)[0]
	bad := map[int]string{seat: toks[seat] + "-wrong"}
	p, err := infJoin(ctx, t, id, bad)
	if err != nil {
		return probeErr(err)
	}
	m, err := p.next(ctx)
	if err == nil || errors.Is(err, io.EOF) {
		res.eval("inference/server.auth")
	}
	switch {
	case errors.Is(err, io.EOF):
		// Closed without a word: refused, but not with the documented error.
		res.Findings = append(res.Findings, finding("inference/server.auth", rules.Where{Seat: &seat}, "an unauthorized error", "the connection closed",
			"a hello with a wrong token was not answered with an unauthorized error"))
	case err != nil:
		p.Close()
		return probeErr(err)
	case m.Env.Type != "error":
		f := finding("inference/server.auth", rules.Where{Seat: &seat}, map[string]any{"type": "error"}, json.RawMessage(m.Raw),
			"a hello with a wrong token was not refused")
		f.Transcript = p.tail(4)
		res.Findings = append(res.Findings, f)
		// Let in: the other seats play the match, and whatever hidden
		// value the impostor is sent is a value it may not see.
		res.eval("inference/visibility.no-peek")
		res.Findings = append(res.Findings, infImpostor(ctx, t, p, id, toks, seat, m)...)
		p.Close()
		return res
	default:
		res.eval("inference/server.error-code")
		res.Findings = append(res.Findings, codeFindings(m, "unauthorized", rules.Where{Seat: &seat}, p, "a hello with a wrong token")...)
	}
	p.Close()
	// Play the match out with the right tokens so it ends.
	p2, err := infJoin(ctx, t, id, toks)
	if err != nil {
		return probeErr(err)
	}
	defer p2.Close()
	if err := p2.playOut(ctx, nil); err != nil {
		return probeErr(err)
	}
	return res
}

// infImpostor watches a connection a server let in with a wrong token
// while the other seats play the match out: a hidden value sent to it
// (deal_private, your_value) is seen by someone who does not hold the
// seat's token, which breaks visibility.no-peek.
func infImpostor(ctx context.Context, t *Target, p *infPlay, id string, toks map[int]string, seat int, first infMsg) []reports.Finding {
	others := map[int]string{}
	for s, tok := range toks {
		if s != seat {
			others[s] = tok
		}
	}
	done := make(chan error, 1)
	var p2 *infPlay
	if len(others) > 0 {
		var err error
		if p2, err = infJoin(ctx, t, id, others); err != nil {
			return nil
		}
		go func() { done <- p2.playOut(ctx, nil) }()
	} else {
		done <- nil
	}
	var out []reports.Finding
	m := first
	for {
		if v, what := hiddenValueIn(m); what != "" {
			f := finding("inference/visibility.no-peek", rules.Where{Seat: &seat, Round: m.Env.Round}, "nothing for a connection without the seat's token", map[string]any{what: v},
				"a connection with a wrong token for seat %d was sent the seat's hidden value (%s)", seat, what)
			f.Transcript = p.tail(6)
			out = append(out, f)
			break
		}
		var err error
		if m, err = p.next(ctx); err != nil {
			break
		}
	}
	p.Close() // the impostor's seat times out from now on
	<-done
	if p2 != nil {
		p2.Close()
	}
	return out
}

// hiddenValueIn returns a hidden value a message carries for its seat:
// a deal_private event's value or a visible_state's your_value.
func hiddenValueIn(m infMsg) (int, string) {
	if m.Env.Type == "event" && m.Ev.Type == "deal_private" && m.Ev.Value != nil {
		return *m.Ev.Value, "deal_private.value"
	}
	if len(m.Env.VisibleState) > 0 {
		var vs struct {
			YourValue *int `json:"your_value"`
		}
		if json.Unmarshal(m.Env.VisibleState, &vs) == nil && vs.YourValue != nil {
			return *vs.YourValue, "visible_state.your_value"
		}
	}
	return 0, ""
}

func infProbeMalformed(ctx context.Context, t *Target) Result {
	p, turn, stop, ok := infProbeStart(ctx, t, "malformed", map[string]any{"deadline_ms": max(t.DeadlineMS, 2000), "rounds": 1})
	if !ok {
		return stop
	}
	defer p.Close()
	seat, tn := turn.Seat, turn.turnOf()
	where := rules.Where{Seat: &seat, Round: turn.Env.Round, Turn: turn.Env.Turn}
	var res Result
	codeSeen := false
	bodies := []string{`this is not json`, `{"type":"move","match_id":"` + p.matchID + `"}`, `{"type":"move","match_id":"` + p.matchID + `","turn":` + fmt.Sprint(tn) + `,"action":"raise"}`}
	for _, b := range bodies {
		if err := p.send(ctx, seat, b); err != nil {
			return probeErr(err)
		}
		ans, err := p.awaitAfter(ctx, func(m infMsg) bool {
			return m.Seat == seat && (m.Env.Type == "error" || m.Env.Type == "event" && m.Ev.Type == "action")
		})
		if err != nil {
			return probeErr(err)
		}
		res.eval("inference/server.bad-message")
		if ans.Env.Type != "error" {
			f := finding("inference/server.bad-message", where, map[string]any{"type": "error"}, json.RawMessage(ans.Raw),
				"the malformed message %q was not answered with an error", b)
			f.Transcript = p.tail(6)
			return Result{Findings: append(res.Findings, f)}
		}
		res.eval("inference/server.error-code")
		if !codeSeen { // the code is one pin: reported once per check
			cf := codeFindings(ans, "bad_message", where, p, fmt.Sprintf("the malformed message %q", b))
			codeSeen = len(cf) > 0
			res.Findings = append(res.Findings, cf...)
		}
	}
	if err := p.move(ctx, seat, tn, "call", 0); err != nil {
		return probeErr(err)
	}
	next, err := p.awaitAfter(ctx, func(m infMsg) bool {
		return m.Seat == seat && (m.Env.Type == "error" || m.Env.Type == "event" && m.Ev.Type == "action" && m.Ev.Seat != nil && *m.Ev.Seat == seat)
	})
	if err != nil {
		return probeErr(err)
	}
	if next.Env.Type == "error" || next.Ev.Timeout {
		f := finding("inference/server.bad-message", where, "the seat's own call accepted", json.RawMessage(next.Raw),
			"after malformed messages the seat's legal move was not accepted")
		f.Transcript = p.tail(6)
		res.Findings = append(res.Findings, f)
	}
	return p.finish(ctx, res)
}

// codeFindings judges the code of an error answer (I-INF-P2): the answer
// being an error is the rules' (judged by the caller); its code string is
// umpire's pin, inference/server.error-code — a SHOULD finding unless
// strict, whether the code is another word, another shape or absent.
func codeFindings(ans infMsg, want string, where rules.Where, p *infPlay, what string) []reports.Finding {
	if ans.Env.Code == want {
		return nil
	}
	got := "no code"
	if ans.Env.CodeRaw != nil {
		got = string(ans.Env.CodeRaw)
	}
	f := finding("inference/server.error-code", where, want, json.RawMessage(ans.Raw),
		"%s was answered with an error whose code is %s, not %q", what, got, want)
	f.Transcript = p.tail(6)
	return []reports.Finding{f}
}

// splitSeed (I-INF-P4) finds a seed whose first round deals two seats of a table of n the
// same value under umpire's deal function (another server deals otherwise,
// and the probe then reports a skip).
func splitSeed(base string, n int) (string, int) {
	for i := 0; i < 5000; i++ {
		seed := fmt.Sprintf("%s-%d", base, i)
		for a := 0; a < n; a++ {
			for b := a + 1; b < n; b++ {
				if ref.DealValue(seed, 1, a) == ref.DealValue(seed, 1, b) {
					return seed, ref.DealValue(seed, 1, a)
				}
			}
		}
	}
	return base, 0
}

func infProbeSplit(ctx context.Context, t *Target) Result {
	if r, ok := needCreate(t); !ok {
		return r
	}
	seed, _ := splitSeed(t.seedFor("split"), t.TableSize)
	id, toks, err := infCreate(ctx, t, map[string]any{"seats": t.TableSize, "rounds": 1, "deadline_ms": max(t.DeadlineMS, 2000), "seed": seed, "ante": 1})
	if err != nil {
		return probeErr(err)
	}
	p, err := infJoin(ctx, t, id, toks)
	if err != nil {
		return probeErr(err)
	}
	defer p.Close()
	// Every seat sees its own value: the best value checks, a seat whose
	// value another seat shares checks, everyone else folds.
	values := map[int]int{}
	err = p.playOut(ctx, func(m infMsg) error {
		vs, err := m.view()
		if err != nil || vs.YourValue == nil {
			return p.defaultMove(ctx, m)
		}
		values[m.Seat] = *vs.YourValue
		return p.defaultMove(ctx, m)
	})
	if err != nil {
		return probeErr(err)
	}
	tie := false
	for _, m := range p.Got {
		if m.Env.Type == "event" && m.Ev.Type == "showdown" && m.Ev.Round == 1 && len(m.Ev.Reveals) > 1 {
			best, count := 0, 0
			for _, r := range m.Ev.Reveals {
				if r.Value > best {
					best, count = r.Value, 1
				} else if r.Value == best {
					count++
				}
			}
			tie = count > 1
			break
		}
	}
	if !tie {
		return skip("no tie for the best value arose in the probe match (the seed search works with umpire's deal function only)")
	}
	status, body, err := infFetchLog(ctx, t, id)
	if err != nil {
		return probeErr(err)
	}
	if status != http.StatusOK {
		return skip("the match log could not be read: HTTP %d", status)
	}
	var res Result
	v := verify.NewInference(verify.Options{File: id + ".jsonl"})
	for i, line := range bytes.Split(bytes.TrimSpace(body), []byte("\n")) {
		for _, f := range v.Line(i+1, line) {
			res.Findings = append(res.Findings, reports.Finding{Finding: f})
		}
	}
	for _, f := range v.FinishFindings() {
		res.Findings = append(res.Findings, reports.Finding{Finding: f})
	}
	// The probe's own rules, as far as the replay of its match reached
	// them (an even split has no odd credit).
	ev := v.Summary().Evaluated
	for _, id := range []string{"inference/round.6.ties", "inference/round.6.odd-chips"} {
		if ev[id] > 0 {
			res.eval(id)
		} else {
			res.notExercised(id, "the tied pot of the probe match split evenly")
		}
	}
	return res
}

func infProbeDeadline(ctx context.Context, t *Target) Result {
	if r, ok := needCreate(t); !ok {
		return r
	}
	// A timing finding is confirmed on a second match before it is
	// reported (I-INF-P1): one stall of the machine running umpire must
	// not fail a server, while a server that times out early or late does
	// so every time.
	res := infDeadlineOnce(ctx, t, "deadline")
	if res.Status != reports.Disabled || len(res.Findings) == 0 || res.Findings[0].Rule != "inference/timeouts.deadline" {
		return res
	}
	return infDeadlineOnce(ctx, t, "deadline-confirm")
}

func infDeadlineOnce(ctx context.Context, t *Target, purpose string) Result {
	// I-INF-P1: a longer deadline than the target's, so timing noise stays small
	// next to it: the timeout must come between 75 % and 125 % of it after
	// the your_turn arrived, though an illegal move was sent at 40 %.
	d := max(t.deadline(), 3*time.Second)
	p, turn, stop, ok := infProbeStart(ctx, t, purpose, map[string]any{"deadline_ms": int(d / time.Millisecond), "rounds": 1})
	if !ok {
		return stop
	}
	defer p.Close()
	seat, tn := turn.Seat, turn.turnOf()
	where := rules.Where{Seat: &seat, Round: turn.Env.Round, Turn: turn.Env.Turn}
	select {
	case <-time.After(d * 4 / 10):
	case <-ctx.Done():
		return probeErr(ctx.Err())
	}
	if err := p.move(ctx, seat, tn, "raise", 99); err != nil {
		return probeErr(err)
	}
	var res Result
	to, err := p.awaitAfter(ctx, func(m infMsg) bool {
		return m.Env.Type == "event" && (m.Ev.Type == "timeout" || m.Ev.Type == "action") && m.Ev.Seat != nil && *m.Ev.Seat == seat
	})
	if err != nil {
		return probeErr(err)
	}
	el := to.At.Sub(turn.At)
	res.eval("inference/illegal.no-consume")
	if to.Ev.Type == "timeout" {
		res.eval("inference/timeouts.deadline")
	}
	switch {
	// The server's action flagged timeout is the timeout too (a server
	// may log it on the action alone; the probe of timeouts.logged judges
	// that).
	case to.Ev.Type != "timeout" && !to.Ev.Timeout:
		f := finding("inference/illegal.no-consume", where, "a timeout", json.RawMessage(to.Raw), "the illegal move ended the seat's turn: it was played without a timeout")
		f.Transcript = p.tail(6)
		res.Findings = append(res.Findings, f)
	case el < d*3/4:
		f := finding("inference/timeouts.deadline", where, fmt.Sprintf("a timeout about %v after your_turn (tolerance −25 %%)", d), el.Round(time.Millisecond).String(),
			"the turn timed out early, %v after your_turn announced %v", el.Round(time.Millisecond), d)
		f.Transcript = p.tail(6)
		res.Findings = append(res.Findings, f)
	case el > d*5/4:
		f := finding("inference/timeouts.deadline", where, fmt.Sprintf("a timeout about %v after your_turn (tolerance +25 %%)", d), el.Round(time.Millisecond).String(),
			"the turn timed out late, %v after your_turn: the illegal move may have restarted the deadline", el.Round(time.Millisecond))
		f.Transcript = p.tail(6)
		res.Findings = append(res.Findings, f)
	}
	return p.finish(ctx, res)
}

func infProbeSilent(ctx context.Context, t *Target) Result {
	p, turn, stop, ok := infProbeStart(ctx, t, "silent", map[string]any{"rounds": 1})
	if !ok {
		return stop
	}
	defer p.Close()
	vs, _ := turn.view()
	seat := turn.Seat
	where := rules.Where{Seat: &seat, Round: turn.Env.Round, Turn: turn.Env.Turn}
	// Tolerance (I-INF-P1): the default action must come within the
	// deadline plus max(1 s, the deadline) after your_turn arrived.
	d := t.deadline()
	wctx, cancel := context.WithTimeout(ctx, d+max(time.Second, d))
	defer cancel()
	var res Result
	to, err := p.awaitAfter(wctx, func(m infMsg) bool {
		return m.Env.Type == "event" && (m.Ev.Type == "timeout" || m.Ev.Type == "action") && m.Ev.Seat != nil && *m.Ev.Seat == seat
	})
	if err != nil {
		if ctx.Err() == nil {
			if !sawEvent(p.Got) {
				// What umpire cannot read it cannot judge: no event came in
				// WIRE.md's envelope at all.
				return skip("the server sent no event message in the pinned envelope ({\"type\":\"event\",\"event\":{…}}), so the default action cannot be seen")
			}
			res.eval("inference/timeouts.default-action")
			res.Findings = append(res.Findings, finding("inference/timeouts.default-action", where, "a timeout and the default action", "nothing",
				"the silent seat's turn was not played by the server within %v", d+max(time.Second, d)))
			return res
		}
		return probeErr(err)
	}
	res.eval("inference/timeouts.logged")
	act := to
	if to.Ev.Type != "timeout" {
		if !to.Ev.Timeout {
			f := finding("inference/timeouts.logged", where, "a timeout event before the server's action", json.RawMessage(to.Raw), "the server played the silent seat's turn without a timeout event")
			f.Transcript = p.tail(6)
			return Result{Findings: append(res.Findings, f)}
		}
		// The timeout is logged, on the action itself: the separate
		// timeout line is WIRE.md's pin.
		f := finding("inference/timeouts.logged", where, "a timeout event before the server's action", json.RawMessage(to.Raw), "the server flagged its action timeout but sent no timeout event before it")
		f.Basis, f.Ref = rules.BasisContract, "WIRE.md Match log"
		f.Transcript = p.tail(6)
		res.Findings = append(res.Findings, f)
	} else {
		res.eval("inference/timeouts.strikes")
		if to.Ev.Strikes != 1 {
			// "strikes" counting this timeout is WIRE.md's field.
			f := finding("inference/timeouts.strikes", where, 1, to.Ev.Strikes, "the first timeout of the seat does not count one strike")
			f.Basis, f.Ref = rules.BasisContract, "WIRE.md Match log"
			res.Findings = append(res.Findings, f)
		}
		var err error
		act, err = p.awaitAfter(ctx, func(m infMsg) bool {
			return m.Env.Type == "event" && m.Ev.Type == "action" && m.Ev.Seat != nil && *m.Ev.Seat == seat
		})
		if err != nil {
			return probeErr(err)
		}
	}
	want := "fold"
	if vs.ToCall == 0 {
		want = "call"
	}
	res.eval("inference/timeouts.default-action")
	if act.Ev.Action != want || !act.Ev.Timeout {
		f := finding("inference/timeouts.default-action", where, map[string]any{"action": want, "timeout": true}, json.RawMessage(act.Raw),
			"the server's default action for a silent seat owing %d is wrong", vs.ToCall)
		f.Transcript = p.tail(6)
		res.Findings = append(res.Findings, f)
	}
	return p.finish(ctx, res)
}

// sawEvent reports whether any message was an event in WIRE.md's envelope.
func sawEvent(got []infMsg) bool {
	for _, m := range got {
		if m.Env.Type == "event" && m.Ev.Type != "" {
			return true
		}
	}
	return false
}

func infProbeSitOut(ctx context.Context, t *Target) Result {
	p, stop, ok := infProbeOpen(ctx, t, "sit-out", map[string]any{"rounds": 11})
	if !ok {
		return stop
	}
	defer p.Close()
	silent := -1
	third, announced, back := 0, 0, 0
	strikesMax, timeouts := 3, 0
	var res Result
	err := p.playOut(ctx, func(m infMsg) error {
		if silent < 0 {
			silent = m.Seat
			if vs, err := m.view(); err == nil && vs.Limits.MaxConsecutiveTimeouts > 0 {
				strikesMax = vs.Limits.MaxConsecutiveTimeouts
			}
		}
		if m.Seat == silent {
			return nil // the seat stays silent
		}
		return p.defaultMove(ctx, m)
	})
	if err != nil {
		return probeErr(err)
	}
	// The probe match's log holds the timeouts, strikes and sit-outs:
	// replay it, so the log's own rules of them are checked too.
	if status, body, err := infFetchLog(ctx, t, p.matchID); err == nil && status == http.StatusOK {
		v := verify.NewInference(verify.Options{File: p.matchID + ".jsonl"})
		for i, line := range bytes.Split(bytes.TrimSpace(body), []byte("\n")) {
			for _, f := range v.Line(i+1, line) {
				res.Findings = append(res.Findings, reports.Finding{Finding: f})
			}
		}
		for _, f := range v.FinishFindings() {
			res.Findings = append(res.Findings, reports.Finding{Finding: f})
		}
		res.evalAll(v.Summary().Evaluated)
	}
	for _, m := range p.Got {
		if m.Env.Type != "event" {
			continue
		}
		ev := m.Ev
		if ev.Type == "timeout" && ev.Seat != nil && *ev.Seat == silent && third == 0 {
			timeouts++
		}
		if ev.Type == "timeout" && ev.Seat != nil && *ev.Seat == silent && ev.SitOut && third == 0 {
			third, announced = ev.Round, ev.BackInRound
		}
		if ev.Type == "round_start" && third > 0 && ev.Round > third && back == 0 {
			for _, d := range ev.DealtIn {
				if d == silent {
					back = ev.Round
				}
			}
		}
	}
	if silent < 0 {
		return res.orSkip("no seat was ever asked to move")
	}
	if third == 0 && timeouts >= strikesMax {
		// The situation was set up: the seat timed out often enough, and
		// was never sat out.
		res.eval("inference/timeouts.sit-out")
		res.notExercised("inference/timeouts.back-in-round", "the seat was never sat out")
		res.Findings = append(res.Findings, finding("inference/timeouts.sit-out", rules.Where{Seat: &silent}, fmt.Sprintf("a timeout flagged sit_out at strike %d", strikesMax),
			fmt.Sprintf("%d timeouts in a row, none flagged sit_out", timeouts), "the silent seat timed out %d times in a row but was never sat out", timeouts))
		return res
	}
	if third == 0 {
		return res.orSkip("the silent seat timed out %d times, fewer than the %d strikes that sit it out, within the probe match", timeouts, strikesMax)
	}
	where := rules.Where{Seat: &silent, Round: third}
	if back == 0 {
		return res.orSkip("the probe match ended before seat %d was dealt in again", silent)
	}
	res.eval("inference/timeouts.sit-out", "inference/timeouts.back-in-round")
	switch { // I-INF-P3
	case back != announced && back == third+6:
		res.Findings = append(res.Findings, finding("inference/timeouts.back-in-round", where, back, announced,
			"back_in_round announced %d, but the seat was dealt in again in round %d", announced, back))
	case back != announced:
		res.Findings = append(res.Findings, finding("inference/timeouts.back-in-round", where, announced, back,
			"the seat was dealt in again in round %d, not in the announced back_in_round %d", back, announced))
	case announced != third+6:
		res.Findings = append(res.Findings, finding("inference/timeouts.sit-out", where, third+6, announced,
			"a third strike in round %d must sit the seat out for the next 5 rounds", third))
	}
	return res
}
