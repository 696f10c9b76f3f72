package certify

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/agent"
	"github.com/umpire-arena/umpire/harness/server/serverkit"
	"github.com/umpire-arena/umpire/harness/shard"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// runner holds the embedded server of a run and, in connect mode, its
// loopback listener.
type runner struct {
	cfg Config
	cat *rules.Catalogue
	// drv is the door to the game's embedded server.
	drv Driver
	url string
	// sides are the agent under test and, in an A/B run, the baseline.
	sides []*side
	loop  *serverkit.Loopback
	// starts holds a token per agent starting (see startSlot).
	starts chan struct{}
	// keepTranscript makes every MatchResult carry its whole transcript.
	keepTranscript bool
	// logBufs is the storage of the judges' copies of large messages,
	// passed from match to match (see judge.own).
	logBufs sync.Pool
}

// newRunner starts the embedded server of cfg's game (cfg has its
// defaults). Kept agents live within ctx.
func newRunner(ctx context.Context, cfg Config) (*runner, error) {
	r := &runner{cfg: cfg, cat: rules.Default(), starts: make(chan struct{}, max(2, 2*runtime.GOMAXPROCS(0)))}
	g, ok := gameOf(cfg.Game)
	if !ok {
		return nil, fmt.Errorf("%w: unknown game %q", ErrConfig, cfg.Game)
	}
	d, err := g.start(cfg)
	if err != nil {
		return nil, err
	}
	r.drv = d
	h := d.Handler()
	r.sides = []*side{{name: cfg.Agent.Name(), agent: cfg.Agent}}
	if cfg.Baseline != (Agent{}) {
		r.sides[0].role = reports.SideNew
		r.sides = append(r.sides, &side{role: reports.SideBaseline, name: cfg.Baseline.Name() + " (baseline)", agent: cfg.Baseline})
	}
	connect := false
	for _, sd := range r.sides {
		if sd.agent.URL != "" {
			web, err := agent.NewHTTP(agent.HTTPSpec{URL: sd.agent.URL, MaxConns: cfg.Workers})
			if err != nil {
				r.close()
				return nil, fmt.Errorf("%w: %v", ErrConfig, err)
			}
			sd.web = web
		}
		if cfg.Keep && sd.agent.Mode() == "command" {
			sd.pool = newKeepPool(ctx, sd.spec(cfg), cfg.ExitGrace)
		}
		connect = connect || sd.agent.Mode() == "connect"
	}
	if connect {
		// The game server is shut down by close, after the agents.
		l, err := serverkit.StartLoopback(h, nil)
		if err != nil {
			r.close()
			return nil, err
		}
		r.url, r.loop = l.URL, l
	}
	return r, nil
}

// close ends the kept agents, stops the listener and the server and waits
// for their goroutines. It returns the remarks of the kept agents' pools
// and, for the agent under test, the survivors check of its kept processes.
func (r *runner) close() (remarks []string, checks []reports.Check) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if r.loop != nil {
		_ = r.loop.Close(ctx)
	}
	for _, sd := range r.sides {
		if sd.web != nil {
			_ = sd.web.Close()
		}
		if sd.pool != nil {
			who := "the agent was"
			if sd.role == reports.SideBaseline {
				who = "the baseline was"
			}
			remarks = append(remarks, sd.pool.close(who))
			if sd.role != reports.SideBaseline {
				if c := sd.pool.survivorsCheck(r.cat, r.cfg.Game); c != nil {
					checks = append(checks, *c)
				}
			}
		}
	}
	if r.drv != nil {
		_ = r.drv.Shutdown(ctx)
	}
	return remarks, checks
}

