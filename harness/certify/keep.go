package certify

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/harness/agent"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// side is one of the agents a run plays: the agent under test, and in an
// A/B run the baseline.
type side struct {
	// role is "" in a plain run, reports.SideNew or reports.SideBaseline in
	// an A/B run.
	role  string
	name  string
	agent Agent
	// web is the agent behind a URL, shared by every match of the side so
	// that its connections are reused.
	web *agent.HTTPAgent
	// pool holds the side's kept JSON Lines agents (Config.Keep), nil when
	// each match starts its own.
	pool *keepPool
}

// spec is how the side's JSON Lines agent is started.
func (sd *side) spec(cfg Config) agent.Spec {
	return agent.Spec{Command: sd.agent.Command, Watchdog: watchdogFor(cfg.Deadline), TermGrace: time.Second, Memory: cfg.AgentMemory}
}

// keepPool holds the running JSON Lines agents of one side between matches
// (--agent-keep). There are never more of them than matches played at
// once: a match takes an idle one or starts one, and gives it back when
// the match ended well. An agent that failed its match (crash, hang, flood,
// a match cut short) is ended, and the next match starts a fresh one.
type keepPool struct {
	spec agent.Spec
	// ctx is the run's: a kept agent lives as long as the run at most.
	ctx   context.Context
	grace time.Duration

	mu   sync.Mutex
	idle []*kept
	// started counts processes started, restarts those ended after a failed
	// match, gone those that exited by themselves between matches, perMatch
	// those ended after their match because the agent ends on match_end,
	// and forced those that had to be signalled at the end of the run.
	started, restarts, gone, perMatch, forced int
	// legacy is set once the agent was seen to end after match_end: the
	// side then starts a process per match.
	legacy bool
	ending sync.WaitGroup
	// left are the ended processes that left survivors (at most
	// maxSurvivorsNamed of them), leftN all of them: judged once the pool
	// is closed (survivorsCheck), since a kept process ends after its
	// matches, not after each.
	left  []leftBehind
	leftN int
	// lastSeed is the seed of the latest match a kept process was given:
	// the run-level survivors check names a match this shard played, so
	// that shards' checks stay apart in a merge.
	lastSeed string
}

// leftBehind is a kept process that left survivors, with the last match
// it played.
type leftBehind struct {
	seed string
	seat int
	exit agent.Exit
}

// kept is one kept agent process.
type kept struct {
	proc *agent.Process
	// err is why it could not be started (proc is nil).
	err error
	// matches counts the matches it was given, the current one included;
	// seed and seat name the last of them.
	matches int
	seed    string
	seat    int
}

func newKeepPool(ctx context.Context, spec agent.Spec, grace time.Duration) *keepPool {
	return &keepPool{spec: spec, ctx: ctx, grace: grace}
}

// get returns an idle agent, or starts one (holding one of the run's start
// slots until its first answer, see runner.startSlot). ok is false when
// ctx ended while waiting for a slot.
func (kp *keepPool) get(ctx context.Context, r *runner) (k *kept, release func(), ok bool) {
	kp.mu.Lock()
	if kp.legacy {
		// The agent ends on match_end: a process per match from now on.
		for _, k := range kp.idle {
			kp.perMatch++
			kp.end(k, kp.grace)
		}
		kp.idle = nil
	}
	for len(kp.idle) > 0 {
		k = kp.idle[len(kp.idle)-1]
		kp.idle = kp.idle[:len(kp.idle)-1]
		select {
		case <-k.proc.Done():
			// It exited between matches (an agent that ends on match_end):
			// nothing to blame it for here, but it cannot play.
			kp.gone++
			kp.legacy = true
			kp.end(k, 0)
			continue
		default:
		}
		kp.mu.Unlock()
		return k, func() {}, true
	}
	kp.mu.Unlock()
	release, ok = r.startSlot(ctx)
	if !ok {
		return &kept{}, release, false
	}
	proc, err := agent.Start(kp.ctx, kp.spec)
	kp.mu.Lock()
	kp.started++
	kp.mu.Unlock()
	return &kept{proc: proc, err: err}, release, true
}

// put gives an agent back after a match it finished well; once the agent
// is known to end on match_end, it is let go instead.
func (kp *keepPool) put(k *kept) {
	kp.mu.Lock()
	defer kp.mu.Unlock()
	if kp.legacy {
		kp.perMatch++
		kp.end(k, kp.grace)
		return
	}
	kp.idle = append(kp.idle, k)
}

// restart ends an agent that failed its match; the next match starts a
// fresh one.
func (kp *keepPool) restart(k *kept) {
	kp.mu.Lock()
	kp.restarts++
	kp.end(k, 0)
	kp.mu.Unlock()
}

// end closes k in the background (kp.mu held).
func (kp *keepPool) end(k *kept, grace time.Duration) {
	kp.ending.Add(1)
	go func() {
		defer kp.ending.Done()
		ex, _ := k.proc.Close(grace)
		kp.mu.Lock()
		if grace > 0 && ex.Forced != agent.ForceNone {
			kp.forced++
		}
		kp.noteLeft(k, ex)
		kp.mu.Unlock()
	}()
}

// noteLeft records a process that left survivors (kp.mu held).
func (kp *keepPool) noteLeft(k *kept, ex agent.Exit) {
	if len(ex.Survivors) == 0 {
		return
	}
	kp.leftN++
	if len(kp.left) < maxSurvivorsNamed {
		kp.left = append(kp.left, leftBehind{seed: k.seed, seat: k.seat, exit: ex})
	}
}

