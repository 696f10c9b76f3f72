package certify

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/umpire-arena/umpire/harness/agent"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/referee/rules"
)

// maxMessage is the largest message either side accepts.
const maxMessage = infsrv.MaxMessageBytes

// outcome is what a game driver reports about one match.
type outcome struct {
	over      bool // the match reached its end
	rank      int
	won       bool
	score     float64
	role      string
	misses    int // answers in time by umpire's clock that the server timed out
	matchID   string
	latencies []time.Duration
}

// infTurn is the Inference turn open for the agent.
type infTurn struct {
	turn, round int
	legal       []ref.LegalAction
	sentAt      time.Time
	deadline    time.Duration
	inTime      bool // the agent's last answer came in time
	reasked     bool
}

// infKey is the request key of an Inference answer: its turn, when the
// answer is an object whose turn is an integer, read as the judge reads
// the move (wire.ReadMove: of a repeated turn, the last).
func infKey(b []byte) string {
	if m, err := wire.ReadMove(b); err == nil && m.Turn != nil {
		return strconv.Itoa(*m.Turn)
	}
	return ""
}

// inferenceDriver is certify's door to the embedded Inference server: its
// typed API and its JSON Lines seat transport (RunStdio).
type inferenceDriver struct {
	r   *runner
	srv *infsrv.Server
}

func (d *inferenceDriver) handler() http.Handler              { return d.srv }
func (d *inferenceDriver) shutdown(ctx context.Context) error { return d.srv.Shutdown(ctx) }
func (d *inferenceDriver) key(answer []byte) string           { return infKey(answer) }

// create makes the match of a connect-mode agent.
func (d *inferenceDriver) create(p Planned) (id, token string, err error) {
	r := d.r
	seed := p.Seed
	created, err := d.srv.CreateMatch(infsrv.MatchSpec{Seats: r.cfg.Seats, Rounds: r.cfg.Rounds, DeadlineMS: int(r.cfg.Deadline / time.Millisecond),
		Seed: &seed, Agents: []int{p.Seat}, Adversaries: []string{p.Adversary}})
	if err != nil {
		return "", "", fmt.Errorf("cannot create the match: %w", err)
	}
	return created.MatchID, created.Tokens[strconv.Itoa(p.Seat)], nil
}

// wait waits for the match's end and reads the seat's rank and credits.
func (d *inferenceDriver) wait(ctx context.Context, id string, seat int, out *outcome) error {
	res, err := d.srv.Wait(ctx, id)
	for _, e := range res.Ranking {
		if e.Seat == seat {
			out.rank, out.score, out.won = e.Rank, float64(e.Credits), e.Rank == 1
		}
	}
	return err
}

// judgeConnect judges the timeouts the match log shows of the seat.
func (d *inferenceDriver) judgeConnect(p Planned, spec agent.ConnectSpec, j *judge, out *outcome) {
	log, _, err := d.srv.Log(spec.ID)
	d.srv.Forget(spec.ID)
	if err != nil {
		j.harness("cannot read the match log: " + err.Error())
		return
	}
	j.ran(CheckDeadline)
	for _, line := range splitLines(log) {
		if ev := wire.ReadEvent(line); ev.Type == "timeout" && ev.Seat != nil && *ev.Seat == p.Seat {
			j.fail(CheckDeadline, rules.Where{Round: ev.Round, Turn: ev.Turn}, "a move before the deadline", "the server's timeout", "the turn timed out")
		}
	}
}

