package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/agent"
	"github.com/umpire-arena/umpire/harness/certify"
	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/harness/shard"
	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/reports"
)

// certFlags are the flags certify and replay share: the agent, the table
// and the run seed, so that a replay names its match as the run did.
type certFlags struct {
	game, agentCmd, agentConnect, agentURL string
	seed, mode, adversaries, format        string
	seats, rounds                          int
	deadline                               time.Duration
}

func addCertFlags(fs *flag.FlagSet, f *certFlags) {
	fs.StringVar(&f.game, "game", "", harness.NameList())
	fs.StringVar(&f.agentCmd, "agent", "", "the agent: a command speaking JSON Lines on stdin/stdout, started once per match (once per worker with --agent-keep)")
	fs.StringVar(&f.agentConnect, "agent-connect", "", "the agent: a command that connects to the server itself (UMPIRE_URL, UMPIRE_GAME, UMPIRE_MATCH or UMPIRE_ROOM, UMPIRE_SEAT, UMPIRE_TOKEN)")
	fs.StringVar(&f.agentURL, "agent-url", "", "the agent: an HTTP endpoint POSTed each decision")
	fs.StringVar(&f.seed, "seed", certify.DefaultSeed, "run seed; match i is seeded \"<seed>/<i>\"")
	fs.IntVar(&f.seats, "seats", 0, "seats per table ("+seatRanges()+"; default the game's, "+defaultSeats()+"); the agent sits in seat i mod seats")
	fs.IntVar(&f.rounds, "rounds", 40, "rounds per "+roundsGames()+" match")
	fs.StringVar(&f.mode, "mode", "", gameHelp("", func(h gamecli.Help) string { return h.Mode }))
	fs.DurationVar(&f.deadline, "deadline", 0, "decision deadline (default: the game's, "+certifyDeadlines()+")")
	fs.StringVar(&f.adversaries, "adversaries", "", "scripted adversary kinds; match i is played against kind i mod count in every other seat (default the game's, "+scriptedKinds()+")")
	fs.StringVar(&f.format, "format", "text", "text or json")
}

// config turns the flags into a certification config (not yet validated).
func (f *certFlags) config() certify.Config {
	var kinds []string
	for _, k := range strings.Split(f.adversaries, ",") {
		if k = strings.TrimSpace(k); k != "" {
			kinds = append(kinds, k)
		}
	}
	return certify.Config{
		Game: f.game, Agent: certify.Agent{Command: f.agentCmd, Connect: f.agentConnect, URL: f.agentURL},
		Seed: f.seed, Seats: f.seats, Rounds: f.rounds, Mode: f.mode, Deadline: f.deadline, Adversaries: kinds,
		Version: strings.TrimSpace(version),
	}
}

// agentArgs renders the agent flags again, for a replay hint.
func (f *certFlags) agentArgs() string {
	switch {
	case f.agentCmd != "":
		return "--agent " + strconv.Quote(reports.RedactString(f.agentCmd))
	case f.agentConnect != "":
		return "--agent-connect " + strconv.Quote(reports.RedactString(f.agentConnect))
	}
	return "--agent-url " + strconv.Quote(reports.RedactString(f.agentURL))
}

// tableArgs renders the table flags that differ from their defaults.
func (f *certFlags) tableArgs() string {
	var b strings.Builder
	if f.seats != 0 {
		fmt.Fprintf(&b, " --seats %d", f.seats)
	}
	if f.rounds != 40 && gameOf(f.game).Rounds {
		fmt.Fprintf(&b, " --rounds %d", f.rounds)
	}
	if f.mode != "" {
		fmt.Fprintf(&b, " --mode %s", f.mode)
	}
	if f.deadline != 0 {
		fmt.Fprintf(&b, " --deadline %s", f.deadline)
	}
	if f.adversaries != "" {
		fmt.Fprintf(&b, " --adversaries %s", f.adversaries)
	}
	return b.String()
}

