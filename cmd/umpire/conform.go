package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/probe"
	basrv "github.com/umpire-arena/umpire/harness/server/bangarena"
	infsrv "github.com/umpire-arena/umpire/harness/server/inference"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

const conformSynopsis = "--game G (--target URL (--match ID | --room ID) --seat N=TOKEN... | --target URL --create | --embedded) [--config FILE] [--deadline-ms N] [--mcp auto|yes|no] [--label-filter EXPR] [--junit F] [--json F] [--html F] [--md F] [--report-dir DIR]"

// seatFlags collects repeatable --seat N=TOKEN flags.
type seatFlags map[int]string

func (s seatFlags) String() string { return fmt.Sprintf("%d seats", len(s)) }

func (s seatFlags) Set(v string) error {
	seat, tok, err := probe.ParseSeat(v)
	if err != nil {
		return err
	}
	s[seat] = tok
	return nil
}

// cmdConform runs "umpire conform": the server conformance suite of
// harness/probe against a live server (or the embedded one), serially and
// in-process. It calls the same check list the Ginkgo suites of specs/ wrap
// (see specs/doc.go for why the binary does not run Ginkgo itself), so both
// produce the same reports model. Exit 0 when every MUST holds, 1 on a MUST
// finding (or when nothing was checked), 2 for usage errors, 3 when the run
// could not be carried out (target unreachable, a check errored).
func cmdConform(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "conform", conformSynopsis)
	var t probe.Target
	seats := seatFlags{}
	fs.StringVar(&t.Game, "game", "", "game: inference or bangarena")
	fs.StringVar(&t.URL, "target", "", "the server's base URL (env UMPIRE_TARGET)")
	fs.StringVar(&t.Match, "match", "", "Inference match id to play (env UMPIRE_MATCH)")
	fs.StringVar(&t.Room, "room", "", "BangArena room id to play (env UMPIRE_ROOM)")
	fs.Var(seats, "seat", "N=TOKEN: a seat the suite may play (repeatable; env UMPIRE_SEATS=\"0=tok,1=tok\")")
	fs.BoolVar(&t.Create, "create", false, "the target offers the harness extension: the suite creates its matches and rooms (env UMPIRE_CREATE)")
	embedded := fs.Bool("embedded", false, "start the embedded reference server in-process as the target")
	unsafeFaults := fs.Bool("unsafe-faults", false, "with --embedded: switch on the faults named in "+infsrv.FaultsEnv+" (to see the suite catch them)")
	dialectList := fs.String("dialect", "", "with --embedded: the embedded server speaks these legitimate dialects, comma-separated (choices where the rules are silent; Inference: "+inferenceDialectNames()+")")
	config := fs.String("config", "", "JSON file with the target configuration (fields of probe.Target)")
	fs.IntVar(&t.DeadlineMS, "deadline-ms", 0, "the server's decision deadline in ms; asked for in created matches (default 300; env UMPIRE_DEADLINE_MS)")
	fs.IntVar(&t.TableSize, "seats", 0, "seats of the matches and rooms the suite creates (default 3 Inference, 4 BangArena)")
	fs.IntVar(&t.Rounds, "rounds", 0, "rounds of the observed Inference match the suite creates (default 6)")
	fs.StringVar(&t.MCP, "mcp", "", "declared MCP capability: auto (probe /mcp), yes, no (env UMPIRE_MCP)")
	fs.StringVar(&t.SeatPolicy, "seat-policy", "", "BangArena illegal-answer policy of the suite's seats (default reask_then_random)")
	fs.StringVar(&t.Seed, "seed", "", "seed prefix of the matches and rooms the suite creates (default fixed seeds); with --room, the room's seed, which enables the replay cross-check")
	fs.DurationVar(&t.CheckTimeout, "check-timeout", 0, "bound on each check (default derived from the deadline)")
	filter := fs.String("label-filter", "", "Ginkgo label filter over the checks' labels: the game and rule ids (e.g. 'bangarena/server.token || bangarena/14.random-legal')")
	junit := fs.String("junit", "", "write JUnit XML to this file")
	jsonOut := fs.String("json", "", "write the JSON report to this file")
	html := fs.String("html", "", "write the HTML report to this file")
	md := fs.String("md", "", "write the Markdown summary to this file")
	dir := fs.String("report-dir", "", "write every report format into this directory")
	format := fs.String("format", "text", "console output: text, or json (the report summary)")
	var basis basisFlags
	addBasisFlags(fs, &basis, true)
	if c, ok := parseFlags(fs, args); !ok {
		return c
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "umpire conform: unexpected arguments %q\n", fs.Args())
		return exitUsage
	}
	if !checkGame(e, t.Game) || !checkFormat(e, *format) {
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
	if *embedded && (t.URL != "" || t.Match != "" || t.Room != "" || len(t.Seats) > 0) {
		fmt.Fprintln(e.stderr, "umpire conform: --embedded makes its own target; drop --target, --match, --room and --seat")
		return exitUsage
	}
	// Flags first, then the environment, then the file.
	if !*embedded {
		if err := t.FromEnv(os.Getenv); err != nil {
			fmt.Fprintf(e.stderr, "umpire conform: %v\n", err)
			return exitUsage
		}
	}
	if *config != "" {
		if err := t.LoadFile(*config); err != nil {
			fmt.Fprintf(e.stderr, "umpire conform: %v\n", err)
			return exitUsage
		}
	}
	checks, err := probe.Filter(probe.Checks(t.Game), *filter)
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
	if err := reachable(ctx, &t); err != nil {
		fmt.Fprintf(e.stderr, "umpire conform: the target cannot be reached: %v\n", err)
		return exitError
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
	meta := reports.Meta{
		Version: strings.TrimSpace(version), Kind: reports.KindConform, Games: []string{t.Game},
		RulesVersions: harness.RulesVersions(t.Game), Target: t.URL, Config: reports.Redact(cfg), Started: start,
		Strict: t.Strict,
	}
	if err := basis.apply(&meta); err != nil {
		fmt.Fprintf(e.stderr, "umpire conform: %v\n", err)
		return exitUsage
	}
	t.Strict = meta.Strict
	t.Flaky = knownRules(meta.KnownFlaky)
	rep := reports.New(meta, reports.ApplicableRules(reports.KindConform, rules.Default()))
	rep.Checks = probe.RunAll(ctx, &t, checks, func(_ int, rc reports.Check) {
		if *format == "text" {
			printCheck(e, rc)
		}
	})
	rep.Meta.Duration = time.Since(start)
	rep.Normalize()
	if err := writeConformReports(rep, *junit, *jsonOut, *html, *md, *dir); err != nil {
		fmt.Fprintf(e.stderr, "umpire conform: writing reports: %v\n", err)
		return exitError
	}
	sum := rep.Summary()
	if *format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(sum)
	} else {
		c := sum.Counts
		fmt.Fprintf(e.stdout, "%s: %d checks — %d pass, %d fail, %d error, %d skip (%d warnings) in %v\n",
			strings.ToUpper(string(sum.Verdict)), c.Total, c.Pass, c.Fail, c.Error, c.Skip, c.Warnings, rep.Meta.Duration.Round(time.Millisecond))
	}
	return rep.ExitCode()
}

