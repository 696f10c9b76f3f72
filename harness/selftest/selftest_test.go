package selftest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/games"
	infgame "github.com/umpire-arena/umpire/harness/inference"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// root is the source tree, seen from this package's directory.
const root = "../.."

// none drops every planned step, so a test runs its Extra steps alone.
func none(Step) bool { return false }

// named keeps the planned steps with these names.
func named(names ...string) func(Step) bool {
	return func(s Step) bool {
		for _, n := range names {
			if s.Name == n {
				return true
			}
		}
		return false
	}
}

// fixed is a step that returns rep (or err) at once.
func fixed(name string, rep *reports.Report, err error) Step {
	return Step{Name: name, Game: GameInference, Title: "a fixed outcome", Timeout: time.Second,
		Run: func(context.Context, Env) (*reports.Report, error) { return rep, err }}
}

// reportWith returns a conform report holding one check per status given;
// a Fail check carries one finding at level.
func reportWith(level rules.Level, statuses ...reports.Status) *reports.Report {
	r := reports.New(reports.Meta{Kind: reports.KindConform, Games: []string{GameInference}}, rules.Default())
	for i, s := range statuses {
		c := reports.Check{Name: "check-" + string(rune('a'+i)), Status: s, Rules: []string{"inference/round.3.raise-cap"}}
		switch s {
		case reports.Fail:
			c.Findings = []reports.Finding{{Finding: rules.Finding{Rule: "inference/round.3.raise-cap", Level: level, Message: "a fourth raise was accepted"}}}
		case reports.Skip, reports.Error:
			c.Reason = "not exercised"
		}
		r.Checks = append(r.Checks, c)
	}
	return r
}

func TestRunVerdicts(t *testing.T) {
	pass := func(n string) Step { return fixed(n, reportWith(rules.Must, reports.Pass), nil) }
	tests := []struct {
		name     string
		steps    []Step
		want     reports.Verdict
		wantExit int
		// wantStep is the verdict expected of the last step.
		wantStep reports.Verdict
		// wantText must appear in the last step's reason or failures.
		wantText string
	}{
		{"all pass", []Step{pass("a"), pass("b")}, reports.VerdictPass, 0, reports.VerdictPass, ""},
		{"a skip does not fail", []Step{pass("a"), fixed("b", nil, Skip("no tool here"))}, reports.VerdictPass, 0, VerdictSkip, "no tool here"},
		{"only skips are empty", []Step{fixed("a", nil, Skip("x")), fixed("b", nil, Skip("y"))}, reports.VerdictEmpty, 1, VerdictSkip, "y"},
		{"a MUST finding fails", []Step{pass("a"), fixed("b", reportWith(rules.Must, reports.Pass, reports.Fail), nil)},
			reports.VerdictFail, 1, reports.VerdictFail, "inference/round.3.raise-cap"},
		{"SHOULD findings warn", []Step{pass("a"), fixed("b", reportWith(rules.Should, reports.Pass, reports.Fail), nil)},
			reports.VerdictPass, 0, reports.VerdictPass, ""},
		{"an errored check errors", []Step{pass("a"), fixed("b", reportWith(rules.Must, reports.Pass, reports.Error), nil)},
			reports.VerdictError, 3, reports.VerdictError, "not exercised"},
		{"error beats fail", []Step{fixed("a", reportWith(rules.Must, reports.Fail), nil), fixed("b", nil, errors.New("the server would not start"))},
			reports.VerdictError, 3, reports.VerdictError, "the server would not start"},
		{"an empty report fails", []Step{pass("a"), fixed("b", reportWith(rules.Must), nil)}, reports.VerdictEmpty, 1, reports.VerdictEmpty, ""},
		{"no report is an error", []Step{pass("a"), fixed("b", nil, nil)}, reports.VerdictError, 3, reports.VerdictError, "no report"},
		{"a panic is an error", []Step{pass("a"), {Name: "b", Run: func(context.Context, Env) (*reports.Report, error) { panic("boom") }}},
			reports.VerdictError, 3, reports.VerdictError, "boom"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sum, err := Run(context.Background(), Options{ReportDir: dir, Only: none, Extra: tc.steps})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if sum.Verdict != tc.want || sum.ExitCode != tc.wantExit {
				t.Errorf("overall: have %s/%d, want %s/%d", sum.Verdict, sum.ExitCode, tc.want, tc.wantExit)
			}
			if len(sum.Steps) != len(tc.steps) {
				t.Fatalf("steps: have %d, want %d", len(sum.Steps), len(tc.steps))
			}
			last := sum.Steps[len(sum.Steps)-1]
			if last.Verdict != tc.wantStep {
				t.Errorf("last step: have %s, want %s (reason %q)", last.Verdict, tc.wantStep, last.Reason)
			}
			text := last.Reason + strings.Join(last.Failures, "\n")
			if !strings.Contains(text, tc.wantText) {
				t.Errorf("last step says %q, want it to mention %q", text, tc.wantText)
			}
			// A step with a report has its files; a skipped step has none.
			for _, s := range sum.Steps {
				_, statErr := os.Stat(filepath.Join(dir, s.Name, reports.FileJSON))
				if (s.Dir != "") != (statErr == nil) {
					t.Errorf("step %s: Dir %q but report.json stat error %v", s.Name, s.Dir, statErr)
				}
			}
			for _, f := range []string{FileIndex, FileSummary, FileSummaryJSON} {
				if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
					t.Errorf("overall %s: %v", f, err)
				}
			}
		})
	}
}

