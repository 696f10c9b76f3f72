package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/reports"
)

// reportFlags are the report outputs every command that judges takes:
// --junit, --json, --html, --md (each "-" for standard output) and
// --report-dir for all four.
type reportFlags struct {
	junit, json, html, md, dir string
	// held is --report-dir opened before the run (hold), so that what the
	// run does meanwhile (an agent swapping the directory for a link)
	// cannot move where the reports go.
	held *reports.Dir
}

// hold opens --report-dir, when given, before the run.
func (r *reportFlags) hold() error {
	if r.dir == "" || r.held != nil {
		return nil
	}
	d, err := reports.OpenDir(r.dir)
	if err != nil {
		return fmt.Errorf("the report directory %s cannot be opened: %v", r.dir, err)
	}
	r.held = d
	return nil
}

// release closes what hold opened.
func (r *reportFlags) release() {
	if r.held != nil {
		_ = r.held.Close()
		r.held = nil
	}
}

// addReportFlags adds the report flags to fs.
func addReportFlags(fs *flag.FlagSet, r *reportFlags) {
	addReportFileFlags(fs, r)
	fs.StringVar(&r.dir, "report-dir", "", "write every report format into this directory")
}

// addReportFileFlags adds the four one-file report flags to fs, for a
// command whose --report-dir means more than the four files (selftest).
func addReportFileFlags(fs *flag.FlagSet, r *reportFlags) {
	fs.StringVar(&r.junit, "junit", "", "write JUnit XML to this file (- for standard output)")
	fs.StringVar(&r.json, "json", "", "write the JSON report to this file (- for standard output)")
	fs.StringVar(&r.html, "html", "", "write the HTML report to this file (- for standard output)")
	fs.StringVar(&r.md, "md", "", "write the Markdown summary to this file (- for standard output; e.g. $GITHUB_STEP_SUMMARY)")
}

// any reports whether some report was asked for.
func (r *reportFlags) any() bool {
	return r.junit != "" || r.json != "" || r.html != "" || r.md != "" || r.dir != ""
}

// toStdout reports whether some report goes to standard output (the
// console summary then goes to standard error, so the two do not mix).
func (r *reportFlags) toStdout() bool {
	return r.junit == "-" || r.json == "-" || r.html == "-" || r.md == "-"
}

// console returns the env a command's console output goes to: e itself,
// or, when a report goes to standard output, e with its standard output
// pointed at standard error (and no terminal), so that standard output
// carries the report alone and still parses. The report itself is written
// with the original e (write).
func (r *reportFlags) console(e *env) *env {
	if !r.toStdout() {
		return e
	}
	c := *e
	c.stdout, c.isTerminal = e.stderr, false
	return &c
}

// write writes rep in every format asked for; "-" is standard output.
func (r *reportFlags) write(e *env, rep *reports.Report) error {
	var errs []error
	for _, o := range []struct {
		path  string
		write reports.WriteFunc
	}{{r.junit, reports.WriteJUnit}, {r.json, reports.WriteJSON}, {r.html, reports.WriteHTML}, {r.md, reports.WriteMarkdown}} {
		switch o.path {
		case "":
		case "-":
			errs = append(errs, o.write(e.stdout, rep))
		default:
			errs = append(errs, reports.WriteFile(o.path, rep, o.write))
		}
	}
	if r.held != nil {
		_, err := r.held.WriteReports(rep)
		if err == nil {
			err = replacedDir(r.held, "report directory")
		}
		errs = append(errs, err)
	} else if r.dir != "" {
		_, err := reports.WriteDir(r.dir, rep)
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// replacedDir is an error when the directory was moved or swapped for a
// link during the run: its files were written into the directory opened
// before it (never where the path leads now), and whoever looks at the
// path must be told.
func replacedDir(d *reports.Dir, what string) error {
	if !d.Replaced() {
		return nil
	}
	return fmt.Errorf("the %s %s was moved or replaced during the run: the files were written into the directory opened before it, not where the path leads now", what, d.Path())
}

// errorRun records a run that could not be carried out as one errored
// check, so that every report still says why (a CI test tab shows one
// errored case instead of nothing).
func errorRun(rep *reports.Report, name, reason string) {
	rep.Checks = []reports.Check{{Name: name, Status: reports.Error, Reason: reason}}
	rep.Normalize()
}

// certifyCannotRun writes, for a certification that could not be carried
// out (the agent would not start), one errored case saying why into the
// report directory (held open since the preflight) and every report flag,
// and returns exit 3.
func certifyCannotRun(e *env, rf reportFlags, dir *reports.Dir, game, name, why string) int {
	rep := reports.New(reports.Meta{Version: strings.TrimSpace(version), Kind: reports.KindCertify, Games: []string{game},
		RulesVersions: harness.RulesVersions(game), Started: time.Now()}, nil)
	errorRun(rep, name, why)
	_, err := dir.WriteReports(rep)
	if err == nil {
		err = replacedDir(dir, "report directory")
	}
	if werr := rf.write(e, rep); err == nil {
		err = werr
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire certify: writing reports: %v\n", err)
	}
	return exitError
}
