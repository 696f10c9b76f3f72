package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// What a match sends and records: the engine's events turned into log lines
// and messages, the match log, the odd-chip fault, the end of the match, and
// the visible_state, welcome and your_turn messages of each seat.

// Emit receives the engine's events (ref.Sink): it applies the log-level
// faults, appends the line to the log and sends it to the seats that may
// see it.
func (m *match) Emit(e *ref.Event) {
	ev := *e
	switch ev.Type {
	case ref.EventMatchStart:
		ev.Limits.MaxRaisesPerRound, ev.Limits.MaxRaise, ev.Limits.AnteRamp = m.annCap, m.annMaxRaise, m.annRamp
		ev.SeedCommit = m.commit
		if m.faults.on(FaultAnteUndercharged) {
			ev.Limits.Ante = m.annAnte
		}
	case ref.EventRoundStart:
		if m.faults.on(FaultAnteUndercharged) {
			ev.Ante = ref.AnteFor(m.annAnte, m.annRamp, ev.Round)
		}
	case ref.EventTimeout:
		if ev.SitOut && m.faults.on(FaultWrongBackInRound) {
			ev.BackInRound++
		}
		if m.faults.on(FaultStrikesNotCounted) {
			ev.Strikes = 1
		}
		if !m.eventFaultTimeout(&ev) {
			return
		}
		if ev.SitOut && m.faults.on(FaultSitOutFourRounds) {
			ev.BackInRound--
			m.strikeFix = append(m.strikeFix, strikeFix{seat: ev.Seat, strikes: ev.Strikes, backIn: ev.BackInRound})
		}
	case ref.EventAction:
		if m.faults.on(FaultActionAllInUnflagged) {
			ev.AllIn = false
		}
	case ref.EventDealPrivate:
		m.noteValue(ev.Seat, ev.Value)
	case ref.EventAnte:
		if m.faults.on(FaultAnteAllInUnflagged) {
			ev.AllIn = false
		}
	case ref.EventBust:
		if m.faults.on(FaultNoBustLine) {
			return
		}
	case ref.EventMatchEnd:
		if m.faults.on(FaultEndReasonSwapped) {
			ev.Reason = map[string]string{ref.ReasonRoundsComplete: ref.ReasonOnePlayerLeft, ref.ReasonOnePlayerLeft: ref.ReasonRoundsComplete}[ev.Reason]
		}
		if m.faults.on(FaultEndReasonUnknown) {
			ev.Reason = "finished"
		}
		if m.faults.on(FaultSeedNotRevealed) {
			ev.Seed = ""
		}
		if m.faults.on(FaultRankFromZero) {
			ev.Ranking = slices.Clone(ev.Ranking)
			for i := range ev.Ranking {
				ev.Ranking[i].Rank--
			}
		}
	case ref.EventShowdown:
		if len(ev.Winners) > 1 && m.faults.on(FaultWinnersOmitSplit) {
			ev.Winners = ev.Winners[:1:1]
		}
		if ev.Uncontested && len(ev.Winners) == 1 && m.faults.on(FaultRevealUncontested) {
			w := ev.Winners[0]
			ev.Reveals = []ref.Reveal{{Seat: w, Value: m.st.Seat(w).Value}}
		}
		if !ev.Uncontested && m.faults.on(FaultOddChipWrongSeat) {
			m.oddChip(&ev)
		}
		if !ev.Uncontested {
			m.payoutFaults(&ev)
		}
	}
	m.record(&ev)
}

