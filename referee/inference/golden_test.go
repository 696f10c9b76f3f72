package inference

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden_match.jsonl")

// TestGoldenMatch replays a seeded match with a fixed policy (cycle through
// the legal list, raise the maximum, time out every seventh decision) and
// compares the full log with the checked-in transcript
// (inference/protocol.log-fields, inference/protocol.deal-function).
func TestGoldenMatch(t *testing.T) {
	for _, id := range []string{"inference/protocol.log-fields", "inference/protocol.deal-function"} {
		t.Run(id, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.TableSize, cfg.Rounds, cfg.StartingCredits = 4, 12, 30
			cfg.AnteRamp = AnteRamp{FromRound: 5, EveryRounds: 3, Step: 1}
			log := &LogBuffer{}
			m, err := NewMatch(cfg, "golden-1", "golden seed", []string{"ada", "bo", "cy", "di"}, log)
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; m.Phase() != PhaseOver; k++ {
				if k%7 == 6 {
					if err := m.Timeout(); err != nil {
						t.Fatal(err)
					}
					continue
				}
				legal := m.Legal(nil)
				la := legal[k%len(legal)]
				mv := Move{Action: la.Action, Amount: la.Max}
				if k%5 == 0 {
					mv.Message = "move " + string(rune('a'+k%26))
				}
				if err := m.Apply(m.ToAct(), mv); err != nil {
					t.Fatal(err)
				}
			}
			const path = "testdata/golden_match.jsonl"
			if *update {
				if err := os.WriteFile(path, log.Buf, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(log.Buf, want) {
				got, exp := bytes.Split(log.Buf, []byte("\n")), bytes.Split(want, []byte("\n"))
				for i := range min(len(got), len(exp)) {
					if !bytes.Equal(got[i], exp[i]) {
						t.Fatalf("line %d differs:\nhave %s\nwant %s", i+1, got[i], exp[i])
					}
				}
				t.Fatalf("log has %d lines, golden %d", len(got), len(exp))
			}
		})
	}
}
