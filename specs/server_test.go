package specs

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/onsi/ginkgo/v2/types"
	"github.com/onsi/gomega"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// TestReportOfMatchesDirectRun checks that the report rebuilt from Ginkgo's
// report entries holds the same checks as a direct run of the same check
// list (what "umpire conform" does).
func TestReportOfMatchesDirectRun(t *testing.T) {
	srv, err := conform.StartEmbedded(conform.GameBangArena, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	tg := &conform.Target{Game: conform.GameBangArena, URL: srv.URL, Create: true}
	if err := tg.Validate(); err != nil {
		t.Fatal(err)
	}
	checks, err := conform.Filter(conform.Checks(conform.GameBangArena), "bangarena/server.token || bangarena/server.stale-version")
	if err != nil {
		t.Fatal(err)
	}
	var direct []reports.Check
	var gr types.Report
	for _, c := range checks {
		rc := conform.Run(context.Background(), tg, c)
		direct = append(direct, rc)
		data, err := json.Marshal(rc)
		if err != nil {
			t.Fatal(err)
		}
		gr.SpecReports = append(gr.SpecReports, types.SpecReport{ReportEntries: types.ReportEntries{
			{Name: "other entry", Value: types.WrapEntryValue("ignored")},
			{Name: EntryName, Value: types.WrapEntryValue(string(data))},
		}})
	}
	rep := ReportOf(conform.GameBangArena, gr)
	if len(rep.Checks) != len(direct) {
		t.Fatalf("have %d checks, want %d", len(rep.Checks), len(direct))
	}
	byName := map[string]reports.Check{}
	for _, c := range rep.Checks {
		byName[c.Name] = c
	}
	for _, d := range direct {
		g, ok := byName[d.Name]
		if !ok {
			t.Errorf("check %q missing from the rebuilt report", d.Name)
			continue
		}
		if g.Status != d.Status || len(g.Findings) != len(d.Findings) || len(g.Rules) != len(d.Rules) {
			t.Errorf("%s: have %v with %d findings, want %v with %d", d.Name, g.Status, len(g.Findings), d.Status, len(d.Findings))
		}
	}
	if rep.Meta.Kind != reports.KindConform {
		t.Errorf("have kind %q, want conform", rep.Meta.Kind)
	}
}

// TestJudgeFailsOnAMustFinding proves a spec cannot pass while its check
// reports a MUST finding, and does pass on a clean check.
func TestJudgeFailsOnAMustFinding(t *testing.T) {
	gomega.RegisterTestingT(t)
	must := reports.Check{Name: "c", Status: reports.Fail, Findings: []reports.Finding{{Finding: rules.Finding{
		Rule: "inference/round.3.raise-cap", Level: rules.Must, Message: "a fourth raise was accepted"}}}}
	failures := gomega.InterceptGomegaFailures(func() { Judge(must) })
	if len(failures) != 1 || !strings.Contains(failures[0], "inference/round.3.raise-cap") {
		t.Fatalf("Judge of a MUST finding: failures %q", failures)
	}
	if failures := gomega.InterceptGomegaFailures(func() { Judge(reports.Check{Name: "c", Status: reports.Pass}) }); len(failures) != 0 {
		t.Fatalf("Judge of a clean check failed: %q", failures)
	}
}