// TestWatchdog: a step that ignores its context is abandoned after its
// deadline and the grace period, and the run goes on to the next step.
func TestWatchdog(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	stuck := Step{Name: "stuck", Run: func(context.Context, Env) (*reports.Report, error) {
		<-release
		return nil, nil
	}}
	after := fixed("after", reportWith(rules.Must, reports.Pass), nil)
	began := time.Now()
	sum, err := Run(context.Background(), Options{ReportDir: t.TempDir(), Only: none, Extra: []Step{stuck, after},
		StepTimeout: 50 * time.Millisecond, Grace: 50 * time.Millisecond})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if d := time.Since(began); d > 10*time.Second {
		t.Errorf("the run took %v: the watchdog did not abandon the step", d)
	}
	if s := sum.Steps[0]; s.Verdict != reports.VerdictError || !strings.Contains(s.Reason, "abandoned") {
		t.Errorf("stuck step: have %s %q, want error ... abandoned", s.Verdict, s.Reason)
	}
	if s := sum.Steps[1]; s.Verdict != reports.VerdictPass {
		t.Errorf("next step: have %s, want pass", s.Verdict)
	}
	if sum.ExitCode != reports.ExitError {
		t.Errorf("exit: have %d, want 3", sum.ExitCode)
	}
}

// TestDeadline: a step that returns a report only after its deadline is
// an error, whatever its partial report says.
func TestDeadline(t *testing.T) {
	late := Step{Name: "late", Run: func(ctx context.Context, _ Env) (*reports.Report, error) {
		<-ctx.Done()
		return reportWith(rules.Must, reports.Pass), nil
	}}
	sum, err := Run(context.Background(), Options{ReportDir: t.TempDir(), Only: none, Extra: []Step{late}, StepTimeout: 30 * time.Millisecond})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if s := sum.Steps[0]; s.Verdict != reports.VerdictError || !strings.Contains(s.Reason, "deadline") {
		t.Errorf("have %s %q, want error at its deadline", s.Verdict, s.Reason)
	}
}

