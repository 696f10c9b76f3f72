package probe

import (
	"context"
	"flag"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	basrv "github.com/umpire-arena/umpire/harness/bangarena/server"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"

	baverify "github.com/umpire-arena/umpire/referee/bangarena/verify"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

// runSuite runs every check of game against a fresh embedded server with
// faults, playing on within budget (Target.Budget), and returns the report
// entries by check name.
func runSuite(t *testing.T, game string, faults []string, budget time.Duration, dialects ...string) map[string]reports.Check {
	t.Helper()
	release := testSuites().acquire(suiteUnits(game, budget >= 0))
	out, err := playSuite(game, faults, budget, dialects...)
	release()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// playSuite is runSuite without a *testing.T, for suites run ahead of
// their subtests.
func playSuite(game string, faults []string, budget time.Duration, dialects ...string) (map[string]reports.Check, error) {
	e, err := StartEmbeddedDialects(game, faults, dialects)
	if err != nil {
		return nil, err
	}
	tg := suiteTarget(game, e.URL)
	tg.Budget = budget
	if err := tg.Validate(); err != nil {
		_ = e.Close()
		return nil, err
	}
	set, err := suiteSchemas()
	if err != nil {
		_ = e.Close()
		return nil, err
	}
	tg.st().schemas = set
	if game == GameBangArena {
		givePlan(tg, suitePlan(!slices.Contains(dialects, "other-chance")))
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

// suiteSchemas is the schema set the suites of the tests share: a
// schemas.Set is safe for concurrent use and never changes once compiled,
// so compiling it again for each of the fault matrix's suites (as a Target
// of its own does) only costs time.
var suiteSchemas = sync.OnceValues(func() (*schemas.Set, error) { return schemas.Compile() })

// suitePlan is the BangArena session plan the suites of the tests share:
// it depends on the target's seed, table size, whether the suite creates
// its rooms and whether the server declared umpire's generator (the
// embedded server does, but for its other-chance dialect), which are the
// same for every suite playSuite plays with one declaration
// (TestSuitePlanIsEverySuites), so steering once is steering for all. A
// suite's own conform run learns the declaration from the first room a
// check creates before the session rooms; declared is what it would learn.
func suitePlan(declared bool) []baRoomPlan {
	if declared {
		return suitePlanDeclared()
	}
	return suitePlanUndeclared()
}

var (
	suitePlanDeclared   = sync.OnceValue(func() []baRoomPlan { return suitePlanFor(true) })
	suitePlanUndeclared = sync.OnceValue(func() []baRoomPlan { return suitePlanFor(false) })
)

func suitePlanFor(declared bool) []baRoomPlan {
	tg := suiteTarget(GameBangArena, "http://127.0.0.1:1")
	if err := tg.Validate(); err != nil {
		return nil // each suite steers for itself
	}
	if declared {
		tg.NoteChance(baverify.ChanceUmpire)
	}
	return baSessionPlan(tg)
}

// suiteTarget is the target playSuite judges a server at url with.
func suiteTarget(game, url string) *Target {
	return &Target{Game: game, URL: url, Create: true, DeadlineMS: 300}
}

// faultSuitesAhead plays the suite of every case ahead of its subtest, in
// the package's pool of suites (testSuites): a suite mostly waits on
// deadlines or the server, so more run side by side than t.Parallel's
// default (GOMAXPROCS) allows.
func faultSuitesAhead(cases []faultCase, dialects ...string) []*future[map[string]reports.Check] {
	out := make([]*future[map[string]reports.Check], len(cases))
	for i, fc := range cases {
		out[i] = ahead(suiteUnits(fc.game, matrixBudget(fc) >= 0), func() (map[string]reports.Check, error) {
			return playSuite(fc.game, []string{fc.fault}, matrixBudget(fc), dialects...)
		})
	}
	return out
}

// plainSuite is the suite of game played once against the fault-free
// embedded server, for every test that reads it (a test must not change
// the map).
func plainSuite(t *testing.T, game string) map[string]reports.Check {
	t.Helper()
	testSuites().open()
	once := plainSuites[game]
	if once == nil {
		t.Fatalf("no plain suite of %s", game)
	}
	out, err := once()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var plainSuites = map[string]func() (map[string]reports.Check, error){
	GameInference: sync.OnceValues(func() (map[string]reports.Check, error) { return playPlain(GameInference) }),
	GameBangArena: sync.OnceValues(func() (map[string]reports.Check, error) { return playPlain(GameBangArena) }),
}

// playPlain plays the plain suite of game in the package's pool.
func playPlain(game string) (map[string]reports.Check, error) {
	<-testSuites().gate
	release := testSuites().acquire(suiteUnits(game, true))
	defer release()
	return playSuite(game, nil, 0)
}

func TestEmbeddedConforms(t *testing.T) {
	games := []string{GameBangArena, GameInference}
	for _, game := range games {
		if runSelectsSub(runPattern(), t.Name(), game) {
			go func() { _, _ = plainSuites[game]() }() // handed to the pool now; read below
		}
	}
	t.Parallel()
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			got := plainSuite(t, game)
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
	return slices.Concat(inferenceFaultCases(), bangarenaFaultCases(), bangarenaSetupFaultCases(), bangarenaCardFaultCases(), bangarenaGloryFaultCases(), bangarenaRecipeFaultCases(), bangarenaCharFaultCases(), bangarenaEffectFaultCases(), bangarenaFairFaultCases(), endpointFaultCases())
}

func TestFaultsAreCaught(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a suite per fault")
	}
	var table []faultCase
	for _, fc := range faultTable() {
		if why, ok := steeredGaps[fc.game+"/"+fc.fault]; ok {
			t.Run(fc.game+"/"+fc.fault, func(t *testing.T) {
				t.Skipf("a known gap since the seats steer by their decisions (issue 27): %s", why)
			})
			continue
		}
		table = append(table, fc)
	}
	faultsAreCaught(t, table, nil)
}

// steeredGaps are the faults the suite stopped catching alone against
// umpire's own generator when its seats began to steer by their decisions
// (the rooms, and so the situations and the attribution's evidence,
// changed): each with why. Each is a task of issue 27; the list may only
// shrink.
var steeredGaps = map[string]string{
	// toss-first-card is caught again: the rooms played on Toss at hands of
	// three cards or more (bangarena_decide.go), and log.chance tells the
	// pick from the first card; mad-dog-one-shot since the engine names the
	// rule granting a left-out item (GrantingRules). The one below is of attribution (the
	// judges' files), not of steering: no decision of the seats removes
	// the second MUST. tollman-no-take is caught alone since an outcome the
	// log runs out of waits for the divergence it causes (referee/bangarena/verify).
	GameBangArena + "/ring-counts-dead": "second MUST (attribution): the replay of the decision the distance fault moved (Double Barrel's point-blank answer count) names Double Barrel's rule (6.char-13-double-barrel), not the distance (4.distance)",
}

// matrixBudget is the budget of the suite the fault matrix plays for fc:
// the default when it plays on (playsOn) or is an Inference case (the
// embedded Inference server offers fixed values, so its suite never plays
// on), else none.
func matrixBudget(fc faultCase) time.Duration {
	if fc.game != GameBangArena || playsOn(fc) {
		return 0
	}
	return -1
}

// playsOn reports whether the suite of the fault matrix's case fc plays
// on (the default budget) for the situations its seats steer toward: when
// the fault breaks the rule of such a situation (baSituations), which
// may arise only in a room played on, or is one of playOnFaults. Every
// other case's suite plays the planned session rooms alone (a negative
// budget): the rooms played on cost about two fifths of a BangArena
// suite's CPU time, and caught no other fault of the matrix (every row
// played without them, both matrices, December 2026). The rooms played on are
// still judged, fault-free and at the default budget, by
// TestEmbeddedConforms, the dialect suites and TestConformPeers.
func playsOn(fc faultCase) bool {
	if _, ok := playOnFaults[fc.game+"/"+fc.fault]; ok || fc.game != GameBangArena {
		return ok
	}
	for _, x := range baSteered(baSituations()) {
		if x.rule == fc.rule || slices.Contains(fc.also, x.rule) {
			return true
		}
	}
	return false
}

// playOnFaults are the faults, besides those of a situation's rule, that
// the suite catches only in a room played on, each with why. A fault that
// stops being caught when the steering changes the planned rooms belongs
// here (not in steeredGaps, which may only shrink).
var playOnFaults = map[string]string{
	GameBangArena + "/red-suit-no-extra":      "Red Suit's draw with a red second card: over other-chance the planned rooms may show none; the rooms played on deal the characters again",
	GameBangArena + "/double-barrel-one-miss": "Double Barrel's Shot answered by a seat holding two Miss cards: the planned rooms show none",
}

// faultsAreCaught plays the suite against the embedded server of each
// case with its fault on (and the dialects): some check cites the fault's
// rule at its level, and no check cites another rule at MUST.
func faultsAreCaught(t *testing.T, table []faultCase, dialects []string) {
	seen := map[string]bool{}
	var cases, played []faultCase
	pattern := runPattern()
	for _, fc := range table {
		if raceEnabled && seen[fc.game] {
			continue
		}
		seen[fc.game] = true
		cases = append(cases, fc)
		// Every suite is played ahead of its subtest, in the package's
		// pool (testSuites), more side by side than t.Parallel's default
		// (GOMAXPROCS) allows: an Inference suite mostly waits on
		// deadlines, a BangArena one on the server for a third of its
		// time. Only the suites a -run pattern selects are played; a
		// subtest whose suite was not plays it itself.
		if runSelects(pattern, strings.SplitN(t.Name(), "/", 2)[0], fc) {
			played = append(played, fc)
		}
	}
	futures := map[string]*future[map[string]reports.Check]{}
	for i, f := range faultSuitesAhead(played, dialects...) {
		futures[played[i].game+"/"+played[i].fault] = f
	}
	// The suites are played; the test waits for the sequential tests, as
	// every heavy test of the package does, while they play.
	t.Parallel()
	for _, fc := range cases {
		t.Run(fc.game+"/"+fc.fault, func(t *testing.T) {
			t.Parallel()
			var got map[string]reports.Check
			if f := futures[fc.game+"/"+fc.fault]; f != nil {
				var err error
				if got, err = f.wait(); err != nil {
					t.Fatal(err)
				}
				f.got = nil // its subtest alone reads it: let it go with the subtest
			} else {
				got = runSuite(t, fc.game, []string{fc.fault}, matrixBudget(fc), dialects...)
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

// runSelects reports whether a -run pattern may select the subtest of
// fc ("<game>/<fault>" under its test), read as go test reads it: its
// alternatives (at a top-level |), each split at its slashes into
// elements matched in turn against the test, the game and the fault. A
// pattern it cannot read selects every case.
func runSelects(pattern, test string, fc faultCase) bool {
	return runSelectsSub(pattern, test, fc.game, fc.fault)
}

// runSelectsSub reports whether a -run pattern may select the test
// named by the elements names (the top-level test's first), read as
// runSelects reads it.
func runSelectsSub(pattern string, names ...string) bool {
	if pattern == "" {
		return true
	}
	for _, alt := range splitRunPattern(pattern, '|') {
		if altSelects(splitRunPattern(alt, '/'), names) {
			return true
		}
	}
	return false
}

// runPattern is the -run pattern of the test binary ("" for none).
func runPattern() string {
	if f := flag.Lookup("test.run"); f != nil {
		return f.Value.String()
	}
	return ""
}

// altSelects matches the elements of one alternative of a -run pattern
// against the test's names, the top-level test's first.
func altSelects(parts []string, names []string) bool {
	for i, name := range names {
		if i >= len(parts) {
			break
		}
		re, err := regexp.Compile(parts[i])
		if err != nil {
			return true
		}
		if !re.MatchString(name) {
			return false
		}
	}
	return true
}

// splitRunPattern splits a -run pattern at each sep outside brackets and
// parentheses, as go test does with / and |.
func splitRunPattern(p string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case sep:
			if depth == 0 {
				out = append(out, p[start:i])
				start = i + 1
			}
		}
	}
	return append(out, p[start:])
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

// TestPlayOnFaultsAreRows: every fault listed to play on is a row of the
// fault table, and the faults of a steered situation's rule play on.
func TestPlayOnFaultsAreRows(t *testing.T) {
	rows := map[string]faultCase{}
	for _, fc := range faultTable() {
		rows[fc.game+"/"+fc.fault] = fc
	}
	for key := range playOnFaults {
		if _, ok := rows[key]; !ok {
			t.Errorf("%s plays on but is no row of the fault table", key)
		}
	}
	for key, want := range map[string]bool{
		GameBangArena + "/no-last-bullet":        true, // 9.last-bullet
		GameBangArena + "/grip-takes-first-card": true, // also 6.char-05-grip
		GameBangArena + "/duel-self":             false,
		GameInference + "/accept-illegal-raise":  false,
	} {
		if got := playsOn(rows[key]); got != want {
			t.Errorf("%s plays on: %v, want %v", key, got, want)
		}
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

// TestRunSelects: the fault matrix plays ahead the suites of the subtests
// a -run pattern selects, no fewer (a subtest left out would play its own
// suite, only later).
func TestRunSelects(t *testing.T) {
	duel := faultCase{game: GameBangArena, fault: "duel-self"}
	raise := faultCase{game: GameInference, fault: "accept-illegal-raise"}
	tests := []struct {
		pattern     string
		duel, raise bool
	}{
		{"", true, true},
		{"TestFaultsAreCaught", true, true},
		{"TestFaultsAreCaught$/bangarena", true, false},
		{"TestFaultsAreCaught$/bangarena/duel-self", true, false},
		{"TestFaultsAreCaught$/bangarena/(duel-self|jail-self)$", true, false},
		{"TestFaultsAreCaught$/bangarena/jail-self|TestFaultsAreCaught$/inference/accept", false, true},
		{"TestFaultsAreCaught(OtherChance)?/inference/", false, true},
		{"TestFaultsAreCaught/([/", true, true},
		{"TestRunSelects|TestDialectsConform/no-log", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.pattern, func(t *testing.T) {
			if got := runSelects(tc.pattern, "TestFaultsAreCaught", duel); got != tc.duel {
				t.Errorf("duel-self: have %v, want %v", got, tc.duel)
			}
			if got := runSelects(tc.pattern, "TestFaultsAreCaught", raise); got != tc.raise {
				t.Errorf("accept-illegal-raise: have %v, want %v", got, tc.raise)
			}
		})
	}
}

// TestSuitePlanIsEverySuites: the shared session plan is the one each
// suite's own target would steer to, whatever the server's address.
func TestSuitePlanIsEverySuites(t *testing.T) {
	tg := suiteTarget(GameBangArena, "http://127.0.0.1:1")
	if err := tg.Validate(); err != nil {
		t.Fatal(err)
	}
	if got, want := suitePlan(false), baSessionPlan(tg); !slices.Equal(got, want) {
		t.Errorf("shared plan %v, want the suite's own %v", got, want)
	}
	tg.NoteChance(baverify.ChanceUmpire)
	if got, want := suitePlan(true), baSessionPlan(tg); !slices.Equal(got, want) {
		t.Errorf("shared plan of a declared generator %v, want the suite's own %v", got, want)
	}
}