// checkAgentFlags says whether exactly one agent flag is set.
func (f *certFlags) checkAgentFlags(e *env, name string) bool {
	n := 0
	for _, s := range []string{f.agentCmd, f.agentConnect, f.agentURL} {
		if s != "" {
			n++
		}
	}
	if n != 1 {
		fmt.Fprintf(e.stderr, "umpire %s: give exactly one of --agent, --agent-connect or --agent-url\n", name)
		return false
	}
	return true
}

// agentStartable says, before any match, whether the agent's command can
// start; when it cannot, one line says why and the run is an error (exit 3):
// waiting out every match's deadlines would tell nothing more.
func (f *certFlags) agentStartable(e *env, name string) bool {
	for _, c := range []string{f.agentCmd, f.agentConnect} {
		if c == "" {
			continue
		}
		if err := agent.Startable(c, ""); err != nil {
			fmt.Fprintf(e.stderr, "umpire %s: %s\n", name, inert.String(err.Error()))
			return false
		}
	}
	return true
}

// cmdCertify runs "umpire certify": seeded matches of the agent against
// scripted adversaries on the embedded server, checks, statistics, reports.
func cmdCertify(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "certify", "--game G (--agent 'CMD' | --agent-connect 'CMD' | --agent-url URL) [--agent-keep] [--baseline 'CMD' | --baseline-connect 'CMD' | --baseline-url URL] [--sprt elo0,elo1] [--alpha A] [--beta B] [--gate strict|lenient] [--matches N] [--seed S] [--seats K] [--rounds R] [--mode M] [--deadline D] [--adversaries a,b] [--shard k/n] [--report-dir DIR] [--junit F] [--json F] [--html F] [--md F] [--until-confident] [--format text|json]")
	usage := fs.Usage
	fs.Usage = func() {
		usage()
		fmt.Fprint(e.stderr, certifyABHelp())
	}
	var f certFlags
	addCertFlags(fs, &f)
	matches := fs.Int("matches", certify.DefaultMatches, fmt.Sprintf("matches in the whole run (30 by default: every check runs in each, and the win rate's interval is about ±0.15 wide); with a baseline, the most pairs, %d unless given", certify.DefaultABMatches))
	memory := fs.String("agent-memory", "2GiB", "the memory limit of each agent process and everything it starts (e.g. 512MiB, 4GiB; none for no limit), where the system allows it (cgroups); an agent that passes it is stopped and its match fails (agent.no-crash)")
	keep := fs.Bool("agent-keep", false, "start each JSON Lines agent (--agent, --baseline) once per worker and play many matches through it, a match_start line before each; a crash or hang fails its match and the agent is restarted")
	var base certify.Agent
	fs.StringVar(&base.Command, "baseline", "", "A/B run: the baseline agent, a JSON Lines command like --agent; every seed is played by both")
	fs.StringVar(&base.Connect, "baseline-connect", "", "A/B run: the baseline, a command that connects to the server itself, like --agent-connect")
	fs.StringVar(&base.URL, "baseline-url", "", "A/B run: the baseline, an HTTP endpoint, like --agent-url")
	sprt := fs.String("sprt", "", fmt.Sprintf("A/B run: the SPRT's hypotheses H0 and H1 as elo0,elo1, logistic Elo of the agent over the baseline on pair outcomes (default %g,%g)", certify.DefaultElo0, certify.DefaultElo1))
	alpha := fs.Float64("alpha", 0, fmt.Sprintf("A/B run: the SPRT's α, the chance of accepting H1 when H0 holds (default %g)", certify.DefaultAlpha))
	beta := fs.Float64("beta", 0, fmt.Sprintf("A/B run: the SPRT's β, the chance of accepting H0 when H1 holds (default %g)", certify.DefaultBeta))
	gate := fs.String("gate", "", "A/B run: strict (default) makes an undecided SPRT exit 1, lenient exit 0")
	shardFlag := fs.String("shard", "", "play only shard k of n of the run's matches (e.g. 2/4); merge the shards' report.json with umpire report merge")
	bundle := addBundleFlags(fs, "also write a certification bundle into this directory: every report, the run, transcripts, a digest manifest (umpire bundle verify DIR)")
	reportDir := fs.String("report-dir", "", "where to write report.json, junit.xml, report.html and summary.md (default ./umpire-report/certify-<game>)")
	var rf reportFlags
	addReportFileFlags(fs, &rf)
	maxFailures := fs.Int("max-failures", 0, "stop the run once this many matches have failed (0: play them all); the report says how many were played")
	until := fs.Bool("until-confident", false, "stop early once the win rate's 95% Wilson interval excludes 1/seats (at least 10 matches)")
	workers := fs.Int("workers", 0, "matches played at once (default GOMAXPROCS)")
	var runBudget budgetFlag
	fs.Var(&runBudget, "run-budget", "wall-clock budget of the whole run: auto (its matches played --workers at once, each taking its whole watchdog, plus two minutes: a run whose matches keep to their watchdog never meets it), a duration, or 0 for none; when it runs out the matches under way end as harness errors, those not played are not started, the reports are still written, exit 3")
	var basis basisFlags
	addBasisFlags(fs, &basis, false)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "umpire certify: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if !checkGame(e, f.game) || !checkFormat(e, f.format) || !f.checkAgentFlags(e, "certify") {
		return exitUsage
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	cfg := f.config()
	cfg.Matches, cfg.UntilConfident, cfg.Workers, cfg.RunBudget, cfg.Args = *matches, *until, *workers, runBudget.or(certify.RunBudgetAuto), append([]string{"certify"}, args...)
	if *maxFailures < 0 {
		fmt.Fprintln(e.stderr, "umpire certify: --max-failures must be 0 or more")
		return exitUsage
	}
	cfg.MaxFailures = *maxFailures
	cfg.Record = judgedRecord(f.agentCmd, base.Command)
	cfg.Keep = *keep
	if !bundle.load(e, "certify") {
		return exitError
	}
	mem, ok := parseMemory(*memory)
	if !ok {
		fmt.Fprintf(e.stderr, "umpire certify: --agent-memory %q: want a size such as 512MiB or 4GiB, or none\n", *memory)
		return exitUsage
	}
	cfg.AgentMemory = mem
	if base != (certify.Agent{}) {
		if base.Mode() == "" {
			fmt.Fprintln(e.stderr, "umpire certify: give at most one of --baseline, --baseline-connect or --baseline-url")
			return exitUsage
		}
		cfg.Baseline, cfg.Alpha, cfg.Beta, cfg.Gate = base, *alpha, *beta, *gate
		if !set["matches"] {
			cfg.Matches = certify.DefaultABMatches
		}
		if *sprt != "" {
			e0, e1, ok := parseSPRT(*sprt)
			if !ok {
				fmt.Fprintf(e.stderr, "umpire certify: --sprt %q: want elo0,elo1 with elo0 < elo1, e.g. -20,0\n", *sprt)
				return exitUsage
			}
			cfg.Elo0, cfg.Elo1 = e0, e1
		}
	} else {
		for _, name := range []string{"sprt", "alpha", "beta", "gate"} {
			if set[name] {
				fmt.Fprintf(e.stderr, "umpire certify: --%s needs a baseline (--baseline, --baseline-connect or --baseline-url)\n", name)
				return exitUsage
			}
		}
	}
	if w := certify.MemoryWarning(cfg); w != "" && set["agent-memory"] {
		// Asked for by name: said before the run, not only in its report.
		fmt.Fprintf(e.stderr, "umpire certify: %s\n", inert.String(w))
	}
	var meta reports.Meta
	if err := basis.apply(&meta); err != nil {
		fmt.Fprintf(e.stderr, "umpire certify: %v\n", err)
		return exitUsage
	}
	cfg.Strict, cfg.KnownFailing = meta.Strict, meta.KnownFailing
	if *shardFlag != "" {
		s, err := shard.Parse(*shardFlag)
		if err != nil {
			fmt.Fprintf(e.stderr, "umpire certify: --shard: %v\n", err)
			return exitUsage
		}
		cfg.Shard = s
	}
	if err := cfg.Validate(); err != nil {
		fmt.Fprintf(e.stderr, "umpire certify: %v\n", err)
		return exitUsage
	}
	dir := *reportDir
	if dir == "" {
		dir = filepath.Join("umpire-report", "certify-"+f.game)
	}
	// Reports that cannot be written are found before the first match.
	if err := writablePaths([]string{rf.junit, rf.json, rf.html, rf.md}, []string{dir, bundle.dir}); err != nil {
		fmt.Fprintf(e.stderr, "umpire certify: %s\n", inert.String(err.Error()))
		return exitError
	}
	// The directories are opened now, before the agent runs, and written
	// through what was opened: an agent that swaps one for a link cannot
	// send the reports elsewhere.
	held, err := reports.OpenDir(dir)
	if err == nil {
		defer held.Close()
		err = bundle.hold()
		defer bundle.release()
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire certify: %s\n", inert.String(err.Error()))
		return exitError
	}
	// An agent that cannot start is exit 3 before any match; the reports
	// still say why (certifyCannotRun).
	watch := &lastLine{}
	we := *e
	we.stderr = teeWriter{e.stderr, watch}
	if !f.agentStartable(&we, "certify") {
		return certifyCannotRun(e, rf, held, f.game, "the agent can start", watch.String())
	}
	for _, c := range []string{base.Command, base.Connect} {
		if c == "" {
			continue
		}
		if err := agent.Startable(c, ""); err != nil {
			fmt.Fprintf(e.stderr, "umpire certify: the baseline: %s\n", inert.String(err.Error()))
			return certifyCannotRun(e, rf, held, f.game, "the baseline can start", "the baseline: "+err.Error())
		}
	}
	// Preflight (docs/cli.md): an endpoint nothing listens at, or a JSON
	// Lines agent that dies as soon as it is started, cannot play; saying so
	// once beats every match failing as a crash or disconnect.
	// A JSON Lines agent still running after the start window is watched on
	// while the run begins: one that exits a little later, still given no
	// request (a slow interpreter on a loaded machine), stops the run the
	// same way (docs/cli.md, "Preflight").
	runCtx, stopRun := context.WithCancel(ctx)
	defer stopRun()
	var watches []*startWatch
	endWatches := func() (who string, err error) {
		for _, w := range watches {
			if werr := w.end(); werr != nil && err == nil {
				who, err = w.who, werr
			}
		}
		watches = nil
		return who, err
	}
	defer func() { _, _ = endWatches() }()
	for _, a := range []struct{ who, url, command string }{{"the agent", f.agentURL, f.agentCmd}, {"the baseline", base.URL, base.Command}} {
		var err error
		switch {
		case a.url != "":
			err = urlListens(ctx, a.who, a.url)
		case a.command != "":
			var w *startWatch
			w, err = agentStarts(ctx, e, a.who, a.command, cfg.AgentMemory, stopRun)
			if w != nil {
				watches = append(watches, w)
			}
		}
		if err != nil {
			_, _ = endWatches()
			printLines(e.stderr, "umpire certify: ", err.Error())
			return certifyCannotRun(e, rf, held, f.game, a.who+" can start", err.Error())
		}
	}
	repEnv := e // a report of "-" goes to the real standard output
	e = rf.console(e)
	bar := e.isTerminal && f.format == "text"
	var ab *reports.ABSpec
	if cfg.Baseline != (certify.Agent{}) {
		ab = &reports.ABSpec{Elo0: cfg.Elo0, Elo1: cfg.Elo1, Alpha: cfg.Alpha, Beta: cfg.Beta, Gate: cfg.Gate}
		if ab.Elo0 == 0 && ab.Elo1 == 0 {
			ab.Elo0, ab.Elo1 = certify.DefaultElo0, certify.DefaultElo1
		}
		if ab.Alpha == 0 {
			ab.Alpha = certify.DefaultAlpha
		}
		if ab.Beta == 0 {
			ab.Beta = certify.DefaultBeta
		}
	}
	live := newLiveProgress(e, bar, newRunStatus(cfg.Matches, ab), time.Now())
	cfg.Started = live.start
	cfg.Progress = func(done, total int, r *certify.MatchResult) {
		if runCtx.Err() != nil && ctx.Err() == nil {
			return // stopped by the preflight's watch: these matches do not count
		}
		live.finish(done, total, r)
	}
	live.begin()
	defer certify.TuneGC()()
	rep, err := certify.Run(runCtx, cfg)
	live.end()
	if who, werr := endWatches(); werr != nil {
		printLines(repEnv.stderr, "umpire certify: ", werr.Error())
		return certifyCannotRun(repEnv, rf, held, f.game, who+" can start", werr.Error())
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire certify: %v\n", err)
		if certify.IsConfigError(err) {
			return exitUsage
		}
		return certifyCannotRun(repEnv, rf, held, f.game, "the certification can run", err.Error())
	}
	paths, werr := held.WriteReports(rep)
	if werr == nil {
		werr = replacedDir(held, "report directory")
	}
	if err := rf.write(repEnv, rep); err != nil && werr == nil {
		werr = err
	}
	if f.format == "json" {
		if err := reports.WriteJSON(e.stdout, rep); err != nil {
			return exitError
		}
	} else {
		writeCertifySummary(e.stdout, rep, &f)
		if werr == nil {
			fmt.Fprintf(e.stdout, "reports: %s\n", strings.Join(paths, ", "))
		}
	}
	if werr != nil {
		fmt.Fprintf(e.stderr, "umpire certify: cannot write the reports: %v\n", werr)
		return exitError
	}
	if !writeBundle(e, "certify", bundle, rep) {
		return exitError
	}
	return rep.ExitCode()
}

