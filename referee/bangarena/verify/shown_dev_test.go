package verify

import (
	"bytes"
	"cmp"
	"fmt"
	"math/rand/v2"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// foreignPlay self-plays cfg with chance drawn from a PCG source (not
// umpire's stream of the seed) and random decisions; the same i gives the
// same chance and decisions with and without a deviation.
func foreignPlay(t *testing.T, cfg ba.Config, i int) []byte {
	g, err := ba.NewGameWith(cfg, fmt.Sprintf("fx-%d", i), ba.FromRand(rand.New(rand.NewPCG(uint64(i), 0xf0))))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, uint64(i)))
	for n := 0; !g.Over() && n < 20000; n++ {
		g.PlayRandom(r)
	}
	return ba.EncodeLog(g.Log())
}

// TestBangArenaShownDeviations (I-BA-V8): the engine-played faults, in
// logs of a server with its own generator verified without the seed (the
// chance the log shows), are charged to their rule and no other MUST — but
// for those listed in notAlone. Four are faults of chance alone (a first
// card for a random one, a fixed coin): one log shows a possible outcome,
// so only a count over many outcomes can catch them.
func TestBangArenaShownDeviations(t *testing.T) {
	notAlone := map[string]string{
		ba.DevGripTakesFirstCard: "not caught",
		ba.DevCoverCoinFixed:     "not caught",
		ba.DevSnatchFirstCard:    "not caught",
		ba.DevTossFirstCard:      "not caught",
		// An outcome the log runs out of waits for the divergence it
		// causes (vulture-one-card and tollman-no-take are caught alone).
		// The suit a card shows is I-BA-2's reading (8.card-suits); the totals are §8's.
		ba.DevDiamondsAsHearts: "caught with [bangarena/8.card-suits bangarena/8.suits]",
	}
	all := func(n int, c string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = c
		}
		return out
	}
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
		{ba.DevRolesNoLone, "bangarena/2.role-distribution", ba.Config{Seats: 5}},
		{ba.DevMarshalBonusFlat, "bangarena/2.marshal-bonus", ba.Config{Seats: 4}},
		{ba.DevFirstTurnAfterMarshal, "bangarena/2.marshal-first-turn", ba.Config{Seats: 5}},
		{ba.DevMarshalUnannounced, "bangarena/2.marshal-public", ba.Config{Seats: 5}},
		{ba.DevLoneBonusHp, "bangarena/2.hidden-no-bonus", ba.Config{Seats: 5}},
		{ba.DevImpostorForAide, "bangarena/2.impostor-distribution", ba.Config{Seats: 6, RoleMode: ba.ModeImpostor}},
		{ba.DevBriefingImpostorOnly, "bangarena/2.impostor-briefing", ba.Config{Seats: 6, RoleMode: ba.ModeImpostor}},
		{ba.DevImpostorEightNoBonus, "bangarena/2.impostor-8-seats", ba.Config{Seats: 8, RoleMode: ba.ModeImpostor}},
		{ba.DevPartnersTwoLones, "bangarena/2.partners", ba.Config{Seats: 8, RoleMode: ba.ModePartners}},
		{ba.DevLegacyMarshalBySeats, "bangarena/2.legacy", ba.Config{Seats: 4, RoleMode: ba.ModeLegacy}},
		{ba.DevStartHandPrintedHp, "bangarena/6.max-hp", ba.Config{Seats: 4}},
		{ba.DevDrawThree, "bangarena/3.draw-two", ba.Config{Seats: 5}},
		{ba.DevDiscardToMaxHp, "bangarena/3.discard-to-hp", ba.Config{Seats: 5}},
		{ba.DevReshuffleKeepsTop, "bangarena/3.reshuffle", ba.Config{Seats: 5}},
		{ba.DevRedSuitNoExtra, "bangarena/6.char-02-red-suit", ba.Config{Seats: 4, Characters: all(4, "char_02")}},
		{ba.DevGripTakesFirstCard, "bangarena/6.char-05-grip", ba.Config{Seats: 4, Characters: all(4, "char_05")}},
		{ba.DevThreeEyesKeepsThree, "bangarena/6.char-07-three-eyes", ba.Config{Seats: 4, Characters: all(4, "char_07")}},
		{ba.DevDiamondsAsHearts, "bangarena/8.suits", ba.Config{Seats: 5}},
		{ba.DevSaloonAsShot, "bangarena/5.deck", ba.Config{Seats: 5}},
		{ba.DevShotTwoDamage, "bangarena/5.shot", ba.Config{Seats: 5}},
		{ba.DevBuckshotTwoDamage, "bangarena/5.buckshot", ba.Config{Seats: 5}},
		{ba.DevRaidTwoDamage, "bangarena/5.raid", ba.Config{Seats: 5}},
		{ba.DevDuelTwoDamage, "bangarena/5.duel", ba.Config{Seats: 5}},
		{ba.DevWagonExtraCard, "bangarena/5.wagon-caravan", ba.Config{Seats: 5}},
		{ba.DevJailEscapeOffSuit, "bangarena/8.jail-check", ba.Config{Seats: 5}},
		{ba.DevCoverCoinFixed, "bangarena/8.cover-coin", ba.Config{Seats: 4, Characters: all(4, "char_06")}},
		{ba.DevBazaarFromLeft, "bangarena/5.bazaar", ba.Config{Seats: 5}},
		{ba.DevSnatchFirstCard, "bangarena/5.snatch", ba.Config{Seats: 5}},
		{ba.DevTossFirstCard, "bangarena/5.toss", ba.Config{Seats: 5}},
		{ba.DevSaloonSelfOnly, "bangarena/5.saloon", ba.Config{Seats: 5}},
		{ba.DevWeaponReplacedLost, "bangarena/5.weapon", ba.Config{Seats: 5}},
		{ba.DevDynamiteBeforeNext, "bangarena/5.dynamite", ba.Config{Seats: 5}},
		{ba.DevCoverFailLands, "bangarena/5.cover", ba.Config{Seats: 4, Characters: all(4, "char_06")}},
		{ba.DevDynamitePassesBack, "bangarena/8.dynamite-check", ba.Config{Seats: 5}},
		{ba.DevJailBeforeDynamite, "bangarena/3.dynamite-before-jail", ba.Config{Seats: 5}},
		{ba.DevIronBrowNoCover, "bangarena/6.char-06-iron-brow", ba.Config{Seats: 4, Characters: all(4, "char_06")}},
		{ba.DevLuckyOneTry, "bangarena/6.char-08-lucky", ba.Config{Seats: 4, Characters: all(4, "char_08")}},
		{ba.DevDoubleBarrelOneMiss, "bangarena/6.char-13-double-barrel", ba.Config{Seats: 4, Characters: all(4, "char_13")}},
		{ba.DevRaidFromRight, "bangarena/7.queue-order", ba.Config{Seats: 5}},
		{ba.DevResolvingCardDrawable, "bangarena/3.resolving-card", ba.Config{Seats: 5}},
	}
	for _, tc := range tests {
		status := "not arisen"
		for i := 0; i < 200; i++ {
			c := tc.cfg
			right := foreignPlay(t, c, i)
			c.Deviations = rules.DeviationsOf(tc.dev)
			wrong := foreignPlay(t, c, i)
			if bytes.Equal(right, wrong) {
				continue
			}
			if fs, _ := baVerify(t, right, BangArenaOptions{Shown: ShownIn(right)}); len(fs) != 1 {
				t.Fatalf("%s: the log without it has findings %v, want only the INFO on the seed", tc.dev, fs)
			}
			fs, _ := baVerify(t, wrong, BangArenaOptions{Shown: ShownIn(wrong)})
			var must []string
			own := false
			for _, f := range fs {
				if f.Level == rules.Must {
					must = append(must, f.Rule)
					own = own || f.Rule == tc.rule
				}
			}
			switch {
			case own && len(must) == 1:
				status = "caught alone"
			case own:
				status = fmt.Sprintf("caught with %v", must)
			case len(must) > 0:
				status = fmt.Sprintf("charged to %v", must)
			default:
				status = "not caught"
			}
			break
		}
		if want := cmp.Or(notAlone[tc.dev], "caught alone"); status != want {
			t.Errorf("%s: %s, want %s (%s)", tc.dev, status, want, tc.rule)
		}
	}
}
