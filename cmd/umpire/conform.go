package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// conformSynopsis is conform's usage line; the flags that name one match
// are the registered games' nouns ("--match ID | --room ID").
func conformSynopsis() string {
	var ids []string
	for _, n := range conform.MatchNouns() {
		ids = append(ids, "--"+n.Noun+" ID")
	}
	return "--game G (--target URL (" + strings.Join(ids, " | ") + ") --seat N=TOKEN... | --target URL --create | --embedded) [--config FILE] [--deadline-ms N] [--mcp auto|yes|no] [--label-filter EXPR] [--check NAME] [--list] [--strict] [--known-failing FILE] [--junit F] [--json F] [--html F] [--md F] [--report-dir DIR]"
}

// seatFlags collects repeatable --seat N=TOKEN flags.
type seatFlags map[int]string

func (s seatFlags) String() string { return fmt.Sprintf("%d seats", len(s)) }

func (s seatFlags) Set(v string) error {
	seat, tok, err := conform.ParseSeat(v)
	if err != nil {
		return err
	}
	s[seat] = tok
	return nil
}

// matchFlag is one flag naming the match to play under a game's noun
// (--match, --room): each writes Target.Match (conform.Target.SetMatch).
type matchFlag struct {
	t    *conform.Target
	noun string
}

func (f matchFlag) String() string {
	if f.t == nil || f.t.MatchNoun != f.noun {
		return ""
	}
	return f.t.Match
}

func (f matchFlag) Set(v string) error { return f.t.SetMatch(f.noun, v) }

// matchFlagNames lists the flags naming a match: "--match, --room".
func matchFlagNames() string {
	var names []string
	for _, n := range conform.MatchNouns() {
		names = append(names, "--"+n.Noun)
	}
	return strings.Join(names, ", ")
}

