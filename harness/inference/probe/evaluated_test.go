package probe

import (
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// A check that lists a rule but does not evaluate it leaves the rule "not
// exercised" in the matrix; the rule it evaluated, and the rule a finding
// names, are checked.
func TestCoverageIsAttributedFromEvaluation(t *testing.T) {
	c := conform.Check{Name: "split", Game: conform.GameInference,
		Rules: []string{"inference/round.6.ties", "inference/round.6.odd-chips", "inference/round.6.side-pots"}}
	var res conform.Result
	res.Eval("inference/round.6.ties")
	res.NoteNotExercised("inference/round.6.odd-chips", "the tied pot split evenly")
	res.Findings = append(res.Findings, conform.NewFinding("inference/round.6.showdown", rules.Where{}, 1, 2, "m"))
	rc := conform.Finish(c, res, 0)
	if rc.Evaluated == nil || rc.Evaluated["inference/round.6.ties"] != 1 || rc.Evaluated["inference/round.6.showdown"] != 1 {
		t.Fatalf("evaluated %v", rc.Evaluated)
	}
	rep := reports.New(reports.Meta{Kind: reports.KindConform, Games: []string{conform.GameInference}}, rules.Default())
	rep.Checks = []reports.Check{rc}
	state := map[string]reports.RuleCoverage{}
	for _, row := range rep.Coverage() {
		state[row.Rule.ID] = row
	}
	for id, want := range map[string]string{
		"inference/round.6.ties":      reports.StateChecked,
		"inference/round.6.showdown":  reports.StateChecked,
		"inference/round.6.odd-chips": reports.StateNotExercised,
		"inference/round.6.side-pots": reports.StateNotExercised,
		"inference/round.3.raise-cap": reports.StateNotChecked,
	} {
		if got := state[id].State; got != want {
			t.Errorf("%s: %s, want %s", id, got, want)
		}
	}
	if why := strings.Join(state["inference/round.6.odd-chips"].Why, "; "); !strings.Contains(why, "split evenly") {
		t.Errorf("odd-chips: why %q", why)
	}
	// A skipped check evaluated nothing, whatever it lists.
	sk := conform.Finish(c, conform.Skip("no tie arose"), 0)
	if len(sk.Evaluated) != 0 || sk.Evaluated == nil {
		t.Errorf("skip: evaluated %v, want an empty set", sk.Evaluated)
	}
}

// Against the embedded server every check reports what it evaluated, and
// the log replay reports the rules it re-derived (far more than it lists
// by hand before).
func TestEmbeddedChecksReportEvaluations(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the suite")
	}
	t.Parallel()
	got := suites.Plain(t) // TestEmbeddedConforms's suite
	replay := got["inference: the match replays through the referee (its log, else every seat's stream)"]
	for _, id := range []string{"inference/round.2.ante", "inference/round.3.order", "inference/table.button", "inference/match.ranking"} {
		if replay.Evaluated[id] == 0 {
			t.Errorf("the log replay did not evaluate %s (have %v)", id, replay.Evaluated)
		}
	}
	for name, c := range got {
		if c.Evaluated == nil {
			t.Errorf("%s reports no evaluations", name)
		}
		if c.Status == reports.Pass && len(c.Evaluated) == 0 {
			t.Errorf("%s passed without evaluating anything", name)
		}
	}
}
