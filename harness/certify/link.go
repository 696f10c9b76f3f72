package certify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/umpire-arena/umpire/harness/agent"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// Link is umpire's side of one agent for one match over an Asker (a JSON
// Lines process or an HTTP endpoint): it sends, asks, and judges what comes
// back that is not an answer.
type Link struct {
	asker agent.Asker
	proc  *agent.Process // nil over HTTP
	j     *Judge
	// dead is set once the agent can no longer answer (crash, hang, flood,
	// disconnect, harness error): nothing more is sent to it.
	dead reports.Termination
	// late holds the keys of requests that got no answer in time: a late
	// answer to one of them is a missed deadline, not an unsolicited line.
	late map[string]bool
	// asked holds the keys of every request asked so far.
	asked map[string]bool
	// own holds the keys of requests around which umpire made a situation
	// of its own (an injected error and the request sent again, an error
	// body that needs no answer): an extra answer naming one of them is one
	// a real server would refuse or ignore, so it is judged on a reading
	// (I-BA-C5), not at MUST.
	own map[string]bool
	// KeyOf returns the request key an answer line refers to ("" if
	// none): the driver's Key unless the driver sets its own.
	KeyOf func(b []byte) string
	// NotAnswer, when set, tells an object line that is no answer at all
	// (BangArena: no actionId, so no decision, §1): it is never taken for
	// the answer (the request stays open until its deadline), and it breaks
	// the hygiene pin, not the game's rule on acting only when asked.
	NotAnswer func(b []byte) bool
	// Resent, when set, tells an extra answer that repeats, commandId and
	// all, the answer the agent already gave the request it names
	// (BangArena's idempotent resend, §12; see onOwn).
	Resent    func(b []byte) bool
	latencies []time.Duration
	// consecutive counts deadlines missed in a row.
	consecutive int
	// afterAsk, when set, is called after every request, answered or not
	// (the first call releases the agent's start slot).
	afterAsk func()
	// keep is the kept process (--agent-keep) proc belongs to, nil when
	// the process is the match's own.
	keep *kept
	// Reuses is set by a driver that reuses the storage of what it sends
	// (BangArena's observe bodies, Inference's feed): the judge logs copies.
	Reuses bool
}

func newLink(a agent.Asker, p *agent.Process, j *Judge, keyOf func([]byte) string) *Link {
	return &Link{asker: a, proc: p, j: j, late: map[string]bool{}, asked: map[string]bool{}, own: map[string]bool{}, KeyOf: keyOf}
}

// logSent logs a message sent to the agent.
func (l *Link) logSent(raw []byte) {
	if l.Reuses {
		l.j.sentCopy(time.Now(), raw)
	} else {
		l.j.sent(time.Now(), raw)
	}
}

// Alive reports whether the agent can still be asked.
func (l *Link) Alive() bool { return l.dead == "" }

// Process reports whether the agent is a JSON Lines process of umpire's
// (not an HTTP endpoint): only then does Send or Post reach it, and only
// then may a driver inject a server-side error.
func (l *Link) Process() bool { return l.proc != nil }

// Late reports whether the request keyed key got no answer in time.
func (l *Link) Late(key string) bool { return l.late[key] }

// Own marks the request keyed key as one around which umpire made a
// situation of its own (an injected error and the request sent again, an
// error body that needs no answer): an extra answer naming it is judged on
// a reading (I-BA-C5), not at MUST.
func (l *Link) Own(key string) { l.own[key] = true }

// Excerpt is b as a finding quotes it: at most 200 bytes, "…" after a cut.
func Excerpt(b []byte) string { return string(trim(b)) }

// Send passes a message that needs no answer (JSON Lines agents only),
// with anything post queued before it, at once.
func (l *Link) Send(ctx context.Context, raw []byte, deadline time.Duration) {
	l.Post(ctx, raw, deadline)
	l.Flush(ctx, deadline)
}