// conformFaults returns the faults of the embedded server: none unless
// --unsafe-faults is given together with UMPIRE_UNSAFE_FAULTS.
func conformFaults(game string, unsafe bool) ([]string, error) {
	if game == gameBangArena {
		return faultNames(basrv.FaultsFromEnv(os.Getenv, unsafe))
	}
	return faultNames(infsrv.FaultsFromEnv(os.Getenv, unsafe))
}

// faultNames turns either server's fault list into plain names.
func faultNames[F ~string](fs []F, err error) ([]string, error) {
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range fs {
		out = append(out, string(f))
	}
	return out, nil
}

// reachable makes one request to the target: any HTTP answer will do.
func reachable(ctx context.Context, t *probe.Target) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, t.URL+"/", nil)
	if err != nil {
		return err
	}
	client := t.HTTP
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// rulesVersions names the documents a game is judged against.

// printCheck prints one finished check.
func printCheck(e *env, c reports.Check) {
	status := strings.ToUpper(c.Status.String())
	if c.Warning() {
		status = "WARN"
	}
	fmt.Fprintf(e.stdout, "%-5s %s (%v)\n", status, c.Name, c.Duration.Round(time.Millisecond))
	if c.Reason != "" {
		fmt.Fprintf(e.stdout, "      %s\n", safeText(c.Reason))
	}
	for i, f := range c.Findings {
		if i == 5 {
			fmt.Fprintf(e.stdout, "      … %d more findings in the report\n", len(c.Findings)-5)
			break
		}
		// Findings quote the target's answers: escaped for the terminal.
		fmt.Fprintf(e.stdout, "      %s\n", safeText(f.Finding.String()))
		if r, ok := rules.Default().Lookup(f.Rule); ok {
			fmt.Fprintf(e.stdout, "        requirement: %s\n", r.Text)
		}
	}
}

// writeConformReports writes the requested report files.
func writeConformReports(rep *reports.Report, junit, jsonOut, html, md, dir string) error {
	var errs []error
	for _, o := range []struct {
		path  string
		write reports.WriteFunc
	}{{junit, reports.WriteJUnit}, {jsonOut, reports.WriteJSON}, {html, reports.WriteHTML}, {md, reports.WriteMarkdown}} {
		if o.path != "" {
			errs = append(errs, reports.WriteFile(o.path, rep, o.write))
		}
	}
	if dir != "" {
		_, err := reports.WriteDir(dir, rep)
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}
