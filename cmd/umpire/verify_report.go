package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// verifyReports builds the report of a verify run when report flags ask
// for one: one check per log, holding the findings the console kept (the
// first rules.MaxKeptPerRule of each rule; the rest are counted in a
// warning), the rules the verifier evaluated, and an errored check when a
// log could not be read, so that the reports are written on every exit
// code.
type verifyReports struct {
	flags reportFlags
	rep   *reports.Report
	game  string
	// mark is when the log being verified began (the previous log's end):
	// each log's check takes the time since.
	mark time.Time
}

func newVerifyReports(flags reportFlags, game string, files []string, strict bool) *verifyReports {
	v := &verifyReports{flags: flags, game: game}
	if !flags.any() {
		return v
	}
	v.rep = reports.New(reports.Meta{Version: strings.TrimSpace(version), Kind: reports.KindVerify, Games: []string{game},
		RulesVersions: harness.RulesVersions(game), Target: strings.Join(files, " "), Started: time.Now(), Strict: strict},
		reports.ApplicableRules(reports.KindVerify, rules.Default()))
	v.mark = v.rep.Meta.Started
	return v
}

// lap returns the time since the previous log ended, and starts the next.
func (v *verifyReports) lap() time.Duration {
	now := time.Now()
	d := now.Sub(v.mark)
	v.mark = now
	return d
}

// on reports whether a report is being built (the findings are then kept
// in JSON mode too).
func (v *verifyReports) on() bool { return v.rep != nil }

// log records one log's check: its findings, the rules evaluated, and why
// it verified nothing when it did not.
func (v *verifyReports) log(name string, fs []rules.Finding, evaluated map[string]int, capped *rules.Cap, nothing string) {
	if v.rep == nil {
		return
	}
	c := reports.Check{Name: name + ": the log replays through the referee", Section: "Logs", Evaluated: evaluated, Duration: v.lap()}
	c.Rules = gameOf(v.game).VerifyRules()
	for _, f := range fs {
		c.Findings = append(c.Findings, reports.Finding{Finding: f})
	}
	switch {
	case nothing != "":
		c.Status, c.Reason = reports.Fail, nothing
	case len(c.Findings) > 0:
		c.Status = reports.Fail
	default:
		c.Status = reports.Pass
	}
	v.rep.Checks = append(v.rep.Checks, c)
	for _, n := range capped.NotKept() {
		v.rep.Warnings = append(v.rep.Warnings, fmt.Sprintf("%s: %s", name, n.String()))
	}
}

// failed records a log that could not be read through.
func (v *verifyReports) failed(name, why string) {
	if v.rep == nil {
		return
	}
	v.rep.Checks = append(v.rep.Checks, reports.Check{Name: name + ": the log replays through the referee", Section: "Logs", Status: reports.Error, Reason: why, Duration: v.lap()})
}

// write writes the reports asked for; it says on stderr when it cannot.
func (v *verifyReports) write(e *env) bool {
	if v.rep == nil {
		return true
	}
	v.rep.Meta.Duration = time.Since(v.rep.Meta.Started)
	v.rep.Normalize()
	if err := v.flags.write(e, v.rep); err != nil {
		fmt.Fprintf(e.stderr, "umpire verify: writing reports: %v\n", err)
		return false
	}
	return true
}