// cmdConform runs "umpire conform": the server conformance suite
// (harness/conform, each game's checks in harness/<game>/probe) against a live server (or the embedded one), serially and
// in-process. It calls the same check list the Ginkgo suites of specs/ wrap
// (see specs/doc.go for why the binary does not run Ginkgo itself), so both
// produce the same reports model. Exit 0 when every MUST holds, 1 on a MUST
// finding (or when nothing was checked), 2 for usage errors, 3 when the run
// could not be carried out (target unreachable, a check errored).
func cmdConform(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "conform", conformSynopsis())
	var t conform.Target
	seats := seatFlags{}
	fs.StringVar(&t.Game, "game", "", "game: "+harness.NameList())
	fs.StringVar(&t.URL, "target", "", "the server's base URL (env UMPIRE_TARGET)")
	for _, n := range conform.MatchNouns() {
		fs.Var(matchFlag{&t, n.Noun}, n.Noun, nounFlagHelp(n.Noun))
	}
	fs.Var(seats, "seat", "N=TOKEN: a seat the suite may play (repeatable; env UMPIRE_SEATS=\"0=tok,1=tok\")")
	fs.BoolVar(&t.Create, "create", false, "the target offers the harness extension: the suite creates its matches and rooms (env UMPIRE_CREATE)")
	embedded := fs.Bool("embedded", false, "start the embedded reference server in-process as the target")
	unsafeFaults := fs.Bool("unsafe-faults", false, "with --embedded: switch on the faults named in "+gamecli.FaultsEnv+" (to see the suite catch them)")
	dialectList := fs.String("dialect", "", "with --embedded: the embedded server speaks these legitimate dialects, comma-separated (choices where the rules are silent; "+allDialectNames()+")")
	config := fs.String("config", "", "JSON file with the target configuration: keys are this command's flag names (see examples/conform.jsonc); a flag given wins, and says so")
	fs.IntVar(&t.DeadlineMS, "deadline-ms", 0, "the server's decision deadline in ms; asked for in created matches (default 300; env UMPIRE_DEADLINE_MS)")
	fs.IntVar(&t.TableSize, "seats", 0, "seats of the matches and rooms the suite creates (default "+conformSeats()+")")
	fs.IntVar(&t.Rounds, "rounds", 0, "rounds of the observed "+roundsGames()+" match the suite creates (default 6)")
	fs.StringVar(&t.MCP, "mcp", "", "declared MCP capability: auto (probe /mcp), yes, no (env UMPIRE_MCP)")
	fs.StringVar(&t.SeatPolicy, "seat-policy", "", gameHelp("illegal-answer policy of the suite's seats", func(h gamecli.Help) string { return h.SeatPolicy }))
	fs.StringVar(&t.Seed, "seed", "", "seed prefix of the matches and rooms the suite creates (default fixed seeds); with --room, the room's seed, which enables the replay cross-check")
	fs.DurationVar(&t.CheckTimeout, "check-timeout", 0, "bound on each check (default derived from the deadline)")
	fs.DurationVar(&t.Budget, "budget", 0, "how long the suite may play on (more rooms, more rounds) for rare situations its seats steer toward and that have not arisen; 0: the default (45s), negative: no playing on")
	fs.DurationVar(&t.RequestTimeout, "request-timeout", 0, "bound on each HTTP request to the target (default 10s or three deadlines)")
	var runTimeout budgetFlag
	fs.Var(&runTimeout, "timeout", "budget of the whole run: auto (the sum of the checks' own bounds, their play-on budget included, plus the preflight's and a minute: a run whose checks keep to their bounds never meets it), a duration, or 0 for none; when it runs out the check under way ends, the checks not carried out are errors (\"not run: the run's budget ran out\"), the reports are still written, exit 3")
	filter := fs.String("label-filter", "", "Ginkgo label filter over the checks' labels: the game and rule ids (e.g. 'bangarena/server.token || bangarena/14.random-legal')")
	var out reportFlags
	addReportFlags(fs, &out)
	bundle := addBundleFlags(fs, "write a certification bundle into this directory: every report, the run, transcripts, a digest manifest (umpire bundle verify DIR)")
	format := fs.String("format", "text", "console output: text, or json (the report summary)")
	var basis basisFlags
	addBasisFlags(fs, &basis, true)
	list := fs.Bool("list", false, "list the suite's checks with their sections and rules, and run nothing")
	var only checkNames
	fs.Var(&only, "check", "run only the check of this name (or a unique part of it; repeatable)")
	if c, ok := parseFlags(fs, args); !ok {
		return c
	}
	if !bundle.load(e, "conform") {
		return exitError
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "umpire conform: unexpected arguments %q\n", fs.Args())
		return exitUsage
	}
	if len(seats) > 0 {
		t.Seats = seats
	}
	if *unsafeFaults && !*embedded {
		fmt.Fprintln(e.stderr, "umpire conform: --unsafe-faults works with --embedded only")
		return exitUsage
	}
	if *dialectList != "" && !*embedded {
		fmt.Fprintln(e.stderr, "umpire conform: --dialect works with --embedded only")
		return exitUsage
	}
	if *embedded && (t.URL != "" || t.Match != "" || len(t.Seats) > 0) {
		fmt.Fprintf(e.stderr, "umpire conform: --embedded makes its own target; drop --target, %s and --seat\n", matchFlagNames())
		return exitUsage
	}
	// Flags first, then the environment, then the file. The file is read
	// before the game is checked, so a file naming its game needs no
	// --game; a flag overriding the file says so, and another game is a
	// usage error (the file describes another server).
	if !*embedded {
		if err := t.FromEnv(os.Getenv); err != nil {
			fmt.Fprintf(e.stderr, "umpire conform: %v\n", err)
			return exitUsage
		}
	}
	if *config != "" {
		over, err := t.LoadFileOverridden(*config)
		if err != nil {
			fmt.Fprintf(e.stderr, "umpire conform: %v\n", err)
			return exitUsage
		}
		for _, name := range over {
			fmt.Fprintf(e.stderr, "umpire conform: note: %s sets %q, overridden by --%s (or its UMPIRE_ variable)\n", *config, name, name)
		}
	}
	if !checkGame(e, t.Game) || !checkFormat(e, *format) {
		return exitUsage
	}
	if *list {
		checks, err := conform.Filter(conform.Checks(t.Game), *filter)
		if err == nil {
			checks, err = selectChecks(checks, only)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "umpire conform: %v\n", err)
			return exitUsage
		}
		return listChecks(e, checks, *format == "json")
	}
	graded := reports.Meta{Strict: t.Strict}
	if err := basis.apply(&graded); err != nil {
		fmt.Fprintf(e.stderr, "umpire conform: %v\n", err)
		return exitUsage
	}
	t.Strict, t.Flaky = graded.Strict, knownRules(graded.KnownFlaky)
	checks, err := conform.Filter(conform.Checks(t.Game), *filter)
	if err == nil {
		checks, err = selectChecks(checks, only)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire conform: %v\n", err)
		return exitUsage
	}
	var faults, dialects []string
	if *embedded {
		faults, err = conformFaults(t.Game, *unsafeFaults)
		if err == nil {
			dialects, err = conformDialects(t.Game, *dialectList)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "umpire conform: %v\n", err)
			return exitUsage
		}
		srv, err := startEmbedded(t.Game, faults, dialects)
		if err != nil {
			fmt.Fprintf(e.stderr, "umpire conform: starting the embedded server: %v\n", err)
			return exitError
		}
		defer srv.Close()
		t.URL, t.Create = srv.URL, true
	}
	if err := t.Validate(); err != nil {
		fmt.Fprintf(e.stderr, "umpire conform: %v\n", err)
		return exitUsage
	}
	start := time.Now()
	cfg := t.Redacted()
	if *embedded {
		cfg["embedded"] = true
		if len(faults) > 0 {
			cfg["faults"] = faults
		}
		if len(dialects) > 0 {
			cfg["dialects"] = dialects
		}
	}
	if *filter != "" {
		cfg["label_filter"] = *filter
	}
	cfg["umpire_build"] = buildRecord()
	meta := reports.Meta{
		Version: strings.TrimSpace(version), Kind: reports.KindConform, Games: []string{t.Game},
		RulesVersions: harness.RulesVersions(t.Game), Target: t.URL, Config: reports.Redact(cfg), Started: start,
		Strict: t.Strict, KnownFailing: graded.KnownFailing, KnownFlaky: graded.KnownFlaky,
	}
	// Reports that cannot be written are found before any check.
	if err := writablePaths([]string{out.junit, out.json, out.html, out.md}, []string{out.dir, bundle.dir}); err != nil {
		fmt.Fprintf(e.stderr, "umpire conform: %s\n", inert.String(err.Error()))
		return exitError
	}
	// Opened now and written through what was opened (reportFlags.hold).
	err = out.hold()
	defer out.release()
	if err == nil {
		err = bundle.hold()
		defer bundle.release()
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire conform: %s\n", inert.String(err.Error()))
		return exitError
	}
	// A run that cannot play is an error (exit 3) before any check runs,
	// never a finding against the target; its reports say why.
	cannot := ""
	if err := reachable(ctx, &t); err != nil {
		cannot = fmt.Sprintf("the target %s cannot be reached: %s", reports.RedactString(t.URL), dialReason(err))
	} else if err := conform.Preflight(ctx, &t); err != nil {
		cannot = err.Error()
	}
	if cannot != "" {
		fmt.Fprintf(e.stderr, "umpire conform: %s\n", inert.String(cannot))
		rep := reports.New(meta, reports.ApplicableRules(reports.KindConform, rules.Default()))
		errorRun(rep, "the suite can play the target", cannot)
		rep.Warnings = append(rep.Warnings, t.Redirects()...)
		rep.Meta.Duration = time.Since(start)
		if err := out.write(e, rep); err != nil {
			fmt.Fprintf(e.stderr, "umpire conform: writing reports: %v\n", err)
		}
		return exitError
	}
	rep := reports.New(meta, reports.ApplicableRules(reports.KindConform, rules.Default()))
	cenv := out.console(e) // standard output carries a report of "-" alone
	console := cenv.stdout
	runCtx, cancelRun := conform.WithRunBudget(ctx, runTimeout.or(conform.RunBudget(&t, checks)))
	defer cancelRun()
	run := conformRun{embedded: *embedded, faults: faults, dialects: dialects, strict: t.Strict}
	// On a terminal a long wait is told every heartbeatEvery; in a pipe
	// (a CI log) once nothing was printed for quietEvery, as certify does.
	every := heartbeatEvery
	if !cenv.isTerminal {
		every = cmp.Or(e.quietEvery, quietEvery)
	}
	beat := newHeartbeatEvery(console, *format == "text", every)
	defer beat.stop()
	rep.Checks = conform.RunAllProgress(runCtx, &t, checks, func(_ int, c conform.Check) { beat.waiting(c.Name) }, func(_ int, rc reports.Check) {
		beat.waiting("")
		if *format == "text" {
			// Graded as the report will be: levels by basis, known-failing
			// rules named as such.
			one := []reports.Check{rep.Graded(rc)}
			withReproduce(one, &t, run)
			printCheck(console, one[0])
		}
	})
	rep.Meta.Duration = time.Since(start)
	// The target's redirects, followed within its origin or not followed
	// to another, are said on the run (harness/conform Target.Redirects).
	rep.Warnings = append(rep.Warnings, t.Redirects()...)
	withReproduce(rep.Checks, &t, run)
	rep.Normalize()
	if err := out.write(e, rep); err != nil {
		fmt.Fprintf(e.stderr, "umpire conform: writing reports: %v\n", err)
		return exitError
	}
	if !writeBundle(e, "conform", bundle, rep) {
		return exitError
	}
	sum := rep.Summary()
	if *format == "json" {
		enc := json.NewEncoder(inertJSON(console))
		enc.SetEscapeHTML(false)
		_ = enc.Encode(sum)
	} else {
		c := sum.Counts
		fmt.Fprintf(console, "%s: %d checks — %s in %v (exit %d)\n", sum.Word, c.Total, c.Text(), reports.DurationText(rep.Meta.Duration), sum.ExitCode)
		writeHeadlineDetail(console, sum)
		for _, f := range reports.CoverageFigures(rep.Coverage()) {
			fmt.Fprintf(console, "coverage %s\n", f)
		}
		// The documents' statements the catalogue's checks can reach (not
		// this run's: see umpire rules --statements).
		for _, g := range rep.Meta.Games {
			for _, f := range rules.CountStatements(rules.Statements(g), checkedByManifest()) {
				fmt.Fprintf(console, "statements %s\n", f)
			}
		}
		writeFailedRules(console, sum.FailedRules)
	}
	return rep.ExitCode()
}

