package verify

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestBangArenaSetupAndCardDeviationsCharged: the engine-played faults of
// the deal, draw, distance and card-effect parts (deviations_setup.go,
// deviations_cards.go), as TestBangArenaDeviationsCharged does for §9–§10:
// a self-played log with the deviation on breaks its rule and no other MUST
// (also names a rule that is the same break), and the same seeds without it
// verify clean. Deviations that change only which items are legal
// (ring-counts-dead, built-in-scope-ignored) leave no trace a log can show
// when the seat picks an item legal both ways; the suite's legal-list
// checks prove those.
func TestBangArenaSetupAndCardDeviationsCharged(t *testing.T) {
	all := func(n int, c string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = c
		}
		return out
	}
	tests := []struct {
		dev, rule string
		also      []string
		cfg       ba.Config
	}{
		{ba.DevRolesNoLone, "bangarena/2.role-distribution", nil, ba.Config{Seats: 5}},
		{ba.DevMarshalBonusFlat, "bangarena/2.marshal-bonus", nil, ba.Config{Seats: 4}},
		{ba.DevFirstTurnAfterMarshal, "bangarena/2.marshal-first-turn", nil, ba.Config{Seats: 5}},
		{ba.DevMarshalUnannounced, "bangarena/2.marshal-public", nil, ba.Config{Seats: 5}},
		{ba.DevLoneBonusHp, "bangarena/2.hidden-no-bonus", nil, ba.Config{Seats: 5}},
		{ba.DevImpostorForAide, "bangarena/2.impostor-distribution", nil, ba.Config{Seats: 6, RoleMode: ba.ModeImpostor}},
		{ba.DevBriefingImpostorOnly, "bangarena/2.impostor-briefing", nil, ba.Config{Seats: 6, RoleMode: ba.ModeImpostor}},
		{ba.DevImpostorEightNoBonus, "bangarena/2.impostor-8-seats", nil, ba.Config{Seats: 8, RoleMode: ba.ModeImpostor}},
		{ba.DevPartnersTwoLones, "bangarena/2.partners", nil, ba.Config{Seats: 8, RoleMode: ba.ModePartners}},
		{ba.DevLegacyMarshalBySeats, "bangarena/2.legacy", nil, ba.Config{Seats: 4, RoleMode: ba.ModeLegacy}},
		{ba.DevStartHandPrintedHp, "bangarena/6.max-hp", nil, ba.Config{Seats: 4}}, // the Marshal's +2
		{ba.DevDrawThree, "bangarena/3.draw-two", nil, ba.Config{Seats: 5}},
		{ba.DevDiscardToMaxHp, "bangarena/3.discard-to-hp", nil, ba.Config{Seats: 5}},
		{ba.DevReshuffleKeepsTop, "bangarena/3.reshuffle", nil, ba.Config{Seats: 5}},
		{ba.DevRedSuitNoExtra, "bangarena/6.char-02-red-suit", nil, ba.Config{Seats: 4, Characters: all(4, "char_02")}},
		{ba.DevGripTakesFirstCard, "bangarena/6.char-05-grip", nil, ba.Config{Seats: 4, Characters: all(4, "char_05")}},
		{ba.DevThreeEyesKeepsThree, "bangarena/6.char-07-three-eyes", nil, ba.Config{Seats: 4, Characters: all(4, "char_07")}},
		{ba.DevDiamondsAsHearts, "bangarena/8.suits", nil, ba.Config{Seats: 5}},
		{ba.DevSaloonAsShot, "bangarena/5.deck", nil, ba.Config{Seats: 5}},
		{ba.DevShotTwoDamage, "bangarena/5.shot", nil, ba.Config{Seats: 5}},
		{ba.DevBuckshotTwoDamage, "bangarena/5.buckshot", nil, ba.Config{Seats: 5}},
		{ba.DevRaidTwoDamage, "bangarena/5.raid", nil, ba.Config{Seats: 5}},
		{ba.DevDuelTwoDamage, "bangarena/5.duel", nil, ba.Config{Seats: 5}},
		{ba.DevWagonExtraCard, "bangarena/5.wagon-caravan", nil, ba.Config{Seats: 5}},
		{ba.DevJailEscapeOffSuit, "bangarena/8.jail-check", nil, ba.Config{Seats: 5}},
		{ba.DevCoverCoinFixed, "bangarena/8.cover-coin", nil, ba.Config{Seats: 4, Characters: all(4, "char_06")}},
		{ba.DevBazaarFromLeft, "bangarena/5.bazaar", nil, ba.Config{Seats: 5}},
		{ba.DevSnatchFirstCard, "bangarena/5.snatch", nil, ba.Config{Seats: 5}},
		{ba.DevTossFirstCard, "bangarena/5.toss", nil, ba.Config{Seats: 5}},
	}
	for _, tc := range tests {
		t.Run(tc.dev, func(t *testing.T) {
			shown := 0
			for i := 0; i < 300 && shown < 2; i++ {
				seed := fmt.Sprintf("dev-%s-%d", tc.dev, i)
				cfg := tc.cfg
				cfg.MatchID = seed
				right := baSelfPlay(t, cfg, seed, rand.New(rand.NewPCG(7, uint64(i))))
				cfg.Deviations = rules.DeviationsOf(tc.dev)
				wrong := baSelfPlay(t, cfg, seed, rand.New(rand.NewPCG(7, uint64(i))))
				if bytes.Equal(right, wrong) {
					continue // the situation did not arise
				}
				if fs, _ := baVerify(t, right, BangArenaOptions{File: "m.jsonl"}); len(fs) > 0 {
					t.Fatalf("seed %s: the log without the deviation has findings: %v", seed, fs)
				}
				fs, _ := baVerify(t, wrong, BangArenaOptions{File: "m.jsonl"})
				found := false
				for _, f := range fs {
					if f.Level != rules.Must {
						continue
					}
					if f.Rule != tc.rule && !slices.Contains(tc.also, f.Rule) {
						t.Fatalf("seed %s: MUST %s (%s); want only %s", seed, f.Rule, f.Message, tc.rule)
					}
					found = found || f.Rule == tc.rule
				}
				if !found {
					t.Fatalf("seed %s: the log differs but no %s finding: %v", seed, tc.rule, fs)
				}
				shown++
			}
			if shown == 0 {
				t.Fatalf("no seed of 300 shows %s", tc.dev)
			}
		})
	}
}
