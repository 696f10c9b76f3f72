package inference

import (
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// table builds a State of len(credits) seats (credits per seat; 0 means the
// default 100) with names s0…, the given round-1 dealer, and a log.
func table(t *testing.T, dealer int, credits ...int) (*State, *LogBuffer) {
	t.Helper()
	cfg := DefaultConfig()
	cfg.TableSize = len(credits)
	names := make([]string, len(credits))
	for i := range names {
		names[i] = "s" + string(rune('0'+i))
	}
	log := &LogBuffer{}
	s, err := NewState(cfg, Setup{MatchID: "t", Seed: "test-seed", Names: names, FirstDealer: dealer}, log)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range credits {
		if c != 0 {
			if err := s.SetCredits(i, c); err != nil {
				t.Fatal(err)
			}
		}
	}
	return s, log
}

func start(t *testing.T, s *State, values ...int) {
	t.Helper()
	if err := s.StartRound(values); err != nil {
		t.Fatalf("StartRound: %v", err)
	}
}

func act(t *testing.T, s *State, seat int, action string, amount int) {
	t.Helper()
	if err := s.Apply(seat, Move{Action: action, Amount: amount}); err != nil {
		t.Fatalf("seat %d %s %d: %v", seat, action, amount, err)
	}
}

// wantRule checks that err is a *rules.Error for rule.
func wantRule(t *testing.T, err error, rule string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want a rejection citing %s", rule)
	}
	if got := rules.RuleOf(err); got != rule {
		t.Fatalf("rejection cites %q (%v), want %q", got, err, rule)
	}
}

// lines returns the log's lines from the first one containing from.
func lines(log *LogBuffer) []string {
	return strings.Split(strings.TrimSpace(string(log.Buf)), "\n")
}

// linesOfType returns the log lines of one event type.
func linesOfType(log *LogBuffer, typ string) []string {
	var out []string
	for _, l := range lines(log) {
		if strings.HasPrefix(l, `{"type":"`+typ+`"`) {
			out = append(out, l)
		}
	}
	return out
}

func credits(s *State) []int {
	out := make([]int, s.NumSeats())
	for i := range out {
		out[i] = s.Seat(i).Credits
	}
	return out
}

func eqInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// RuleOfForTest is rules.RuleOf, named for the fuzz targets.
func RuleOfForTest(err error) string { return rules.RuleOf(err) }