// play plays one Inference match with the agent behind l on the embedded
// server's JSON Lines seat transport.
func (d *inferenceDriver) play(ctx context.Context, p Planned, j *judge, l *link) outcome {
	r := d.r
	var out outcome
	seed := p.Seed
	created, err := d.srv.CreateMatch(infsrv.MatchSpec{
		Seats: r.cfg.Seats, Rounds: r.cfg.Rounds, DeadlineMS: int(r.cfg.Deadline / time.Millisecond),
		Seed: &seed, Agents: []int{p.Seat}, Adversaries: []string{p.Adversary},
	})
	if err != nil {
		j.harness("cannot create the match: " + err.Error())
		return out
	}
	id := created.MatchID
	out.matchID = id
	toSrv := newInbox()
	fromSrv := newFeed()
	l.reuses = true // a message of fromSrv is valid until the next one is read
	runErr := make(chan error, 1)
	go func() {
		err := d.srv.RunInProcess(ctx, id, p.Seat, toSrv, fromSrv)
		toSrv.stop() // the seat is detached: nothing more is read
		runErr <- err
	}()
	defer func() {
		toSrv.close()
		fromSrv.stop()
		if err := <-runErr; err != nil && !out.over && !errors.Is(err, infsrv.ErrAgentGone) && ctx.Err() == nil {
			j.harness("the server's seat transport failed: " + err.Error())
		}
		d.srv.Forget(id)
	}()

	var (
		open          *infTurn
		injected      bool
		injectPending bool
		answered      bool // the agent has answered a your_turn: the error may come (I-INF-C1)
		sawMessage    bool
	)
	inject := l.proc != nil && !r.cfg.NoInject
	if !inject {
		j.skipIf(CheckServerError, "no server-side error is injected over this transport")
	}
	handle := func(ans answer, t *infTurn) {
		answered = true
		where := rules.Where{Round: t.round, Turn: rules.IntPtr(t.turn)}
		if m, err := wire.ReadMove(ans.raw); err != nil {
			j.fail(CheckHygiene, where, "a move object", string(trim(ans.raw)), "the answer is not a move: "+err.Error())
			j.fail(CheckLegal, where, "a move from legal_actions", string(trim(ans.raw)), "the answer cannot be read as a move")
		} else {
			echo := wire.Text(m.Type) == infsrv.TypeMove && wire.Text(m.MatchID) == id && m.Turn != nil && *m.Turn == t.turn
			if echo {
				j.ran(CheckEcho)
			} else {
				got := map[string]any{"type": wire.Text(m.Type), "match_id": wire.Text(m.MatchID), "turn": m.Turn}
				j.fail(CheckEcho, where, map[string]any{"type": "move", "match_id": id, "turn": t.turn}, got, "the move does not echo the type, match_id and turn of the your_turn it answers")
			}
			if m.Message != nil {
				sawMessage = true
				judgeMessage(j, where, *m.Message)
			}
			legal := ref.NotOffered(t.legal, wire.Text(m.Action), m.Amount)
			if legal == "" {
				j.ran(CheckLegal)
			} else {
				j.fail(CheckLegal, where, rawJSON(t.legal), string(trim(ans.raw)), legal)
			}
			// Recovery and survival judge the answer's legality; its echo
			// is the echo check's (one finding per divergence).
			if t.reasked {
				if legal == "" {
					j.ran(CheckRecover)
				} else {
					j.fail(CheckRecover, where, "a legal move after the error", string(trim(ans.raw)), "the agent did not recover from the error for its move")
				}
			}
			if injectPending {
				// The agent kept playing; whether its move is legal is
				// the legality check's (one finding per break, I-INF-C1).
				injectPending = false
				j.ran(CheckServerError)
			}
		}
		// In time by the turn's deadline, which runs from the your_turn
		// (an answer after an error for the move came in a re-ask of its
		// own, whose latency does not count from the turn's start).
		t.inTime = ans.at.Sub(t.sentAt) <= t.deadline
		toSrv.send(append(make([]byte, 0, len(ans.raw)+1), ans.raw...))
	}
	for {
		if !fromSrv.buffered() {
			// Nothing more of this burst: the agent gets the events
			// posted so far before umpire waits for the server.
			l.flush(ctx, r.cfg.Deadline)
		}
		line, said, err := fromSrv.next(ctx)
		if err != nil {
			if !out.over && ctx.Err() != nil {
				j.harness("the match did not end within its budget (" + r.cfg.MatchBudget.String() + "): " + ctx.Err().Error())
			}
			break
		}
		var env infsrv.Sent
		if said != nil {
			env = *said
		} else if env, err = infsrv.ReadSent(line); err != nil {
			j.harness("the server wrote a line umpire cannot read: " + err.Error())
			continue
		}
		switch env.Type {
		case infsrv.TypeYourTurn:
			if env.Turn < 0 || env.DeadlineMS < 0 {
				j.harness("a your_turn without turn or deadline_ms")
				continue
			}
			t := &infTurn{turn: env.Turn, round: env.Round, legal: env.Legal, sentAt: time.Now(), deadline: time.Duration(env.DeadlineMS) * time.Millisecond}
			open = t
			if inject && !injected && answered && l.alive() {
				// I-INF-C1: an error the agent did not cause, needing no answer.
				injected, injectPending = true, true
				msg := rawJSON(map[string]any{"type": infsrv.TypeError, "match_id": id, "code": infsrv.CodeStaleTurn, "turn": t.turn,
					"message": "umpire certify: an injected server-side error the agent did not cause; it needs no answer"})
				j.note(time.Now(), "injecting a server-side error before the agent's first your_turn")
				l.send(ctx, msg, t.deadline)
				if !l.alive() {
					injectPending = false
					j.stoppedAfterError(l, rules.Where{Round: t.round, Turn: rules.IntPtr(t.turn)}, "the agent stopped on a server-side error it did not cause")
				}
			}
			if !l.alive() {
				// I-INF-C5: an agent that can no longer answer costs no
				// waiting: the seat plays its default action at once.
				toSrv.send(infDefaultMove(id, t))
				continue
			}
			ans, ok := l.ask(ctx, line, strconv.Itoa(t.turn), t.deadline, rules.Where{Round: t.round, Turn: rules.IntPtr(t.turn)})
			if !ok {
				if injectPending && !l.alive() {
					injectPending = false
					j.stoppedAfterError(l, rules.Where{Round: t.round, Turn: rules.IntPtr(t.turn)},
						"the agent stopped right after a server-side error it did not cause (or on the request that followed it)")
				}
				if !l.alive() {
					toSrv.send(infDefaultMove(id, t))
				}
				continue
			}
			handle(ans, t)
		case infsrv.TypeError:
			own := env.Code == infsrv.CodeIllegalMove || env.Code == infsrv.CodeBadMessage
			if own && open != nil && env.Turn == open.turn {
				// The server refused the answer: the turn has none in time
				// until another comes (a timeout that follows is the agent's,
				// not a harness-caused miss).
				open.inTime = false
			}
			if own && open != nil && env.Turn == open.turn && l.alive() {
				open.reasked = true
				left := open.deadline - time.Since(open.sentAt)
				if left <= 0 {
					l.send(ctx, line, open.deadline)
					continue
				}
				ans, ok := l.ask(ctx, line, strconv.Itoa(open.turn), left, rules.Where{Round: open.round, Turn: rules.IntPtr(open.turn)})
				if !ok {
					j.fail(CheckRecover, rules.Where{Round: open.round, Turn: rules.IntPtr(open.turn)}, "a legal move after the error", "no answer", "the agent did not answer again after the error for its move")
					continue
				}
				handle(ans, open)
				continue
			}
			if env.Code == infsrv.CodeStaleTurn && open != nil && env.Turn == open.turn && open.inTime {
				out.misses++
				j.note(time.Now(), "the server judged late an answer umpire received in time (a harness-caused deadline miss)")
			}
			l.send(ctx, line, r.cfg.Deadline)
		case infsrv.TypeEvent:
			ev := env.Event
			if ev.Type == ref.EventTimeout && ev.Seat == p.Seat && open != nil && ev.Turn == open.turn {
				if open.inTime {
					out.misses++
					j.note(time.Now(), "the server timed out a turn umpire saw answered in time (a harness-caused deadline miss)")
				} else if l.alive() && !l.late[strconv.Itoa(open.turn)] {
					// A timeout umpire did not see coming (e.g. the answer
					// was rejected and none followed).
					j.fail(CheckDeadline, rules.Where{Round: open.round, Turn: rules.IntPtr(open.turn)}, "a legal move before the deadline", "the server's timeout", "the turn timed out without a legal move")
				}
				open = nil
			}
			l.post(ctx, line, r.cfg.Deadline)
		case infsrv.TypeMatchEnd:
			out.over = true
			for _, e := range env.Ranking {
				if e.Seat == p.Seat {
					out.rank, out.score, out.won = e.Rank, float64(e.Credits), e.Rank == 1
				}
			}
			l.send(ctx, line, r.cfg.Deadline)
		default:
			l.send(ctx, line, r.cfg.Deadline)
		}
		if out.over {
			break
		}
	}
	if !sawMessage {
		j.skipIf(CheckMessageLen, "the agent sent no table message")
		j.skipIf(CheckMessageCP, "the agent sent no table message")
	}
	j.skipIf(CheckRecover, "the server sent no error for the agent's moves, so there was nothing to recover from")
	if inject && !injected {
		j.skipIf(CheckServerError, "the agent got no your_turn after answering its first one, so no server-side error was injected")
	}
	return out
}

