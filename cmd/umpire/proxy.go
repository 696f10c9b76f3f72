package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/proxy"
	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/internal/origin"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

const proxySynopsis = "--game G --target URL [--listen 127.0.0.1:7080] [--until N] [--max-message BYTES] [--idle-timeout D] [--judge-share F] [--strict] [--known-failing FILE] [--junit F] [--json F] [--html F] [--md F] [--report-dir DIR] [--format text|json]"

// proxyAbout is the long help of "umpire proxy": what it relays and
// judges, each game's traffic from the game's own help (gamecli.Help).
func proxyAbout() string {
	var b strings.Builder
	b.WriteString(`A transparent relay between real agents and a real server that judges both
sides live. Point the agents at the --listen address instead of the server:
same paths, same tokens.
`)
	for _, g := range cliGames() {
		if g.Help.Proxy != "" {
			b.WriteString(wrapText(g.Title+": "+g.Help.Proxy, "  ", "    ", 80))
		}
	}
	b.WriteString(`Every message is forwarded unchanged; it is judged on the side, in order, never
delaying it:
  server side, per seat: schemas; legal actions re-derived from the seat's own
    observation; other seats' hidden values, hands and roles in its stream;
    at match end, the public log the server offers, through the verifier.
  agent side, per seat: each answer legal for its request, echoing it (turn,
    observationVersion, seat), fresh commandIds, table-talk length, in time,
    only when asked.
Seats that do not pass through the relay are unknown, not wrong; what it could
not see is reported inconclusive. Deadlines are timed at the relay: a seat
that lets its turn time out is charged, a server that times out early, times
out a move that came in time, applies a late one or plays the wrong default
action is named. Tokens never reach a report. With --match-reports,
--report-dir also writes one report per match, in DIR/matches/NNN-ID, within
--match-reports-budget bytes. Runs until --until N matches have ended, or
until interrupted (Ctrl-C writes the reports of what was seen).`)
	return b.String()
}

// wrapText breaks text into lines of at most width columns (a longer
// word stands alone), the first prefixed by first, the others by rest.
func wrapText(text, first, rest string, width int) string {
	var b strings.Builder
	line := first
	for i, w := range strings.Fields(text) {
		if i > 0 && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line = rest + w
			continue
		}
		if i > 0 {
			line += " "
		}
		line += w
	}
	b.WriteString(line + "\n")
	return b.String()
}

