package server

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	infadv "github.com/umpire-arena/umpire/harness/inference/players"
	"github.com/umpire-arena/umpire/harness/server/lifetime"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/referee/rules"
)

// seatInfo says who plays a seat.
type seatInfo struct {
	agent  bool
	token  string
	kind   string
	player infadv.Player
}

type evKind int

const (
	evAttach evKind = iota
	evFrame
	evDetach
)

// connEvent is what connection goroutines tell their match.
type connEvent struct {
	kind evKind
	c    *conn
	data []byte
	text bool
}

// deadlineState is the open turn of an agent seat and its deadline.
type deadlineState struct {
	active            bool
	seat, round, turn int
	at                time.Time
	timer             Timer
}

// creditAdjust moves one credit between seats after a round
// (FaultOddChipWrongSeat).
type creditAdjust struct{ from, to, n int }

// strikeFix sets after a round the strikes and sit-out of a seat whose
// timeout line a fault changed (FaultSitOutFourRounds).
type strikeFix struct{ seat, strikes, backIn int }

// Result is the outcome of a finished match.
type Result struct {
	MatchID    string          `json:"match_id"`
	Seed       string          `json:"seed"`
	SeedCommit string          `json:"seed_commit"`
	Reason     string          `json:"reason"`
	Rounds     int             `json:"rounds"`
	Ranking    []ref.RankEntry `json:"ranking"`
}

// match is one match and the goroutine that runs it. Fields below "run
// goroutine only" are touched by that goroutine alone until done is closed,
// and only read afterwards.
type match struct {
	id, seed, commit string
	chance           ref.Chance   // the seating, first dealer and values
	dealFn           bool         // chance is ref.Seeded: match_start names DealFunction
	cfg              ref.Config   // the engine's (may differ from what limits announce under a fault)
	annCap           int          // announced max_raises_per_round
	annMaxRaise      int          // announced max_raise
	annRamp          ref.AnteRamp // announced ante_ramp
	annAnte          int          // announced base ante
	seats            []seatInfo
	names            []string
	agentSeats       int
	faults           faultSet
	dia              dialectSet
	clock            Clock
	deadline         time.Duration
	startTimeout     time.Duration
	events           chan connEvent // unbuffered: an event is taken by the run goroutine or not at all
	done             chan struct{}
	life             lifetime.Lifetime // what the server's reaper knows (limits.go)

	// run goroutine only
	st, pre   *ref.State
	started   bool
	conns     []*conn
	helloed   []bool
	rejoined  map[int]bool // seats that reconnected (FaultReconnectEndsSitOut)
	dl        deadlineState
	vals      []int
	legal     []ref.LegalAction
	vsBuf     ref.VisibleState
	vsOut     ref.VisibleState // views encoded for agents
	out       []byte           // the message being encoded (sendTo copies it)
	lineBuf   []byte           // the log line being recorded
	evPrefix  []byte           // the event envelope before its event object
	hist      ref.HistoryCache // the encoded history of the views
	startLine []byte
	endLine   []byte
	// What the match_start event and the match_end say (RunInProcess).
	startSaid, endSaid Sent
	adjust             []creditAdjust
	strikeFix          []strikeFix
	// The faults' own state: strikes counted without resets
	// (FaultStrikesKeptAfterMove), the previous round's values
	// (FaultYourValueStale), a message held back until its action
	// (FaultMessageAfterAction).
	strikeTotal map[int]int
	prevVals    map[int]int
	curVals     map[int]int
	heldMsg     []byte
	heldSaid    Sent
	paidFix     map[int]ref.Payout // round → the one payout FaultBestTakesSidePots made

	// openTurn is the turn still open, for errors sent outside the run
	// goroutine.
	openTurn atomic.Int64

	mu     sync.Mutex
	log    matchLog
	over   bool
	err    error
	result Result
}