// writeCertifySummary prints the verdict, the statistics per adversary, the
// failing checks and how to replay a failing match.
func writeCertifySummary(w io.Writer, rep *reports.Report, f *certFlags) {
	sum := rep.Summary()
	fmt.Fprintf(w, "umpire certify --game %s: %s — %d matches, checks: %s\n", f.game, sum.Headline, len(rep.Matches), sum.Counts.Text())
	writeHeadlineDetail(w, sum)
	if rep.Meta.Shard != nil {
		fmt.Fprintf(w, "shard %d/%d: %d of %d seeds\n", rep.Meta.Shard.K, rep.Meta.Shard.N, len(rep.Meta.Shard.Seeds), len(rep.Meta.Seeds))
	}
	score := gameOf(f.game).Score
	col := 12
	if rep.Meta.AB != nil {
		col = 34
	}
	fmt.Fprintf(w, "\n%-*s %4s %-22s %-18s %-22s %s\n", col, "adversary", "n", "win rate [95% CI]", "mean rank [CI]", "mean "+score+" [CI]", "latency p50/p95/p99/max")
	for _, s := range rep.Stats() {
		adv := s.Adversary
		if rep.Meta.AB != nil {
			adv = s.Agent + " vs " + s.Adversary
		}
		lat := "—"
		if s.Latency.Count > 0 {
			lat = certMS(s.Latency.P50) + "/" + certMS(s.Latency.P95) + "/" + certMS(s.Latency.P99) + "/" + certMS(s.Latency.Max)
		}
		fmt.Fprintf(w, "%-*s %4d %-22s %-18s %-22s %s\n",
			col, inert.String(clipRunes(adv, col)), s.Matches, certInterval(s.WinRate, "%.2f"), certInterval(s.MeanRank, "%.2f"), certInterval(s.MeanScore, "%.1f"), lat)
	}
	terms := map[reports.Termination]int{}
	for _, m := range rep.Matches {
		terms[m.Termination]++
	}
	var parts []string
	for _, t := range reports.Terminations() {
		if terms[t] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", t, terms[t]))
		}
	}
	fmt.Fprintf(w, "terminations: %s\n", strings.Join(parts, ", "))
	if ab := rep.AB(); ab != nil {
		writeABSummary(w, rep, ab, score)
	}
	for _, warn := range rep.Warnings {
		fmt.Fprintf(w, "note: %s\n", inert.String(warn))
	}
	// Failing checks, grouped by check and rule, with the first seeds.
	type group struct {
		name, rule string
		level      string
		seeds      []string
		message    string
	}
	groups := map[string]*group{}
	var order []string
	failingSeeds := map[string]bool{}
	var replaySeeds []string // in the report's order: the run's seed order
	// A match umpire could not finish (interrupted, a harness error) shows
	// nothing of the agent's to replay.
	harnessSeeds := map[string]bool{}
	for _, m := range rep.Matches {
		if m.Termination == reports.TermHarness {
			harnessSeeds[m.Seed] = true
		}
	}
	// What umpire could not judge (an interrupted run, a harness error)
	// is no failing check of the agent's: it is said apart.
	var unjudged []string
	runWhy, matchWhy := "", ""
	for _, c := range rep.Checks {
		if c.Status != reports.Fail && c.Status != reports.Error {
			continue
		}
		if c.Name == certify.CheckHarness && len(c.Findings) == 0 {
			switch {
			case c.Seed == "" && runWhy == "":
				runWhy = c.Reason
			case c.Seed != "":
				unjudged = append(unjudged, c.Seed)
				if matchWhy == "" {
					matchWhy = c.Reason
				}
			}
			continue
		}
		rule, level, msg := strings.Join(c.Rules, ","), "ERROR", c.Reason
		if len(c.Findings) > 0 {
			rule, level, msg = c.Findings[0].Rule, string(c.Findings[0].Level), c.Findings[0].Message
		}
		if c.KnownFailing() {
			level, msg = "KNOWN FAILING", c.KnownReason()+" — "+msg
		}
		if (c.Failing() || c.Status == reports.Error) && c.Seed != "" && !failingSeeds[c.Seed] && !harnessSeeds[c.Seed] {
			// A check of the whole run has no match to replay.
			failingSeeds[c.Seed] = true
			replaySeeds = append(replaySeeds, c.Seed)
		}
		key := c.Name + "|" + rule
		g := groups[key]
		if g == nil {
			g = &group{name: c.Name, rule: rule, level: level, message: msg}
			groups[key] = g
			order = append(order, key)
		}
		g.seeds = append(g.seeds, c.Seed)
	}
	if len(order) > 0 {
		fmt.Fprintln(w, "\nfailing checks:")
	}
	for _, k := range order {
		g := groups[k]
		fmt.Fprintf(w, "  %-6s %s (%s) %s: %s\n", g.level, g.rule, g.name, inert.String(placesText(g.seeds)), inert.String(g.message))
	}
	if runWhy != "" || len(unjudged) > 0 {
		// "the run was interrupted after 2 of 8 matches; unfinished: 2
		// matches (umpire/0, umpire/1)"; without a run-level reason, the
		// first match's.
		var parts []string
		if runWhy != "" {
			parts = append(parts, runWhy)
		}
		if len(unjudged) > 0 {
			p := "unfinished: " + strings.TrimPrefix(placesText(unjudged), "in ")
			if runWhy == "" {
				p += " (" + matchWhy + ")"
			}
			parts = append(parts, p)
		}
		fmt.Fprintf(w, "\nnot judged: %s\n", inert.String(strings.Join(parts, "; ")))
	}
	if len(replaySeeds) > 0 {
		s := replaySeeds[0]
		k := s[strings.LastIndexByte(s, '/')+1:]
		fmt.Fprintf(w, "\nreplay a failing match with a full transcript:\n  umpire replay --game %s --seed %s --match %s %s%s\n",
			f.game, strconv.Quote(inert.String(f.seed)), k, f.agentArgs(), f.tableArgs())
	}
}