// record logs and distributes one event.
func (m *match) record(ev *ref.Event) {
	m.lineBuf = ev.AppendJSON(m.lineBuf[:0])
	if ev.Type == ref.EventMatchStart && m.dealFn {
		// I-INF-S8: name the deal function so a verifier re-derives deals
		// (only when it is the one the match deals with).
		m.lineBuf = append(m.lineBuf[:len(m.lineBuf)-1], `,"deal":"`+DealFunction+`"}`...)
	}
	line := m.lineBuf
	m.mu.Lock()
	m.log.add(line)
	m.mu.Unlock()
	said := eventSent(ev)
	switch ev.Type {
	case ref.EventMatchStart:
		m.startLine, m.startSaid = bytes.Clone(line), said
		m.broadcast(m.encodeEvent(m.liveLine(line)), &said)
	case ref.EventRoundStart:
		m.broadcast(m.encodeEvent(line), &said)
		if m.faults.on(FaultOwnLineType) {
			note := []byte(`{"type":"round_note","round":` + strconv.Itoa(ev.Round) + `}`)
			m.mu.Lock()
			m.log.add(note)
			m.mu.Unlock()
			said.Event = SentEvent{Type: "round_note", Round: ev.Round, Seat: -1, Turn: -1}
			m.broadcast(m.encodeEvent(note), &said)
		}
	case ref.EventMatchEnd:
		m.endLine = bytes.Clone(line) // sent as the match_end envelope
		m.endSaid = none(TypeMatchEnd)
		m.endSaid.Round, m.endSaid.Ranking = ev.Round, slices.Clone(ev.Ranking)
	case ref.EventDealPrivate:
		if !m.faults.on(FaultSkipDealPrivate) {
			m.sendTo(ev.Seat, m.encodeEvent(line), &said) // its owner only
		}
	case ref.EventMessage:
		if m.faults.on(FaultMessageAfterAction) {
			m.heldMsg, m.heldSaid = bytes.Clone(m.encodeEvent(line)), said // sent after its action
			return
		}
		m.broadcast(m.encodeEvent(line), &said)
	case ref.EventAction:
		m.broadcast(m.encodeEvent(line), &said)
		if m.heldMsg != nil {
			m.broadcast(m.heldMsg, &m.heldSaid)
			m.heldMsg = nil
		}
	case ref.EventShowdown:
		if ev.Uncontested && m.faults.on(FaultShowdownUnflagged) {
			// The log keeps the flag; the live event drops it.
			live := bytes.Replace(line, []byte(`"uncontested":true`), []byte(`"uncontested":false`), 1)
			m.broadcast(m.encodeEvent(live), &said)
			return
		}
		m.broadcast(m.encodeEvent(line), &said)
	default:
		m.broadcast(m.encodeEvent(line), &said)
	}
}

// encodeEvent is the event envelope of line in the run goroutine's scratch
// buffer: valid until the next message is encoded (sendTo copies it).
func (m *match) encodeEvent(line []byte) []byte {
	if m.evPrefix == nil {
		m.evPrefix = appendEvent(nil, m.id, nil)
		m.evPrefix = m.evPrefix[:len(m.evPrefix)-1] // the envelope up to the event object
	}
	m.out = append(append(append(m.out[:0], m.evPrefix...), line...), '}')
	return m.out
}

// matchLog is a match log kept in chunks of whole lines, so that it grows
// without copying what it holds.
type matchLog struct {
	chunks [][]byte
	size   int
}

// Chunks start at firstLogChunk bytes and double up to logChunk (a longer
// line gets a chunk of its own), so a short match keeps a small log.
const (
	firstLogChunk = 4 << 10
	logChunk      = 64 << 10
)

// add appends line and a newline.
func (l *matchLog) add(line []byte) {
	n := len(l.chunks)
	if n == 0 || len(l.chunks[n-1])+len(line)+1 > cap(l.chunks[n-1]) {
		size := firstLogChunk
		if n > 0 {
			size = min(2*cap(l.chunks[n-1]), logChunk)
		}
		l.chunks = append(l.chunks, make([]byte, 0, max(size, len(line)+1)))
		n++
	}
	l.chunks[n-1] = append(append(l.chunks[n-1], line...), '\n')
	l.size += len(line) + 1
}

// bytes returns a copy of the log; public leaves out the deal_private
// lines (I-INF-S1).
func (l *matchLog) bytes(public bool) []byte {
	out := make([]byte, 0, l.size)
	for _, c := range l.chunks {
		if !public {
			out = append(out, c...)
			continue
		}
		for len(c) > 0 {
			i := bytes.IndexByte(c, '\n') + 1
			if !bytes.HasPrefix(c, []byte(`{"type":"`+ref.EventDealPrivate+`"`)) {
				out = append(out, c[:i]...)
			}
			c = c[i:]
		}
	}
	return out
}

// oddChip moves the odd credit between the tied best values of a showdown
// to the other tied winner (FaultOddChipWrongSeat). Only a plain odd split
// (payouts one apart) is rewritten.
func (m *match) oddChip(ev *ref.Event) {
	best := 0
	for _, r := range ev.Reveals {
		best = max(best, r.Value)
	}
	pay := map[int]int{}
	for _, p := range ev.Payouts {
		pay[p.Seat] = p.Amount
	}
	donor, recv := -1, -1
	for _, r := range ev.Reveals {
		if r.Value != best || pay[r.Seat] == 0 {
			continue
		}
		if donor < 0 || pay[r.Seat] > pay[donor] {
			donor = r.Seat
		}
		if recv < 0 || pay[r.Seat] < pay[recv] {
			recv = r.Seat
		}
	}
	if donor < 0 || pay[donor]-pay[recv] != 1 || m.st.Seat(donor).Credits < 2 {
		return
	}
	ps := append([]ref.Payout(nil), ev.Payouts...)
	for i := range ps {
		switch ps[i].Seat {
		case donor:
			ps[i].Amount--
		case recv:
			ps[i].Amount++
		}
	}
	ev.Payouts = ps
	m.adjust = append(m.adjust, creditAdjust{from: donor, to: recv})
}

