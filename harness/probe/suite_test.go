package probe

import (
	"context"
	"flag"
	"fmt"
	basrv "github.com/umpire-arena/umpire/harness/server/bangarena"
	infsrv "github.com/umpire-arena/umpire/harness/server/inference"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// runSuite runs every check of game against a fresh embedded server with
// faults, and returns the report entries by check name.
func runSuite(t *testing.T, game string, faults []string, dialects ...string) map[string]reports.Check {
	t.Helper()
	out, err := playSuite(game, faults, dialects...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// playSuite is runSuite without a *testing.T, for suites run ahead of
// their subtests.
func playSuite(game string, faults []string, dialects ...string) (map[string]reports.Check, error) {
	e, err := StartEmbeddedDialects(game, faults, dialects)
	if err != nil {
		return nil, err
	}
	tg := &Target{Game: game, URL: e.URL, Create: true, DeadlineMS: 300}
	if err := tg.Validate(); err != nil {
		_ = e.Close()
		return nil, err
	}
	out := map[string]reports.Check{}
	for _, c := range Checks(game) {
		out[c.Name] = Run(context.Background(), tg, c)
	}
	if err := e.Close(); err != nil {
		return nil, fmt.Errorf("closing the embedded server: %w", err)
	}
	return out, nil
}

// suiteFuture is a suite run started ahead of the subtest that judges it.
type suiteFuture struct {
	done chan struct{}
	got  map[string]reports.Check
	err  error
}

// faultSuitesAhead starts the suite of every case at once, at most n
// running together: a suite mostly waits on deadlines, so more run side by
// side than t.Parallel's default (GOMAXPROCS) allows.
func faultSuitesAhead(cases []faultCase, n int, dialects ...string) []*suiteFuture {
	sem := make(chan struct{}, n)
	out := make([]*suiteFuture, len(cases))
	for i, fc := range cases {
		f := &suiteFuture{done: make(chan struct{})}
		out[i] = f
		go func() {
			defer close(f.done)
			sem <- struct{}{}
			defer func() { <-sem }()
			f.got, f.err = playSuite(fc.game, []string{fc.fault}, dialects...)
		}()
	}
	return out
}

func TestEmbeddedConforms(t *testing.T) {
	for _, game := range []string{GameInference, GameBangArena} {
		t.Run(game, func(t *testing.T) {
			got := runSuite(t, game, nil)
			if len(got) == 0 {
				t.Fatalf("no checks for %s", game)
			}
			covered := map[string]bool{}
			for name, c := range got {
				if c.Status != reports.Pass && !(c.Status == reports.Skip && strings.Contains(c.Name, "early end")) {
					t.Errorf("%s: have %v (%s) %v, want pass", name, c.Status, c.Reason, c.Findings)
				}
				for r := range c.Evaluated {
					covered[r] = true
				}
			}
			for _, r := range passedRules()[game] {
				if !covered[r] {
					t.Errorf("no passing check evaluated %s", r)
				}
			}
		})
	}
}

// faultCase names a fault of an embedded server and the rule the suite must
// report for it.
type faultCase struct {
	game, fault, rule string
	// also lists other rules a failing check may cite for the same fault
	// (a fault several checks see, each in its own terms).
	also []string
}

// faultTable is the fault→check table: with the fault on, some check fails
// citing rule, and no check fails without citing rule or one of also. Each
// game's cases live in its own file (faults_inference_test.go,
// faults_bangarena_test.go).
func faultTable() []faultCase {
	return slices.Concat(inferenceFaultCases(), bangarenaFaultCases(), bangarenaSetupFaultCases(), bangarenaCardFaultCases(), bangarenaGloryFaultCases(), bangarenaRecipeFaultCases(), bangarenaCharFaultCases(), bangarenaEffectFaultCases(), endpointFaultCases())
}

func TestFaultsAreCaught(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a suite per fault")
	}
	faultsAreCaught(t, faultTable(), nil)
}

// faultsAreCaught plays the suite against the embedded server of each
// case with its fault on (and the dialects): some check cites the fault's
// rule at its level, and no check cites another rule at MUST.
func faultsAreCaught(t *testing.T, table []faultCase, dialects []string) {
	seen := map[string]bool{}
	var cases, ahead []faultCase
	for _, fc := range table {
		if raceEnabled && seen[fc.game] {
			continue
		}
		seen[fc.game] = true
		cases = append(cases, fc)
		// The Inference suites mostly wait on deadlines: they are played
		// ahead, more side by side than t.Parallel's default allows; only
		// those a -run pattern can select (-run 'TestFaultsAreCaught/bangarena'
		// plays none).
		if f := flag.Lookup("test.run"); fc.game == GameInference && (f == nil || !strings.Contains(f.Value.String(), "/") || strings.Contains(f.Value.String(), fc.game) || strings.Contains(f.Value.String(), fc.fault)) {
			ahead = append(ahead, fc)
		}
	}
	futures := map[string]*suiteFuture{}
	for i, f := range faultSuitesAhead(ahead, 6, dialects...) {
		futures[ahead[i].game+"/"+ahead[i].fault] = f
	}
	for _, fc := range cases {
		t.Run(fc.game+"/"+fc.fault, func(t *testing.T) {
			t.Parallel()
			var got map[string]reports.Check
			if f := futures[fc.game+"/"+fc.fault]; f != nil {
				<-f.done
				if f.err != nil {
					t.Fatal(f.err)
				}
				got = f.got
			} else {
				got = runSuite(t, fc.game, []string{fc.fault}, dialects...)
			}
			// A fault of a document rule fails the run (MUST); one of a
			// reading or a pin is reported at SHOULD (MUST only with
			// --strict), and must still be caught by its own rule; so is
			// a fault of a SHOULD rule.
			want := rules.Must
			if r, ok := rules.Default().Lookup(fc.rule); !ok || !r.Basis.Binding() || r.Level == rules.Should {
				want = rules.Should
			}
			caught := false
			for name, c := range got {
				if c.Status == reports.Error {
					t.Errorf("%s: error %s", name, c.Reason)
				}
				cites, citesOther := false, false
				for _, f := range c.Findings {
					if f.Rule == fc.rule && f.Level == want {
						cites = true
					}
					if f.Rule == fc.rule || slices.Contains(fc.also, f.Rule) {
						citesOther = true
					}
				}
				caught = caught || cites
				if c.Failing() && !cites && !citesOther {
					t.Errorf("unrelated check %q fails: %v", name, c.Findings)
				}
				// No MUST beside it either, in any check: a fault is caught
				// by the rule it breaks and by no other (fc.also names the
				// rules that are truly the same break).
				for _, f := range c.Findings {
					if f.Level == rules.Must && f.Rule != fc.rule && !slices.Contains(fc.also, f.Rule) {
						t.Errorf("%s: unrelated MUST %s: %s", name, f.Rule, f.Message)
					}
				}
			}
			if !caught {
				t.Errorf("have no check citing %s at %s, want one", fc.rule, want)
			}
		})
	}
}

// passedRules lists, per game, rules (the server rules among them) that a
// passing check of the embedded server must evaluate.
func passedRules() map[string][]string {
	return map[string][]string{
		GameInference: {
			"inference/server.auth", "inference/server.bad-message", "inference/illegal.listed-only",
			"inference/wire.legal-actions.call", "inference/wire.legal-actions.fold", "inference/wire.legal-actions.raise",
			"inference/timeouts.sit-out", "inference/round.6.ties",
			// The session's early ramp, the sit-out probe's log replay
			// (short antes and busts depend on how the heuristic seats
			// play, which timing under load can change: not asserted).
			"inference/round.2.ante-ramp", "inference/protocol.strikes-count", "inference/timeouts.last-strike",
		},
		GameBangArena: {
			"bangarena/server.answer-shape", "bangarena/server.legal-actions", "bangarena/server.replay",
			"bangarena/server.reask", "bangarena/12.decider", "bangarena/server.mcp-tools",
			// The session rooms of every role mode.
			"bangarena/2.impostor-distribution", "bangarena/2.impostor-briefing", "bangarena/2.legacy", "bangarena/2.partners",
		},
	}
}

func TestFaultTableIsComplete(t *testing.T) {
	have := map[string]bool{}
	for _, fc := range faultTable() {
		have[fc.game+"/"+fc.fault] = true
	}
	var want []string
	for _, f := range infsrv.Faults() {
		want = append(want, GameInference+"/"+string(f.Name))
	}
	for _, f := range basrv.FaultList() {
		want = append(want, GameBangArena+"/"+string(f.Name))
	}
	for _, w := range want {
		if !have[w] {
			t.Errorf("fault %s has no row in the fault table", w)
		}
	}
	if len(have) != len(want) {
		t.Errorf("have %d rows, want %d (one per fault)", len(have), len(want))
	}
}
