package certifyside

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/umpire-arena/umpire/harness/agent"
	"github.com/umpire-arena/umpire/harness/certify"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/referee/rules"
)

// Outcome is what a game driver reports about one match.
type Outcome struct {
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

// driver is certify's door to the embedded Inference server: its typed
// API and its in-process seat door (RunInProcess).
type driver struct {
	cfg certify.Config
	srv *infsrv.Server
}

func (d *driver) Handler() http.Handler              { return d.srv }
func (d *driver) Shutdown(ctx context.Context) error { return d.srv.Shutdown(ctx) }
func (d *driver) Key(answer []byte) string           { return infKey(answer) }

// Create makes the match of a connect-mode agent.
func (d *driver) Create(p certify.Planned) (id, token string, err error) {
	seed := p.Seed
	created, err := d.srv.CreateMatch(infsrv.MatchSpec{Seats: d.cfg.Seats, Rounds: d.cfg.Rounds, DeadlineMS: int(d.cfg.Deadline / time.Millisecond),
		Seed: &seed, Agents: []int{p.Seat}, Adversaries: []string{p.Adversary}})
	if err != nil {
		return "", "", fmt.Errorf("cannot create the match: %w", err)
	}
	return created.MatchID, created.Tokens[strconv.Itoa(p.Seat)], nil
}

// Wait waits for the match's end and reads the seat's rank and credits.
func (d *driver) Wait(ctx context.Context, id string, seat int, out *certify.Outcome) error {
	res, err := d.srv.Wait(ctx, id)
	for _, e := range res.Ranking {
		if e.Seat == seat {
			out.Rank, out.Score, out.Won = e.Rank, float64(e.Credits), e.Rank == 1
		}
	}
	return err
}

// JudgeConnect judges the timeouts the match log shows of the seat.
func (d *driver) JudgeConnect(p certify.Planned, spec agent.ConnectSpec, j *certify.Judge, out *certify.Outcome) {
	log, _, err := d.srv.Log(spec.ID)
	d.srv.Forget(spec.ID)
	if err != nil {
		j.Harness("cannot read the match log: " + err.Error())
		return
	}
	j.Ran(certify.CheckDeadline)
	for _, line := range splitLines(log) {
		if ev := wire.ReadEvent(line); ev.Type == "timeout" && ev.Seat != nil && *ev.Seat == p.Seat {
			j.Fail(certify.CheckDeadline, rules.Where{Round: ev.Round, Turn: ev.Turn}, "a move before the deadline", "the server's timeout", "the turn timed out")
		}
	}
}

// Play plays one Inference match with the agent behind l on the embedded
// server's JSON Lines seat transport.
func (d *driver) Play(ctx context.Context, p certify.Planned, j *certify.Judge, l *certify.Link) certify.Outcome {
	var out certify.Outcome
	seed := p.Seed
	created, err := d.srv.CreateMatch(infsrv.MatchSpec{
		Seats: d.cfg.Seats, Rounds: d.cfg.Rounds, DeadlineMS: int(d.cfg.Deadline / time.Millisecond),
		Seed: &seed, Agents: []int{p.Seat}, Adversaries: []string{p.Adversary},
	})
	if err != nil {
		j.Harness("cannot create the match: " + err.Error())
		return out
	}
	id := created.MatchID
	out.MatchID = id
	toSrv := newInbox()
	fromSrv := newFeed()
	l.Reuses = true // a message of fromSrv is valid until the next one is read
	runErr := make(chan error, 1)
	go func() {
		err := d.srv.RunInProcess(ctx, id, p.Seat, toSrv, fromSrv)
		toSrv.stop() // the seat is detached: nothing more is read
		runErr <- err
	}()
	defer func() {
		toSrv.close()
		fromSrv.stop()
		if err := <-runErr; err != nil && !out.Over && !errors.Is(err, infsrv.ErrAgentGone) && ctx.Err() == nil {
			j.Harness("the server's seat transport failed: " + err.Error())
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
	inject := l.Process() && !d.cfg.NoInject
	if !inject {
		j.SkipIf(certify.CheckServerError, "no server-side error is injected over this transport")
	}
	handle := func(ans certify.Answer, t *infTurn) {
		answered = true
		where := rules.Where{Round: t.round, Turn: rules.IntPtr(t.turn)}
		if m, err := wire.ReadMove(ans.Raw); err != nil {
			j.Fail(certify.CheckHygiene, where, "a move object", certify.Excerpt(ans.Raw), "the answer is not a move: "+err.Error())
			j.Fail(certify.CheckLegal, where, "a move from legal_actions", certify.Excerpt(ans.Raw), "the answer cannot be read as a move")
		} else {
			echo := wire.Text(m.Type) == infsrv.TypeMove && wire.Text(m.MatchID) == id && m.Turn != nil && *m.Turn == t.turn
			if echo {
				j.Ran(certify.CheckEcho)
			} else {
				got := map[string]any{"type": wire.Text(m.Type), "match_id": wire.Text(m.MatchID), "turn": m.Turn}
				j.Fail(certify.CheckEcho, where, map[string]any{"type": "move", "match_id": id, "turn": t.turn}, got, "the move does not echo the type, match_id and turn of the your_turn it answers")
			}
			if m.Message != nil {
				sawMessage = true
				judgeMessage(j, where, *m.Message)
			}
			legal := ref.NotOffered(t.legal, wire.Text(m.Action), m.Amount)
			if legal == "" {
				j.Ran(certify.CheckLegal)
			} else {
				j.Fail(certify.CheckLegal, where, rawJSON(t.legal), certify.Excerpt(ans.Raw), legal)
			}
			// Recovery and survival judge the answer's legality; its echo
			// is the echo check's (one finding per divergence).
			if t.reasked {
				if legal == "" {
					j.Ran(certify.CheckRecover)
				} else {
					j.Fail(certify.CheckRecover, where, "a legal move after the error", certify.Excerpt(ans.Raw), "the agent did not recover from the error for its move")
				}
			}
			if injectPending {
				// The agent kept playing; whether its move is legal is
				// the legality check's (one finding per break, I-INF-C1).
				injectPending = false
				j.Ran(certify.CheckServerError)
			}
		}
		// In time by the turn's deadline, which runs from the your_turn
		// (an answer after an error for the move came in a re-ask of its
		// own, whose latency does not count from the turn's start).
		t.inTime = ans.At.Sub(t.sentAt) <= t.deadline
		toSrv.send(append(make([]byte, 0, len(ans.Raw)+1), ans.Raw...))
	}
	for {
		if !fromSrv.buffered() {
			// Nothing more of this burst: the agent gets the events
			// posted so far before umpire waits for the server.
			l.Flush(ctx, d.cfg.Deadline)
		}
		line, said, err := fromSrv.next(ctx)
		if err != nil {
			if !out.Over && ctx.Err() != nil {
				j.Harness("the match did not end within its budget (" + d.cfg.MatchBudget.String() + "): " + ctx.Err().Error())
			}
			break
		}
		var env infsrv.Sent
		if said != nil {
			env = *said
		} else if env, err = infsrv.ReadSent(line); err != nil {
			j.Harness("the server wrote a line umpire cannot read: " + err.Error())
			continue
		}
		switch env.Type {
		case infsrv.TypeYourTurn:
			if env.Turn < 0 || env.DeadlineMS < 0 {
				j.Harness("a your_turn without turn or deadline_ms")
				continue
			}
			t := &infTurn{turn: env.Turn, round: env.Round, legal: env.Legal, sentAt: time.Now(), deadline: time.Duration(env.DeadlineMS) * time.Millisecond}
			open = t
			if inject && !injected && answered && l.Alive() {
				// I-INF-C1: an error the agent did not cause, needing no answer.
				injected, injectPending = true, true
				msg := rawJSON(map[string]any{"type": infsrv.TypeError, "match_id": id, "code": infsrv.CodeStaleTurn, "turn": t.turn,
					"message": "umpire certify: an injected server-side error the agent did not cause; it needs no answer"})
				j.Note(time.Now(), "injecting a server-side error before the agent's first your_turn")
				l.Send(ctx, msg, t.deadline)
				if !l.Alive() {
					injectPending = false
					j.StoppedAfterError(l, rules.Where{Round: t.round, Turn: rules.IntPtr(t.turn)}, "the agent stopped on a server-side error it did not cause")
				}
			}
			if !l.Alive() {
				// I-INF-C5: an agent that can no longer answer costs no
				// waiting: the seat plays its default action at once.
				toSrv.send(infDefaultMove(id, t))
				continue
			}
			ans, ok := l.Ask(ctx, line, strconv.Itoa(t.turn), t.deadline, rules.Where{Round: t.round, Turn: rules.IntPtr(t.turn)})
			if !ok {
				if injectPending && !l.Alive() {
					injectPending = false
					j.StoppedAfterError(l, rules.Where{Round: t.round, Turn: rules.IntPtr(t.turn)},
						"the agent stopped right after a server-side error it did not cause (or on the request that followed it)")
				}
				if !l.Alive() {
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
			if own && open != nil && env.Turn == open.turn && l.Alive() {
				open.reasked = true
				left := open.deadline - time.Since(open.sentAt)
				if left <= 0 {
					l.Send(ctx, line, open.deadline)
					continue
				}
				ans, ok := l.Ask(ctx, line, strconv.Itoa(open.turn), left, rules.Where{Round: open.round, Turn: rules.IntPtr(open.turn)})
				if !ok {
					j.Fail(certify.CheckRecover, rules.Where{Round: open.round, Turn: rules.IntPtr(open.turn)}, "a legal move after the error", "no answer", "the agent did not answer again after the error for its move")
					continue
				}
				handle(ans, open)
				continue
			}
			if env.Code == infsrv.CodeStaleTurn && open != nil && env.Turn == open.turn && open.inTime {
				out.Misses++
				j.Note(time.Now(), "the server judged late an answer umpire received in time (a harness-caused deadline miss)")
			}
			l.Send(ctx, line, d.cfg.Deadline)
		case infsrv.TypeEvent:
			ev := env.Event
			if ev.Type == ref.EventTimeout && ev.Seat == p.Seat && open != nil && ev.Turn == open.turn {
				if open.inTime {
					out.Misses++
					j.Note(time.Now(), "the server timed out a turn umpire saw answered in time (a harness-caused deadline miss)")
				} else if l.Alive() && !l.Late(strconv.Itoa(open.turn)) {
					// A timeout umpire did not see coming (e.g. the answer
					// was rejected and none followed).
					j.Fail(certify.CheckDeadline, rules.Where{Round: open.round, Turn: rules.IntPtr(open.turn)}, "a legal move before the deadline", "the server's timeout", "the turn timed out without a legal move")
				}
				open = nil
			}
			l.Post(ctx, line, d.cfg.Deadline)
		case infsrv.TypeMatchEnd:
			out.Over = true
			for _, e := range env.Ranking {
				if e.Seat == p.Seat {
					out.Rank, out.Score, out.Won = e.Rank, float64(e.Credits), e.Rank == 1
				}
			}
			l.Send(ctx, line, d.cfg.Deadline)
		default:
			l.Send(ctx, line, d.cfg.Deadline)
		}
		if out.Over {
			break
		}
	}
	if !sawMessage {
		j.SkipIf(certify.CheckMessageLen, "the agent sent no table message")
		j.SkipIf(certify.CheckMessageCP, "the agent sent no table message")
	}
	j.SkipIf(certify.CheckRecover, "the server sent no error for the agent's moves, so there was nothing to recover from")
	if inject && !injected {
		j.SkipIf(certify.CheckServerError, "the agent got no your_turn after answering its first one, so no server-side error was injected")
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
func judgeMessage(j *certify.Judge, where rules.Where, msg string) {
	cp := ref.MessageCodePoints(msg)
	if cp <= maxMessageChars {
		j.Ran(certify.CheckMessageLen)
		j.Ran(certify.CheckMessageCP)
		return
	}
	if least := ref.MessageCharsAtLeast(msg); least > maxMessageChars {
		j.Fail(certify.CheckMessageLen, where, fmt.Sprintf("at most %d characters", maxMessageChars), least,
			fmt.Sprintf("the table message is too long however characters are counted: at least %d (%d code points)", least, cp))
		return
	}
	j.Ran(certify.CheckMessageLen)
	j.Fail(certify.CheckMessageCP, where, fmt.Sprintf("at most %d code points", maxMessageChars), cp,
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

// rawJSON is v's JSON encoding, for messages and findings.
func rawJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// splitLines splits JSON Lines.
func splitLines(b []byte) [][]byte {
	var out [][]byte
	for len(b) > 0 {
		i := 0
		for i < len(b) && b[i] != '\n' {
			i++
		}
		if i > 0 {
			out = append(out, b[:i])
		}
		if i == len(b) {
			break
		}
		b = b[i+1:]
	}
	return out
}

// trimEOL returns b without its line end.
func trimEOL(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
