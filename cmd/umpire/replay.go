package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/certify"
	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// replayOutput is the JSON form of a replay.
type replayOutput struct {
	Match      reports.Match     `json:"match"`
	Index      int               `json:"index"`
	Role       string            `json:"role,omitempty"`
	Checks     []reports.Check   `json:"checks"`
	Transcript []reports.Message `json:"transcript"`
}

// cmdReplay runs "umpire replay": match K of a certify run, played again
// exactly as the run played it, with its full transcript.
func cmdReplay(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "replay", "--game G --seed S [--match K] (--agent 'CMD' | --agent-connect 'CMD' | --agent-url URL) [the run's --seats --rounds --mode --deadline --adversaries] [--format text|json]")
	var f certFlags
	addCertFlags(fs, &f)
	match := fs.Int("match", 0, "the match to replay: its index K in the run (seed \"<seed>/<K>\")")
	var out reportFlags
	addReportFlags(fs, &out)
	var basis basisFlags
	addStrictFlag(fs, &basis)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "umpire replay: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if !checkGame(e, f.game) || !checkFormat(e, f.format) || !f.checkAgentFlags(e, "replay") {
		return exitUsage
	}
	if *match < 0 {
		fmt.Fprintln(e.stderr, "umpire replay: --match must be 0 or more")
		return exitUsage
	}
	cfg := f.config()
	cfg.Matches = *match + 1
	if err := cfg.Validate(); err != nil {
		fmt.Fprintf(e.stderr, "umpire replay: %v\n", err)
		return exitUsage
	}
	if !f.agentStartable(e, "replay") {
		return exitError
	}
	res, err := certify.Replay(ctx, cfg, *match)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire replay: %v\n", err)
		if certify.IsConfigError(err) {
			return exitUsage
		}
		return exitError
	}
	// The match as a report: its checks graded by their basis, the whole
	// transcript kept, every format asked for written.
	rep := reports.New(reports.Meta{Version: cfg.Version, Kind: reports.KindCertify, Games: []string{f.game},
		RulesVersions: harness.RulesVersions(f.game), Target: cfg.Agent.Target(), Seeds: []string{res.Seed},
		Started: time.Now(), Strict: basis.strict}, reports.ApplicableRules(reports.KindCertify, rules.Default()))
	m := res.Match
	m.Transcript = res.Transcript
	rep.Matches = []reports.Match{m}
	for _, c := range res.Checks {
		if c.Seed == "" {
			c.Seed = res.Seed
		}
		rep.Checks = append(rep.Checks, c)
	}
	rep.Normalize()
	res.Checks = rep.Checks
	code := rep.ExitCode()
	if err := out.write(e, rep); err != nil {
		fmt.Fprintf(e.stderr, "umpire replay: writing reports: %v\n", err)
		return exitError
	}
	e = out.console(e)
	if f.format == "json" {
		enc := json.NewEncoder(inertJSON(e.stdout))
		enc.SetIndent("", "  ")
		if err := enc.Encode(replayOutput{Match: res.Match, Index: res.Index, Role: res.Role, Checks: res.Checks, Transcript: res.Transcript}); err != nil {
			return exitError
		}
		return code
	}
	fmt.Fprintf(e.stdout, "replay of match %d (seed %s): seat %d of %d vs %s\n", res.Index, inert.String(res.Seed), res.Seat, res.Match.Seats, res.Adversary)
	for _, m := range res.Transcript {
		arrow := "→"
		if m.Dir == reports.Received {
			arrow = "←"
		}
		fmt.Fprintf(e.stdout, "%s %s %s\n", m.At.UTC().Format("15:04:05.000"), arrow, inert.String(m.Content())+invalidMark(m))
	}
	fmt.Fprintf(e.stdout, "\ntermination %s, rank %d, score %g", res.Match.Termination, res.Match.Rank, res.Match.Score)
	if res.Role != "" {
		fmt.Fprintf(e.stdout, ", role %s", inert.String(res.Role))
	}
	fmt.Fprintln(e.stdout)
	for _, c := range res.Checks {
		line := fmt.Sprintf("%-5s %s", c.StatusWord(), c.Name)
		if c.Reason != "" {
			line += ": " + c.Reason
		}
		fmt.Fprintln(e.stdout, inert.String(line))
		for _, fd := range c.Findings {
			fmt.Fprintf(e.stdout, "      %s %s: %s\n", fd.Level, fd.Rule, inert.String(fd.Message))
		}
	}
	if s := res.Match.Stderr; s != "" {
		fmt.Fprintln(e.stdout, "\nagent stderr (tail):")
		for _, line := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
			fmt.Fprintln(e.stdout, "  "+inert.String(line))
		}
	}
	return code
}

// invalidMark flags a transcript message whose bytes were not all UTF-8.
func invalidMark(m reports.Message) string {
	if m.InvalidUTF8 {
		return " [invalid UTF-8 replaced]"
	}
	return ""
}
