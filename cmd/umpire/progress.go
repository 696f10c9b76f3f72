package main

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/certify"
	"github.com/umpire-arena/umpire/reports"
)

// statusEvery is how many matches pass between two status lines of a
// certify run whose progress goes to a pipe (each match has its own line
// as well; the status line sums them up, as cutechess-cli and fastchess
// print the score every few games).
const statusEvery = 10

// runStatus is the live state of a certify run, for its progress output:
// matches done, how they ended, and for an A/B run the pairs so far with
// the Elo and the SPRT's log-likelihood ratio against its bounds.
type runStatus struct {
	// tally holds the A/B pairs so far, counted as each match ends (nil
	// without a baseline).
	tally *reports.ABTally
	done  int
	total int
	// ended counts the matches of the agent under test by termination.
	ended map[reports.Termination]int
}

func newRunStatus(total int, ab *reports.ABSpec) *runStatus {
	s := &runStatus{total: total, ended: map[reports.Termination]int{}}
	if ab != nil {
		s.tally = reports.NewABTally(*ab)
	}
	return s
}

// add records a finished match.
func (s *runStatus) add(r *certify.MatchResult) {
	s.done++
	if r.Side != reports.SideBaseline {
		s.ended[r.Match.Termination]++
	}
	if s.tally != nil {
		s.tally.Add(r.Match)
	}
}

// text is the status in one line: "12/40 matches: ok 11, timeout 1"; for
// an A/B run "12/40 matches; the agent's: ok 6; pairs 6: W/D/L 3/1/2, Elo
// +57 [-90, +204], LLR 0.41 in (-2.94, 2.94), undecided".
func (s *runStatus) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%d matches", s.done, s.total)
	terms := make([]string, 0, len(s.ended))
	for t := range s.ended {
		terms = append(terms, string(t))
	}
	sort.Slice(terms, func(i, j int) bool {
		// ok first, then by count, then by name.
		a, c := reports.Termination(terms[i]), reports.Termination(terms[j])
		if (a == reports.TermOK) != (c == reports.TermOK) {
			return a == reports.TermOK
		}
		if s.ended[a] != s.ended[c] {
			return s.ended[a] > s.ended[c]
		}
		return a < c
	})
	for i, t := range terms {
		sep := ", "
		switch {
		case i == 0 && s.tally != nil:
			sep = "; the agent's: "
		case i == 0:
			sep = ": "
		}
		fmt.Fprintf(&b, "%s%s %d", sep, t, s.ended[reports.Termination(t)])
	}
	if s.tally == nil {
		return b.String()
	}
	o := s.tally.Overall()
	fmt.Fprintf(&b, "; pairs %d: W/D/L %d/%d/%d", o.Pairs, o.Wins, o.Draws, o.Losses)
	if o.Pairs > 0 {
		fmt.Fprintf(&b, ", Elo %s, LLR %.2f in (%.2f, %.2f), %s", reports.SignedInterval(o.Elo, 0, "[", ", ", "]"), o.SPRT.LLR, o.SPRT.Lower, o.SPRT.Upper, o.SPRT.Short())
	}
	return b.String()
}

// progressFunc is certify's progress callback: on a terminal one line
// rewritten in place (a bar and the status); in a pipe a line per match on
// stderr and the status every statusEvery matches and at the end. It is
// liveProgress.finish without the live part (no matches known in play).
func progressFunc(e *env, bar bool, st *runStatus, started time.Time) func(done, total int, r *certify.MatchResult) {
	return newLiveProgress(e, bar, st, started).finish
}