// run plays the match until it ends or ctx is cancelled.
func (m *match) run(ctx context.Context) {
	var err error
	defer func() { m.close(err) }()
	var startT Timer
	var startC <-chan time.Time
	if m.agentSeats == 0 {
		if err = m.start(); err != nil {
			return
		}
	} else if m.startTimeout > 0 {
		startT = m.clock.NewTimer(m.startTimeout)
		startC = startT.C()
	}
	for {
		if m.started && startT != nil {
			startT.Stop()
			startT, startC = nil, nil
		}
		if m.started {
			if err = m.drive(ctx); err != nil {
				return
			}
			if m.st.Phase() == ref.PhaseOver {
				m.end()
				return
			}
		}
		var dlC <-chan time.Time
		if m.dl.active {
			dlC = m.dl.timer.C()
		}
		m.flush() // the burst goes out before the match waits
		select {
		case <-ctx.Done():
			err = context.Cause(ctx)
			return
		case ev := <-m.events:
			m.life.Touch(m.clock.Now())
			err = m.handle(ev)
		case <-startC:
			startC = nil
			err = m.start() // I-INF-S5: absent seats play as silent ones
		case <-dlC:
			err = m.onDeadline()
		}
		if err != nil {
			return
		}
	}
}

// close records how the match ended and releases its waiters.
func (m *match) close(err error) {
	m.stopTimer()
	for seat, c := range m.conns {
		if c != nil {
			c.kill("match aborted")
			m.conns[seat] = nil
		}
	}
	m.mu.Lock()
	if !m.over {
		m.over = true
		if err == nil {
			err = fmt.Errorf("match %s stopped before its end", m.id)
		}
		m.err = err
	}
	m.mu.Unlock()
	close(m.done)
}

// start deals round 1: every agent seat has said hello, or the start
// timeout has passed.
func (m *match) start() error {
	if m.started {
		return nil
	}
	m.started = true
	setup := ref.Setup{MatchID: m.id, Seed: m.seed, Names: m.names, FirstDealer: m.chance.FirstDealer(m.cfg.TableSize)}
	st, err := ref.NewState(m.cfg, setup, m)
	if err != nil {
		return err
	}
	m.st = st
	return m.advance()
}

// advance deals rounds until a seat must act or the match is over, exactly
// as ref.Match does (every value from the match's Chance; values of seats not
// dealt in are ignored by the engine).
func (m *match) advance() error {
	m.settleAdjust()
	for m.st.Phase() == ref.PhaseReady {
		r := m.st.Round() + 1
		for seat := range m.vals {
			m.vals[seat] = m.chance.Value(r, seat)
		}
		m.playFaults(r)
		if err := m.st.StartRound(m.vals); err != nil {
			return err
		}
		m.settleAdjust()
	}
	return nil
}

// settleAdjust applies between rounds what faults changed behind the
// engine's back: the credit moves of FaultOddChipWrongSeat (so credits agree
// with the showdown line) and the sit-outs of FaultSitOutFourRounds.
func (m *match) settleAdjust() {
	if m.st.Phase() != ref.PhaseReady {
		return // kept for the end of the round (dropped when the match is over)
	}
	for _, f := range m.strikeFix {
		_ = m.st.SetStrikes(f.seat, f.strikes)
		if f.backIn > 0 {
			_ = m.st.SetSittingOut(f.seat, f.backIn)
		}
	}
	m.strikeFix = m.strikeFix[:0]
	for _, a := range m.adjust {
		n := max(a.n, 1)
		from, to := m.st.Seat(a.from).Credits, m.st.Seat(a.to).Credits
		if from >= n+1 {
			_ = m.st.SetCredits(a.from, from-n)
			_ = m.st.SetCredits(a.to, to+n)
		}
	}
	m.adjust = m.adjust[:0]
}

