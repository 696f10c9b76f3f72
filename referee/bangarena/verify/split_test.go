package verify

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// The re-audit of issue 26 split rules whose paraphrase added umpire's
// reading or pin to the document's sentence. These tests show the log
// verifier charging each part to its own rule: the reading's (SHOULD once
// graded) where only the reading is broken.

// readingsStripped plays cfg with its readings on, then removes them from
// match_start: the log of a server that reads the document otherwise,
// judged under umpire's default readings.
func readingsStripped(t *testing.T, cfg ba.Config, seed string, i int) []byte {
	t.Helper()
	log := baSelfPlay(t, cfg, seed, rand.New(rand.NewPCG(7, uint64(i))))
	out := regexp.MustCompile(`,"readings":\{[^}]*\}`).ReplaceAll(log, nil)
	if bytes.Equal(out, log) {
		t.Fatalf("no readings in match_start of %s", seed)
	}
	return out
}

// TestBangArenaKillCardsOutsideLegacy: a server that pays §15's 2 cards for
// a raider beside the glory star breaks umpire's reading that §9's card
// reward is legacy's only (bangarena/9.no-kill-reward, I-BA-3), not the
// document's bangarena/9.kill-reward nor the star's rule.
func TestBangArenaKillCardsOutsideLegacy(t *testing.T) {
	shown := 0
	for i := 0; i < 200 && shown < 2; i++ {
		seed := fmt.Sprintf("kill-cards-%d", i)
		cfg := ba.Config{Seats: 6, MatchID: seed, Readings: ba.Readings{RaiderKillCards: 2}}
		log := readingsStripped(t, cfg, seed, i)
		if !bytes.Contains(log, []byte(`"type":"kill_reward"`)) {
			continue
		}
		fs, _ := baVerify(t, log, BangArenaOptions{File: "m.jsonl"})
		found := false
		for _, f := range fs {
			if f.Level == rules.Must && f.Rule != "bangarena/9.no-kill-reward" {
				t.Fatalf("seed %s: %s (%s); want only bangarena/9.no-kill-reward", seed, f.Rule, f.Message)
			}
			found = found || f.Rule == "bangarena/9.no-kill-reward"
		}
		if !found {
			t.Fatalf("seed %s: no bangarena/9.no-kill-reward finding: %v", seed, fs)
		}
		shown++
	}
	if shown == 0 {
		t.Fatal("no seed killed a raider")
	}
}

// TestBangArenaSplitCauses: the deal and the card objects under the rule
// of the clause they break.
func TestBangArenaSplitCauses(t *testing.T) {
	deal := func(maxHp int) *ba.Event {
		e := ba.Event{Type: "deal", Seat: 0, CharacterID: "char_07", RoleID: ba.RoleMarshal, MaxHp: maxHp}
		return &e
	}
	draw := func(c ba.Card) *ba.Event {
		return &ba.Event{Type: "draw", Seat: 0, Cards: []ba.Card{c}}
	}
	shot, _ := ba.CardByUID("shot_07")
	other := shot
	other.Suit = map[string]string{"hearts": "spades"}[shot.Suit]
	if other.Suit == "" {
		other.Suit = "hearts"
	}
	for _, tc := range []struct {
		name      string
		want, got *ba.Event
		cause     string
		rule      string
	}{
		// The role table's +1 on top of the seat-count bonus: I-BA-1.
		{"marshal +1 on top", deal(6), deal(7), "bangarena/2.marshal-bonus", "bangarena/2.marshal-bonus-alone"},
		// Another number: the document's seat-count table.
		{"marshal flat", deal(6), deal(5), "bangarena/2.marshal-bonus", "bangarena/2.marshal-bonus"},
		// A 26th Shot in the pinned uid form: §5's copies.
		{"a 26th shot", draw(shot), draw(ba.Card{UID: "shot_26", CardID: "shot", Suit: "hearts", Rank: "2"}), "bangarena/3.draw-two", "bangarena/5.deck"},
		// A uid of another form: WIRE.md's pin.
		{"own uid form", draw(shot), draw(ba.Card{UID: "c17", CardID: "shot", Suit: shot.Suit, Rank: shot.Rank}), "bangarena/3.draw-two", "bangarena/5.uid-form"},
		// The pack's card with another suit: I-BA-2's assignment.
		{"another suit", draw(shot), draw(other), "bangarena/3.draw-two", "bangarena/8.card-suits"},
	} {
		if got := refineSetupCause(tc.want, tc.got, tc.cause); got != tc.rule {
			t.Errorf("%s: charged to %s, want %s", tc.name, got, tc.rule)
		}
	}
}
