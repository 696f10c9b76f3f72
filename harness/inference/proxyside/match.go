package proxyside

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"time"

	"github.com/coder/websocket"
	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/inference/legaldiff"
	"github.com/umpire-arena/umpire/harness/proxy"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

// Check names of an Inference match, in report order.
const (
	infServerSchema  = "server-schema"
	infServerLegal   = "server-legal-actions"
	infServerHidden  = "server-hidden-information"
	infServerEvents  = "server-events"
	infServerSeed    = "server-seed-commit"
	infServerLog     = "server-match-log"
	infServerStreams = "server-seats-streams"
	infServerTimeout = "server-timeouts"
	infAgentLegal    = "agent-legal-answers"
	infAgentInTime   = "agent-answers-in-time"
	infAgentRecover  = "agent-recovers-after-error"
	infAgentEcho     = "agent-echoes-turn"
	infAgentMsgLen   = "agent-message-length"
	infAgentMsgCP    = "agent-message-code-points"
	infAgentOnlyAsk  = "agent-only-when-asked"
	infAgentHygiene  = "agent-hygiene"
	maxMessageRunes  = 280
	infMatchLogRoute = "/r/"
)

func inferenceDefs() []proxy.CheckDef {
	return []proxy.CheckDef{
		{Name: infServerSchema, Rules: []string{"inference/protocol.envelope", "inference/protocol.log-line", "inference/timeouts.deadline", "inference/wire.visible-state.fields"}},
		{Name: infServerLegal, Rules: []string{"inference/wire.legal-actions.fold", "inference/wire.legal-actions.call", "inference/wire.legal-actions.raise", "inference/visibility.to-call"}},
		{Name: infServerHidden, Rules: []string{"inference/visibility.no-peek"}},
		{Name: infServerEvents, Rules: []string{"inference/wire.events.objects"}},
		{Name: infServerSeed, Rules: []string{"inference/protocol.seed-commit"}},
		{Name: infServerLog, Rules: []string{}},
		{Name: infServerStreams, Rules: []string{}},
		{Name: infServerTimeout, Rules: []string{"inference/timeouts.deadline", "inference/timeouts.default-action"}},
		{Name: infAgentLegal, Rules: []string{"inference/agent.legal-answer"}},
		{Name: infAgentInTime, Rules: []string{"inference/agent.answer-in-time"}},
		{Name: infAgentRecover, Rules: []string{"inference/agent.recover-after-error"}},
		{Name: infAgentEcho, Rules: []string{"inference/agent.turn-echo"}},
		{Name: infAgentMsgLen, Rules: []string{"inference/agent.message-length"}},
		{Name: infAgentMsgCP, Rules: []string{"inference/agent.message-code-points"}},
		{Name: infAgentOnlyAsk, Rules: []string{"inference/agent.only-when-asked"}},
		{Name: infAgentHygiene, Rules: []string{"inference/agent.hygiene"}},
		{Name: proxy.CheckCoverage, Rules: []string{}},
	}
}

// infMatch is the relay's view of one Inference match. Its state is
// guarded by m.mu.
type infMatch struct {
	j     *judge
	m     *proxy.Match
	seats map[int]*infSeat
	// values are the hidden values each carried seat was shown on its own
	// stream, by (seat, round): what makes a leak certain.
	values map[[2]int]int
	conns  int
	// commit is the seed_commit of the match_start event, "" until seen.
	commit string
	sawEnd bool
	// gen counts the connections opened: a pending end (see closed) is
	// called off by a newer one.
	gen int
	// otherTimeouts are the timeouts of seats outside the relay counted
	// inconclusive, by (round, turn, seat).
	otherTimeouts map[[3]int]bool
	// read holds what was read of recent events, by their bytes' hash:
	// an event the server sends every seat is read once (see server).
	read map[uint64]*infRead
}