// drive plays scripted seats until an agent seat must act (its turn is then
// opened) or the match is over.
func (m *match) drive(ctx context.Context) error {
	for steps := 1; m.st.Phase() == ref.PhaseBetting; steps++ {
		seat := m.st.ToAct()
		m.openTurn.Store(int64(m.st.Turn()))
		if m.seats[seat].agent {
			m.arm(seat)
			return nil
		}
		m.st.ViewInto(seat, &m.vsBuf) // players do not keep the view
		mv := m.seats[seat].player.Decide(&m.vsBuf, m.legalFor(seat))
		if mv.Action == ref.ActionCall && m.faults.on(FaultAllInCallRefused) && m.st.CurrentBet()-m.st.Seat(seat).Bet > m.st.Seat(seat).Credits {
			m.sendErr(seat, CodeIllegalMove, "not enough credits to call", "inference/round.3.all-in")
			return nil
		}
		if err := m.st.Apply(seat, mv); err != nil {
			// Scripted players only play listed moves; should one not,
			// its turn is played by default.
			if err := m.st.Timeout(); err != nil {
				return err
			}
		}
		if err := m.advance(); err != nil {
			return err
		}
		if steps%256 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
	}
	m.stopTimer()
	m.openTurn.Store(int64(m.st.Turn()))
	if m.st.Phase() != ref.PhaseOver {
		return fmt.Errorf("match %s: engine stopped in phase %s", m.id, m.st.Phase())
	}
	return nil
}

// arm opens seat's turn: starts its deadline and sends your_turn, once per
// turn.
func (m *match) arm(seat int) {
	r, t := m.st.Round(), m.st.Turn()
	if m.dl.active && m.dl.seat == seat && m.dl.round == r && m.dl.turn == t {
		return
	}
	m.stopTimer()
	fire := m.deadline
	if m.faults.on(FaultShortDeadline) {
		fire = m.deadline / 2
	}
	fire += m.dia.grace()
	m.dl = deadlineState{active: true, seat: seat, round: r, turn: t, at: m.clock.Now().Add(m.deadline), timer: m.clock.NewTimer(fire)}
	m.yourTurn(seat, int(m.deadline/time.Millisecond))
}

func (m *match) stopTimer() {
	if m.dl.timer != nil {
		m.dl.timer.Stop()
	}
	m.dl = deadlineState{}
}

// onDeadline plays the default action for the seat whose time ran out.
func (m *match) onDeadline() error {
	dl := m.dl
	m.stopTimer()
	if m.st.Phase() != ref.PhaseBetting || m.st.ToAct() != dl.seat || m.st.Round() != dl.round || m.st.Turn() != dl.turn {
		return nil
	}
	// FaultNoTimeoutDefault is played inside the engine (a deviation).
	err := m.st.Timeout()
	if err != nil {
		return err
	}
	return m.advance()
}

// handle deals with one message from a connection goroutine.
func (m *match) handle(ev connEvent) error {
	c := ev.c
	switch ev.kind {
	case evAttach:
		if old := m.conns[c.seat]; old != nil && old != c {
			old.kill("replaced by a new connection")
		}
		m.conns[c.seat] = c
		m.noteRejoin(c.seat, m.helloed[c.seat]) // faults_rejoin.go
		m.helloed[c.seat] = true
		m.welcome(c)
		if !m.started && m.allHello() {
			return m.start()
		}
	case evDetach:
		if m.conns[c.seat] == c {
			m.conns[c.seat] = nil
		}
	case evFrame:
		if m.conns[c.seat] != c {
			return nil // a replaced connection
		}
		return m.onFrame(c, ev.data, ev.text)
	}
	return nil
}

func (m *match) allHello() bool {
	for seat, s := range m.seats {
		if s.agent && !m.helloed[seat] {
			return false
		}
	}
	return true
}

// welcome sends c the welcome with the current state; once the match has
// started also the match_start event (I-INF-S3) and, during its own turn,
// your_turn with the time left (I-INF-S4).
func (m *match) welcome(c *conn) {
	welcome := none(TypeWelcome)
	m.sendTo(c.seat, m.welcomeMsg(c.seat), &welcome)
	if !m.started {
		return
	}
	m.sendTo(c.seat, encodeEvent(m.id, m.startLine), &m.startSaid)
	if m.dl.active && m.dl.seat == c.seat {
		left := max(0, int(m.dl.at.Sub(m.clock.Now())/time.Millisecond))
		m.yourTurn(c.seat, left)
	}
}

