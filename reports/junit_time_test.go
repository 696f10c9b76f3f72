package reports

import (
	"bytes"
	"encoding/xml"
	"math"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
)

// junitTime is a well-formed JUnit time attribute: seconds, non-negative,
// three decimals (the Surefire schema's pattern; a negative time breaks
// CI tools that parse it).
var junitTime = regexp.MustCompile(`^[0-9]+\.[0-9]{3}$`)

// timeAttrs returns every time="…" attribute of a JUnit document.
func timeAttrs(t *testing.T, doc []byte) []string {
	t.Helper()
	var out []string
	dec := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if se, ok := tok.(xml.StartElement); ok {
			for _, a := range se.Attr {
				if a.Name.Local == "time" {
					out = append(out, a.Value)
				}
			}
		}
	}
	return out
}

// TestJUnitTimes: each case's time attribute is the check's real duration
// (a conform check measures its own), every suite's is the sum of its
// cases and the run's the sum of all, in both shapes; and every time
// attribute is well formed whatever durations a report read back holds
// (negative, or large enough that their sum would wrap round).
func TestJUnitTimes(t *testing.T) {
	mk := func(durations ...time.Duration) *Report {
		r := New(Meta{Version: "test", Kind: KindConform, Games: []string{"inference"}, RulesVersions: []string{"inference-0.4"}}, rules.Default())
		ids := []string{"inference/round.3.raise-cap", "inference/wire.move.action", "inference/round.3.all-in"}
		for i, d := range durations {
			r.Checks = append(r.Checks, Check{Name: "check " + strconv.Itoa(i), Section: "Round", Rules: []string{ids[i%len(ids)]}, Status: Pass, Duration: d})
		}
		r.Normalize()
		return r
	}
	t.Run("real durations", func(t *testing.T) {
		r := mk(1500*time.Millisecond, 250*time.Millisecond, 2*time.Millisecond)
		for _, shape := range []JUnitCases{JUnitByCheck, JUnitByRule} {
			var b bytes.Buffer
			if err := (JUnit{Cases: shape}).Write(&b, r); err != nil {
				t.Fatal(err)
			}
			var root junitSuites
			if err := xml.Unmarshal(b.Bytes(), &root); err != nil {
				t.Fatal(err)
			}
			if root.Time != "1.752" {
				t.Errorf("%s: run time %q, want 1.752", shape, root.Time)
			}
			cases := map[string]bool{}
			sumSuites := 0.0
			for _, s := range root.Suites {
				sumCases := 0.0
				for _, c := range s.Cases {
					cases[c.Time] = true
					v, _ := strconv.ParseFloat(c.Time, 64)
					sumCases += v
				}
				v, _ := strconv.ParseFloat(s.Time, 64)
				if math.Abs(v-sumCases) > 0.0015 {
					t.Errorf("%s: suite %q time %s, its cases sum to %.3f", shape, s.Name, s.Time, sumCases)
				}
				sumSuites += v
			}
			if math.Abs(sumSuites-1.752) > 0.003 {
				t.Errorf("%s: suites sum to %.3f, want 1.752", shape, sumSuites)
			}
			for _, want := range []string{"1.500", "0.250", "0.002"} {
				if !cases[want] {
					t.Errorf("%s: no case reads %s s; cases: %v", shape, want, cases)
				}
			}
		}
	})
	t.Run("well formed from any durations", func(t *testing.T) {
		r := mk(-5*time.Second, math.MaxInt64, math.MaxInt64, time.Second)
		r.Matches = []Match{{Seed: "1", Duration: -time.Hour, Termination: TermOK}}
		r.Checks = append(r.Checks, Check{Name: "on a match", Seed: "1", Rules: []string{"inference/wire.move.action"}, Status: Pass})
		for _, shape := range []JUnitCases{JUnitByCheck, JUnitByRule} {
			var b bytes.Buffer
			if err := (JUnit{Cases: shape}).Write(&b, r); err != nil {
				t.Fatal(err)
			}
			attrs := timeAttrs(t, b.Bytes())
			if len(attrs) < 3 {
				t.Fatalf("%s: %d time attributes", shape, len(attrs))
			}
			for _, a := range attrs {
				if !junitTime.MatchString(a) {
					t.Errorf("%s: time=%q is not a non-negative number of seconds with three decimals", shape, a)
				}
			}
		}
	})
}
