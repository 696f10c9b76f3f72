package conformtest

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

// Suites plays the suite of one game against its embedded server, in a
// test package's pool.
type Suites struct {
	// Game is the game's name.
	Game string
	// Pool is the test package's pool.
	Pool *Pool
	// Units is how many units of the pool a suite takes: playsOn for one
	// that plays on within the default budget (nil: one).
	Units func(playsOn bool) int
	// Prepare, when set, is given each suite's validated target before
	// its checks run, with the suite's dialects (BangArena hands it the
	// session plan steered once for all suites).
	Prepare func(tg *conform.Target, dialects []string)

	plainOnce sync.Once
	plain     map[string]reports.Check
	plainErr  error
}

// units is Units or one.
func (s *Suites) units(playsOn bool) int {
	if s.Units == nil {
		return 1
	}
	return s.Units(playsOn)
}

// Run plays the suite against a fresh embedded server with faults (and
// dialects), playing on within budget (Target.Budget), and returns the
// report entries by check name.
func (s *Suites) Run(t *testing.T, faults []string, budget time.Duration, dialects ...string) map[string]reports.Check {
	t.Helper()
	release := s.Pool.Acquire(s.units(budget >= 0))
	out, err := s.Play(faults, budget, dialects...)
	release()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Play is Run without a *testing.T and outside the pool, for suites played
// ahead of their subtests.
func (s *Suites) Play(faults []string, budget time.Duration, dialects ...string) (map[string]reports.Check, error) {
	e, err := conform.StartEmbeddedDialects(s.Game, faults, dialects)
	if err != nil {
		return nil, err
	}
	tg := Target(s.Game, e.URL)
	tg.Budget = budget
	if err := tg.Validate(); err != nil {
		_ = e.Close()
		return nil, err
	}
	set, err := sharedSchemas()
	if err != nil {
		_ = e.Close()
		return nil, err
	}
	tg.GiveSchemas(set)
	if s.Prepare != nil {
		s.Prepare(tg, dialects)
	}
	out := map[string]reports.Check{}
	for _, c := range conform.Checks(s.Game) {
		out[c.Name] = conform.Run(context.Background(), tg, c)
	}
	if err := e.Close(); err != nil {
		return nil, fmt.Errorf("closing the embedded server: %w", err)
	}
	return out, nil
}

// Ahead plays the suite with faults and dialects ahead of the test that
// reads it, in the pool.
func (s *Suites) Ahead(faults []string, budget time.Duration, dialects ...string) *Future[map[string]reports.Check] {
	return Ahead(s.Pool, s.units(budget >= 0), func() (map[string]reports.Check, error) {
		return s.Play(faults, budget, dialects...)
	})
}

// sharedSchemas is the schema set the suites share: a schemas.Set is safe
// for concurrent use and never changes once compiled, so compiling it
// again for each suite (as a Target of its own does) only costs time.
var sharedSchemas = sync.OnceValues(func() (*schemas.Set, error) { return schemas.Compile() })

// Target is the target a suite judges a server at url with.
func Target(game, url string) *conform.Target {
	return &conform.Target{Game: game, URL: url, Create: true, DeadlineMS: 300}
}

// PlainAhead hands the plain suite (no fault, no dialect, the default
// budget) to the pool now, for a test that reads it later (Plain).
func (s *Suites) PlainAhead() {
	go func() { _, _ = s.plainResult() }()
}

// Plain is the suite played once against the fault-free embedded server,
// for every test that reads it (a test must not change the map).
func (s *Suites) Plain(t *testing.T) map[string]reports.Check {
	t.Helper()
	s.Pool.Open()
	out, err := s.plainResult()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func (s *Suites) plainResult() (map[string]reports.Check, error) {
	s.plainOnce.Do(func() {
		<-s.Pool.gate
		release := s.Pool.Acquire(s.units(true))
		defer release()
		s.plain, s.plainErr = s.Play(nil, 0)
	})
	return s.plain, s.plainErr
}

// EmbeddedConforms plays the plain suite (ahead, in the pool, when the
// -run pattern selects the test) and checks that every check passes —
// but those skip allows — and that the passing checks evaluate each rule
// of mustEvaluate. It calls t.Parallel.
func (s *Suites) EmbeddedConforms(t *testing.T, mustEvaluate []string, skip func(c reports.Check) bool) {
	if RunSelectsSub(RunPattern(), t.Name()) {
		s.PlainAhead() // handed to the pool now; read below
	}
	t.Parallel()
	got := s.Plain(t)
	if len(got) == 0 {
		t.Fatal("no checks")
	}
	covered := map[string]bool{}
	for name, c := range got {
		if c.Status != reports.Pass && !(c.Status == reports.Skip && skip != nil && skip(c)) {
			t.Errorf("%s: have %v (%s) %v, want pass", name, c.Status, c.Reason, c.Findings)
		}
		for r := range c.Evaluated {
			covered[r] = true
		}
	}
	for _, r := range mustEvaluate {
		if !covered[r] {
			t.Errorf("no passing check evaluated %s", r)
		}
	}
}

// FaultTableIsComplete checks that table has one row per fault of the
// game's embedded server (faults by name), and no other.
func FaultTableIsComplete(t *testing.T, game string, table []FaultCase, faults []string) {
	t.Helper()
	have := map[string]bool{}
	for _, fc := range table {
		have[fc.Game+"/"+fc.Fault] = true
	}
	for _, f := range faults {
		if !have[game+"/"+f] {
			t.Errorf("fault %s/%s has no row in the fault table", game, f)
		}
	}
	if len(have) != len(faults) {
		t.Errorf("have %d rows, want %d (one per fault)", len(have), len(faults))
	}
}

// CheckNamed returns the check of game's suite whose name contains part.
func CheckNamed(t *testing.T, game, part string) conform.Check {
	t.Helper()
	for _, c := range conform.Checks(game) {
		if strings.Contains(c.Name, part) {
			return c
		}
	}
	t.Fatalf("no check of %s named like %q", game, part)
	return conform.Check{}
}
