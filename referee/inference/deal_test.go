package inference

import (
	"fmt"
	"strings"
	"testing"
)

// TestDealValue: values lie in 1–100 and are spread uniformly and
// independently across seats and rounds (inference/round.1.deal).
func TestDealValue(t *testing.T) {
	t.Run("inference/round.1.deal", func(t *testing.T) {
		const draws = 100000
		var buckets [10]int
		same := 0
		for i := 0; i < draws; i++ {
			v := DealValue("uniform", i/6+1, i%6)
			if v < 1 || v > 100 {
				t.Fatalf("value %d outside 1..100", v)
			}
			buckets[(v-1)/10]++
			if i%6 > 0 && v == DealValue("uniform", i/6+1, 0) {
				same++
			}
		}
		// Chi-square over 10 buckets, 9 degrees of freedom: 27.9 is p = 0.001.
		chi := 0.0
		for _, n := range buckets {
			d := float64(n) - draws/10
			chi += d * d / (draws / 10)
		}
		if chi > 27.9 {
			t.Fatalf("buckets %v: chi-square %.1f, the deal is not uniform", buckets, chi)
		}
		// Independent seats agree about 1% of the time.
		if frac := float64(same) / (draws * 5 / 6); frac > 0.015 || frac < 0.005 {
			t.Fatalf("seats share a value %.3f of the time, want about 0.01", frac)
		}
	})
}

// TestDealFunctionPinned pins the documented derivation: a change to it
// breaks every verifier re-deriving old logs (inference/protocol.deal-function).
func TestDealFunctionPinned(t *testing.T) {
	t.Run("inference/protocol.deal-function", func(t *testing.T) {
		got := fmt.Sprint(DealValue("demo", 1, 0), DealValue("demo", 1, 1), DealValue("demo", 40, 5), SeatAssignment("demo", 6), FirstDealer("demo", 6))
		if got != pinnedDeal {
			t.Fatalf("have %s, want %s", got, pinnedDeal)
		}
		// A full log's deal_private lines and round 1's dealer come from the seed.
		log := &LogBuffer{}
		m, err := NewMatch(DefaultConfig(), "m", "demo", []string{"a", "b", "c", "d", "e", "f"}, log)
		if err != nil {
			t.Fatal(err)
		}
		if m.Dealer() != FirstDealer("demo", 6) {
			t.Fatalf("round 1 dealer %d, want FirstDealer %d", m.Dealer(), FirstDealer("demo", 6))
		}
		for seat := 0; seat < 6; seat++ {
			want := fmt.Sprintf(`{"type":"deal_private","round":1,"seat":%d,"value":%d}`, seat, DealValue("demo", 1, seat))
			if !strings.Contains(string(log.Buf), want) {
				t.Fatalf("log lacks %s", want)
			}
		}
	})
}

// TestSeating: seats are a seeded random permutation of the entrants
// (inference/table.seating).
func TestSeating(t *testing.T) {
	t.Run("inference/table.seating", func(t *testing.T) {
		seen := map[string]bool{}
		for i := 0; i < 600; i++ {
			p := SeatAssignment(fmt.Sprint("s", i), 3)
			used := map[int]bool{}
			for _, x := range p {
				used[x] = true
			}
			if len(used) != 3 {
				t.Fatalf("%v is not a permutation", p)
			}
			seen[fmt.Sprint(p)] = true
		}
		if len(seen) != 6 {
			t.Fatalf("only %d of the 6 seatings of 3 players occur", len(seen))
		}
		m, err := NewMatch(DefaultConfig(), "m", "seat-test", []string{"a", "b", "c", "d", "e", "f"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		perm := SeatAssignment("seat-test", 6)
		for seat := 0; seat < 6; seat++ {
			if got, want := m.Seat(seat).Name, string(rune('a'+perm[seat])); got != want || m.PlayerAt(seat) != perm[seat] {
				t.Fatalf("seat %d holds %s, want %s", seat, got, want)
			}
		}
	})
}

// TestSeedCommit: the commitment is the lowercase hex SHA-256 of the seed,
// published in match_start and matched by match_end's seed
// (inference/round.1.seed-commit, inference/protocol.seed-commit).
func TestSeedCommit(t *testing.T) {
	for _, id := range []string{"inference/round.1.seed-commit", "inference/protocol.seed-commit"} {
		t.Run(id, func(t *testing.T) {
			if got := SeedCommit("abc"); got != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
				t.Fatalf("SeedCommit(abc) = %s", got)
			}
			cfg := DefaultConfig()
			cfg.Rounds = 2
			log := &LogBuffer{}
			m, err := NewMatch(cfg, "m", "sécret seed", []string{"a", "b", "c", "d", "e", "f"}, log)
			if err != nil {
				t.Fatal(err)
			}
			for m.Phase() != PhaseOver {
				act(t, m.State, m.ToAct(), ActionCall, 0)
				_ = m.advance()
			}
			first := lines(log)[0]
			last := lines(log)[len(lines(log))-1]
			if !strings.Contains(first, `"seed_commit":"`+SeedCommit("sécret seed")+`"`) {
				t.Fatalf("match_start lacks the commitment: %s", first)
			}
			e, err := ParseEvent([]byte(last))
			if err != nil || e.Type != EventMatchEnd || SeedCommit(e.Seed) != SeedCommit("sécret seed") {
				t.Fatalf("match_end does not reveal the seed: %s (%v)", last, err)
			}
		})
	}
}

// pinnedDeal is DealValue("demo",1,0), DealValue("demo",1,1),
// DealValue("demo",40,5), SeatAssignment("demo",6), FirstDealer("demo",6),
// cross-checked against an independent re-implementation of the documented
// stream (SHA-256 blocks, rejection sampling) when it was pinned.
const pinnedDeal = "14 89 91 [4 5 0 1 2 3] 4"