// placesText says where a group of failed checks failed: "in 2 matches
// (umpire/3, umpire/7)", "in the whole run", or both; a check of the whole
// run has no seed, and is never listed as an empty one.
func placesText(seeds []string) string {
	var matches []string
	whole := false
	for _, s := range seeds {
		if s == "" {
			whole = true
			continue
		}
		matches = append(matches, s)
	}
	var parts []string
	if n := len(matches); n > 0 {
		more := ""
		if n > 3 {
			more = fmt.Sprintf(" and %d more", n-3)
		}
		noun := "matches"
		if n == 1 {
			noun = "match"
		}
		parts = append(parts, fmt.Sprintf("in %d %s (%s%s)", n, noun, strings.Join(matches[:min(3, n)], ", "), more))
	}
	if whole {
		parts = append(parts, "in the whole run")
	}
	return strings.Join(parts, " and ")
}

// certifyABHelp explains the A/B run after the flags of certify -h; the
// scores are the games' (their facts).
func certifyABHelp() string { return strings.Replace(certifyAB, "SCORES", scoreNames(), 1) }

const certifyAB = `
A/B runs (--baseline, --baseline-connect or --baseline-url):
  Every seed is played twice, by the agent (NEW) and by the baseline (OLD),
  in the same seat against the same adversaries (every game's chance depends
  only on the seed). The pair's sample is NEW's score minus OLD's
  (SCORES); its outcome a win, draw or loss for NEW.
  A sequential probability ratio test (fishtest's GSPRT, trinomial model on
  pair outcomes) weighs H0 "NEW is worse: Elo = elo0" against H1 "NEW is not
  worse: Elo = elo1" (--sprt, default -20,0; --alpha and --beta default
  0.05) and stops as soon as the LLR leaves (ln(β/(1-α)), ln((1-β)/α)).
  With --sprt 0,20 it asks "is NEW better?": H1 "better", H0 "not better".
  --matches caps the pairs (default 400). Exit 0 when H1 is accepted, 1 when
  H0 is; an undecided run exits 1, or 0 with --gate lenient. MUST findings
  of NEW still exit 1 and harness errors 3; the baseline's findings are only
  counted in a note. With --shard, every shard plays all its pairs and the
  test is decided on the merge (umpire report merge).
`