// infSeat is what one seat's stream has shown.
type infSeat struct {
	dealtIn map[int]bool // rounds the seat was dealt in
	dealt   map[int]bool // rounds the seat got its deal_private
	open    *infTurn
	reasked bool
	ended   bool
	// gap marks a seat some of whose messages the judge never got: a move
	// with no open turn is then unknown, not unsolicited.
	gap bool
	// bets follows the round's bets from the seat's events, for what the
	// seat owes at its turn.
	bets infBets
	// stream is what the seat was shown, for the judge of a match whose
	// server offers no log (inference_streams.go).
	stream infStream
}

// infBets is a round's betting as a seat's events show it: the current bet
// (the raises) and what each seat has bet. ok is false until a round_start
// was seen with nothing of the seat's stream missed since.
type infBets struct {
	ok      bool
	round   int
	current int
	put     map[int]int
}

// follow applies one event of the seat's stream.
func (b *infBets) follow(ev wire.Event, gap bool) {
	switch {
	case ev.Type == "round_start":
		*b = infBets{ok: !gap, round: ev.Round, put: map[int]int{}}
	case !b.ok || ev.Round != b.round:
	case ev.Type == "action" && ev.Seat != nil && ev.Amount != nil && ev.Action == ref.ActionCall:
		b.put[*ev.Seat] += *ev.Amount
	case ev.Type == "action" && ev.Seat != nil && ev.Amount != nil && ev.Action == ref.ActionRaise:
		b.current += *ev.Amount
		b.put[*ev.Seat] = b.current
	case ev.Type == "action" && ev.Action != ref.ActionFold:
		b.ok = false // an action of a shape it cannot follow
	}
}

// owes is what seat owes in round by the events (capped at credits), or
// false when the round could not be followed.
func (b *infBets) owes(seat, round, credits int) (int, bool) {
	if !b.ok || round != b.round {
		return 0, false
	}
	return min(max(0, b.current-b.put[seat]), credits), true
}

// infTurn is the seat's open your_turn.
type infTurn struct {
	matchID     string
	round, turn int
	legal       []ref.LegalAction
	at          time.Time
	deadline    time.Duration
	answered    bool
	// toCall is what the seat owed (-1 unknown): a timeout's default
	// action follows from it.
	toCall int
	// moveAt is when the seat's first legal move passed the relay (zero
	// before one); timedOut is set once the server timed the turn out,
	// defaulted once its default action was judged.
	moveAt    time.Time
	timedOut  bool
	defaulted bool
}

