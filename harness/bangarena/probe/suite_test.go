package probe

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	basrv "github.com/umpire-arena/umpire/harness/bangarena/server"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/conform/conformtest"
	baverify "github.com/umpire-arena/umpire/referee/bangarena/verify"
	"github.com/umpire-arena/umpire/reports"
)

// suites plays the package's BangArena suites in its pool: one that plays
// on (within the default budget) takes three units, so that no more play
// on side by side than two on two cores (more, on a loaded machine, left
// the server's answers later than 15 s); one that plays the planned rooms
// alone two. Each suite's target is handed the session plan steered once
// for all (suitePlan).
var suites = &conformtest.Suites{
	Game: conform.GameBangArena,
	Pool: conformtest.NewPool(),
	Units: func(playsOn bool) int {
		if playsOn {
			return 3
		}
		return 2
	},
	Prepare: func(tg *conform.Target, dialects []string) {
		givePlan(tg, suitePlan(!slices.Contains(dialects, "other-chance")))
	},
}

// faultCase is a row of the fault matrix.
type faultCase = conformtest.FaultCase

// suitePlan is the BangArena session plan the suites of the tests share:
// it depends on the target's seed, table size, whether the suite creates
// its rooms and whether the server declared umpire's generator (the
// embedded server does, but for its other-chance dialect), which are the
// same for every suite with one declaration (TestSuitePlanIsEverySuites),
// so steering once is steering for all. A suite's own conform run learns
// the declaration from the first room a check creates before the session
// rooms; declared is what it would learn.
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
	tg := conformtest.Target(conform.GameBangArena, "http://127.0.0.1:1")
	if err := tg.Validate(); err != nil {
		return nil // each suite steers for itself
	}
	if declared {
		tg.NoteChance(baverify.ChanceUmpire)
	}
	return baSessionPlan(tg)
}

func TestEmbeddedConforms(t *testing.T) {
	// The redaction after an early end cannot be set up through the
	// protocol: that check skips, with why.
	earlyEnd := func(c reports.Check) bool { return strings.Contains(c.Name, "early end") }
	suites.EmbeddedConforms(t, []string{
		"bangarena/server.answer-shape", "bangarena/server.legal-actions", "bangarena/server.replay",
		"bangarena/server.reask", "bangarena/12.decider", "bangarena/server.mcp-tools",
		// The session rooms of every role mode.
		"bangarena/2.impostor-distribution", "bangarena/2.impostor-briefing", "bangarena/2.legacy", "bangarena/2.partners",
	}, earlyEnd)
}

// faultTable is the fault→check table: with the fault on, some check fails
// citing rule, and no check fails without citing rule or one of also. The
// cases live in the files faults_*_test.go.
func faultTable() []faultCase {
	return slices.Concat(bangarenaFaultCases(), bangarenaSetupFaultCases(), bangarenaCardFaultCases(), bangarenaGloryFaultCases(), bangarenaRecipeFaultCases(), bangarenaCharFaultCases(), bangarenaEffectFaultCases(), bangarenaFairFaultCases(), endpointFaultCases())
}

// faultsAreCaught plays the fault matrix of table with dialects on, each
// row within its budget (matrixBudget).
func faultsAreCaught(t *testing.T, table []faultCase, dialects []string) {
	suites.FaultsAreCaught(t, table, dialects, matrixBudget)
}

func TestFaultsAreCaught(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a suite per fault")
	}
	var table []faultCase
	for _, fc := range faultTable() {
		if why, ok := steeredGaps[fc.Game+"/"+fc.Fault]; ok {
			t.Run(fc.Game+"/"+fc.Fault, func(t *testing.T) {
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
	conform.GameBangArena + "/toss-first-card":  "caught again in session 12 by the rooms played on, where the seats Toss at hands of three cards or more; since the merge of the judge's kill-order fix the planned rooms show no such Toss and the suite does not play on for it (a Toss at a large hand is no steered situation): to steer toward it",
	conform.GameBangArena + "/ring-counts-dead": "second MUST (attribution): the replay of the decision the distance fault moved (Double Barrel's point-blank answer count) names Double Barrel's rule (6.char-13-double-barrel), not the distance (4.distance)",
}

// matrixBudget is the budget of the suite the fault matrix plays for fc:
// the default when it plays on (playsOn), else none.
func matrixBudget(fc faultCase) time.Duration {
	if playsOn(fc) {
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
	if _, ok := playOnFaults[fc.Game+"/"+fc.Fault]; ok {
		return true
	}
	for _, x := range baSteered(baSituations()) {
		if x.rule == fc.Rule || slices.Contains(fc.Also, x.rule) {
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
	conform.GameBangArena + "/red-suit-no-extra":      "Red Suit's draw with a red second card: over other-chance the planned rooms may show none; the rooms played on deal the characters again",
	conform.GameBangArena + "/double-barrel-one-miss": "Double Barrel's Shot answered by a seat holding two Miss cards: the planned rooms show none",
}

// TestPlayOnFaultsAreRows: every fault listed to play on is a row of the
// fault table, and the faults of a steered situation's rule play on.
func TestPlayOnFaultsAreRows(t *testing.T) {
	rows := map[string]faultCase{}
	for _, fc := range faultTable() {
		rows[fc.Game+"/"+fc.Fault] = fc
	}
	for key := range playOnFaults {
		if _, ok := rows[key]; !ok {
			t.Errorf("%s plays on but is no row of the fault table", key)
		}
	}
	for key, want := range map[string]bool{
		conform.GameBangArena + "/no-last-bullet":        true, // 9.last-bullet
		conform.GameBangArena + "/grip-takes-first-card": true, // also 6.char-05-grip
		conform.GameBangArena + "/duel-self":             false,
	} {
		if got := playsOn(rows[key]); got != want {
			t.Errorf("%s plays on: %v, want %v", key, got, want)
		}
	}
}

func TestFaultTableIsComplete(t *testing.T) {
	var faults []string
	for _, f := range basrv.FaultList() {
		faults = append(faults, string(f.Name))
	}
	conformtest.FaultTableIsComplete(t, conform.GameBangArena, faultTable(), faults)
}

// TestSuitePlanIsEverySuites: the shared session plan is the one each
// suite's own target would steer to, whatever the server's address.
func TestSuitePlanIsEverySuites(t *testing.T) {
	tg := conformtest.Target(conform.GameBangArena, "http://127.0.0.1:1")
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

// endpointFaultCases are the faults of the MCP tools and the rules
// endpoint (harness/bangarena/server/faults_mcp.go), each with the rule
// the suite must report for it (see faultTable).
func endpointFaultCases() []faultCase {
	return []faultCase{
		{Game: conform.GameBangArena, Fault: "mcp-legal-short", Rule: "bangarena/server.mcp-twins"},
		{Game: conform.GameBangArena, Fault: "no-rules-summary", Rule: "bangarena/server.rules-summary"},
		{Game: conform.GameBangArena, Fault: "default-deadline-60s", Rule: "bangarena/14.default-deadline"},
	}
}