// parseSPRT reads "elo0,elo1".
func parseSPRT(s string) (e0, e1 float64, ok bool) {
	a, b, found := strings.Cut(s, ",")
	if !found {
		return 0, 0, false
	}
	x, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	y, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if err1 != nil || err2 != nil || !(x < y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return 0, 0, false
	}
	return x, y, true
}

// writeABSummary prints the paired statistics and the SPRT.
func writeABSummary(w io.Writer, rep *reports.Report, ab *reports.ABResult, score string) {
	fmt.Fprintf(w, "\nA/B against the baseline %s: %s, α %g, β %g\n", inert.String(ab.Spec.Baseline), ab.Spec.Hypotheses(), ab.Spec.Alpha, ab.Spec.Beta)
	fmt.Fprintf(w, "%-12s %5s %4s %-14s %-28s %-20s %7s %-14s %s\n", "adversary", "pairs", "void", "W/D/L", "mean "+score+" diff [95% CI]", "Elo [95% CI]", "LLR", "bounds", "SPRT")
	rows := append([]reports.ABStats(nil), ab.Adversaries...)
	if len(rows) != 1 {
		rows = append(rows, ab.Overall)
	}
	for _, s := range rows {
		fmt.Fprintf(w, "%-12s %5d %4d %-14s %8s [%8s, %8s] %-20s %7.2f %-14s %s\n", inert.String(s.Adversary), s.Pairs, s.Void,
			fmt.Sprintf("%d/%d/%d", s.Wins, s.Draws, s.Losses), reports.Signed(s.MeanDiff.Value, 2), reports.Signed(s.MeanDiff.Lo, 2), reports.Signed(s.MeanDiff.Hi, 2),
			reports.SignedInterval(s.Elo, 0, "[", ", ", "]"), s.SPRT.LLR,
			fmt.Sprintf("[%.2f, %.2f]", s.SPRT.Lower, s.SPRT.Upper), s.SPRT.Short())
	}
	verdict := ab.Overall.SPRT.DecisionText()
	if rep.Meta.Shard != nil {
		verdict += " — this shard alone; the run's test is decided on the merge of its shards"
	}
	fmt.Fprintf(w, "SPRT: %s\n", verdict)
}

// clipRunes shortens s to n runes.
func clipRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// certInterval renders a value with its interval, or "—" when nothing was
// measured.
func certInterval(in reports.Interval, verb string) string {
	if in.N == 0 {
		return "—"
	}
	return fmt.Sprintf(verb+" ["+verb+", "+verb+"]", in.Value, in.Lo, in.Hi)
}

// certMS renders a duration in milliseconds.
func certMS(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 1, 64) + "ms"
}
