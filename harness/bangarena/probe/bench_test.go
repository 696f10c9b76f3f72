package probe

import (
	"context"
	"fmt"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
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