// cmdProxy runs "umpire proxy". Exit 0 when no MUST finding was seen, 1 on
// one, 2 for usage errors, 3 when the relay could not run (listen address
// taken, target unreachable).
func cmdProxy(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "proxy", proxySynopsis)
	usage := fs.Usage
	fs.Usage = func() {
		usage()
		fmt.Fprintln(e.stderr, "\n"+proxyAbout())
	}
	game := fs.String("game", "", "game: "+harness.NameList())
	target := fs.String("target", "", "the server's base URL")
	listen := fs.String("listen", "127.0.0.1:7080", "address the relay listens on (agents connect here)")
	until := fs.Int("until", 0, "stop after this many matches ended (0: until interrupted)")
	maxMsg := fs.Int("max-message", proxy.DefaultMaxMessage, "size cap of one message in bytes (WebSocket messages over it close both sides; HTTP bodies over it are relayed unjudged)")
	idle := fs.Duration("idle-timeout", proxy.DefaultIdleTimeout, "a relayed WebSocket silent this long is closed")
	share := fs.Float64("judge-share", proxy.DefaultJudgeShare, "share of one core's time the judges of relayed WebSocket connections may take together; past it messages are relayed unjudged (inconclusive)")
	var out reportFlags
	addReportFlags(fs, &out)
	var basis basisFlags
	addBasisFlags(fs, &basis, false)
	format := fs.String("format", "text", "console output: text, or json (the report summary)")
	perMatchReports := fs.Bool("match-reports", false, "with --report-dir, also write one report per match into DIR/matches/NNN-ID")
	perMatchBudget := fs.Int64("match-reports-budget", defaultMatchReportsBudget, "`bytes` the reports per match may take in all; matches past it get none (the run's report says how many)")
	maxMatches := fs.Int("max-matches", proxy.DefaultMaxMatches, "matches (rooms) the relay tracks; traffic of later ones is relayed unjudged and the run errs (exit 3)")
	if c, ok := parseFlags(fs, args); !ok {
		return c
	}
	if !checkNoArgs(e, fs, "proxy") || !checkGame(e, *game) || !checkFormat(e, *format) {
		return exitUsage
	}
	if *target == "" {
		fmt.Fprintln(e.stderr, "umpire proxy: --target is required (the server's base URL)")
		return exitUsage
	}
	if *until < 0 || *maxMsg < 1 || *idle <= 0 || !(*share > 0) || *maxMatches < 1 || *perMatchBudget < 1 {
		fmt.Fprintln(e.stderr, "umpire proxy: --until must be >= 0, --max-message, --idle-timeout, --judge-share, --max-matches and --match-reports-budget > 0")
		return exitUsage
	}
	if *perMatchReports && out.dir == "" {
		fmt.Fprintln(e.stderr, "umpire proxy: --match-reports writes into --report-dir: give one")
		return exitUsage
	}
	var graded reports.Meta
	if err := basis.apply(&graded); err != nil {
		fmt.Fprintf(e.stderr, "umpire proxy: %v\n", err)
		return exitUsage
	}
	console := out.console(e).stdout // standard output carries a report of "-" alone
	// A relay that cannot run is exit 3, and its reports still say why
	// (one errored case), as conform's do.
	cannot := func(name, why string) int {
		why = reports.RedactString(why)
		fmt.Fprintf(e.stderr, "umpire proxy: %s\n", inert.String(why))
		rep := reports.New(reports.Meta{Version: strings.TrimSpace(version), Kind: reports.KindProxy, Games: []string{*game},
			RulesVersions: harness.RulesVersions(*game), Target: reports.RedactString(*target), Started: time.Now(),
			Strict: graded.Strict, KnownFailing: graded.KnownFailing}, reports.ApplicableRules(reports.KindProxy, rules.Default()))
		errorRun(rep, name, why)
		if err := out.write(e, rep); err != nil {
			fmt.Fprintf(e.stderr, "umpire proxy: writing reports: %v\n", err)
		}
		return exitError
	}
	p, err := proxy.New(proxy.Options{Game: *game, Target: *target, MaxMessage: *maxMsg, IdleTimeout: *idle, JudgeShare: *share, Strict: graded.Strict, MaxMatches: *maxMatches,
		OnEvent: func(ev proxy.Event) { proxyProgress(progressOut(e, console, *format), *until, ev) }})
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire proxy: %v\n", err)
		return exitUsage
	}
	if err := writablePaths([]string{out.junit, out.json, out.html, out.md}, []string{out.dir}); err != nil {
		fmt.Fprintf(e.stderr, "umpire proxy: %s\n", inert.String(err.Error()))
		_ = p.Close()
		return exitError
	}
	if err := out.hold(); err != nil {
		fmt.Fprintf(e.stderr, "umpire proxy: %s\n", inert.String(err.Error()))
		_ = p.Close()
		return exitError
	}
	defer out.release()
	if err := reachableURL(ctx, *target); err != nil {
		_ = p.Close()
		return cannot("the relay can reach the target", "the target "+reports.RedactString(*target)+" cannot be reached: "+dialReason(err))
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		_ = p.Close()
		return cannot("the relay can listen", err.Error())
	}
	srv := &http.Server{Handler: p, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	start := time.Now()
	shown := reports.RedactString(*target)
	fmt.Fprintf(progressOut(e, console, *format), "umpire proxy: relaying http://%s → %s (%s); point the agents at http://%s\n", ln.Addr(), shown, *game, ln.Addr())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	var runErr error
	wait := make(chan error, 1)
	go func() {
		if *until > 0 {
			wait <- p.WaitEnded(ctx, *until)
			return
		}
		<-ctx.Done()
		wait <- nil
	}()
	select {
	case runErr = <-served:
	case <-wait:
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	_ = srv.Shutdown(sctx)
	cancel()
	if err := p.Close(); err != nil {
		fmt.Fprintf(e.stderr, "umpire proxy: %v\n", err)
	}
	if runErr != nil && !errors.Is(runErr, http.ErrServerClosed) {
		return cannot("the relay can serve", "serving: "+runErr.Error())
	}

	rep := reports.New(reports.Meta{
		Version: strings.TrimSpace(version), Kind: reports.KindProxy, Games: []string{*game},
		RulesVersions: harness.RulesVersions(*game), Target: shown, Started: start,
		Config:       reports.Redact(map[string]any{"listen": ln.Addr().String(), "until": *until, "max_message": *maxMsg, "idle_timeout": idle.String(), "judge_share": *share, "max_matches": *maxMatches}),
		Strict:       graded.Strict,
		KnownFailing: graded.KnownFailing,
	}, reports.ApplicableRules(reports.KindProxy, rules.Default()))
	rep.Checks = p.Checks()
	perMatch := p.ChecksByMatch()
	matches := len(perMatch)
	if len(rep.Checks) == 0 {
		rep.Warnings = append(rep.Warnings, "no match passed through the relay: nothing was judged")
	}
	rep.Meta.Duration = time.Since(start)
	rep.Normalize()
	if *perMatchReports {
		// Before the run's report, which says what they hold.
		wrote, err := writeMatchReports(out.held, rep.Meta, perMatch, *perMatchBudget)
		if err != nil {
			fmt.Fprintf(e.stderr, "umpire proxy: writing the reports per match: %v\n", err)
			return exitError
		}
		if wrote < len(perMatch) {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("reports per match: %d of %d written; the others would exceed --match-reports-budget (%d bytes)", wrote, len(perMatch), *perMatchBudget))
		}
	}
	if err := out.write(e, rep); err != nil {
		fmt.Fprintf(e.stderr, "umpire proxy: writing reports: %v\n", err)
		return exitError
	}
	sum := rep.Summary()
	if *format == "json" {
		enc := json.NewEncoder(console)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(sum)
	} else {
		for _, c := range rep.Checks {
			if c.Status == reports.Fail || c.Status == reports.Error {
				c.Name = c.Seed + " " + c.Name
				printCheck(console, c)
			}
		}
		n := matches
		c := sum.Counts
		known := ""
		if c.Known > 0 {
			known = fmt.Sprintf(", %d known failing", c.Known)
		}
		fmt.Fprintf(console, "%s: %d match(es), %d checks — %d pass, %d fail%s, %d warn, %d error, %d inconclusive in %v (exit %d)\n",
			sum.Word, n, c.Total, c.Pass, c.Failing(), known, c.Warnings, c.Error, c.Skip, reports.DurationText(rep.Meta.Duration), sum.ExitCode)
		writeHeadlineDetail(console, sum)
		for _, w := range rep.Warnings {
			fmt.Fprintf(console, "warning: %s\n", w)
		}
	}
	return rep.ExitCode()
}

