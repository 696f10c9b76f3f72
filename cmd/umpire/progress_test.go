package main

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/certify"
	"github.com/umpire-arena/umpire/reports"
)

// TestRunStatus: the live status of a certify run counts the agent's
// matches by how they ended, and in an A/B run shows the pairs so far,
// the Elo and the SPRT's LLR against its bounds, as the report computes
// them; in a pipe it is printed every statusEvery matches and at the end.
func TestRunStatus(t *testing.T) {
	match := func(side, seed string, score float64, term reports.Termination) *certify.MatchResult {
		return &certify.MatchResult{Side: side, Match: reports.Match{Seed: seed, Side: side, Adversary: "random", Score: score, Termination: term}}
	}
	t.Run("plain", func(t *testing.T) {
		st := newRunStatus(4, nil)
		st.add(match("", "a", 1, reports.TermOK))
		st.add(match("", "b", 1, reports.TermTimeout))
		st.add(match("", "c", 1, reports.TermOK))
		if got, want := st.text(), "3/4 matches: ok 2, timeout 1"; got != want {
			t.Errorf("status %q, want %q", got, want)
		}
	})
	t.Run("A/B", func(t *testing.T) {
		spec := reports.ABSpec{Elo0: -20, Elo1: 0, Alpha: 0.05, Beta: 0.05}
		st := newRunStatus(8, &spec)
		var all []reports.Match
		for i, sc := range [][2]float64{{3, 1}, {2, 2}, {0, 5}, {4, 1}} {
			seed := string(rune('a' + i))
			for _, m := range []*certify.MatchResult{match(reports.SideNew, seed, sc[0], reports.TermOK), match(reports.SideBaseline, seed, sc[1], reports.TermOK)} {
				st.add(m)
				all = append(all, m.Match)
			}
		}
		got := st.text()
		o := reports.ABOf(spec, nil, all).Overall
		for _, want := range []string{"8/8 matches; the agent's: ok 4", "pairs 4: W/D/L 2/1/1", "Elo " + reports.SignedInterval(o.Elo, 0, "[", ", ", "]"), "LLR", "in (-2.94, 2.94)", "undecided"} {
			if !strings.Contains(got, want) {
				t.Errorf("status %q lacks %q", got, want)
			}
		}
	})
	t.Run("pipe", func(t *testing.T) {
		var out, errb bytes.Buffer
		e := &env{stdout: &out, stderr: &errb}
		n := statusEvery + 3
		f := progressFunc(e, false, newRunStatus(n, nil), time.Now())
		for i := 1; i <= n; i++ {
			f(i, n, match("", "s", 1, reports.TermOK))
		}
		if c := strings.Count(errb.String(), "certify: status: "); c != 2 {
			t.Errorf("%d status lines over %d matches, want 2 (every %d and the last):\n%s", c, n, statusEvery, errb.String())
		}
		if out.Len() != 0 {
			t.Errorf("progress in a pipe wrote to stdout: %q", out.String())
		}
	})
}

// TestRunStatusABIsIncremental: the A/B live status costs a constant per
// match, not a recount of every pair (with the SPRT run again over every
// prefix) at each one: 6,000 matches with the status after each stay well
// within a few seconds.
func TestRunStatusABIsIncremental(t *testing.T) {
	spec := reports.ABSpec{Elo0: -1000, Elo1: 1000, Alpha: 1e-9, Beta: 1e-9} // never decided: every pair counts
	const pairs = 3000
	st := newRunStatus(2*pairs, &spec)
	start := time.Now()
	for i := 0; i < pairs; i++ {
		seed := "s" + strconv.Itoa(i)
		for _, side := range []string{reports.SideNew, reports.SideBaseline} {
			st.add(&certify.MatchResult{Side: side, Match: reports.Match{Seed: seed, Side: side, Adversary: "random", Score: float64((i + len(side)) % 3), Termination: reports.TermOK}})
			_ = st.text()
		}
		if time.Since(start) > 20*time.Second {
			t.Fatalf("%d pairs took %v: the status is recomputed from every match", i, time.Since(start))
		}
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("%d pairs with a status after each match took %v, want a few milliseconds a thousand", pairs, d)
	}
	if got := st.text(); !strings.Contains(got, "pairs 3000: W/D/L ") {
		t.Errorf("status %q", got)
	}
}

// TestCertifyWaitsAloud: while a slow agent's matches play, certify says
// what it waits for — on a terminal its line is redrawn with the matches in
// play and their ages, in a pipe a line comes once nothing was printed for
// quietEvery (before: nothing at all between the per-match lines, for
// minutes with a hung agent).
func TestCertifyWaitsAloud(t *testing.T) {
	_, broken := buildAgents(t)
	for _, tc := range []struct {
		name     string
		terminal bool
		stream   func(out, errOut string) string
	}{
		{"pipe", false, func(_, errOut string) string { return errOut }},
		{"terminal", true, func(out, _ string) string { return out }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, isTerminal: tc.terminal,
				agentWindow: 500 * time.Millisecond, quietEvery: 300 * time.Millisecond}
			code := run(context.Background(), e, []string{"certify", "--game", "inference", "--agent", broken + " -mode slow -delay 1500ms",
				"--matches", "1", "--seats", "3", "--rounds", "2", "--deadline", "5s", "--report-dir", t.TempDir()})
			if code != exitOK {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errOut.String())
			}
			if got := tc.stream(out.String(), errOut.String()); !strings.Contains(got, "waiting for 1 match in play: umpire/0 ") {
				t.Errorf("nothing says what the run waits for:\n%s", got)
			}
		})
	}
}
