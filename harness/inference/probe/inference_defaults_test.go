package probe

import (
	"context"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/conform/conformtest"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// TestInferenceDefaultsOnEmbedded: a match the embedded server creates
// without settings has the documents' defaults, and the check passes
// having evaluated each of them.
func TestInferenceDefaultsOnEmbedded(t *testing.T) {
	e, err := conform.StartEmbedded(conform.GameInference, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	tg := &conform.Target{Game: conform.GameInference, URL: e.URL, Create: true}
	if err := tg.Validate(); err != nil {
		t.Fatal(err)
	}
	rc := conform.Run(context.Background(), tg, conformtest.CheckNamed(t, conform.GameInference, "without settings"))
	if rc.Status != reports.Pass || len(rc.Findings) > 0 {
		t.Fatalf("have %v (%s) %v, want a pass", rc.Status, rc.Reason, rc.Findings)
	}
	for _, id := range []string{"inference/table.size", "inference/match.rounds", "inference/match.credits", "inference/round.2.ante-ramp", "inference/timeouts.default-deadline"} {
		if rc.Evaluated[id] == 0 {
			t.Errorf("%s not evaluated (%v)", id, rc.NotExercised)
		}
	}
}

// TestInferenceDefaultsFault: with default-rounds-30, a match created
// without settings has 30 rounds: one MUST finding of inference/match.rounds;
// with default-deadline-30s its turns are 30 s: one SHOULD finding of
// inference/timeouts.default-deadline (a reading, I-INF-D1).
func TestInferenceDefaultsFault(t *testing.T) {
	for _, tc := range []struct {
		fault, rule string
		level       rules.Level
	}{
		{"default-rounds-30", "inference/match.rounds", rules.Must},
		{"default-deadline-30s", "inference/timeouts.default-deadline", rules.Should},
	} {
		e, err := conform.StartEmbedded(conform.GameInference, []string{tc.fault})
		if err != nil {
			t.Fatal(err)
		}
		tg := &conform.Target{Game: conform.GameInference, URL: e.URL, Create: true}
		if err := tg.Validate(); err != nil {
			t.Fatal(err)
		}
		rc := conform.Run(context.Background(), tg, conformtest.CheckNamed(t, conform.GameInference, "without settings"))
		e.Close()
		if len(rc.Findings) != 1 || rc.Findings[0].Rule != tc.rule || rc.Findings[0].Level != tc.level {
			t.Errorf("%s: have %v (%s) %v, want one %s finding of %s", tc.fault, rc.Status, rc.Reason, rc.Findings, tc.level, tc.rule)
		}
	}
}

// TestInferenceDefaultRamp: the ante schedule a welcome announces is
// compared with the document's default (2, 3 from round 21, 4 from 31).
func TestInferenceDefaultRamp(t *testing.T) {
	for _, tc := range []struct {
		limits       string
		shown, agree bool
	}{
		{`{"ante":2,"ante_ramp":{"from_round":21,"every_rounds":10,"step":1}}`, true, true},
		{`{"ante":2,"ante_ramp":{"from_round":51,"every_rounds":25,"step":1}}`, true, false},
		{`{"ante":3,"ante_ramp":{"from_round":21,"every_rounds":10,"step":1}}`, true, false},
		{`{"ante":2,"ante_ramp":{"from_round":21,"every_rounds":10,"step":2}}`, true, false},
		{`{"ante":2}`, false, true},
	} {
		f, shown := infDefaultRamp(gjson.Parse(tc.limits))
		if shown != tc.shown || (f == nil) != tc.agree || (f != nil && f.Rule != "inference/round.2.ante-ramp") {
			t.Errorf("%s: have %v shown %v, want shown %v agreeing %v", tc.limits, f, shown, tc.shown, tc.agree)
		}
	}
}
