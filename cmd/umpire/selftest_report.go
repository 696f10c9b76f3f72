package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/umpire-arena/umpire/harness/selftest"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// selftestReport joins the steps of a selftest run into one report (kind
// selftest) for the report flags: every check of every step's report.json,
// its name prefixed by the step ("inference-conform: …") and its section
// the step; a step that wrote no report (skipped, errored before it
// could) is one check saying why. The steps' own directories keep their
// full reports, matches and transcripts; this one is for CI (one JUnit of
// the whole demo) and carries no matches.
func selftestReport(sum *selftest.Summary) (*reports.Report, []string) {
	rep := reports.New(reports.Meta{Version: sum.Version, Kind: reports.KindSelftest, Games: sum.Games,
		Target: "umpire selftest", Started: sum.Started, Duration: sum.Duration}, nil)
	var warnings []string
	for _, s := range sum.Steps {
		stepRep, err := readStepReport(sum.ReportDir, s)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: %v", s.Name, err))
		}
		if stepRep == nil {
			c := reports.Check{Name: s.Name + ": " + s.Title, Section: s.Name, Reason: s.Reason, Duration: s.Duration}
			switch s.Verdict {
			case selftest.VerdictSkip:
				c.Status = reports.Skip
			case reports.VerdictPass:
				c.Status = reports.Pass
			default:
				c.Status = reports.Error
				c.Reason = nonEmpty(c.Reason, fmt.Sprintf("the step ended with exit %d and wrote no report", s.ExitCode))
			}
			rep.Checks = append(rep.Checks, c)
			continue
		}
		rep.Rules = append(rep.Rules, stepRep.Rules...)
		for _, c := range stepRep.Checks {
			c.Name = s.Name + ": " + c.Name
			c.Section = s.Name
			rep.Checks = append(rep.Checks, c)
		}
		if s.Verdict == reports.VerdictError && s.Reason != "" {
			// The step's report is partial (deadline, interruption): say so
			// as an errored check, so the joined verdict is an error too.
			rep.Checks = append(rep.Checks, reports.Check{Name: s.Name + ": the step ran to its end", Section: s.Name,
				Status: reports.Error, Reason: s.Reason})
		}
		rep.Warnings = append(rep.Warnings, prefixAll(s.Name+": ", stepRep.Warnings)...)
	}
	rep.Warnings = append(rep.Warnings, sum.Warnings...)
	slices.SortStableFunc(rep.Rules, func(a, b rules.Rule) int { return strings.Compare(a.ID, b.ID) })
	rep.Rules = slices.CompactFunc(rep.Rules, func(a, b rules.Rule) bool { return a.ID == b.ID })
	rep.Normalize()
	return rep, warnings
}

// readStepReport reads the report.json a step wrote (nil, nil when it
// wrote none).
func readStepReport(dir string, s selftest.StepResult) (*reports.Report, error) {
	for _, f := range s.Files {
		if path.Base(f) != reports.FileJSON {
			continue
		}
		fh, err := os.Open(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			return nil, err
		}
		defer fh.Close()
		return reports.ReadJSON(fh)
	}
	return nil, nil
}

func prefixAll(p string, l []string) []string {
	out := make([]string, len(l))
	for i, s := range l {
		out[i] = p + s
	}
	return out
}

// writeSelftestReports writes the joined report of a selftest run: in
// every format the report flags ask for, and junit.xml and report.json at
// the top of the run's report directory (beside index.html and
// summary.md), so CI finds one JUnit for the whole demo. It returns false
// when a report could not be written.
func writeSelftestReports(e *env, rf reportFlags, sum *selftest.Summary) bool {
	rep, warnings := selftestReport(sum)
	for _, w := range warnings {
		fmt.Fprintf(e.stderr, "umpire selftest: joining the reports: %s\n", w)
	}
	ok := true
	for _, o := range []struct {
		name  string
		write reports.WriteFunc
	}{{reports.FileJUnit, reports.WriteJUnit}, {reports.FileJSON, reports.WriteJSON}} {
		if err := reports.WriteFile(filepath.Join(sum.ReportDir, o.name), rep, o.write); err != nil {
			fmt.Fprintf(e.stderr, "umpire selftest: writing %s: %v\n", o.name, err)
			ok = false
		}
	}
	if err := rf.write(e, rep); err != nil {
		fmt.Fprintf(e.stderr, "umpire selftest: writing reports: %v\n", err)
		ok = false
	}
	return ok
}

// writeSelftestError writes, for a selftest run that could not be carried
// out, one errored case saying why in every format the flags ask for.
func writeSelftestError(e *env, rf reportFlags, why string) {
	if !rf.any() {
		return
	}
	rep := reports.New(reports.Meta{Version: strings.TrimSpace(version), Kind: reports.KindSelftest, Target: "umpire selftest"}, nil)
	errorRun(rep, "the selftest can run", why)
	if err := rf.write(e, rep); err != nil {
		fmt.Fprintf(e.stderr, "umpire selftest: writing reports: %v\n", err)
	}
}