// maxMessageChars is the document's limit on a table message ("≤ 280
// chars"), which the embedded server keeps.
const maxMessageChars = 280

// judgeMessage judges the length of a move's table message: over the
// limit however characters are counted (even as user-perceived ones), it
// breaks the document's limit; over it in code points only, WIRE.md's
// count alone (one finding per message, on the clause it breaks).
func judgeMessage(j *judge, where rules.Where, msg string) {
	cp := ref.MessageCodePoints(msg)
	if cp <= maxMessageChars {
		j.ran(CheckMessageLen)
		j.ran(CheckMessageCP)
		return
	}
	if least := ref.MessageCharsAtLeast(msg); least > maxMessageChars {
		j.fail(CheckMessageLen, where, fmt.Sprintf("at most %d characters", maxMessageChars), least,
			fmt.Sprintf("the table message is too long however characters are counted: at least %d (%d code points)", least, cp))
		return
	}
	j.ran(CheckMessageLen)
	j.fail(CheckMessageCP, where, fmt.Sprintf("at most %d code points", maxMessageChars), cp,
		fmt.Sprintf("the table message has %d code points, over the limit as WIRE.md counts (its user-perceived characters may be within it)", cp))
}

// infDefaultMove is the move the server would play for the seat at the
// deadline (call when nothing is owed, otherwise fold), played at once for
// an agent that can no longer answer (I-INF-C5).
func infDefaultMove(matchID string, t *infTurn) []byte {
	action := ref.ActionFold
	for _, a := range t.legal {
		if a.Action == ref.ActionCall && a.Amount == 0 {
			action = ref.ActionCall
		}
	}
	return rawJSON(map[string]any{"type": infsrv.TypeMove, "match_id": matchID, "turn": t.turn, "action": action})
}

func trimEOL(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