// Post queues a message that needs no answer (JSON Lines agents only): it
// goes out with the next request, send or flush, in the same write.
func (l *Link) Post(ctx context.Context, raw []byte, deadline time.Duration) {
	if l.proc == nil || !l.Alive() {
		return
	}
	l.logSent(raw)
	full, err := l.proc.Post(agent.Verbatim(raw))
	if err != nil {
		l.verdict(err, rules.Where{Step: "send"})
		return
	}
	if full {
		l.Flush(ctx, deadline)
	}
}

// Flush writes what post queued. A driver calls it before it waits for
// anything else than the agent's answer, so the agent sees every message
// promptly.
func (l *Link) Flush(ctx context.Context, deadline time.Duration) {
	if l.proc == nil || !l.Alive() || !l.proc.Pending() {
		return
	}
	sctx, cancel := context.WithTimeout(ctx, deadline)
	err := l.proc.Flush(sctx)
	cancel()
	if err != nil {
		l.verdict(err, rules.Where{Step: "send"})
	}
}

// Answer is an answer the agent gave in time (or late, over HTTP).
type Answer struct {
	// Raw is the answer's line (or body) as the agent wrote it.
	Raw []byte
	// At is when it came; Latency how long after the request.
	At      time.Time
	Latency time.Duration
}

// Ask sends raw, a request keyed key, and waits up to deadline. It judges the
// lines that were not the answer and a missing answer; ok is false when
// there is no answer.
func (l *Link) Ask(ctx context.Context, raw []byte, key string, deadline time.Duration, where rules.Where) (Answer, bool) {
	if !l.Alive() {
		return Answer{}, false
	}
	if deadline <= 0 {
		deadline = time.Millisecond
	}
	l.logSent(raw)
	l.asked[key] = true
	if l.afterAsk != nil {
		defer l.afterAsk()
	}
	var (
		reply agent.Reply
		err   error
	)
	if l.proc != nil {
		// I-INF-C2: an answer that names an earlier request is never taken for this
		// one; one that names no request, or one never asked, is (and its
		// echo is judged).
		reply, err = l.proc.AskFunc(ctx, agent.Verbatim(raw), deadline, func(ln agent.Line) bool {
			if l.NotAnswer != nil && l.NotAnswer(ln.Bytes) {
				return false // no answer at all: the request stays open
			}
			k := l.KeyOf(ln.Bytes)
			return k == "" || k == key || !l.asked[k]
		})
	} else {
		reply, err = l.asker.Ask(ctx, agent.Verbatim(raw), deadline)
	}
	l.unasked(reply.Stale, where)
	for _, ln := range reply.Before {
		l.j.received(ln.At, ln.Bytes)
		if ln.Kind == agent.Object {
			k := l.KeyOf(ln.Bytes)
			if k != "" && l.late[k] {
				continue // a late answer: already a missed deadline
			}
			if l.NotAnswer != nil && l.NotAnswer(ln.Bytes) {
				l.j.Fail(CheckHygiene, where, "no line but the answer", string(trim(ln.Bytes)), "the agent wrote an object that is no answer")
				continue
			}
			l.j.Fail(CheckOnlyAsked, where, "one answer to the request", string(trim(ln.Bytes)), "the agent wrote an object that is not the answer")
			l.onOwn(k, ln.Bytes)
			continue
		}
		l.j.Fail(CheckHygiene, where, "one JSON object per line", fmt.Sprintf("%s line %q", ln.Kind, trim(ln.Bytes)), "the agent wrote a line that is not one JSON object")
	}
	if err != nil {
		t := agent.TerminationOf(err)
		if t.AgentFault() {
			l.late[key] = true
		}
		if t == agent.Timeout || t == agent.Malformed {
			l.consecutive++
		}
		switch {
		case overCap(err, reply.Before):
			// I-INF-C6: a line over the cap (WIRE.md: messages of at most 1 MiB) and
			// no answer after it before the deadline: the request went
			// unanswered, as with only malformed lines.
			l.j.Fail(CheckDeadline, where, "an answer before the deadline", "none", "no answer before the deadline, only a line over the size cap")
		case t == agent.Flood || t == agent.Crash || t == agent.Disconnect || t == agent.Hang:
			// I-INF-C7: the request was the agent's and got no
			// answer; that the agent flooded, ended or fell silent is a
			// finding of its own (a pin's), the unanswered request is the
			// documents' deadline. (A timeout or only malformed lines are
			// the deadline's finding in verdict.)
			l.j.Fail(CheckDeadline, where, "an answer before the deadline", "none", "the request was never answered: "+unansweredWhy(t))
		}
		l.verdict(err, where)
		return Answer{}, false
	}
	l.consecutive = 0
	l.j.received(reply.Answer.At, reply.Answer.Bytes)
	l.j.Ran(CheckHygiene)
	l.j.Ran(CheckOnlyAsked)
	l.latencies = append(l.latencies, reply.Latency)
	if reply.Latency > deadline {
		l.j.Fail(CheckDeadline, where, fmt.Sprintf("an answer within %v", deadline), reply.Latency.String(), "the answer came after the deadline")
	} else {
		l.j.Ran(CheckDeadline)
	}
	return Answer{Raw: reply.Answer.Bytes, At: reply.Answer.At, Latency: reply.Latency}, true
}

