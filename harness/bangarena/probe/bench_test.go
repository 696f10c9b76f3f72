package probe

import (
	"context"
	"fmt"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/harness/legaldiff"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// BenchmarkBangArenaSession plays the shared BangArena session (a whole
// match, every seat over REST) against the embedded server once per
// iteration and reports the decisions per second the suite drives.
func BenchmarkBangArenaSession(b *testing.B) {
	e, err := conform.StartEmbedded(conform.GameBangArena, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	decisions := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tg := &conform.Target{Game: conform.GameBangArena, URL: e.URL, Create: true, Seed: fmt.Sprintf("bench-%d", i)}
		if err := tg.Validate(); err != nil {
			b.Fatal(err)
		}
		s, err := baPlaySession(context.Background(), tg, "bench")
		if err != nil {
			b.Fatal(err)
		}
		decisions += len(s.room.Seen)
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
}

// BenchmarkCompareLegalActions times the comparison of a your_turn's legal_actions
// with the referee's.
func BenchmarkCompareLegalActions(b *testing.B) {
	want := []ref.LegalAction{{Action: "fold"}, {Action: "call", Amount: 3}, {Action: "raise", Min: 1, Max: 10}}
	got := []ref.LegalAction{{Action: "fold"}, {Action: "call", Amount: 2}}
	for i := 0; i < b.N; i++ {
		if len(legaldiff.CompareLegalActions(rules.Where{}, want, got)) != 2 {
			b.Fatal("want two differences")
		}
	}
}
