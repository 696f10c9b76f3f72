package verify

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestBangArenaDeviationsCharged: a log played by an engine that breaks one
// rule of §9, §10 or §6 (a referee deviation, as the embedded server's
// faults play them) is charged to that rule and to no other MUST: the
// divergence is found under the expected event's cause (refined for the
// killer and the win's order) and the replay stops there (I-BA-V3).
func TestBangArenaDeviationsCharged(t *testing.T) {
	chars := func(c ...string) []string { return c }
	tests := []struct {
		dev, rule string
		cfg       ba.Config
	}{
		{ba.DevElimKeepsCards, "bangarena/9.elimination", ba.Config{Seats: 5}},
		{ba.DevNoKiller, "bangarena/9.killer", ba.Config{Seats: 5}},
		{ba.DevNoGloryStar, "bangarena/9.glory-star", ba.Config{Seats: 5}},
		{ba.DevHeartNoHeal, "bangarena/9.glory-perks", ba.Config{Seats: 5}},
		{ba.DevBountyNoCards, "bangarena/9.bounty", ba.Config{Seats: 8}},
		{ba.DevNoKillPenalty, "bangarena/9.kill-penalty", ba.Config{Seats: 7}},
		{ba.DevKillRewardTwo, "bangarena/9.kill-reward", ba.Config{Seats: 6, RoleMode: ba.ModeLegacy}},
		{ba.DevNoLastBullet, "bangarena/9.last-bullet", ba.Config{Seats: 5}},
		{ba.DevSoleSurvivorIgnored, "bangarena/10.sole-survivor", ba.Config{Seats: 4}},
		{ba.DevPartnersLonesIgnored, "bangarena/10.partners-lones", ba.Config{Seats: 8, RoleMode: ba.ModePartners}},
		{ba.DevWinCheckLate, "bangarena/10.win-order", ba.Config{Seats: 5}},
		{ba.DevLeopardOneCard, "bangarena/6.char-01-stone-leopard", ba.Config{Seats: 4, Characters: chars("char_01", "char_01", "char_01", "char_01")}},
		{ba.DevTollmanNoTake, "bangarena/6.char-04-tollman", ba.Config{Seats: 4, Characters: chars("char_04", "char_04", "char_04", "char_04")}},
		{ba.DevVultureOneCard, "bangarena/6.char-10-vulture-jr", ba.Config{Seats: 5, Characters: chars("char_10", "char_10", "char_10", "char_10", "char_10")}},
		{ba.DevEmptyHandsNoDraw, "bangarena/6.char-14-empty-hands", ba.Config{Seats: 4, Characters: chars("char_14", "char_14", "char_14", "char_14")}},
		{ba.DevScavengerNoTake, "bangarena/6.char-15-scavenger", ba.Config{Seats: 5, Characters: chars("char_15", "char_15", "char_15", "char_15", "char_15")}},
	}
	for _, tc := range tests {
		t.Run(tc.dev, func(t *testing.T) {
			shown := 0
			for i := 0; i < 600 && shown < 3; i++ {
				seed := fmt.Sprintf("dev-%s-%d", tc.dev, i)
				cfg := tc.cfg
				cfg.MatchID = seed
				right := baSelfPlay(t, cfg, seed, rand.New(rand.NewPCG(7, uint64(i))))
				cfg.Deviations = rules.DeviationsOf(tc.dev)
				wrong := baSelfPlay(t, cfg, seed, rand.New(rand.NewPCG(7, uint64(i))))
				if bytes.Equal(right, wrong) {
					continue // the situation did not arise
				}
				fs, _ := baVerify(t, wrong, BangArenaOptions{File: "m.jsonl"})
				found := false
				for _, f := range fs {
					if f.Level != rules.Must {
						continue
					}
					if f.Rule != tc.rule {
						t.Fatalf("seed %s: MUST %s (%s); want only %s", seed, f.Rule, f.Message, tc.rule)
					}
					found = true
				}
				if !found {
					t.Fatalf("seed %s: the log differs but no %s finding: %v", seed, tc.rule, fs)
				}
				shown++
			}
			if shown == 0 {
				t.Fatalf("no seed of 600 shows %s", tc.dev)
			}
		})
	}
}
