package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/harness/inference/legaldiff"
	infadv "github.com/umpire-arena/umpire/harness/inference/players"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/verify"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

func inferenceChecks() []conform.Check {
	long := func(t *conform.Target) time.Duration { return 60*time.Second + 40*t.Deadline()*time.Duration(t.Rounds) }
	probe := func(t *conform.Target) time.Duration { return 40*time.Second + 20*t.Deadline() }
	return []conform.Check{
		{Name: "inference: every message validates against the schemas", Game: conform.GameInference, Section: conform.SecSchema,
			Rules: []string{"inference/protocol.envelope", "inference/protocol.log-line", "inference/round.7.uncontested", "inference/timeouts.deadline", "inference/wire.visible-state.fields"}, Timeout: long, Run: infCheckSchema},
		{Name: "inference: legal_actions agree with the referee", Game: conform.GameInference, Section: conform.SecCross,
			Rules: []string{"inference/wire.legal-actions.call", "inference/wire.legal-actions.fold", "inference/wire.legal-actions.raise", "inference/protocol.current-bet", "inference/protocol.to-call", "inference/protocol.ante-formula", "inference/wire.visible-state.contribution", "inference/visibility.public"}, Timeout: long, Run: infCheckLegal},
		{Name: "inference: every visible_state agrees with the events before it", Game: conform.GameInference, Section: conform.SecCross,
			Rules: infViewRules(), Timeout: long, Run: infCheckViews},
		{Name: "inference: the match replays through the referee (its log, else every seat's stream)", Game: conform.GameInference, Section: conform.SecCross,
			Rules: verify.InferenceRuleIDs(), Timeout: long, Run: infCheckLog},
		{Name: "inference: hidden values stay hidden", Game: conform.GameInference, Section: conform.SecHidden,
			Rules: []string{"inference/visibility.no-peek", "inference/visibility.own-value", "inference/wire.events.objects", "inference/round.7.uncontested"}, Timeout: long, Run: infCheckHidden},
		{Name: "inference: every event is a line of the match log, in order", Game: conform.GameInference, Section: conform.SecCross,
			Rules: []string{"inference/wire.events.objects"}, Timeout: long, Run: infCheckEventsAreLog},
		{Name: "inference: history keeps the last 20 rounds in full, older ones trimmed", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: []string{"inference/wire.visible-state.history-trim"}, Timeout: probe, Run: infProbeHistoryTrim},
		{Name: "inference: a match created without settings has the documents' defaults", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: []string{"inference/table.size", "inference/match.rounds", "inference/match.credits", "inference/round.2.ante-ramp", "inference/timeouts.default-deadline"}, Timeout: probe, Run: infProbeDefaults},
		{Name: "inference: GET /rules/inference serves the rules", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: []string{"inference/server.rules-served"}, Timeout: probe, Run: infProbeRulesServed},
		{Name: "inference: an illegal move is refused and does not use up the turn", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: []string{"inference/illegal.listed-only", "inference/illegal.no-consume", "inference/server.error-code", "inference/round.3.raise-bounds"}, Timeout: probe, Run: infProbeIllegal},
		{Name: "inference: a move out of turn, of an unknown action, without its amount or after the end is refused", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: []string{"inference/illegal.not-your-turn", "inference/illegal.match-over", "inference/server.error-code", "inference/wire.move.action", "inference/wire.move.amount", "inference/illegal.listed-only", "inference/illegal.no-consume"}, Timeout: probe, Run: infProbeTurns},
		{Name: "inference: a short stack posts what it has and is all-in", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: append(infViewRules(), "inference/round.3.all-in", "inference/round.6.side-pots", "inference/round.2.bust"), Timeout: probe, Run: infProbeShortStack},
		{Name: "inference: a table message over the limit is refused, the limit counted in code points", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: []string{"inference/round.4.message-length", "inference/protocol.message-code-points", "inference/illegal.listed-only"}, Timeout: probe, Run: infProbeMessages},
		{Name: "inference: a call a seat cannot cover is all-in, side pots follow", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: append(infViewRules(), "inference/round.3.all-in", "inference/protocol.action-all-in", "inference/round.6.side-pots", "inference/wire.legal-actions.call"), Timeout: probe, Run: infProbeAllIn},
		{Name: "inference: a raise beyond the cap is refused", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: []string{"inference/round.3.raise-cap", "inference/illegal.listed-only"}, Timeout: probe, Run: infProbeRaiseCap},
		{Name: "inference: a raise the seat cannot cover is refused, and every raise costs the call plus the raise", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: append(infViewRules(), "inference/illegal.listed-only", "inference/server.error-code"), Timeout: probe, Run: infProbeRaiseCovered},
		{Name: "inference: a wrong token is refused", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: []string{"inference/server.auth", "inference/server.error-code", "inference/visibility.no-peek"}, Timeout: probe, Run: infProbeAuth},
		{Name: "inference: a malformed message is refused and the turn stays open", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: []string{"inference/server.bad-message", "inference/server.error-code"}, Timeout: probe, Run: infProbeMalformed},
		{Name: "inference: a table of 2 or of 9 seats is refused", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: []string{"inference/table.size"}, Timeout: probe, Run: infProbeTableSize},
		{Name: "inference: a tied showdown splits the pot, odd credit by the rules", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: []string{"inference/round.6.ties", "inference/round.6.odd-chips"}, Timeout: func(t *conform.Target) time.Duration { return probe(t) + t.PlayBudget() }, Run: infProbeSplit},
		{Name: "inference: the dealt values are uniform and independent", Game: conform.GameInference, Section: conform.SecProbes,
			Rules: []string{"inference/round.1.fair"}, Timeout: fairTimeout, Run: infProbeFair},
		{Name: "inference: the deadline keeps running after an illegal move", Game: conform.GameInference, Section: conform.SecTimeout,
			Rules: []string{"inference/timeouts.deadline", "inference/illegal.no-consume"}, Timeout: probe, Run: infProbeDeadline},
		{Name: "inference: a silent seat gets the default action", Game: conform.GameInference, Section: conform.SecTimeout,
			Rules: []string{"inference/timeouts.default-action", "inference/timeouts.logged", "inference/log.timeout-before-action", "inference/timeouts.strikes"}, Timeout: probe, Run: infProbeSilent},
		{Name: "inference: three silent turns sit the seat out", Game: conform.GameInference, Section: conform.SecTimeout,
			Rules: []string{"inference/timeouts.sit-out", "inference/timeouts.back-in-round", "inference/timeouts.last-strike", "inference/protocol.strikes-count", "inference/log.timeout-before-action", "inference/timeouts.clear-on-move", "inference/wire.visible-state.sitting-out", "inference/wire.visible-state.sitting-out-at-once"}, Timeout: probe, Run: infProbeSitOut},
		{Name: "inference: reconnecting does not shorten a sit-out", Game: conform.GameInference, Section: conform.SecTimeout,
			Rules: []string{"inference/timeouts.reconnect"}, Timeout: probe, Run: infProbeRejoin},
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
	seats   []int
	// rounds is the number of rounds the session was created with (0 for
	// a given match).
	rounds int
	log    []byte
	// logErr says why the log could not be read (nil when it was).
	logErr error
}

// infObserve plays the shared session once per Target.
func infObserve(ctx context.Context, t *conform.Target) (*infSession, error) {
	v, err := t.Shared(ctx, "inference-session", func() (any, error) {
		sctx, cancel := context.WithTimeout(context.Background(), 60*time.Second+40*t.Deadline()*time.Duration(t.Rounds))
		defer cancel()
		return infPlaySession(sctx, t)
	})
	if err != nil {
		return nil, err
	}
	return v.(*infSession), nil
}

func infPlaySession(ctx context.Context, t *conform.Target) (*infSession, error) {
	matchID, tokens := t.Match, t.Seats
	rounds := 0
	if t.Create {
		var err error
		rounds = max(t.Rounds, sessionRounds)
		// Short stacks and an ante ramp from round 3 (harness extension),
		// so that the session exercises short antes, all-ins, side pots,
		// busts and the ramp within a few rounds.
		matchID, tokens, err = infCreate(ctx, t, map[string]any{"seats": t.TableSize, "rounds": rounds, "deadline_ms": max(t.DeadlineMS, 5000), "seed": t.SeedFor("session"),
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
	s := &infSession{matchID: matchID, got: p.Got, seats: conform.SortedSeats(tokens), rounds: rounds}
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

func infCheckSchema(ctx context.Context, t *conform.Target) conform.Result {
	s, err := infObserve(ctx, t)
	if err != nil {
		return conform.SessionErr(err)
	}
	set, err := t.Schemas()
	if err != nil {
		return conform.Errored(err)
	}
	var res conform.Result
	for i, m := range s.got {
		kind := m.Env.Type
		seat := m.Seat
		where := rules.Where{Seat: &seat, Round: m.Env.Round, Turn: m.Env.Turn, Step: fmt.Sprintf("message %d", i)}
		if kind == "" {
			res.Eval("inference/protocol.envelope")
			f := conform.NewFinding("inference/protocol.envelope", where, "a message with a type", string(m.Raw), "a message from the server has no type")
			f.Transcript = s.around(i)
			res.Findings = append(res.Findings, f)
			continue
		}
		switch kind {
		case "event":
			res.Eval("inference/protocol.log-line")
			if m.Ev.Type == "showdown" && m.Ev.Uncontested {
				res.Eval("inference/round.7.uncontested")
			}
		case "your_turn":
			res.Eval("inference/protocol.envelope", "inference/timeouts.deadline", "inference/wire.visible-state.fields")
		case "error":
			res.Eval("inference/protocol.envelope", "inference/server.error-code")
		default:
			res.Eval("inference/protocol.envelope")
		}
		vs := set.Validate(conform.GameInference, kind, m.Raw)
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
			g := group{rule: schemaRule(kind, m.Ev.Type, v)}
			switch {
			case uncontested:
				g.rule = "inference/round.7.uncontested" // the schema forbids reveals in an uncontested showdown
			case !schemas.HasKind(conform.GameInference, kind):
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
			f := conform.NewFinding(g.rule, where, "a valid "+kind+" message", conform.Violations(gv), "a %q message from the server does not validate: %s", kind, conform.Violations(gv))
			f.Basis, f.Ref = g.basis, g.ref
			f.Transcript = s.around(i)
			res.Findings = append(res.Findings, f)
		}
	}
	if len(s.got) == 0 {
		return conform.Skip("the server sent no message")
	}
	return res
}

// schemaRule names the rule a schema violation of an Inference server
// message of the given kind breaks (wire.SchemaRule, I-INF-P3); evType is
// an event's type.
func schemaRule(kind, evType string, v schemas.Violation) string {
	return wire.SchemaRule(kind, evType, wire.Violation{Location: v.InstanceLocation, Keyword: v.Keyword, Message: v.Message, Binding: v.Binding()})
}

func infCheckLegal(ctx context.Context, t *conform.Target) conform.Result {
	s, err := infObserve(ctx, t)
	if err != nil {
		return conform.SessionErr(err)
	}
	var res conform.Result
	if infJudgeLegal(s.got, s.around, &res) == 0 {
		return conform.Skip("the suite was never asked to move, so no legal_actions could be compared")
	}
	return res
}

// infJudgeLegal compares the legal_actions of every your_turn among got with
// the referee's, derived from the turn's visible_state (and, where the
// view's to_call and the call item disagree, from what the seat owes by the
// round's events), adding the findings to res. It returns how many turns it
// saw.
func infJudgeLegal(got []infMsg, around func(i int) []reports.Message, res *conform.Result) int {
	n := 0
	conv := map[string]bool{}
	firstView := map[string]ref.VisibleState{}
	owed := infOwed(got)
	for i, m := range got {
		if m.Env.Type != "your_turn" {
			continue
		}
		n++
		seat := m.Seat
		where := rules.Where{Seat: &seat, Round: m.Env.Round, Turn: m.Env.Turn}
		vs, err1 := wire.ReadLegalView(m.Env.VisibleState)
		offered, err2 := m.legal()
		if err1 != nil || err2 != nil {
			continue // the schema check reports it
		}
		if owe, ok := owed[i]; ok && owe != vs.ToCall {
			// The round's events say what the seat owes, and the view's
			// to_call is not it: the to_call is wrong, which the views
			// check charges (inference/visibility.to-call). The items are
			// judged against what the seat owes, so a call item that is
			// right is not charged for the to_call's error, and one that
			// follows the wrong to_call is.
			vs.ToCall = owe
		}
		res.Eval("inference/protocol.current-bet", "inference/protocol.to-call", "inference/visibility.public")
		convs := ref.ViewConventions(vs)
		// The pot needs the pot and every players entry, the ante the
		// round and limits (ante_ramp absent reads as no ramp); one that
		// cannot be read is the schema check's to report.
		full, _ := wire.ReadView(m.Env.VisibleState)
		if full.Read(wire.VPot) && full.Read(wire.VPlayers) {
			res.Eval("inference/wire.visible-state.contribution")
			if err := ref.PotConvention(full.VisibleState); err != nil {
				convs = append(convs, err)
			}
		}
		if full.Read(wire.VRound) && full.Read(wire.VLimitsAnte) && (full.Read(wire.VLimitsAnteRamp) || !full.Sent(wire.VLimitsAnteRamp)) {
			// The ante against the first turn of the same match (the
			// pinned ramp's formula), once the match is in another round.
			key := m.Env.MatchID
			if first, ok := firstView[key]; !ok {
				firstView[key] = full.VisibleState
			} else if first.Round != full.Round {
				res.Eval("inference/protocol.ante-formula", "inference/wire.visible-state.ante")
				if err := ref.AnteConvention(first, full.VisibleState); err != nil {
					convs = append(convs, err)
				}
			}
		}
		for _, c := range convs {
			f := conform.NewFinding(rules.RuleOf(c), where, "a visible_state consistent with umpire's conventions", string(m.Env.VisibleState), "%v", c)
			f.Transcript = around(i)
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
			f := conform.NewFinding(rule, where, "a consistent visible_state", string(m.Env.VisibleState), "the visible_state of a your_turn is inconsistent: %v", err)
			f.Transcript = around(i)
			res.Findings = append(res.Findings, f)
			continue
		}
		res.Eval("inference/wire.legal-actions.fold", "inference/wire.legal-actions.call", "inference/wire.legal-actions.raise")
		for _, f := range legaldiff.CompareLegalActions(where, want, offered) {
			f.Transcript = around(i)
			res.Findings = append(res.Findings, f)
		}
	}
	return n
}

func infCheckLog(ctx context.Context, t *conform.Target) conform.Result {
	s, err := infObserve(ctx, t)
	if err != nil {
		return conform.SessionErr(err)
	}
	var res conform.Result
	// The seed commitment of the envelope: match_end's seed_commit must be
	// the hash of the seed it reveals.
	// A match_end without seed_commit (a shape the schema check reports)
	// is held to the commitment match_start made.
	committed := ""
	for _, m := range s.got {
		if m.Env.Type == "event" && m.Ev.Type == "match_start" && committed == "" {
			committed = m.Ev.SeedCommit
		}
		if m.Env.Type == "match_end" && m.Env.Seed == "" {
			// The rules' own word: the seed is revealed at the end.
			res.Eval("inference/round.1.seed-commit")
			seat := m.Seat
			f := conform.NewFinding("inference/round.1.seed-commit", rules.Where{Seat: &seat}, "match_end with the seed", json.RawMessage(m.Raw), "match_end does not reveal the seed committed at match start")
			f.Transcript = s.around(0)
			res.Findings = append(res.Findings, f)
			break
		}
		if m.Env.Type != "match_end" {
			continue
		}
		res.Eval("inference/protocol.seed-commit")
		commit, what := m.Env.SeedCommit, "match_end's seed_commit"
		if commit == "" {
			commit, what = committed, "match_start's seed_commit"
		}
		if commit != "" && commit != ref.SeedCommit(m.Env.Seed) {
			seat := m.Seat
			res.Findings = append(res.Findings, conform.NewFinding("inference/protocol.seed-commit", rules.Where{Seat: &seat},
				ref.SeedCommit(m.Env.Seed), commit, "%s is not the SHA-256 of the seed match_end reveals", what))
			break
		}
	}
	// The match through the one judge: its log when the server serves
	// one, else the streams of the seats the suite holds (issue 27).
	v := infJudgeWith(s.matchID, s.got, s.log, s.logErr, &res)
	if v.Summary.Lines == 0 {
		if s.logErr != nil {
			return conform.Skip("the match log could not be read (the harness extension GET /r/{id}.jsonl: %v) and the seats were shown no event", s.logErr)
		}
		return conform.Skip("the match log is empty")
	}
	return res
}

func infCheckHidden(ctx context.Context, t *conform.Target) conform.Result {
	s, err := infObserve(ctx, t)
	if err != nil {
		return conform.SessionErr(err)
	}
	var res conform.Result
	add := func(i int, rule string, where rules.Where, want, got any, format string, args ...any) {
		f := conform.NewFinding(rule, where, want, got, format, args...)
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
				res.Eval("inference/visibility.no-peek")
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
						res.Eval("inference/visibility.own-value")
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
			res.Eval("inference/visibility.no-peek")
			if ev.Seat == nil || *ev.Seat != seat {
				add(i, "inference/visibility.no-peek", where, "only the seat's own deal_private", ev.Seat, "seat %d received another seat's deal_private", seat)
			} else if ev.Value != nil {
				dealt[key{seat, ev.Round}] = *ev.Value
			}
		case "showdown":
			if ev.Uncontested {
				uncontested++
				res.Eval("inference/round.7.uncontested")
				if len(ev.Reveals) > 0 {
					add(i, "inference/round.7.uncontested", where, "no reveal", ev.Reveals, "an uncontested showdown reveals a value")
				}
			}
		}
	}
	for k := range dealtIn {
		res.Eval("inference/wire.events.objects")
		if _, ok := dealt[k]; !ok {
			s := k.seat
			res.Findings = append(res.Findings, conform.NewFinding("inference/wire.events.objects", rules.Where{Seat: &s, Round: k.round},
				"a deal_private event for the seat", nil, "seat %d was dealt in round %d but never received its deal_private event", k.seat, k.round))
		}
	}
	sort.SliceStable(res.Findings, func(i, j int) bool { return res.Findings[i].Where.Round < res.Findings[j].Where.Round })
	if len(s.got) == 0 {
		return conform.Skip("the server sent no message")
	}
	_ = uncontested // round 1 of the session is folded to one seat, so one pot is uncontested
	return res
}