// TestInterrupt: cancelling the caller's context (Ctrl-C) stops the
// running step and leaves the rest not run, with exit 3.
func TestInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first := Step{Name: "first", Timeout: time.Minute, Run: func(ctx context.Context, _ Env) (*reports.Report, error) {
		cancel()
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	second := fixed("second", reportWith(rules.Must, reports.Pass), nil)
	sum, err := Run(ctx, Options{ReportDir: t.TempDir(), Only: none, Extra: []Step{first, second}})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if !sum.Interrupted || sum.ExitCode != reports.ExitError {
		t.Errorf("have interrupted=%v exit %d, want true and 3", sum.Interrupted, sum.ExitCode)
	}
	if s := sum.Steps[1]; s.Verdict != reports.VerdictError || s.Reason != "not run: interrupted" {
		t.Errorf("second step: have %s %q, want error, not run: interrupted", s.Verdict, s.Reason)
	}
}

// TestBudget: the run's budget stops steps that have not started.
func TestBudget(t *testing.T) {
	slow := Step{Name: "slow", Timeout: time.Minute, Run: func(ctx context.Context, _ Env) (*reports.Report, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	sum, err := Run(context.Background(), Options{ReportDir: t.TempDir(), Only: none, Budget: 40 * time.Millisecond,
		Extra: []Step{slow, fixed("next", reportWith(rules.Must, reports.Pass), nil)}})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if s := sum.Steps[0]; s.Verdict != reports.VerdictError || !strings.Contains(s.Reason, "budget") {
		t.Errorf("slow step: have %s %q, want error naming the budget", s.Verdict, s.Reason)
	}
	if s := sum.Steps[1]; !strings.Contains(s.Reason, "budget") {
		t.Errorf("next step: have %s %q, want not run for the budget", s.Verdict, s.Reason)
	}
	if sum.Interrupted {
		t.Error("a spent budget is not an interruption")
	}
}

// TestEvents: every step is announced, may report progress, and finishes,
// in order, and nothing is observed after Run returns.
func TestEvents(t *testing.T) {
	var mu sync.Mutex
	var got []string
	step := Step{Name: "counting", Run: func(_ context.Context, env Env) (*reports.Report, error) {
		for i := 1; i <= 3; i++ {
			env.Progress(i, 3)
		}
		return reportWith(rules.Must, reports.Pass), nil
	}}
	_, err := Run(context.Background(), Options{ReportDir: t.TempDir(), Only: none, Extra: []Step{step, fixed("skipped", nil, Skip("x"))},
		Observe: func(ev Event) {
			mu.Lock()
			defer mu.Unlock()
			switch ev.Kind {
			case StepStarted:
				got = append(got, "start "+ev.Step.Name)
			case StepProgress:
				got = append(got, "progress "+ev.Step.Name+" "+string(rune('0'+ev.Done))+"/"+string(rune('0'+ev.Total)))
			case StepFinished:
				got = append(got, "end "+ev.Result.Name+" "+string(ev.Result.Verdict))
			}
		}})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	want := []string{"start counting", "progress counting 1/3", "progress counting 2/3", "progress counting 3/3", "end counting pass",
		"start skipped", "end skipped skip"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("events:\nhave %q\nwant %q", got, want)
	}
}

func TestOptions(t *testing.T) {
	tests := []struct {
		name string
		opts Options
	}{
		{"unknown game", Options{Games: []string{"chess"}}},
		{"game twice", Options{Games: []string{GameInference, GameInference}}},
		{"negative matches", Options{Matches: -1}},
		{"too many matches", Options{Matches: 5000}},
		{"negative budget", Options{Budget: -time.Second}},
		{"extra step without a name", Options{Extra: []Step{{Run: fixed("x", nil, nil).Run}}}},
		{"extra step with a path for a name", Options{Extra: []Step{fixed("../x", nil, nil)}}},
		{"extra steps with one name", Options{Extra: []Step{fixed("x", nil, nil), fixed("x", nil, nil)}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.ReportDir = t.TempDir()
			if _, err := Run(context.Background(), tc.opts); !errors.Is(err, ErrOptions) {
				t.Errorf("have %v, want an error wrapping ErrOptions", err)
			}
		})
	}
}

// TestPlan: both games by default, four steps each, in order.
func TestPlan(t *testing.T) {
	tests := []struct {
		name  string
		games []string
		want  []string
	}{
		{"default", nil, []string{"conform-inference", "certify-inference-go", "certify-inference-python", "verify-inference",
			"conform-bangarena", "certify-bangarena-go", "certify-bangarena-python", "verify-bangarena"}},
		{"bangarena", []string{GameBangArena}, []string{"conform-bangarena", "certify-bangarena-go", "certify-bangarena-python", "verify-bangarena"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			steps, err := Plan(Options{Games: tc.games, Root: root})
			if err != nil {
				t.Fatal(err)
			}
			var have []string
			for _, s := range steps {
				have = append(have, s.Name)
				if s.Timeout <= 0 || s.Title == "" || s.Run == nil {
					t.Errorf("step %s lacks a timeout, title or Run", s.Name)
				}
			}
			if strings.Join(have, " ") != strings.Join(tc.want, " ") {
				t.Errorf("have %v, want %v", have, tc.want)
			}
		})
	}
}

// TestAgentsSkipped: without go or python3 on PATH, or without the source
// tree, the certification steps are skipped with a reason, never failed.
func TestAgentsSkipped(t *testing.T) {
	noTools := func(string) (string, error) { return "", errors.New("not found") }
	tests := []struct {
		name     string
		root     string
		lookPath func(string) (string, error)
		want     []string // reason fragments, Go agent then Python agent
	}{
		{"no tools", root, noTools, []string{"go tool is not on PATH", "python3 is not on PATH"}},
		{"no sources", "", nil, []string{"not a source tree", "not a source tree"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.root
			if r == "" {
				r = t.TempDir()
			}
			sum, err := Run(context.Background(), Options{Games: []string{GameBangArena}, ReportDir: t.TempDir(), Root: r, LookPath: tc.lookPath,
				Only: named("certify-bangarena-go", "certify-bangarena-python")})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if len(sum.Steps) != 2 {
				t.Fatalf("have %d steps, want 2", len(sum.Steps))
			}
			for i, s := range sum.Steps {
				if s.Verdict != VerdictSkip || !strings.Contains(s.Reason, tc.want[i]) {
					t.Errorf("%s: have %s %q, want skip mentioning %q", s.Name, s.Verdict, s.Reason, tc.want[i])
				}
			}
			if sum.ExitCode != reports.ExitFail || sum.Verdict != reports.VerdictEmpty {
				t.Errorf("only skips: have %s/%d, want empty/1", sum.Verdict, sum.ExitCode)
			}
		})
	}
}

// TestVerifySteps runs the real log steps of both games on one match: the
// logs are kept, full and public, and verify clean.
func TestVerifySteps(t *testing.T) {
	dir := t.TempDir()
	sum, err := Run(context.Background(), Options{ReportDir: dir, Matches: 1, Root: root, Only: named("verify-inference", "verify-bangarena")})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if sum.ExitCode != 0 || len(sum.Steps) != 2 {
		t.Fatalf("have exit %d with %d steps (%+v), want 0 with 2", sum.ExitCode, len(sum.Steps), sum.Steps)
	}
	wantChecks := map[string]int{"verify-inference": 2, "verify-bangarena": 1}
	for _, s := range sum.Steps {
		if s.Counts.Pass != wantChecks[s.Name] || s.Counts.Total != wantChecks[s.Name] || s.Matches != 1 {
			t.Errorf("%s: have %d of %d checks passed over %d logs, want %d over 1", s.Name, s.Counts.Pass, s.Counts.Total, s.Matches, wantChecks[s.Name])
		}
		f, err := os.Open(filepath.Join(dir, s.Name, reports.FileJSON))
		if err != nil {
			t.Fatal(err)
		}
		rep, err := reports.ReadJSON(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		if rep.Meta.Kind != reports.KindVerify || len(rep.Meta.Seeds) != 1 {
			t.Errorf("%s: kind %s, seeds %v", s.Name, rep.Meta.Kind, rep.Meta.Seeds)
		}
	}
	full, err := os.ReadFile(filepath.Join(dir, "verify-inference", "logs", "selftest-inference-0000.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	public, err := os.ReadFile(filepath.Join(dir, "verify-inference", "logs", "selftest-inference-0000.public.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	const deal = `"type":"deal_private"`
	if !bytes.Contains(full, []byte(deal)) || bytes.Contains(public, []byte(deal)) {
		t.Errorf("the full log must have deal_private lines and the public one none")
	}
	if _, err := os.Stat(filepath.Join(dir, "verify-bangarena", "logs", "selftest-bangarena-0000.jsonl")); err != nil {
		t.Error(err)
	}
}

// TestVerifyCatchesTampering: the check a verify step makes of a log
// fails on a log that breaks a rule (the test of the test).
func TestVerifyCatchesTampering(t *testing.T) {
	dir := t.TempDir()
	inf, err := games.Lookup(GameInference)
	if err != nil {
		t.Fatal(err)
	}
	checks, err := verifyLogs(context.Background(), inf, dir, "m", "selftest/0", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range checks {
		if c.Status != reports.Pass {
			t.Fatalf("%s: have %s, want pass on the untouched log", c.Name, c.Status)
		}
	}
	// Raise the first ante by one credit: the ante rule must catch it.
	logData, err := os.ReadFile(filepath.Join(dir, "m.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(logData, []byte(`"type":"ante"`))
	j := bytes.Index(logData[i:], []byte(`"amount":2`))
	if i < 0 || j < 0 {
		t.Fatal("no ante of 2 in the simulated log")
	}
	tampered := append(append(append([]byte{}, logData[:i+j]...), []byte(`"amount":3`)...), logData[i+j+len(`"amount":2`):]...)
	c := checkLog(context.Background(), inf, games.SampleLog{Name: "m.jsonl", What: "full log", Data: tampered}, nil)
	if c.Status != reports.Fail || !c.Failing() {
		t.Fatalf("have %s with findings %v, want a failing check", c.Status, c.Findings)
	}
	found := false
	for _, f := range c.Findings {
		found = found || f.Level == rules.Must && f.Rule == "inference/round.2.ante"
	}
	if !found {
		t.Errorf("want a MUST finding of an ante rule, have %v", c.Findings)
	}
}

func TestPublicLog(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"drops deal lines", "{\"type\":\"round_start\"}\n{\"type\":\"deal_private\",\"seat\":0}\n{\"type\":\"ante\"}\n", "{\"type\":\"round_start\"}\n{\"type\":\"ante\"}\n"},
		{"keeps a last line without newline", "{\"type\":\"match_end\"}", "{\"type\":\"match_end\"}"},
		{"empty", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if have := string(infgame.PublicInferenceLog([]byte(tc.in))); have != tc.want {
				t.Errorf("have %q, want %q", have, tc.want)
			}
		})
	}
}

func TestShellQuote(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain path", "/tmp/umpire-selftest-1/agent", "/tmp/umpire-selftest-1/agent"},
		{"space", "/tmp/my dir/agent", "'/tmp/my dir/agent'"},
		{"quote", "/tmp/it's/agent", `'/tmp/it'\''s/agent'`},
		{"dollar", "/tmp/$HOME", "'/tmp/$HOME'"},
		{"empty", "", "''"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if have := shellQuote(tc.in); have != tc.want {
				t.Errorf("have %s, want %s", have, tc.want)
			}
		})
	}
}

func TestFindSources(t *testing.T) {
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	if s := findSources(abs); s.root != abs {
		t.Errorf("the repository root: have %+v", s)
	}
	if s := findSources(""); s.root != abs {
		t.Errorf("searching up from the package directory: have %+v, want %s", s, abs)
	}
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if s := findSources(other); s.root != "" || s.why == "" {
		t.Errorf("another module: have %+v, want no root and a reason", s)
	}
}

// TestIndexEscapes: names, reasons and findings reach the overall pages
// escaped.
func TestIndexEscapes(t *testing.T) {
	const hostile = "<script>alert(1)</script> | **x** @everyone [l](javascript:x)\n# h"
	sum := &Summary{Schema: SummarySchema, Version: "v<1>", Games: []string{GameInference}, Matches: 1,
		Verdict: reports.VerdictFail, ExitCode: 1, Steps: []StepResult{{
			Name: "certify-inference-go", Title: hostile, Verdict: reports.VerdictFail, ExitCode: 1, Reason: hostile,
			Failures: []string{hostile}, Dir: "certify-inference-go", Files: []string{"certify-inference-go/report.html"},
		}}, Warnings: []string{hostile}}
	var h bytes.Buffer
	if err := WriteIndexHTML(&h, sum); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(h.String(), "<script>") || !strings.Contains(h.String(), "&lt;script&gt;") {
		t.Error("index.html carries the script tag unescaped")
	}
	if !strings.Contains(h.String(), `href="certify-inference-go/report.html"`) {
		t.Error("index.html does not link the step's report")
	}
	var m bytes.Buffer
	if err := WriteSummaryMarkdown(&m, sum); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script>", "| **x**", "@everyone", "[l](javascript", "\n# h"} {
		if strings.Contains(m.String(), bad) {
			t.Errorf("summary.md carries %q unescaped:\n%s", bad, m.String())
		}
	}
	var j bytes.Buffer
	if err := WriteSummaryJSON(&j, sum); err != nil {
		t.Fatal(err)
	}
	var back Summary
	if err := json.Unmarshal(j.Bytes(), &back); err != nil || back.Steps[0].Reason != hostile {
		t.Errorf("summary.json does not round-trip: %v", err)
	}
}

func FuzzMarkdownEscape(f *testing.F) {
	for _, s := range []string{"plain", "a|b", "<b>x</b>", "@user", "[x](y)", "line\nbreak", "\x1b[31m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := mdEscape(s)
		if strings.ContainsAny(out, "<>\n\r\x1b") {
			t.Fatalf("mdEscape(%q) = %q keeps a raw character", s, out)
		}
		// Every '|' left is escaped, so no table cell breaks.
		for i := 0; i < len(out); i++ {
			if out[i] == '|' && (i == 0 || out[i-1] != '\\') {
				t.Fatalf("mdEscape(%q) = %q has a bare |", s, out)
			}
		}
	})
}

func BenchmarkWriteIndexHTML(b *testing.B) {
	sum := &Summary{Schema: SummarySchema, Version: "dev", Games: []string{GameInference, GameBangArena}, Matches: 4, Verdict: reports.VerdictPass}
	for _, g := range sum.Games {
		for _, n := range []string{"conform-", "certify-", "verify-"} {
			sum.Steps = append(sum.Steps, StepResult{Name: n + g, Title: "a step", Verdict: reports.VerdictPass, Dir: n + g,
				Files: []string{n + g + "/report.html", n + g + "/report.json"}, Counts: reports.Counts{Pass: 12, Total: 12}})
		}
	}
	for b.Loop() {
		if err := WriteIndexHTML(&bytes.Buffer{}, sum); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPlanOutsideAClone: without the example sources but with the agent
// built into the binary, the agent steps certify it instead of skipping.
func TestPlanOutsideAClone(t *testing.T) {
	o, err := Options{Games: []string{GameInference}, SelfAgent: "umpire example-agent"}.normalize()
	if err != nil {
		t.Fatal(err)
	}
	o.Root = t.TempDir() // not a source tree: findSources says why
	steps, gb := plan(o)
	defer gb.cleanup()
	built := 0
	for _, s := range steps {
		if strings.Contains(s.Title, "agent built into umpire") {
			built++
		}
	}
	if built != 2 {
		t.Errorf("%d agent steps certify the built-in agent, want 2", built)
	}
}
