package certify

import (
	"context"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/harness/agent"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// MatchResult is everything one match showed: its plan, the raw result for
// statistics, its checks and the full transcript of the exchange with the
// agent.
type MatchResult struct {
	Planned
	// Side is reports.SideNew or reports.SideBaseline in an A/B run, ""
	// otherwise.
	Side string
	// Match is the raw result (termination, rank, score, latencies, stderr).
	Match reports.Match
	// Checks are the match's checks, in report order.
	Checks []reports.Check
	// Transcript is every message exchanged with the agent, oldest first
	// (filled by Replay; a run keeps only the windows around findings).
	Transcript []reports.Message
	// Role is the agent's role (BangArena), "" when unknown.
	Role string
	// HarnessMisses counts answers umpire received in time that the server
	// nevertheless judged late: deadline misses caused by umpire.
	HarnessMisses int
}

// watchdogFor is the agent adapter's watchdog: silence this long during a
// request is a hang rather than a timeout. It is well above any deadline so
// that a slow agent is judged slow, not hung.
func watchdogFor(deadline time.Duration) time.Duration {
	return max(10*deadline, 10*time.Second)
}

// playMatch plays one planned match with one side's agent. It never
// returns an error: a failure of umpire is a harness-error check of the
// match.
func (r *runner) playMatch(ctx context.Context, p Planned, sd *side) *MatchResult {
	j := newJudge(r.cat, r.cfg.Game, p.Seed, p.Seat)
	j.keepAll = r.keepTranscript
	j.bufs = &r.logBufs
	defer j.release()
	release, started := func() {}, true
	var kp *kept
	if sd.agent.Mode() == "command" {
		if sd.pool != nil {
			// A kept agent takes a start slot only when it must be started.
			kp, release, started = sd.pool.get(ctx, r)
		} else {
			// Waiting for a start slot is not the match's time.
			release, started = r.startSlot(ctx)
		}
		defer release()
	}
	began := time.Now()
	mctx, cancel := context.WithTimeout(ctx, r.cfg.MatchBudget)
	defer cancel()
	var (
		out    Outcome
		stderr string
		proc   reports.Termination
	)
	switch sd.agent.Mode() {
	case "connect":
		out, stderr, proc = r.playConnect(mctx, p, j, sd)
	default:
		var l *Link
		key := r.drv.Key
		if sd.agent.Mode() == "command" {
			if !started {
				j.Harness("the run ended before the agent could be started")
				break
			}
			var pr *agent.Process
			if sd.pool != nil {
				if kp.err != nil {
					j.Harness("cannot start the agent: " + kp.err.Error())
					break
				}
				pr = kp.proc
			} else {
				var err error
				pr, err = agent.Start(mctx, sd.spec(r.cfg))
				if err != nil {
					j.Harness("cannot start the agent: " + err.Error())
					break
				}
			}
			l = newLink(pr, pr, j, key)
			l.afterAsk = release
			if kp != nil {
				l.keep = kp
				kp.matches++
				kp.seed, kp.seat = p.Seed, p.Seat
				sd.pool.noteSeed(p.Seed)
				l.Post(mctx, matchStart(r.cfg, p, kp.matches), r.cfg.Deadline)
			}
		} else {
			l = newLink(sd.web, nil, j, key)
			j.SkipIf(CheckExit, "an HTTP agent has no process to watch")
			j.SkipIf(CheckNoHang, "an HTTP agent has no process to watch")
			j.SkipIf(CheckSurvivors, "an HTTP agent has no process to watch")
		}
		out = r.drv.Play(mctx, p, j, l)
		if kp != nil {
			var again bool
			if stderr, again = l.finishKept(sd.pool, r.cfg.ExitGrace, out.Over); again {
				release()
				cancel()
				return r.playMatch(ctx, p, sd)
			}
		} else {
			stderr = l.finish(r.cfg.ExitGrace, out.Over)
		}
		proc = l.dead
		if l.proc == nil && l.Alive() {
			j.Ran(CheckNoCrash)
		}
		out.latencies = l.latencies
	}
	res := &MatchResult{Planned: p, Side: sd.role, Checks: j.checks(), Role: out.Role, HarnessMisses: out.Misses}
	if r.keepTranscript {
		res.Transcript = j.transcript()
	}
	res.Match = reports.Match{
		Seed: p.Seed, Agent: sd.name, Side: sd.role, Adversary: p.Adversary, Seat: p.Seat, Seats: r.cfg.Seats,
		Rank: out.Rank, Won: out.Won, Score: out.Score, Termination: j.termination(proc),
		Latencies: out.latencies, Stderr: stderr, Duration: time.Since(began),
	}
	return res
}

// startSlot waits for one of the run's start slots (ok is false when ctx
// ends first) and returns its release, which may be called any number of
// times. A JSON Lines agent holds a slot from its start until its first
// request is answered or given up on:
// with a thousand matches at once, a thousand programs starting together
// would take the machine from the matches already playing, umpire's own
// goroutines included, and their deadlines would be missed for umpire's
// delays, not the agents'.
func (r *runner) startSlot(ctx context.Context) (release func(), ok bool) {
	select {
	case r.starts <- struct{}{}:
		return sync.OnceFunc(func() { <-r.starts }), true
	case <-ctx.Done():
		return func() {}, false
	}
}

// playConnect plays a match with an agent that connects to the loopback
// listener by itself. Umpire sees only what the server reports.
func (r *runner) playConnect(ctx context.Context, p Planned, j *Judge, sd *side) (Outcome, string, reports.Termination) {
	var out Outcome
	spec := agent.ConnectSpec{Command: sd.agent.Connect, Game: r.cfg.Game, URL: r.url, Seat: p.Seat, TermGrace: time.Second, Memory: r.cfg.AgentMemory}
	for _, c := range []string{CheckLegal, CheckRecover, CheckEcho, CheckCommandIDs, CheckMessageLen, CheckOnlyAsked, CheckServerError, CheckHygiene} {
		j.SkipIf(c, "not observable when the agent connects to the server itself")
	}
	id, token, err := r.drv.Create(p)
	if err != nil {
		j.Harness(err.Error())
		return out, "", ""
	}
	spec.ID, spec.Token = id, token
	out.MatchID = spec.ID
	c, err := agent.StartConnect(ctx, spec)
	if err != nil {
		j.Harness("cannot start the agent: " + err.Error())
		return out, "", ""
	}
	var died bool
	waitErr := make(chan error, 1)
	go func() { waitErr <- r.drv.Wait(ctx, spec.ID, p.Seat, &out) }()
	var werr error
	select {
	case werr = <-waitErr:
	case <-c.Done():
		died = true
		werr = <-waitErr
	}
	ex, _ := c.Close(r.cfg.ExitGrace)
	j.judgeSurvivors(ex)
	var term reports.Termination
	where := rules.Where{Step: "exit"}
	switch {
	case werr != nil:
		j.Harness("the match did not end: " + werr.Error())
	case ex.Forced == agent.ForceKill || ex.Forced == agent.ForceBudget:
		j.Fail(CheckNoHang, where, "the agent ends on SIGTERM at the latest", ex.String(), "the agent had to be killed with SIGKILL")
		term = reports.TermHang
	case died && ex.Code != 0:
		j.Fail(CheckNoCrash, where, "the agent connected until the match ended", ex.String(), "the agent exited during the match")
		term = reports.TermCrash
	case died:
		j.Fail(CheckNoCrash, where, "the agent connected until the match ended", ex.String(), "the agent left during the match")
		term = reports.TermDisconnect
	case ex.Forced == agent.ForceTerm:
		j.Fail(CheckExit, where, "exit after the match", ex.String(), "the agent did not exit by itself after the match and was sent SIGTERM")
	default:
		j.Ran(CheckExit)
	}
	if term == "" {
		j.Ran(CheckNoCrash)
		j.Ran(CheckNoHang)
	}
	if werr == nil {
		out.Over = true
		r.drv.JudgeConnect(p, spec, j, &out)
	}
	return out, string(ex.Output), term
}
