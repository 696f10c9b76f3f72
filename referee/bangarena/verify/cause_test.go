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
		t.Run(tc.dev, func(t *testing.T) { chargedAlone(t, tc.dev, tc.rule, nil, tc.cfg, 600, 3, true) })
	}
}

// chargedAlone self-plays up to tries seeds of cfg with and without the
// deviation dev; each seed whose log differs (the situation arose) must
// break rule and no other MUST but those of also, until want seeds showed
// it. With clean set, the log without the deviation must verify clean.
func chargedAlone(t *testing.T, dev, rule string, also []string, cfg ba.Config, tries, want int, clean bool) {
	t.Helper()
	shown := 0
	for i := 0; i < tries && shown < want; i++ {
		seed := fmt.Sprintf("dev-%s-%d", dev, i)
		c := cfg
		c.MatchID = seed
		right := baSelfPlay(t, c, seed, rand.New(rand.NewPCG(7, uint64(i))))
		c.Deviations = rules.DeviationsOf(dev)
		wrong := baSelfPlay(t, c, seed, rand.New(rand.NewPCG(7, uint64(i))))
		if bytes.Equal(right, wrong) {
			continue // the situation did not arise
		}
		if clean {
			if fs, _ := baVerify(t, right, BangArenaOptions{File: "m.jsonl"}); len(fs) > 0 {
				t.Fatalf("seed %s: the log without the deviation has findings: %v", seed, fs)
			}
		}
		fs, _ := baVerify(t, wrong, BangArenaOptions{File: "m.jsonl"})
		found := false
		for _, f := range fs {
			if f.Level != rules.Must {
				continue
			}
			if f.Rule != rule && !slices.Contains(also, f.Rule) {
				t.Fatalf("seed %s: MUST %s (%s); want only %s", seed, f.Rule, f.Message, rule)
			}
			found = found || f.Rule == rule
		}
		if !found {
			t.Fatalf("seed %s: the log differs but no %s finding: %v", seed, rule, fs)
		}
		shown++
	}
	if shown == 0 {
		t.Fatalf("no seed of %d shows %s", tries, dev)
	}
}
