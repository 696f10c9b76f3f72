package reports_test

import (
	"bytes"
	"fmt"
	"os"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// A producer builds a report from its checks and writes it in every format;
// the exit code follows the verdict.
func Example() {
	cat, _ := rules.NewCatalogue([]rules.Rule{
		{ID: "demo/betting.raise-cap", Level: rules.Must, Doc: "demo-1", Section: "Betting", Text: "At most three raises per round."},
	})
	r := reports.New(reports.Meta{
		Version: "dev", Kind: reports.KindConform, Games: []string{"demo"}, RulesVersions: []string{"demo-1"},
		Target: "ws://127.0.0.1:7070", Config: reports.Redact(map[string]any{"token": "s3cret"}),
	}, cat)
	r.Checks = append(r.Checks, reports.Check{
		Name: "raise cap enforced", Section: "Betting", Rules: []string{"demo/betting.raise-cap"}, Status: reports.Fail,
		Findings: []reports.Finding{{Finding: rules.Finding{
			Rule: "demo/betting.raise-cap", Level: rules.Must, Expected: "error", Got: "accepted", Message: "a fourth raise was accepted"}}},
	})
	r.Normalize()
	var junit, html bytes.Buffer
	_ = reports.WriteJUnit(&junit, r)
	_ = reports.WriteHTML(&html, r)
	fmt.Println(r.Verdict(), r.ExitCode(), r.Meta.Config["token"])
	// Output: fail 1 [redacted]
}

func ExampleWilson() {
	iv := reports.Wilson(8, 10)
	fmt.Printf("%.2f [%.4f, %.4f]\n", iv.Value, iv.Lo, iv.Hi)
	// Output: 0.80 [0.4902, 0.9433]
}

func ExampleMeanCI() {
	iv := reports.MeanCI([]float64{1, 2, 3, 4, 5})
	fmt.Printf("%.1f [%.4f, %.4f]\n", iv.Value, iv.Lo, iv.Hi)
	// Output: 3.0 [1.0368, 4.9632]
}

func ExamplePercentile() {
	fmt.Printf("%.2f %.2f\n", reports.Percentile([]float64{4, 1, 3, 2}, 50), reports.Percentile([]float64{4, 1, 3, 2}, 95))
	// Output: 2.50 3.85
}

func ExampleWorst() {
	fmt.Println(reports.Worst(reports.Skip, reports.Pass, reports.Fail), reports.Worst())
	// Output: fail disabled
}

func ExampleRedactArgs() {
	fmt.Println(reports.RedactArgs([]string{"--target", "ws://h/ws", "--seat", "0=abc", "--token=xyz"}))
	// Output: [--target ws://h/ws --seat 0=[redacted] --token=[redacted]]
}

// Shard reports of one run merge into the report of the whole run.
func ExampleMerge() {
	seeds := []string{"1", "2", "3"}
	shard := func(k int, play ...string) *reports.Report {
		r := reports.New(reports.Meta{Kind: reports.KindCertify, Seeds: seeds, Shard: &reports.Shard{K: k, N: 2, Seeds: play},
			Started: time.Unix(int64(k), 0)}, nil)
		for _, s := range play {
			r.Checks = append(r.Checks, reports.Check{Name: "legal moves", Seed: s, Status: reports.Pass})
		}
		return r
	}
	merged, err := reports.Merge(shard(2, "2"), shard(1, "1", "3"))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range merged.Checks {
		fmt.Println(c.Label())
	}
	_, err = reports.Merge(shard(1, "1", "3"))
	fmt.Println(err)
	// Output:
	// legal moves [seed 1]
	// legal moves [seed 2]
	// legal moves [seed 3]
	// reports: cannot merge: missing shard(s) 2/2; a merge of part of a run would look like the whole run
}

func ExampleWriteMarkdown() {
	r := reports.New(reports.Meta{Version: "dev", Kind: reports.KindVerify, Games: []string{"demo"}}, nil)
	_ = reports.WriteMarkdown(os.Stdout, r)
	// Output:
	// ## umpire verify · demo — ❌ EMPTY (exit 1)
	//
	// umpire dev · 0s
	//
	// | pass | fail | known failing | warn | error | skip | disabled | MUST findings | SHOULD findings |
	// |---:|---:|---:|---:|---:|---:|---:|---:|---:|
	// | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |
	//
	// ### Failures and errors
	//
	// - **nothing was checked and no match was played: an empty run is not a pass \(check the filters, the shard and the target\)**
}