// onOwn gives the only-when-asked finding just made the basis of reading
// I-BA-C5 when the line names a request around which umpire made a
// situation of its own, or when it repeats the answer the agent gave that
// request with the same commandId (§12: a resend returns the stored result,
// nothing is applied twice).
func (l *Link) onOwn(key string, line []byte) {
	var why string
	switch {
	case key == "":
		return
	case l.own[key]:
		why = " (an extra answer about a request umpire itself sent again or answered with an error that needs no answer: a real server refuses or ignores it)"
	case l.Resent != nil && l.Resent(line):
		why = " (the answer already given, sent again with its commandId: a real server answers it as a duplicate and applies nothing)"
	default:
		return
	}
	fs := l.j.findings[CheckOnlyAsked]
	f := &fs[len(fs)-1]
	f.Basis, f.Ref = rules.BasisReading, "I-BA-C5"
	f.Message += why
}

// unasked judges lines written when nothing was asked.
func (l *Link) unasked(lines []agent.Line, where rules.Where) {
	for _, ln := range lines {
		l.j.received(ln.At, ln.Bytes)
		if ln.Kind != agent.Object {
			l.j.Fail(CheckHygiene, where, "one JSON object per line", fmt.Sprintf("%s line %q", ln.Kind, trim(ln.Bytes)), "the agent wrote a line that is not one JSON object")
			continue
		}
		k := l.KeyOf(ln.Bytes)
		if k != "" && l.late[k] {
			// A late answer: its missed deadline is already a finding.
			continue
		}
		if l.NotAnswer != nil && l.NotAnswer(ln.Bytes) {
			l.j.Fail(CheckHygiene, where, "no line when nothing is asked", string(trim(ln.Bytes)), "the agent wrote an object that is no answer when nothing was asked")
			continue
		}
		l.j.Fail(CheckOnlyAsked, where, "no line when nothing is asked", string(trim(ln.Bytes)), "the agent answered when it was not asked (not its turn, or a message that needs no answer)")
		l.onOwn(k, ln.Bytes)
	}
}