// conformFaults returns the faults of the embedded server: none unless
// --unsafe-faults is given together with UMPIRE_UNSAFE_FAULTS.
func conformFaults(game string, unsafe bool) ([]string, error) {
	return gameOf(game).Faults(os.Getenv, unsafe)
}

// reachable makes one request to the target: any HTTP answer will do.
func reachable(ctx context.Context, t *conform.Target) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, t.URL+"/", nil)
	if err != nil {
		return err
	}
	resp, err := t.Client().Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// printCheck prints one finished check.
func printCheck(w io.Writer, c reports.Check) {
	fmt.Fprintf(w, "%-5s %s (%v)\n", c.StatusWord(), c.Name, reports.DurationText(c.Duration))
	if c.Reason != "" {
		fmt.Fprintf(w, "      %s\n", inert.String(c.Reason))
	}
	if c.KnownFailing() {
		fmt.Fprintf(w, "      known failing (--known-failing): %s\n", inert.String(c.KnownReason()))
	}
	// Findings that say the same thing print once, with their count and
	// first places (reports.GroupFindings).
	groups := reports.GroupFindings(c.Findings)
	shown := 0
	for i, g := range groups {
		if i == 5 {
			fmt.Fprintf(w, "      … %d more findings in the report\n", len(c.Findings)-shown)
			break
		}
		shown += g.Count()
		// Findings quote the target's answers: escaped for the terminal.
		f := g.First
		if g.Count() > 1 {
			fmt.Fprintf(w, "      %s %s\n", g.Times(), inert.String(f.Finding.String()))
			fmt.Fprintf(w, "        at: %s\n", inert.String(g.Places(c.Findings, 3)))
		} else {
			fmt.Fprintf(w, "      %s\n", inert.String(f.Finding.String()))
		}
		if r, ok := rules.Default().Lookup(f.Rule); ok {
			fmt.Fprintf(w, "        requirement: %s (%s)\n", r.Text, reports.SourceText(r))
		}
	}
	if c.Reproduce != "" {
		fmt.Fprintf(w, "      reproduce: %s\n", inert.String(c.Reproduce))
	}
}