// end sends match_end to every attached seat and closes the connections
// once their queues are sent.
func (m *match) end() {
	m.stopTimer()
	// The full log is served from now on, before any agent learns the end.
	m.mu.Lock()
	m.over = true
	m.result = Result{MatchID: m.id, Seed: m.seed, SeedCommit: m.commit, Reason: m.st.EndReason(), Rounds: m.st.Round(), Ranking: m.st.Ranking()}
	m.mu.Unlock()
	msg := encodeMatchEnd(m.id, m.commit, m.endLine)
	for seat, c := range m.conns {
		if c == nil {
			continue
		}
		c.sendLast(out{msg, &m.endSaid})
		m.conns[seat] = nil
	}
}

// flush hands every connection the messages collected for it since the
// last flush, as one unit.
func (m *match) flush() {
	for seat, c := range m.conns {
		if c != nil && !c.flush() {
			m.conns[seat] = nil
		}
	}
}

func (m *match) broadcast(msg []byte, said *Sent) {
	for seat := range m.conns {
		m.sendTo(seat, msg, said)
	}
}

// sendTo adds a copy of msg, which says said, to the burst of seat's
// connection (flush hands it over), dropping a connection that cannot keep
// up (its seat then times out normally).
func (m *match) sendTo(seat int, msg []byte, said *Sent) {
	c := m.conns[seat]
	if c == nil {
		return
	}
	if !c.send(msg, said) {
		m.conns[seat] = nil
	}
}

// sendErr answers seat with an error; turn is always the turn still open.
func (m *match) sendErr(seat int, code, text, rule string) {
	turn := 0
	if m.st != nil {
		turn = m.st.Turn()
	}
	code = m.errorCode(code)
	m.out = appendError(m.out[:0], m.id, code, text, turn, rule)
	said := none(TypeError)
	said.Turn, said.Code = orNone(&turn), code
	m.sendTo(seat, m.out, &said)
}

// state is the engine state views come from: the match's, or before the
// start a state at round 0.
func (m *match) state() *ref.State {
	if m.st != nil {
		return m.st
	}
	return m.pre
}

// legalFor lists the legal actions of seat (to act) under the announced
// limits.
func (m *match) legalFor(seat int) []ref.LegalAction {
	st := m.state()
	p := st.Seat(seat)
	lim := st.Config().Limits(st.Round())
	lim.MaxRaisesPerRound, lim.MaxRaise = m.annCap, m.annMaxRaise
	m.legal = ref.LegalActions(m.legal[:0], p.Credits, st.CurrentBet()-p.Bet, st.RaisesUsed(), lim)
	m.legal = m.legalFaults(m.legal, p, st)
	return m.legal
}

// leakPlayer and leakView add players[].value (FaultLeakValue).
type leakPlayer struct {
	ref.PlayerView
	Value *int `json:"value,omitempty"`
}

type leakView struct {
	ref.VisibleState
	Players []leakPlayer `json:"players"`
}