// matchReportsDir is the directory under --report-dir that holds one
// report directory per match.
const matchReportsDir = "matches"

// defaultMatchReportsBudget is the default of --match-reports-budget.
const defaultMatchReportsBudget = 256 << 20

// writeMatchReports writes one report per match (every format) into
// dir/matches/NNN-ID, NNN its order of arrival and ID the match id made
// safe for a file name (ids come from the agents and the server), while
// the bytes written stay within budget: it stops before the match whose
// reports would pass it (a report's size is known once written; the one
// that passes it is removed). A match still running when the relay
// stopped reports what was seen of it. It returns how many it wrote.
func writeMatchReports(dir *reports.Dir, meta reports.Meta, ms []proxy.MatchChecks, budget int64) (int, error) {
	var used int64
	for i, mc := range ms {
		m := meta
		m.Config = maps.Clone(meta.Config)
		if m.Config == nil {
			m.Config = map[string]any{}
		}
		m.Config["match"] = mc.ID
		m.Config["match_ended"] = mc.Ended
		m.Config = reports.Redact(m.Config)
		rep := reports.New(m, reports.ApplicableRules(reports.KindProxy, rules.Default()))
		rep.Checks = mc.Checks
		if !mc.Ended {
			w := "the match had not ended when the relay stopped: this is what was seen of it"
			if mc.Note != "" {
				w = "the match had not ended as the relay saw it (" + mc.Note + "): this is what was seen of it"
			}
			rep.Warnings = append(rep.Warnings, w)
		}
		rep.Normalize()
		// Through the directory opened before the relay started: ids
		// and whatever the agents did meanwhile cannot lead elsewhere.
		rel := filepath.Join(matchReportsDir, fmt.Sprintf("%03d-%s", i+1, fileSafe(mc.ID)))
		sub, err := dir.Sub(rel)
		if err != nil {
			return i, err
		}
		_, err = sub.WriteReports(rep)
		n, serr := sub.Size()
		sub.Close()
		if err == nil {
			err = serr
		}
		if err != nil {
			return i, err
		}
		used += n
		if used > budget {
			if err := dir.RemoveAll(rel); err != nil {
				return i, err
			}
			return i, nil
		}
	}
	return len(ms), nil
}

// fileSafe is id as a file name: letters, digits, '.', '-' and '_' kept,
// anything else '_', at most 64 bytes, never "." or "..".
func fileSafe(id string) string {
	b := []byte(id)
	if len(b) > 64 {
		b = b[:64]
	}
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_':
		case c == '.' && i > 0:
		default:
			b[i] = '_'
		}
	}
	if len(b) == 0 {
		return "_"
	}
	return string(b)
}

// progressOut is where progress lines go: the console for text, stderr
// when the console carries JSON.
func progressOut(e *env, console io.Writer, format string) io.Writer {
	if format == "json" {
		return e.stderr
	}
	return console
}

// proxyProgress prints one progress line (match and room ids come from the
// agents: escaped for the terminal).
func proxyProgress(w io.Writer, until int, ev proxy.Event) {
	switch ev.Kind {
	case "seat":
		fmt.Fprintf(w, "match %s: seat %d passes through the relay\n", inert.String(ev.Match), ev.Seat)
	case "end":
		of := ""
		if until > 0 {
			of = fmt.Sprintf(" [%d/%d]", ev.Ended, until)
		}
		note := ""
		if ev.Note != "" {
			note = " (" + ev.Note + ")"
		}
		fmt.Fprintf(w, "match %s ended%s: %d finding(s), %d MUST%s\n", inert.String(ev.Match), note, ev.Findings, ev.Musts, of)
	}
}

// reachableURL makes one request to the target: any HTTP answer will do.
func reachableURL(ctx context.Context, target string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(target, "/")+"/", nil)
	if err != nil {
		return err
	}
	resp, err := origin.Client(nil, 0).Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
