//go:build unix

package agent

import (
	"context"
	"testing"
	"time"
)

// BenchmarkRoundTrip measures request/answer round trips through the
// subprocess adapter: a bare echo (`cat`) against the Go example agent
// answering an Inference your_turn and a BangArena DecisionRequest.
func BenchmarkRoundTrip(b *testing.B) {
	cases := []struct {
		name, command, fixture string
	}{
		{"cat/your_turn", "cat", "inference_your_turn.json"},
		{"go-agent/your_turn", agents.goAgent, "inference_your_turn.json"},
		{"go-agent/decision_request", agents.goAgent, "bangarena_decision_request.json"},
	}
	for _, bc := range cases {
		b.Run(bc.name, func(b *testing.B) {
			msg := fixture(b, bc.fixture)
			p, err := Start(context.Background(), Spec{Command: bc.command})
			if err != nil {
				b.Fatal(err)
			}
			defer p.Close(time.Second)
			ctx := context.Background()
			var total time.Duration
			b.ReportAllocs()
			for b.Loop() {
				r, err := p.Ask(ctx, msg, 10*time.Second)
				if err != nil {
					b.Fatal(err)
				}
				total += r.Latency
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "trips/s")
			b.ReportMetric(float64(total.Microseconds())/float64(b.N), "µs-latency/op")
		})
	}
}