// appendView appends seat's visible_state, with the view-level faults
// applied, to dst. It projects into vs (reused: the caller owns it); the
// fault-free path writes without encoding/json, with the history's encoding
// kept in hc when hc is not nil (the run goroutine's m.hist).
func (m *match) appendView(dst []byte, vs *ref.VisibleState, seat int, hc *ref.HistoryCache) []byte {
	st := m.state()
	st.ViewInto(seat, vs)
	vs.Limits.MaxRaisesPerRound, vs.Limits.MaxRaise, vs.Limits.AnteRamp = m.annCap, m.annMaxRaise, m.annRamp
	if m.faults.on(FaultAnteUndercharged) {
		vs.Limits.Ante = ref.AnteFor(m.annAnte, m.annRamp, max(1, vs.Round))
	}
	if m.viewFaults(vs, seat) {
		if m.faults.on(FaultNoMessagesField) {
			return appendWithout(dst, vs, "messages")
		}
		return vs.AppendJSON(dst) // the history cache holds the engine's order
	}
	if m.faults.on(FaultContributionNoAnte) {
		for i := range vs.Players {
			if vs.Players[i].InRound && vs.Players[i].Contribution >= vs.Limits.Ante {
				vs.Players[i].Contribution -= vs.Limits.Ante
			}
		}
	}
	if m.faults.on(FaultAnteNotRaised) {
		vs.Limits.Ante = m.cfg.Ante
	}
	if m.faults.on(FaultWrongBackInRound) {
		for i := range vs.Players {
			if vs.Players[i].SittingOut {
				vs.Players[i].BackInRound++
			}
		}
	}
	if m.faults.on(FaultLeakValue) && st.Phase() == ref.PhaseBetting {
		lv := leakView{VisibleState: *vs, Players: make([]leakPlayer, len(vs.Players))}
		for i, p := range vs.Players {
			lv.Players[i].PlayerView = p
			if q := st.Seat(i); i != seat && q.InRound && q.Value != 0 {
				v := q.Value
				lv.Players[i].Value = &v
			}
		}
		b, _ := json.Marshal(lv)
		return append(dst, b...)
	}
	return vs.AppendJSONCached(dst, hc)
}

// welcomeMsg is seat's welcome. It allocates its own buffers: serveEnded
// calls it outside the run goroutine.
func (m *match) welcomeMsg(seat int) []byte {
	var vs ref.VisibleState
	return appendWelcome(nil, m.id, seat, m.appendView(nil, &vs, seat, nil))
}

// yourTurn sends seat its your_turn, written into the run goroutine's
// scratch buffers.
func (m *match) yourTurn(seat, deadlineMS int) {
	if m.faults.on(FaultDropDeadlineMS) {
		deadlineMS = -1
	}
	said := none(TypeYourTurn)
	said.Round, said.Turn, said.DeadlineMS = m.st.Round(), m.st.Turn(), orNone(&deadlineMS)
	// The view is written in place, between the envelope's head and tail.
	m.out = appendYourTurnHead(m.out[:0], m.id, said.Round, said.Turn, deadlineMS)
	m.out = m.appendView(m.out, &m.vsOut, seat, &m.hist)
	said.Legal = m.legalFor(seat)
	m.out = appendYourTurnTail(m.out, said.Legal)
	if m.faults.on(FaultYourTurnNoMatchID) {
		m.out = bytes.Replace(m.out, []byte(`"match_id":`+strconv.Quote(m.id)+`,`), nil, 1)
	}
	m.sendTo(seat, m.out, &said)
}

// serveEnded answers a connection that arrives after the match ended: the
// final welcome and match_end, then a normal close. It runs outside the run
// goroutine, after done is closed, reading the final state only.
func (m *match) serveEnded(c *conn) {
	m.mu.Lock()
	err := m.err
	m.mu.Unlock()
	if err != nil {
		c.kill("match aborted")
		return
	}
	if m.faults.on(FaultMoveAfterEnd) {
		welcome := none(TypeWelcome)
		c.send(m.welcomeMsg(c.seat), &welcome)
		c.send(encodeMatchEnd(m.id, m.commit, m.endLine), &m.endSaid)
		c.flush()
		return // the connection stays open: lateMove records what comes
	}
	welcome := none(TypeWelcome)
	c.sendLast(out{m.welcomeMsg(c.seat), &welcome}, out{encodeMatchEnd(m.id, m.commit, m.endLine), &m.endSaid})
}

// lateMove records a move that arrives after the end (FaultMoveAfterEnd):
// an action line in the log, sent back as an event; then the connection
// closes.
func (m *match) lateMove(c *conn, data []byte) {
	msg, bad := parseIn(data)
	if bad != "" || *msg.Type != TypeMove || msg.Action == nil || msg.Turn == nil {
		return
	}
	round := 0
	m.mu.Lock()
	if m.result.Rounds > 0 {
		round = m.result.Rounds
	}
	line := fmt.Appendf(nil, `{"type":"action","round":%d,"turn":%d,"seat":%d,"action":%q}`, round, *msg.Turn, c.seat, *msg.Action)
	m.log.add(line)
	m.mu.Unlock()
	said := none(TypeEvent)
	said.Event = SentEvent{Type: ref.EventAction, Round: round, Seat: c.seat, Turn: *msg.Turn}
	c.sendLast(out{append(append(appendEvent(nil, m.id, nil)[:len(appendEvent(nil, m.id, nil))-1], line...), '}'), &said})
}