// onFrame answers one message of an attached agent.
func (m *match) onFrame(c *conn, data []byte, text bool) error {
	if !text {
		m.sendErr(c.seat, CodeBadMessage, "messages are JSON text frames", "")
		return nil
	}
	msg, bad := parseIn(data)
	if bad != "" {
		if !m.faults.on(FaultBadMessageIgnored) {
			m.sendErr(c.seat, CodeBadMessage, bad, "")
		}
		return nil
	}
	switch *msg.Type {
	case TypeHello:
		if !c.authed && (msg.Token == nil || *msg.Token != m.seats[c.seat].token) {
			m.sendErr(c.seat, CodeUnauthorized, "wrong token for this seat", "")
			c.finish()
			m.conns[c.seat] = nil
			return nil
		}
		m.welcome(c)
	case TypeMove:
		return m.onMove(c, &msg)
	default:
		m.sendErr(c.seat, CodeBadMessage, fmt.Sprintf("unexpected message type %q (want move)", *msg.Type), "")
	}
	return nil
}

// onMove applies a move, or answers why not (I-INF-S2). A rejected move
// does not consume the turn and its deadline keeps running.
func (m *match) onMove(c *conn, msg *wire.Move) error {
	seat := c.seat
	switch {
	case msg.MatchID != nil && *msg.MatchID != m.id:
		m.sendErr(seat, CodeBadMessage, fmt.Sprintf("match_id %q is not this match", *msg.MatchID), "")
		return nil
	case msg.Turn == nil:
		m.sendErr(seat, CodeBadMessage, `a move needs "turn"`, "")
		return nil
	case msg.Action == nil:
		m.sendErr(seat, CodeBadMessage, `a move needs "action"`, "")
		return nil
	case *msg.Action == ref.ActionRaise && msg.Amount == nil && m.faults.on(FaultRaiseAmountDefault):
		one := 1
		msg.Amount = &one // lenient: the smallest raise
	case *msg.Action == ref.ActionRaise && msg.Amount == nil:
		m.sendErr(seat, CodeBadMessage, `a raise needs "amount", the increment`, "")
		return nil
	case *msg.Action == "check" && m.faults.on(FaultAcceptCheck):
		call := ref.ActionCall
		msg.Action = &call // lenient: a check is a call of nothing
	}
	if m.faults.on(FaultAcceptOutOfTurn) && m.started && m.st.Phase() == ref.PhaseBetting && *msg.Turn == m.st.Turn() {
		seat = m.st.ToAct() // whoever sent it, the move is the open turn's
	}
	if !m.started || m.st.Phase() != ref.PhaseBetting || m.st.ToAct() != seat {
		rule := "inference/illegal.not-your-turn"
		if m.started && m.st.Phase() == ref.PhaseOver {
			rule = "inference/illegal.match-over"
		}
		m.sendErr(seat, CodeNotYourTurn, "it is not this seat's turn", rule)
		return nil
	}
	if *msg.Turn != m.st.Turn() {
		m.sendErr(seat, CodeStaleTurn, fmt.Sprintf("turn %d is not the open turn %d", *msg.Turn, m.st.Turn()), "")
		return nil
	}
	mv := ref.Move{Action: *msg.Action}
	if msg.Amount != nil {
		mv.Amount = *msg.Amount
	}
	if msg.Message != nil {
		mv.Message = *msg.Message
		if refused := m.messageFaults(&mv); refused {
			m.sendErr(seat, CodeIllegalMove, "message too long", "inference/round.4.message-length")
			return nil
		}
	}
	if mv.Action == ref.ActionCall && m.faults.on(FaultAllInCallRefused) && m.st.CurrentBet()-m.st.Seat(seat).Bet > m.st.Seat(seat).Credits {
		m.sendErr(seat, CodeIllegalMove, "not enough credits to call", "inference/round.3.all-in")
		return nil
	}
	if err := m.st.Apply(seat, mv); err != nil {
		if m.faults.on(FaultSilentIllegal) {
			return nil // refused, but nothing says so
		}
		m.sendErr(seat, CodeIllegalMove, err.Error(), rules.RuleOf(err))
		if !m.faults.on(FaultConsumeTurnOnIllegal) {
			return nil
		}
		if err := m.st.Apply(seat, ref.TimeoutMove(m.st.ToCall(seat))); err != nil {
			return err
		}
	}
	m.stopTimer()
	return m.advance()
}
