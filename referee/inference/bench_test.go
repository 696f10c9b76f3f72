package inference

import (
	"encoding/json"
	"strconv"
	"testing"
)

// benchPlayer is a cheap deterministic policy: it cycles through the legal
// list so raises, calls and folds all happen.
func benchMove(legal []LegalAction, k int) Move {
	la := legal[k%len(legal)]
	if la.Action == ActionRaise {
		return Move{Action: ActionRaise, Amount: la.Min + k%(la.Max-la.Min+1)}
	}
	if la.Action == ActionFold && k%5 != 0 {
		la = legal[1] // fold less often: rounds last longer
	}
	return Move{Action: la.Action}
}

// BenchmarkApplyAction times one action including the legal-action
// derivation that precedes it, with the event stream going to a reused log
// buffer. Rounds are restarted as needed (their cost is included).
func BenchmarkApplyAction(b *testing.B) {
	b.Run("sink=none", func(b *testing.B) { benchApply(b, nil) })
	b.Run("sink=log", func(b *testing.B) { benchApply(b, &LogBuffer{Buf: make([]byte, 0, 1<<15)}) })
}

func benchApply(b *testing.B, log *LogBuffer) {
	cfg := DefaultConfig()
	cfg.Rounds = 1 << 30
	cfg.StartingCredits = 1 << 40
	var sink Sink
	if log != nil {
		sink = log
	}
	s, err := NewState(cfg, Setup{MatchID: "bench", Seed: "bench", Names: []string{"a", "b", "c", "d", "e", "f"}}, sink)
	if err != nil {
		b.Fatal(err)
	}
	values := []int{17, 42, 99, 3, 56, 70}
	legal := make([]LegalAction, 0, 3)
	b.ReportAllocs()
	b.ResetTimer()
	for k := 0; k < b.N; k++ {
		for s.Phase() == PhaseReady {
			// A real sink hands its lines on every few events; keep the
			// buffer small as such a sink would.
			if log != nil && len(log.Buf) > 1<<14 {
				log.Buf = log.Buf[:0]
			}
			if len(s.history) > 1024 {
				s.history = s.history[:0]
			}
			_ = s.StartRound(values)
		}
		legal = s.Legal(legal[:0])
		if err := s.Apply(s.ToAct(), benchMove(legal, k)); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "actions/s")
}

// BenchmarkMatch6x40 plays full seeded 6-seat, 40-round matches (dealing
// from the seed, full log into a buffer).
func BenchmarkMatch6x40(b *testing.B) {
	cfg := DefaultConfig()
	names := []string{"a", "b", "c", "d", "e", "f"}
	log := &LogBuffer{Buf: make([]byte, 0, 1<<16)}
	legal := make([]LegalAction, 0, 3)
	actions := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		log.Buf = log.Buf[:0]
		m, err := NewMatch(cfg, "bench", "bench-"+strconv.Itoa(i), names, log)
		if err != nil {
			b.Fatal(err)
		}
		for k := 0; m.Phase() != PhaseOver; k++ {
			legal = m.Legal(legal[:0])
			if err := m.Apply(m.ToAct(), benchMove(legal, k+i)); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/match")
}

// BenchmarkViewInto projects the view of the seat to act in a 6-seat match
// at round 30 (history of 29 rounds), reusing the buffers.
func BenchmarkViewInto(b *testing.B) {
	m, err := NewMatch(DefaultConfig(), "bench", "view", []string{"a", "b", "c", "d", "e", "f"}, nil)
	if err != nil {
		b.Fatal(err)
	}
	for m.Round() < 30 {
		if err := m.Apply(m.ToAct(), Move{Action: ActionCall}); err != nil {
			b.Fatal(err)
		}
	}
	var vs VisibleState
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		m.ViewInto(m.ToAct(), &vs)
	}
}

// BenchmarkBreakevenValue times the exact computation for 5 opponents.
func BenchmarkBreakevenValue(b *testing.B) {
	for i := range b.N {
		if _, ok := BreakevenValue(40+i%50, 1+i%20, 5); !ok {
			b.Fatal("no value")
		}
	}
}

// BenchmarkViewJSON encodes the view and legal actions of the seat to act
// in a 6-seat match at round 30 (what a server puts in each your_turn):
// AppendJSON into a reused buffer against encoding/json.
func BenchmarkViewJSON(b *testing.B) {
	m, vs := midMatchView(b)
	legal := m.Legal(nil)
	b.Run("enc=append", func(b *testing.B) {
		buf := make([]byte, 0, 1<<16)
		b.ReportAllocs()
		for range b.N {
			buf = AppendLegalJSON(vs.AppendJSON(buf[:0]), legal)
		}
		b.SetBytes(int64(len(buf)))
	})
	b.Run("enc=append-cached-history", func(b *testing.B) {
		buf := make([]byte, 0, 1<<16)
		var c HistoryCache
		b.ReportAllocs()
		for range b.N {
			buf = AppendLegalJSON(vs.AppendJSONCached(buf[:0], &c), legal)
		}
		b.SetBytes(int64(len(buf)))
	})
	b.Run("enc=encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for range b.N {
			v, _ := json.Marshal(vs)
			l, _ := json.Marshal(legal)
			n = len(v) + len(l)
		}
		b.SetBytes(int64(n))
	})
}
