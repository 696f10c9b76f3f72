package probe

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/conform/conformtest"

	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// dialectCase is one dialect of the embedded Inference server and the
// findings a conformance run must give for it: the rules cited at SHOULD
// (umpire's pins and readings the dialect chooses otherwise), none at MUST.
type dialectCase struct {
	dialect string
	should  []string
}

func inferenceDialectTable() []dialectCase {
	return []dialectCase{
		{"bet-with-ante", []string{"inference/protocol.current-bet"}},
		{"breakeven-float", []string{"inference/wire.visible-state.fields"}},
		{"breakeven-ties-lose", nil},
		{"error-code-numeric", []string{"inference/server.error-code"}},
		{"error-codes-own", []string{"inference/server.error-code"}},
		{"error-no-code", []string{"inference/server.error-code"}},
		{"error-no-turn", nil},
		{"extra-fields", nil},
		{"late-default", nil},
		{"legal-order", nil},
		{"match-end-lean", []string{"inference/protocol.envelope"}},
		{"no-compression", nil},
		{"no-log", nil},
		{"other-chance", nil},
		{"slow-errors", nil},
		{"sitting-out-next-round", []string{"inference/wire.visible-state.sitting-out-at-once"}},
		{"timeout-on-action", []string{"inference/log.timeout-before-action"}},
		{"tokens-list", nil},
		{"welcome-lean", []string{"inference/protocol.envelope"}},
	}
}

// playDialect runs the Inference suite against the embedded server
// speaking the dialects, as "umpire conform --embedded --dialect" does.
func playDialect(dialects []string) ([]reports.Check, error) {
	e, err := StartEmbedded(dialects, nil)
	if err != nil {
		return nil, err
	}
	tg := &conform.Target{Game: conform.GameInference, URL: e.URL, Create: true, DeadlineMS: 300}
	if err := tg.Validate(); err != nil {
		_ = e.Close()
		return nil, err
	}
	out := conform.RunAll(context.Background(), tg, conform.Checks(conform.GameInference), nil)
	if err := e.Close(); err != nil {
		return nil, fmt.Errorf("closing the embedded server: %w", err)
	}
	return out, nil
}

// regraded returns checks with their findings graded again, strictly or
// not, as a run with Target.Strict grades them (Run grades each finding of
// a check by the target's Strict alone, and grading again restores the
// level the check stated first).
func regraded(checks []reports.Check, strict bool) []reports.Check {
	out := make([]reports.Check, len(checks))
	for i, c := range checks {
		c.Findings = conform.Grade(slices.Clone(c.Findings), strict)
		out[i] = c
	}
	return out
}

// cited returns the sorted rules cited at level by the findings of checks.
func cited(checks []reports.Check, level rules.Level) []string {
	var out []string
	for _, c := range checks {
		for _, f := range c.Findings {
			if f.Level == level && !slices.Contains(out, f.Rule) {
				out = append(out, f.Rule)
			}
		}
	}
	sort.Strings(out)
	return out
}

// TestDialectsConform: a server speaking a legitimate dialect passes (no
// MUST finding, no check in error) with exactly the SHOULD findings of the
// pins it chose otherwise; judged strictly (--strict), exactly those become
// MUST.
func TestDialectsConform(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a suite per dialect")
	}
	// One suite per dialect, played ahead in the package's pool: the
	// strict verdict is the same run graded strictly (what --strict
	// changes), not a second run.
	table := inferenceDialectTable()
	futures := make([]*conformtest.Future[[]reports.Check], len(table))
	pattern := conformtest.RunPattern()
	for i, dc := range table {
		if conformtest.RunSelectsSub(pattern, t.Name(), dc.dialect) {
			futures[i] = conformtest.Ahead(suites.Pool, 1, func() ([]reports.Check, error) { return playDialect([]string{dc.dialect}) })
		}
	}
	t.Parallel()
	for i, dc := range table {
		t.Run(dc.dialect, func(t *testing.T) {
			t.Parallel()
			if futures[i] == nil { // not selected by -run
				futures[i] = conformtest.Ahead(suites.Pool, 1, func() ([]reports.Check, error) { return playDialect([]string{dc.dialect}) })
			}
			played, err := futures[i].Wait()
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range played {
				if c.Status == reports.Error {
					t.Errorf("%s: error %s", c.Name, c.Reason)
				}
			}
			judge := func(t *testing.T, strict bool) {
				got := regraded(played, strict)
				want := append([]string(nil), dc.should...)
				sort.Strings(want)
				// Judged strictly, the SHOULD findings become MUST and
				// nothing stays at SHOULD; otherwise nothing is at MUST.
				have, none := cited(got, rules.Should), cited(got, rules.Must)
				if strict {
					have, none = none, have
				}
				if len(none) > 0 {
					t.Errorf("have findings on %v at the other level, want none", none)
				}
				if !slices.Equal(have, want) {
					t.Errorf("have findings on %v, want %v", have, want)
					for _, c := range got {
						for _, f := range c.Findings {
							t.Logf("%s: %s %s: %s", c.Name, f.Level, f.Rule, f.Message)
						}
					}
				}
			}
			judge(t, false)
			t.Run("strict", func(t *testing.T) { judge(t, true) })
		})
	}
}

func TestDialectTableIsComplete(t *testing.T) {
	var have []string
	for _, dc := range inferenceDialectTable() {
		have = append(have, dc.dialect)
	}
	for _, d := range infsrv.Dialects() {
		if !slices.Contains(have, string(d.Name)) {
			t.Errorf("dialect %s has no row in the dialect table", d.Name)
		}
	}
	if len(have) != len(infsrv.Dialects()) {
		t.Errorf("have %d rows, want %d (one per dialect)", len(have), len(infsrv.Dialects()))
	}
}