// verdict judges a failed exchange.
func (l *Link) verdict(err error, where rules.Where) {
	t := agent.TerminationOf(err)
	msg := agent.Sentence(err) // a sentence, not the error chain
	switch t {
	case agent.Timeout:
		text := "no answer before the deadline"
		if msg != text {
			text += ": " + msg
		}
		l.j.Fail(CheckDeadline, where, "an answer before the deadline", "none", text)
	case agent.Malformed:
		l.j.Fail(CheckHygiene, where, "one JSON object as the answer", "only malformed lines", msg)
		l.j.Fail(CheckDeadline, where, "an answer before the deadline", "none", "no usable answer before the deadline")
	case agent.Flood:
		l.j.Fail(CheckHygiene, where, "lines within the size cap and rate", "a flood", msg)
		l.dead = reports.TermMalformed
	case agent.Crash:
		l.j.Fail(CheckNoCrash, where, "the agent alive until match_end", "crash", msg)
		l.dead = reports.TermCrash
	case agent.Disconnect:
		l.j.Fail(CheckNoCrash, where, "the agent connected until match_end", "disconnect", msg)
		l.dead = reports.TermDisconnect
	case agent.Hang:
		l.j.Fail(CheckNoHang, where, "output from the agent", "silence past the watchdog", msg)
		l.dead = reports.TermHang
	default:
		if ctxDone(err) {
			l.j.Harness("the match was cut short: " + msg)
		} else {
			l.j.Harness(msg)
		}
		l.dead = reports.TermHarness
	}
}

// finish drains what the agent wrote after its last request, ends the
// process and judges how it ended. It returns the tail of its stderr.
func (l *Link) finish(grace time.Duration, matchOver bool) string {
	if l.proc == nil {
		return ""
	}
	if !l.Alive() {
		l.j.SkipIf(CheckExit, "the agent was out of the match before its end")
	}
	l.Flush(context.Background(), grace)
	if lines, _ := l.proc.Drain(); len(lines) > 0 && l.Alive() {
		l.unasked(lines, rules.Where{Step: "after match_end"})
	}
	ex, _ := l.proc.Close(grace)
	l.j.judgeSurvivors(ex)
	where := rules.Where{Step: "exit"}
	switch {
	case ex.Forced == agent.ForceKill || ex.Forced == agent.ForceBudget:
		if l.dead != reports.TermHang {
			l.j.Fail(CheckNoHang, where, "the agent ends on SIGTERM at the latest", ex.String(), "the agent had to be killed with SIGKILL")
		}
		if l.dead == "" || l.dead == reports.TermMalformed {
			l.dead = reports.TermHang
		}
	case !matchOver || !l.Alive():
	case ex.Forced == agent.ForceTerm:
		l.j.Fail(CheckExit, where, "exit within "+grace.String()+" of match_end", ex.String(), "the agent did not exit by itself after match_end and was sent SIGTERM")
	case ex.Code != 0 && l.Alive():
		l.j.Fail(CheckExit, where, "exit status 0 after match_end", ex.String(), "the agent exited with a failure status after match_end")
	default:
		l.j.Ran(CheckExit)
	}
	if l.Alive() {
		l.j.Ran(CheckNoCrash)
		l.j.Ran(CheckNoHang)
	}
	return string(ex.Output)
}

// unansweredWhy says why a request went unanswered when the link died on it.
func unansweredWhy(t agent.Termination) string {
	switch t {
	case agent.Flood:
		return "the agent flooded its output instead and was cut off"
	case agent.Crash:
		return "the agent's process ended (or its endpoint failed) before it answered"
	case agent.Disconnect:
		return "the agent closed its output (or its endpoint went away) before it answered"
	case agent.Hang:
		return "the agent fell silent past the watchdog"
	}
	return string(t)
}

// trim shortens an agent's line for a finding.
func trim(b []byte) []byte {
	if len(b) > 200 {
		return append(append([]byte(nil), b[:200]...), "…"...)
	}
	return b
}

// ctxDone reports whether err comes from a context.
func ctxDone(err error) bool {
	return err != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded))
}

// jsonField reads one top-level field of a JSON object into v.
func jsonField(b []byte, field string, v any) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return false
	}
	raw, ok := m[field]
	return ok && json.Unmarshal(raw, v) == nil
}

// overCap reports whether a failed ask ended on a line over the size cap
// (a Flood whose last line is Oversize), as opposed to a flood of
// unsolicited lines.
func overCap(err error, before []agent.Line) bool {
	return agent.TerminationOf(err) == agent.Flood && len(before) > 0 && before[len(before)-1].Kind == agent.Oversize
}