// Run carries out a certification run (or its shard) and returns its report.
// The error is non-nil only when the run cannot start: a bad configuration
// (wrapping ErrConfig) or an embedded server that will not start. Failures
// during matches are in the report (harness-error checks, exit code 3).
func Run(ctx context.Context, cfg Config) (*reports.Report, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	started := time.Now()
	plan := cfg.plan()
	mine, err := shard.Select(plan, cfg.Shard.K, cfg.Shard.N)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	if cfg.RunBudget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.RunBudget)
		defer cancel()
	}
	r, err := newRunner(ctx, cfg)
	if err != nil {
		return nil, err
	}
	results, stop := r.playAll(ctx, mine)
	remarks, keptChecks := r.close()

	seeds := make([]string, len(plan))
	for i, p := range plan {
		seeds[i] = p.Seed
	}
	if stop != nil {
		seeds = seeds[:len(results)/len(r.sides)]
	}
	meta := reports.Meta{
		Version: cfg.Version, Kind: reports.KindCertify, Games: []string{cfg.Game}, RulesVersions: harness.RulesVersions(cfg.Game),
		Target: cfg.Agent.Target(), Config: reports.Redact(configMap(cfg)), Seeds: seeds, Started: started,
		Strict: cfg.Strict, KnownFailing: cfg.KnownFailing,
	}
	if cfg.Baseline != (Agent{}) {
		meta.AB = &reports.ABSpec{Baseline: cfg.Baseline.Target(), Elo0: cfg.Elo0, Elo1: cfg.Elo1, Alpha: cfg.Alpha, Beta: cfg.Beta, Gate: cfg.Gate}
	}
	if cfg.Shard.N > 1 {
		own := make([]string, len(mine))
		for i, p := range mine {
			own[i] = p.Seed
		}
		meta.Shard = &reports.Shard{K: cfg.Shard.K, N: cfg.Shard.N, Seeds: own}
	}
	rep := reports.New(meta, reports.ApplicableRules(meta.Kind, r.cat))
	misses, baseFailing, baseMatches := 0, 0, 0
	for _, res := range results {
		rep.Matches = append(rep.Matches, res.Match)
		misses += res.HarnessMisses
		if res.Side != reports.SideBaseline {
			rep.Checks = append(rep.Checks, res.Checks...)
			continue
		}
		// The baseline is not under test: its findings do not fail the run,
		// but umpire's own failure in its matches leaves a hole.
		failing := false
		for _, c := range res.Checks {
			if c.Status == reports.Error {
				c.Name = "baseline " + c.Name
				rep.Checks = append(rep.Checks, c)
			}
			failing = failing || c.Failing()
		}
		if failing {
			baseFailing++
		}
		baseMatches++
	}
	rep.Checks = append(rep.Checks, keptChecks...)
	if c := unjudged(cfg.Game, results); c != nil {
		rep.Checks = append(rep.Checks, *c)
	}
	if baseFailing > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("the baseline failed checks in %d of its %d matches (not counted against the agent under test; certify it alone to see them)", baseFailing, baseMatches))
	}
	rep.Warnings = append(rep.Warnings, remarks...)
	if w := MemoryWarning(cfg); w != "" {
		rep.Warnings = append(rep.Warnings, w)
	}
	if misses > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("%d answers that umpire received in time were judged late by the server (harness-caused deadline misses; not charged to the agent)", misses))
	}
	if stop != nil {
		rep.Warnings = append(rep.Warnings, stop.String())
	}
	if ctx.Err() != nil {
		rep.Warnings = append(rep.Warnings, "the run "+endedHow(ctx.Err()))
		if len(results) < len(mine)*len(r.sides) {
			// Matches never played leave a hole: the run cannot vouch.
			rep.Checks = append(rep.Checks, reports.Check{Name: CheckHarness, Section: "harness", Rules: []string{}, Status: reports.Error,
				Reason: fmt.Sprintf("the run %s after %d of %d matches", endedHow(ctx.Err()), len(results), len(mine)*len(r.sides))})
		}
	}
	rep.Meta.Duration = time.Since(started)
	rep.Normalize()
	return rep, nil
}