// matchFor returns the match of id; nil past MaxMatches.
func (j *judge) matchFor(id string) *infMatch {
	m := j.h.Match(id, inferenceDefs())
	if m == nil {
		return nil
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	im, ok := j.matches[id]
	if !ok {
		im = &infMatch{j: j, m: m, seats: map[int]*infSeat{}, values: map[[2]int]int{}, otherTimeouts: map[[3]int]bool{}}
		j.matches[id] = im
	}
	return im
}

func (im *infMatch) seat(n int) *infSeat {
	s := im.seats[n]
	if s == nil {
		s = &infSeat{dealtIn: map[int]bool{}, dealt: map[int]bool{}}
		im.seats[n] = s
	}
	return s
}

// opened counts a connection of seat (and calls off a pending end: see
// closed).
func (im *infMatch) opened(seat int) {
	im.m.Lock()
	im.conns++
	im.gen++
	_, known := im.seats[seat]
	if s := im.seat(seat); known {
		// A seat back on a new connection may have missed events while it
		// was away: its stream is no longer the whole of what it was shown.
		im.loseStream(s)
	}
	im.m.Unlock()
	if !known {
		im.j.h.Event(proxy.Event{Kind: "seat", Match: im.m.ID(), Seat: seat})
	}
}

// closed ends a connection; when the last relayed connection of the match
// is gone, the match is over for the relay: after match_end its public log
// is verified. Before match_end an agent may reopen its connection (after
// an error, a network break): the match waits ReconnectGrace for one, and
// is over, its end noted as not seen, only when none came.
func (im *infMatch) closed(seat int) {
	m := im.m
	m.Lock()
	im.conns--
	last := im.conns == 0 && !m.Ended()
	sawEnd, gen := im.sawEnd, im.gen
	if last && sawEnd {
		m.End("")
	}
	m.Unlock()
	switch {
	case !last:
	case sawEnd:
		im.j.h.Background(func(ctx context.Context) {
			if !im.j.h.VerifyLog(ctx, m, infServerLog, infMatchLogRoute+m.ID()+".jsonl") {
				im.judgeStreams()
			}
			im.j.h.Finish(m)
		})
	default:
		h := im.j.h
		wait := func() {
			t := time.NewTimer(h.Options().ReconnectGrace)
			defer t.Stop()
			select {
			case <-t.C:
			case <-h.Done():
			}
			im.endUnseen(gen)
		}
		if !h.Go(wait) {
			im.endUnseen(gen)
		}
	}
}

// endUnseen ends a match whose connections all closed before match_end,
// unless one opened since (gen moved on).
func (im *infMatch) endUnseen(gen int) {
	m := im.m
	m.Lock()
	if im.conns > 0 || m.Ended() || im.gen != gen {
		m.Unlock()
		return
	}
	if !im.sawEnd {
		m.End("the relayed connections closed before match_end")
		m.Unknown(infServerLog, "the match did not end while the relay carried it")
		m.Unknown(infServerSeed, "no match_end was relayed")
	} else {
		m.End("")
	}
	m.Unlock()
	im.j.h.Finish(m)
}

// lost counts n messages of seat relayed unjudged (the judge was behind)
// and forgets what they may have changed: the open turn, the deals of the
// rounds under way.
func (im *infMatch) lost(seat, n int) {
	m := im.m
	m.Lock()
	defer m.Unlock()
	m.UnknownN(proxy.CheckCoverage, n, "the judge fell behind the traffic; its queue per connection is bounded, and the relay does not wait for it")
	s := im.seat(seat)
	s.open, s.reasked, s.gap = nil, false, true
	s.bets.ok = false
	im.loseStream(s)
	clear(s.dealtIn)
	clear(s.dealt)
}

// unreadable notes a direction of seat's connection whose frames the relay
// could not follow (compressed, or not WebSocket framing): the rest of it
// passes unjudged.
func (im *infMatch) unreadable(seat int, fromAgent bool) {
	m := im.m
	m.Lock()
	defer m.Unlock()
	side := "the server's"
	if fromAgent {
		side = "the agent's"
	}
	m.UnknownN(proxy.CheckCoverage, 1, fmt.Sprintf("the relay could not follow the frames of %s side of seat %d's connection (compressed or broken framing): the rest of it passed unread", side, seat))
	s := im.seat(seat)
	s.open, s.reasked, s.gap = nil, false, true
	s.bets.ok = false
	im.loseStream(s)
}

// server judges one message the server sent seat.
func (im *infMatch) server(seat int, at time.Time, typ websocket.MessageType, data []byte) {
	m := im.m
	m.Lock()
	defer m.Unlock()
	m.Record(seat, reports.Received, at, data)
	m.Ran(proxy.CheckCoverage)
	// The envelope is read first without a syntax check: a message that
	// validates is JSON, and only one that does not is scanned for it.
	// An event the server sent every seat is read once: the same bytes
	// met again (by another seat's judge) take what was read of them.
	var env wire.Envelope
	var ev wire.Event
	ok := typ == websocket.MessageText
	var once *infRead
	var key uint64
	if ok && len(data) <= readOnceMax {
		key = maphash.Bytes(im.j.seed, data)
		if once = im.readOnce(key, data); once != nil {
			env, ev = once.env, once.ev
		}
	}
	if ok && once == nil {
		env, ok = readEnvelopeUnchecked(data)
	}
	var vs []schemas.Violation
	sum, seen := uint64(0), once != nil
	if ok && !seen {
		if sum, seen = m.Validated(env.Type, data); !seen {
			vs = m.Validate(env.Type, data)
		}
	}
	if !ok || (len(vs) > 0 && !schemas.ValidJSON(data)) {
		m.Fail(infServerSchema, "inference/protocol.envelope", seat, rules.Where{}, "one JSON envelope object per text message", proxy.Clip(data),
			"the server sent seat %d a message that is not an envelope object", seat)
		return
	}
	where := rules.Where{Round: env.Round, Turn: env.Turn}
	if env.Type == "event" && once == nil {
		ev = wire.ReadEvent(env.Event)
	}
	rule := "inference/protocol.envelope"
	if env.Type == "event" {
		rule = "inference/protocol.log-line"
		if ev.Type == "showdown" && ev.Uncontested && len(ev.Reveals) > 0 {
			rule = "inference/round.7.uncontested"
		}
	}
	if seen {
		m.Ran(infServerSchema)
	} else if len(vs) > 0 {
		im.schemaFindings(seat, where, env.Type, rule, ev, vs)
	} else {
		m.Ran(infServerSchema)
		m.MarkValid(sum)
	}
	if once == nil && len(vs) == 0 && env.Type == "event" && len(data) <= readOnceMax {
		im.keepRead(key, data, env, ev)
	}
	s := im.seat(seat)
	// The visible_state through the one reader (its shape is the schema
	// check's): what a check needs and could not read makes it unknown.
	vis, visOK := wire.ReadView(env.VisibleState)
	if visOK {
		im.hidden(seat, &vis)
	}
	switch env.Type {
	case "welcome":
		s.bets.ok = false // a seat joining again may have missed events
	case "your_turn":
		im.yourTurn(seat, s, at, env, &vis, visOK, where)
	case "error":
		// An error refusing the seat's answer leaves its turn open (the
		// document: "answered with an error and does not consume your
		// turn"), whatever code string the server uses and even when it
		// names no turn (dialects error-codes, error-no-turn).
		if t := s.open; t != nil && t.answered && (env.Turn == nil || *env.Turn == t.turn) {
			t.answered, s.reasked = false, true
		}
	case "event":
		im.keepEvent(s, env.Event)
		s.bets.follow(ev, s.gap)
		im.event(seat, s, ev, where)
		im.timeouts(seat, s, at, ev)
	case "match_end":
		s.ended, im.sawEnd, s.open = true, true, nil
		im.keepEnd(s, data)
		switch {
		case env.Seed == "":
			m.Unknown(infServerSeed, "match_end revealed no seed")
		case env.SeedCommit != "" && env.SeedCommit != ref.SeedCommit(env.Seed):
			m.Fail(infServerSeed, "inference/protocol.seed-commit", seat, where, ref.SeedCommit(env.Seed), env.SeedCommit,
				"match_end's seed_commit is not the SHA-256 of the seed it reveals")
		case im.commit != "" && im.commit != ref.SeedCommit(env.Seed):
			m.Fail(infServerSeed, "inference/protocol.seed-commit", seat, where, im.commit, ref.SeedCommit(env.Seed),
				"the seed match_end reveals does not hash to the seed_commit of match_start")
		default:
			m.Ran(infServerSeed)
		}
	}
}

// hidden looks for other seats' hidden values in a visible_state sent to
// seat (I-INF-P-style structural reading: a value field on another seat's
// entry before the showdown), and records the seat's own value.
func (im *infMatch) hidden(seat int, vs *wire.View) {
	m := im.m
	round := vs.Round
	where := rules.Where{Round: round}
	if vs.Read(wire.VYourSeat) && vs.YourSeat != seat {
		m.Fail(infServerHidden, "inference/visibility.no-peek", seat, where, seat, vs.YourSeat,
			"seat %d was sent the visible_state of seat %d", seat, vs.YourSeat)
		return
	}
	if v := vs.YourValue; v != nil {
		im.values[[2]int{seat, round}] = *v
	}
	m.Ran(infServerHidden)
	for _, p := range vs.Peeks {
		if p.Seat < 0 || p.Seat == seat {
			continue
		}
		note := ""
		var n float64
		if real, known := im.values[[2]int{p.Seat, round}]; known && json.Unmarshal(p.Raw, &n) == nil && n == float64(real) {
			note = fmt.Sprintf(" (it is seat %d's real value, as the relay saw it on that seat's own stream)", p.Seat)
		}
		m.Fail(infServerHidden, "inference/visibility.no-peek", seat, where, "no value of another seat", map[string]any{"seat": p.Seat, p.Key: json.RawMessage(p.Raw)},
			"seat %d's visible_state shows seat %d's hidden value before the showdown%s", seat, p.Seat, note)
	}
}

// yourTurn compares the offered legal_actions with the referee's and opens
// the seat's turn.
func (im *infMatch) yourTurn(seat int, s *infSeat, at time.Time, env wire.Envelope, vis *wire.View, visOK bool, where rules.Where) {
	m := im.m
	t := &infTurn{matchID: env.MatchID, round: env.Round, turn: -1, at: at, toCall: -1}
	if vis.Read(wire.VToCall) {
		t.toCall = vis.ToCall
	}
	if env.Turn != nil {
		t.turn = *env.Turn
	}
	if env.DeadlineMS != nil {
		t.deadline = time.Duration(*env.DeadlineMS) * time.Millisecond
	}
	// The offered list is compared as offered (legaldiff reads the raw
	// items); it is decoded only for an agent's answers when the referee
	// cannot derive its own.
	list := view(env.LegalActions)
	listOK := list.IsArray() || (list.Exists() && list.Type == gjson.Null)
	offered := func() []ref.LegalAction {
		got, _ := wire.ReadLegal(env.LegalActions)
		return got
	}
	// The fields the derivation needs (wire.View.LegalView): one absent
	// or of another shape makes it unknown.
	legal, lerr := vis.LegalView()
	legalOK := visOK && lerr == nil
	if owe, ok := s.bets.owes(seat, env.Round, legal.YourCredits); ok && legalOK && owe != legal.ToCall {
		// The round's events say what the seat owes and the view's
		// to_call is not it: the to_call is charged, and the items are
		// judged against what the seat owes (a call item that is right is
		// not charged for the to_call's error).
		m.Fail(infServerLegal, "inference/visibility.to-call", seat, where, owe, legal.ToCall,
			"seat %d's visible_state shows to_call %d, but the round's events give what it owes as %d", seat, legal.ToCall, owe)
		legal.ToCall, t.toCall = owe, owe
	}
	if !legalOK || !listOK {
		t.legal = offered()
		m.Unknown(infServerLegal, "a your_turn whose visible_state or legal_actions could not be read")
	} else if want, err := ref.LegalFromView(legal); err != nil {
		t.legal = offered()
		rule := rules.RuleOf(err)
		if rule == "" {
			rule = "inference/wire.visible-state.fields"
		}
		m.Fail(infServerLegal, rule, seat, where, "a consistent visible_state", err.Error(), "the visible_state of a your_turn is inconsistent: %v", err)
	} else {
		t.legal = want
		if legaldiff.InferenceAgrees(want, []byte(list.Raw)) {
			m.Ran(infServerLegal)
		} else {
			var items []json.RawMessage
			list.ForEach(func(_, it gjson.Result) bool {
				items = append(items, json.RawMessage(it.Raw))
				return true
			})
			fs := legaldiff.CompareLegalItems(where, want, items)
			if len(fs) == 0 {
				m.Ran(infServerLegal)
			}
			for _, f := range fs {
				f.Level = m.Level(f.Rule, f.Level)
				f.Where.Seat = rules.IntPtr(seat)
				m.Add(infServerLegal, seat, f)
			}
		}
	}
	s.open, s.reasked = t, false
}

// event follows the seat's log objects: its own deal_private per round
// dealt in, nobody else's, and the commitment of match_start.
func (im *infMatch) event(seat int, s *infSeat, ev wire.Event, where rules.Where) {
	m := im.m
	switch ev.Type {
	case "match_start":
		im.commit = ev.SeedCommit
	case "round_start":
		for _, d := range ev.DealtIn {
			if d == seat {
				s.dealtIn[ev.Round] = true
			}
		}
	case "deal_private":
		if ev.Seat == nil || *ev.Seat != seat {
			m.Fail(infServerHidden, "inference/visibility.no-peek", seat, where, "only the seat's own deal_private", ev.Seat,
				"seat %d received another seat's deal_private", seat)
			return
		}
		s.dealt[ev.Round] = true
		if ev.Value != nil {
			im.values[[2]int{seat, ev.Round}] = *ev.Value
		}
	case "showdown":
		if s.dealtIn[ev.Round] {
			if s.dealt[ev.Round] {
				m.Ran(infServerEvents)
			} else {
				m.Fail(infServerEvents, "inference/wire.events.objects", seat, rules.Where{Round: ev.Round}, "a deal_private event for the seat", nil,
					"seat %d was dealt in round %d but never received its deal_private event", seat, ev.Round)
			}
		}
		delete(s.dealtIn, ev.Round)
		delete(s.dealt, ev.Round)
		for k := range im.values {
			if k[1] < ev.Round-1 {
				delete(im.values, k)
			}
		}
	}
}

// schemaFindings files the schema violations of a server message, one
// finding per rule and basis: each violation cites the rule its clause
// belongs to (wire.SchemaRule, the conformance check's mapping), at
// the basis its schema names, so that a clause of the rules document inside
// a pinned message stays the document's and a pin inside the document's
// visible_state stays a pin. rule overrides the mapping when it is not the
// envelope's (an uncontested showdown's reveal). Callers hold mu.
func (im *infMatch) schemaFindings(seat int, where rules.Where, kind, rule string, ev wire.Event, vs []schemas.Violation) {
	m := im.m
	type group struct {
		rule  string
		basis rules.Basis
		ref   string
	}
	var order []group
	by := map[group][]schemas.Violation{}
	for _, v := range vs {
		g := group{rule: wire.SchemaRule(kind, ev.Type, wire.Violation{Location: v.InstanceLocation, Keyword: v.Keyword, Message: v.Message, Binding: v.Binding()}), basis: rules.BasisDocument}
		switch {
		case rule == "inference/round.7.uncontested":
			g.rule = rule
		case !schemas.HasKind(harness.GameInference, kind):
			g.rule, g.basis, g.ref = "inference/protocol.envelope", rules.BasisContract, "WIRE.md Envelope"
		case !v.Binding():
			g.basis, g.ref = rules.Basis(v.Basis), v.Ref
		}
		if _, ok := by[g]; !ok {
			order = append(order, g)
		}
		by[g] = append(by[g], v)
	}
	if where.Seat == nil && seat >= 0 {
		where.Seat = rules.IntPtr(seat)
	}
	for _, g := range order {
		text := proxy.ViolationsText(by[g])
		m.Add(infServerSchema, seat, reports.Finding{Finding: rules.Finding{Rule: g.rule, Level: m.Level(g.rule, rules.Must),
			Basis: g.basis, Ref: g.ref, Where: where, Expected: "a valid " + kind + " message", Got: text,
			Message: fmt.Sprintf("a %q message to seat %d does not validate: %s", kind, seat, text)}})
	}
}

// derefOr is *p, or nil when p is nil (for a finding's got).
func derefOr(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
