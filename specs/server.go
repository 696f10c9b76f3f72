package specs

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/onsi/ginkgo/v2"
	"github.com/onsi/gomega"
	"github.com/umpire-arena/umpire/harness"
	_ "github.com/umpire-arena/umpire/harness/allgames"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// EntryName names the report entry in which each spec records its check.
const EntryName = "umpire-check"

// TargetFromEnv returns the target the suites run against: the environment
// (UMPIRE_TARGET, … and the file UMPIRE_CONFIG) when UMPIRE_TARGET is set,
// else nil, meaning the embedded server.
func TargetFromEnv(game string, getenv func(string) string) (*conform.Target, error) {
	if getenv("UMPIRE_TARGET") == "" {
		return nil, nil
	}
	t := &conform.Target{Game: game}
	if err := t.FromEnv(getenv); err != nil {
		return nil, err
	}
	if f := getenv("UMPIRE_CONFIG"); f != "" {
		if err := t.LoadFile(f); err != nil {
			return nil, err
		}
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	return t, nil
}

// ServerSuite declares the server conformance specs of game; call it from a
// package-level var in the suite's test file. It returns true so it can
// initialise that var.
func ServerSuite(game string) bool {
	g, err := games.Lookup(game)
	if err != nil {
		panic("umpire specs: " + err.Error()) // a suite file names a game umpire does not know
	}
	var target *conform.Target
	ginkgo.BeforeSuite(func() {
		t, err := TargetFromEnv(game, os.Getenv)
		if err != nil {
			ginkgo.Fail("umpire: " + err.Error()) // err says "bad target configuration: …"
		}
		if t == nil {
			srv, err := g.StartEmbedded(nil, nil)
			if err != nil {
				ginkgo.Fail("umpire: starting the embedded server: " + err.Error())
			}
			ginkgo.DeferCleanup(srv.Close)
			t = &conform.Target{Game: game, URL: srv.URL, Create: true}
			if err := t.Validate(); err != nil {
				ginkgo.Fail(err.Error())
			}
		}
		target = t
	})
	defaults := &conform.Target{Game: game, URL: "http://127.0.0.1", Create: true}
	_ = defaults.Validate()
	ginkgo.Describe(game+" server conformance", func() {
		for _, c := range g.Checks() {
			ginkgo.It(c.Name, ginkgo.Label(c.Labels()...), ginkgo.SpecTimeout(c.TimeoutOf(defaults)+30*time.Second), func(ctx ginkgo.SpecContext) {
				rc := conform.Run(ctx, target, c)
				data, err := json.Marshal(rc)
				if err == nil {
					ginkgo.AddReportEntry(EntryName, string(data), ginkgo.ReportEntryVisibilityNever)
				}
				Judge(rc)
			})
		}
	})
	ginkgo.ReportAfterSuite(game+" umpire report", func(r ginkgo.Report) {
		dir := os.Getenv("UMPIRE_REPORT_DIR")
		if dir == "" {
			return
		}
		rep := ReportOf(game, r)
		if target != nil {
			rep.Meta.Target = target.URL
			rep.Meta.Config = reports.Redact(target.Redacted())
		}
		if _, err := reports.WriteDir(filepath.Join(dir, game), rep); err != nil {
			ginkgo.Fail("umpire: writing reports: " + err.Error())
		}
	})
	return true
}

// Judge turns a finished check into the spec's outcome: skipped with its
// reason, failed on an error or a MUST finding, and SHOULD/INFO findings
// reported as entries.
func Judge(rc reports.Check) {
	switch {
	case rc.Status == reports.Skip || rc.Status == reports.Disabled:
		ginkgo.Skip(rc.Reason)
	case rc.Status == reports.Error:
		ginkgo.Fail("umpire could not carry the check out (error, not a failure of the target): " + rc.Reason)
	}
	var must []string
	for _, f := range rc.Findings {
		if f.Level == rules.Must {
			must = append(must, describe(f))
		} else {
			ginkgo.AddReportEntry(string(f.Level)+" "+f.Rule, describe(f))
		}
	}
	gomega.Expect(must).To(gomega.BeEmpty(), "%d MUST finding(s):\n%s", len(must), strings.Join(must, "\n"))
}

// describe renders a finding with the rule's text (the requirement first,
// then expected and got).
func describe(f reports.Finding) string {
	text := ""
	if r, ok := rules.Default().Lookup(f.Rule); ok {
		text = "\n    requirement: " + r.Text
	}
	return "  " + f.Finding.String() + text
}

// ReportOf rebuilds umpire's report model from a Ginkgo report: one
// reports.Check per spec that recorded one, the same model "umpire conform"
// writes.
func ReportOf(game string, r ginkgo.Report) *reports.Report {
	rep := reports.New(reports.Meta{Version: "ginkgo", Kind: reports.KindConform, Games: []string{game}, RulesVersions: harness.RulesVersions(game),
		Started: r.StartTime, Duration: r.RunTime}, reports.ApplicableRules(reports.KindConform, rules.Default()))
	for _, s := range r.SpecReports {
		for _, e := range s.ReportEntries {
			if e.Name != EntryName {
				continue
			}
			var c reports.Check
			if json.Unmarshal([]byte(e.Value.String()), &c) == nil {
				rep.Checks = append(rep.Checks, c)
			}
		}
	}
	rep.Normalize()
	return rep
}