// Replay plays match k of the run cfg describes, exactly as Run plays it,
// and returns its result with the full transcript.
func Replay(ctx context.Context, cfg Config, k int) (*MatchResult, error) {
	if k < 0 {
		return nil, fmt.Errorf("%w: the match index must be 0 or more", ErrConfig)
	}
	if cfg.Matches <= k {
		cfg.Matches = k + 1
	}
	cfg.Shard, cfg.UntilConfident = shard.Shard{}, false
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	cfg.Baseline, cfg.Keep = Agent{}, false
	cfg.Elo0, cfg.Elo1, cfg.Alpha, cfg.Beta, cfg.Gate = 0, 0, 0, 0, ""
	r, err := newRunner(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer r.close()
	r.keepTranscript = true
	return r.playMatch(ctx, cfg.plan()[k], r.sides[0]), nil
}

// playAll plays the planned matches on a pool of workers and returns the
// results in plan order (in an A/B run, each planned match twice: the new
// agent's, then the baseline's). With UntilConfident it stops at the first
// prefix that decides the claim and returns that prefix and the decision;
// an A/B run (not a shard) stops at the first prefix of pairs where the
// SPRT decides.
func (r *runner) playAll(ctx context.Context, plan []Planned) ([]*MatchResult, fmt.Stringer) {
	ns := len(r.sides)
	jobs := len(plan) * ns
	results := make([]*MatchResult, jobs)
	finished := make([]bool, jobs)
	done := make(chan int)
	var (
		inflight, dispatch, next int
		failedMatches            int
		decision                 fmt.Stringer
		stopAt                   int
		seq                      *sequential
	)
	if ns > 1 && r.cfg.Shard.N == 1 {
		seq = &sequential{spec: r.abSpec()}
	}
	for {
		for inflight < r.cfg.Workers && dispatch < jobs && decision == nil && ctx.Err() == nil {
			i := dispatch
			dispatch++
			inflight++
			if r.cfg.Started != nil {
				r.cfg.Started(plan[i/ns], r.sides[i%ns].role)
			}
			go func() {
				results[i] = r.playMatch(ctx, plan[i/ns], r.sides[i%ns])
				done <- i
			}()
		}
		if inflight == 0 {
			break
		}
		i := <-done
		inflight--
		finished[i] = true
		for next < jobs && finished[next] && decision == nil {
			next++
			if r.cfg.Progress != nil {
				r.cfg.Progress(next, jobs, results[next-1])
			}
			if res := results[next-1]; res.Side != reports.SideBaseline && r.matchFailed(res) {
				failedMatches++
			}
			if r.cfg.MaxFailures > 0 && failedMatches >= r.cfg.MaxFailures && next%ns == 0 {
				decision, stopAt = maxFailuresStop{failed: failedMatches, played: next / ns, planned: len(plan)}, next
				break
			}
			switch {
			case r.cfg.UntilConfident:
				if d := decide(results[:next], r.cfg.Seats, r.cfg.MinConfident); d != nil {
					decision, stopAt = d, d.Matches
				}
			case seq != nil && next%ns == 0:
				if d := seq.add(results[next-2].Match, results[next-1].Match); d != nil {
					decision, stopAt = d, next
				}
			}
		}
	}
	if decision != nil {
		return results[:stopAt], decision
	}
	return results[:next-next%ns], nil
}

// matchFailed reports whether a match fails the run: a finding that is
// MUST once graded by its basis, a failed check without findings, or an
// error of umpire's own.
func (r *runner) matchFailed(res *MatchResult) bool {
	for _, c := range res.Checks {
		switch {
		case c.Status == reports.Error:
			return true
		case c.Status != reports.Fail:
			continue
		case len(c.Findings) == 0:
			return true
		}
		for _, f := range c.Findings {
			if r.cat.Grade(f.Finding, r.cfg.Strict).Level == rules.Must {
				return true
			}
		}
	}
	return false
}

// maxFailuresStop is the stop of a run that reached --max-failures.
type maxFailuresStop struct{ failed, played, planned int }

func (m maxFailuresStop) String() string {
	return fmt.Sprintf("stopped after %d failing matches (--max-failures): %d of %d matches played", m.failed, m.played, m.planned)
}

// Decision is the outcome of an early stop.
type Decision struct {
	// Matches is the number of matches (a prefix of the plan) it rests on.
	Matches int
	// Null is the win rate of a seat chosen at random, 1/seats.
	Null float64
	// WinRate is the pooled win rate with its Wilson interval.
	WinRate reports.Interval
	// Better is true when the interval lies above Null, false below.
	Better bool
}

// String states the claim decided.
func (d Decision) String() string {
	way := "more"
	if !d.Better {
		way = "less"
	}
	return fmt.Sprintf("stopped early after %d matches: the agent wins %s often than chance (1/seats = %.3f); win rate %.3f, 95%% Wilson interval [%.3f, %.3f]",
		d.Matches, way, d.Null, d.WinRate.Value, d.WinRate.Lo, d.WinRate.Hi)
}

// decide returns the early-stop decision on a prefix of results, or nil
// while the Wilson interval of the win rate still contains 1/seats. Matches
// that ended in a harness error do not count.
func decide(results []*MatchResult, seats, minimum int) *Decision {
	if len(results) < minimum {
		return nil
	}
	wins, n := 0, 0
	for _, res := range results {
		if res.Match.Termination == reports.TermHarness {
			continue
		}
		n++
		if res.Match.Won {
			wins++
		}
	}
	ci := reports.Wilson(wins, n)
	null := 1 / float64(seats)
	switch {
	case n >= minimum && ci.Lo > null:
		return &Decision{Matches: len(results), Null: null, WinRate: ci, Better: true}
	case n >= minimum && ci.Hi < null:
		return &Decision{Matches: len(results), Null: null, WinRate: ci, Better: false}
	}
	return nil
}

// abSpec is the A/B test of the run.
func (r *runner) abSpec() reports.ABSpec {
	c := r.cfg
	return reports.ABSpec{Baseline: c.Baseline.Target(), Elo0: c.Elo0, Elo1: c.Elo1, Alpha: c.Alpha, Beta: c.Beta, Gate: c.Gate}
}

// sequential is the SPRT of an A/B run as its pairs complete in plan order:
// the same counts, so the same LLR, as reports.ABOf computes from the
// report, pair by pair.
type sequential struct {
	spec    reports.ABSpec
	l, d, w int
	pairs   int
}

// ABStop is the early stop of an A/B run.
type ABStop struct {
	// Pairs is the number of pairs (a prefix of the plan) it rests on.
	Pairs int
	// SPRT is the test at the stop.
	SPRT reports.SPRT
}

// String states the decision.
func (s ABStop) String() string {
	return "stopped early: SPRT " + s.SPRT.DecisionText()
}

// add counts one pair and returns the stop once the test decides.
func (q *sequential) add(n, b reports.Match) *ABStop {
	q.pairs++
	o, ok := reports.PairOutcome(n, b)
	if !ok {
		return nil
	}
	switch o {
	case 1:
		q.w++
	case 0:
		q.l++
	default:
		q.d++
	}
	llr := reports.LLR(q.spec.Elo0, q.spec.Elo1, q.l, q.d, q.w)
	lo, hi := reports.SPRTBounds(q.spec.Alpha, q.spec.Beta)
	s := reports.SPRT{Elo0: q.spec.Elo0, Elo1: q.spec.Elo1, Alpha: q.spec.Alpha, Beta: q.spec.Beta, Lower: lo, Upper: hi, LLR: llr, Pairs: q.l + q.d + q.w}
	switch {
	case llr >= hi:
		s.Decision = reports.SPRTAcceptH1
	case llr <= lo:
		s.Decision = reports.SPRTAcceptH0
	default:
		return nil
	}
	return &ABStop{Pairs: q.pairs, SPRT: s}
}

// configMap is the run's configuration for the report: the same for every
// shard of a run (so no shard, no worker count).
func configMap(c Config) map[string]any {
	m := map[string]any{
		"game": c.Game, "agent_mode": c.Agent.Mode(), "matches": c.Matches, "seed": c.Seed, "seats": c.Seats,
		"deadline": c.Deadline.String(), "adversaries": append([]string(nil), c.Adversaries...),
		"match_budget": c.MatchBudget.String(), "until_confident": c.UntilConfident, "inject_server_error": !c.NoInject,
	}
	if c.Keep {
		m["agent_keep"] = true
	}
	if c.Baseline != (Agent{}) {
		m["baseline_mode"] = c.Baseline.Mode()
		m["sprt"] = map[string]any{"elo0": c.Elo0, "elo1": c.Elo1, "alpha": c.Alpha, "beta": c.Beta, "gate": c.Gate}
	}
	if g, ok := gameOf(c.Game); ok && g.Settings != nil {
		g.Settings(c, m)
	}
	for k, v := range c.Record {
		if _, taken := m[k]; !taken {
			m[k] = v
		}
	}
	return m
}

// IsConfigError reports whether err is a configuration (usage) error.
func IsConfigError(err error) bool { return errors.Is(err, ErrConfig) }

// endedHow says in plain words why a run's context ended: "was
// interrupted" (Ctrl-C, SIGTERM, a cancelled caller) or "ran out of its
// time budget".
func endedHow(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return "ran out of its time budget"
	}
	return "was interrupted"
}

// MemoryWarning says that the run's agent processes run without the memory
// limit asked for (Config.AgentMemory), and why; "" when they have it, when
// none was asked for, or when no agent process is started (URL agents).
func MemoryWarning(c Config) string {
	procs := func(a Agent) bool { return a.Command != "" || a.Connect != "" }
	if c.AgentMemory < 0 || !(procs(c.Agent) || procs(c.Baseline)) {
		return ""
	}
	if _, err := agent.MemorySupport(); err != nil {
		return "agents run without a memory limit (--agent-memory): " + err.Error()
	}
	return ""
}
