package conformtest

import (
	"flag"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// FaultCase names a fault of an embedded server and the rule the suite must
// report for it.
type FaultCase struct {
	Game, Fault, Rule string
	// Also lists other rules a failing check may cite for the same fault
	// (a fault several checks see, each in its own terms).
	Also []string
}

// FaultsAreCaught plays the suite against the embedded server of each
// case with its fault on (and the dialects), within the budget budget
// gives it (nil: the default): some check cites the fault's rule at its
// level, and no check cites another rule at MUST.
func (s *Suites) FaultsAreCaught(t *testing.T, table []FaultCase, dialects []string, budget func(FaultCase) time.Duration) {
	if budget == nil {
		budget = func(FaultCase) time.Duration { return 0 }
	}
	seen := map[string]bool{}
	var cases []FaultCase
	futures := map[string]*Future[map[string]reports.Check]{}
	pattern := RunPattern()
	for _, fc := range table {
		if RaceEnabled && seen[fc.Game] {
			continue
		}
		seen[fc.Game] = true
		cases = append(cases, fc)
		// Every suite is played ahead of its subtest, in the package's
		// pool, more side by side than t.Parallel's default (GOMAXPROCS)
		// allows: an Inference suite mostly waits on deadlines, a
		// BangArena one on the server for a third of its time. Only the
		// suites a -run pattern selects are played; a subtest whose
		// suite was not plays it itself.
		if RunSelectsSub(pattern, strings.SplitN(t.Name(), "/", 2)[0], fc.Game, fc.Fault) {
			futures[fc.Game+"/"+fc.Fault] = s.Ahead([]string{fc.Fault}, budget(fc), dialects...)
		}
	}
	// The suites are played; the test waits for the sequential tests, as
	// every heavy test of the package does, while they play.
	t.Parallel()
	for _, fc := range cases {
		t.Run(fc.Game+"/"+fc.Fault, func(t *testing.T) {
			t.Parallel()
			var got map[string]reports.Check
			if f := futures[fc.Game+"/"+fc.Fault]; f != nil {
				var err error
				if got, err = f.Wait(); err != nil {
					t.Fatal(err)
				}
				f.Drop() // its subtest alone reads it: let it go with the subtest
			} else {
				got = s.Run(t, []string{fc.Fault}, budget(fc), dialects...)
			}
			CaughtAlone(t, fc, got)
		})
	}
}

// CaughtAlone checks the suite got, played with fc's fault on: some check
// cites the fault's rule at its level, and no check cites another rule at
// MUST. A fault of a document rule fails the run (MUST); one of a reading
// or a pin is reported at SHOULD (MUST only with --strict), and must still
// be caught by its own rule; so is a fault of a SHOULD rule.
func CaughtAlone(t *testing.T, fc FaultCase, got map[string]reports.Check) {
	t.Helper()
	want := rules.Must
	if r, ok := rules.Default().Lookup(fc.Rule); !ok || !r.Basis.Binding() || r.Level == rules.Should {
		want = rules.Should
	}
	caught := false
	for name, c := range got {
		if c.Status == reports.Error {
			t.Errorf("%s: error %s", name, c.Reason)
		}
		cites, citesOther := false, false
		for _, f := range c.Findings {
			if f.Rule == fc.Rule && f.Level == want {
				cites = true
			}
			if f.Rule == fc.Rule || slices.Contains(fc.Also, f.Rule) {
				citesOther = true
			}
		}
		caught = caught || cites
		if c.Failing() && !cites && !citesOther {
			t.Errorf("unrelated check %q fails: %v", name, c.Findings)
		}
		// No MUST beside it either, in any check: a fault is caught by
		// the rule it breaks and by no other (fc.Also names the rules
		// that are truly the same break).
		for _, f := range c.Findings {
			if f.Level == rules.Must && f.Rule != fc.Rule && !slices.Contains(fc.Also, f.Rule) {
				t.Errorf("%s: unrelated MUST %s: %s", name, f.Rule, f.Message)
			}
		}
	}
	if !caught {
		t.Errorf("have no check citing %s at %s, want one", fc.Rule, want)
	}
}

// RunSelectsSub reports whether a -run pattern may select the test named
// by the elements names (the top-level test's first), read as go test
// reads it: its alternatives (at a top-level |), each split at its
// slashes into elements matched in turn against the names. A pattern it
// cannot read selects every test.
func RunSelectsSub(pattern string, names ...string) bool {
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

// RunPattern is the -run pattern of the test binary ("" for none).
func RunPattern() string {
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
