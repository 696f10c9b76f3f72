package reports

import "testing"

// TestWinRateLeavesOutHarnessErrors: a match umpire could not finish (a
// harness error, an interrupted match) is no loss of the agent's: the win
// rate counts only the matches umpire finished, while the match count and
// the terminations still show it.
func TestWinRateLeavesOutHarnessErrors(t *testing.T) {
	ms := []Match{
		{Adversary: "random", Won: true, Rank: 1, Seats: 6, Termination: TermOK},
		{Adversary: "random", Rank: 3, Seats: 6, Termination: TermOK},
		{Adversary: "random", Termination: TermHarness},
		{Adversary: "random", Termination: TermHarness},
	}
	s := StatsOf(ms)[0]
	if s.WinRate.N != 2 || s.WinRate.Value != 0.5 {
		t.Errorf("win rate %+v, want 1 of the 2 matches umpire finished", s.WinRate)
	}
	if s.Matches != 4 || s.Terminations[TermHarness] != 2 {
		t.Errorf("matches %d, harness errors %d: want 4 and 2", s.Matches, s.Terminations[TermHarness])
	}
}