// survivorsCheck judges, once the pool is closed, what the side's kept
// processes left behind: the survivors check that each match of a kept
// agent leaves to the end of the run. Nil when no process was started.
func (kp *keepPool) survivorsCheck(cat *rules.Catalogue, game string) *reports.Check {
	kp.mu.Lock()
	defer kp.mu.Unlock()
	if kp.started == 0 {
		return nil
	}
	var c *reports.Check
	for _, lb := range kp.left {
		j := newJudge(cat, game, lb.seed, lb.seat)
		j.judgeSurvivors(lb.exit)
		for _, jc := range j.checks() {
			if jc.Name != CheckSurvivors {
				continue
			}
			if c == nil {
				c = &jc
				continue
			}
			c.Findings = append(c.Findings, jc.Findings...)
		}
	}
	if c == nil {
		// Every kept process ended with nothing of its own left running.
		j := newJudge(cat, game, kp.lastSeed, 0)
		j.Ran(CheckSurvivors)
		for _, jc := range j.checks() {
			if jc.Name == CheckSurvivors {
				c = &jc
			}
		}
		c.Name = CheckKeptSurvivors
		return c
	}
	c.Name = CheckKeptSurvivors
	if more := kp.leftN - len(kp.left); more > 0 {
		c.Reason = fmt.Sprintf("%d more kept processes left survivors (not shown)", more)
	}
	return c
}

// close ends every idle agent (its input closed, then signals after the
// grace) and waits for all of them. It returns a remark for the report, ""
// when there is nothing to say.
func (kp *keepPool) close(who string) string {
	kp.mu.Lock()
	for _, k := range kp.idle {
		kp.end(k, kp.grace)
	}
	kp.idle = nil
	kp.mu.Unlock()
	kp.ending.Wait()
	kp.mu.Lock()
	defer kp.mu.Unlock()
	msg := fmt.Sprintf("%s kept across matches (--agent-keep): %d %s started", who, kp.started, plural(kp.started, "process", "processes"))
	if kp.restarts > 0 {
		msg += fmt.Sprintf(", %d ended after a match they failed", kp.restarts)
	}
	if kp.legacy {
		msg += fmt.Sprintf(", but the agent ends after match_end instead of waiting for the next match_start, so %d matches had a process of their own (a kept agent keeps reading after match_end)", kp.perMatch)
	}
	if kp.gone > 0 {
		msg += fmt.Sprintf(", %d exited by themselves between matches", kp.gone)
	}
	if kp.forced > 0 {
		msg += fmt.Sprintf(", %d did not exit within %v of the end of their input at the end of the run and were signalled", kp.forced, kp.grace)
	}
	return msg
}

// matchStart is the line a kept agent gets before each match: the game,
// its seat and the table size, and the count of matches this process has
// been given (1 for its first).
func matchStart(cfg Config, p Planned, n int) []byte {
	b, _ := json.Marshal(struct {
		Type  string `json:"type"`
		Game  string `json:"game"`
		Seat  int    `json:"seat"`
		Seats int    `json:"seats"`
		Match int    `json:"match"`
	}{"match_start", cfg.Game, p.Seat, cfg.Seats, n})
	return b
}

// finishKept ends a match of a kept agent: what it wrote after its last
// request is judged, and the process goes back to the pool when the match
// ended well, or is ended (and restarted by the next match) when it did
// not, or when its last request went unanswered.
// It returns the tail of the agent's stderr for a failed match, "" for a
// good one (a kept agent's stderr spans many matches), and again when the
// match must be played again because the agent had ended after its
// previous match.
func (l *Link) finishKept(kp *keepPool, grace time.Duration, matchOver bool) (stderr string, again bool) {
	l.j.SkipIf(CheckExit, "the agent is kept across matches (--agent-keep): it is ended at the end of the run, not after match_end")
	l.j.SkipIf(CheckSurvivors, "the agent is kept across matches (--agent-keep): what its process leaves behind is judged when it ends, in the run's own agent-no-survivors check")
	l.Flush(context.Background(), grace)
	if lines, _ := l.proc.Drain(); len(lines) > 0 && l.Alive() {
		l.unasked(lines, rules.Where{Step: "after match_end"})
	}
	if l.Alive() {
		l.j.Ran(CheckNoCrash)
		l.j.Ran(CheckNoHang)
	}
	// An agent that left its last request of the match unanswered would
	// answer it in the next match, or is stuck: it is not given another.
	if l.Alive() && matchOver && l.consecutive == 0 {
		kp.put(l.keep)
		return "", false
	}
	// A process given another match that is found gone, cleanly, before it
	// answered anything in it ended after its previous match_end: the
	// contract without --agent-keep. This match is played again with a
	// fresh process, and the side starts one per match from now on.
	if l.keep.matches > 1 && len(l.latencies) == 0 && (l.dead == reports.TermCrash || l.dead == reports.TermDisconnect) {
		ex, _ := l.proc.Close(grace)
		kp.mu.Lock()
		kp.noteLeft(l.keep, ex)
		kp.mu.Unlock()
		if ex.Code == 0 && ex.Forced == agent.ForceNone {
			kp.perMatchNow()
			return "", true
		}
	}
	stderr = string(l.proc.Stderr())
	kp.restart(l.keep)
	return stderr, false
}

// perMatchNow records that the side's agent ends on match_end: from now
// on every match starts its own process.
func (kp *keepPool) perMatchNow() {
	kp.mu.Lock()
	kp.legacy = true
	kp.gone++
	kp.mu.Unlock()
}

// plural picks the word for n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// noteSeed records the seed of a match a kept process was given.
func (kp *keepPool) noteSeed(seed string) {
	kp.mu.Lock()
	kp.lastSeed = seed
	kp.mu.Unlock()
}
