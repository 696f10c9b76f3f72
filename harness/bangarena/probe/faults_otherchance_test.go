package probe

import (
	"slices"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
)

// chanceOnlyFaults are the faults that only draw a random outcome unfairly
// (a first card for a random one, a fixed coin): every outcome they give
// is one the rules allow, so no single log shows them. Under umpire's
// declared generator they are caught by bangarena/log.chance; a server
// with a generator of its own would need a statistical test over many
// matches, which the suite does not run.
var chanceOnlyFaults = map[string]string{
	conform.GameBangArena + "/cover-coin-fixed":      "a coin that always lands tails is a possible coin in any one log",
	conform.GameBangArena + "/grip-takes-first-card": "the first card of a hand is a possible random pick in any one log",
	conform.GameBangArena + "/snatch-first-card":     "the first card of a hand is a possible random pick in any one log",
	conform.GameBangArena + "/toss-first-card":       "the first card of a hand is a possible random pick in any one log",
}

// otherChanceGaps are the faults the suite does not yet catch alone
// against a server of its own generator, each with why: known gaps of
// issue 27, reported as skips (never passed silently). Two kinds:
//   - steered: the fault shows only in a rare situation that the suite
//     reaches by searching seeds through umpire's own simulation
//     (bangarena_steer.go), which a generator of the server's own does
//     not follow; steering by decisions (issue 27, part 3) would reach it;
//   - second MUST: caught by its rule, but a consequence of the fault is
//     charged to a second rule, by the judge of the chance the log shows
//     (an outcome missing or misplaced after the divergence) or by the
//     live attribution of legal lists in a deal it was not tried on.
var otherChanceGaps = map[string]string{
	conform.GameBangArena + "/law-winners-living":      "steered: a match the law team wins is found by seed search",
	conform.GameBangArena + "/saloon-self-only":        "steered: a Saloon played while another seat is hurt is found by seed search",
	conform.GameBangArena + "/resolving-card-drawable": "steered: a Wagon or Caravan on a near-empty deck is found by seed search",
	conform.GameBangArena + "/double-barrel-one-miss":  "steered: Double Barrel's Shot answered by a seat holding two Miss cards is found by seed search",
	conform.GameBangArena + "/vulture-one-card":        "steered: Vulture Jr. present at an elimination is found by seed search",
	conform.GameBangArena + "/sole-survivor-ignored":   "steered: a sole survivor's end is found by seed search",
	conform.GameBangArena + "/no-last-bullet":          "steered: a last-bullet glory is found by seed search",
	conform.GameBangArena + "/kill-reward-two":         "steered: a kill with its reward is found by seed search",
	conform.GameBangArena + "/bounty-no-cards":         "steered: a glory bounty is found by seed search",
	conform.GameBangArena + "/red-suit-no-extra":       "steered: Red Suit's draw with a red second card; since the rooms are played side by side and the seats Toss at large hands, neither the planned rooms nor those played on show one over other-chance",
	conform.GameBangArena + "/eagle-eye-no-scope":      "second MUST: over other-chance a Shot left out for want of Eagle Eye's built-in Scope is charged to the distance (4.distance) by the live legal-list attribution in the rooms played since the merge of the one judge",
	conform.GameBangArena + "/impostor-for-aide":       "second MUST: the Marshal's briefing judged with the shown chance names no real aide (2.impostor-briefing)",
}

// TestFaultsAreCaughtOtherChance (issue 27): the whole fault matrix against
// the embedded servers speaking other-chance, whose generator umpire does
// not share and which declare none: every fault is caught by its own rule
// and no other MUST, as against the plain servers — but for the faults of
// chance alone and the known gaps (otherChanceGaps), skipped with their
// reason.
func TestFaultsAreCaughtOtherChance(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a suite per fault")
	}
	var table []faultCase
	for _, fc := range faultTable() {
		if why, ok := chanceOnlyFaults[fc.Game+"/"+fc.Fault]; ok {
			t.Run(fc.Game+"/"+fc.Fault, func(t *testing.T) {
				t.Skipf("a fault of chance alone, not caught from one log of a server with its own generator: %s (caught only when the server declares umpire's generator, or by a statistical test)", why)
			})
			continue
		}
		if why, ok := otherChanceGaps[fc.Game+"/"+fc.Fault]; ok {
			t.Run(fc.Game+"/"+fc.Fault, func(t *testing.T) {
				t.Skipf("a known gap against a server of its own generator (issue 27): %s", why)
			})
			continue
		}
		table = append(table, fc)
	}
	faultsAreCaught(t, table, []string{"other-chance"})
}

// TestChanceOnlyFaultsAreCharged: every fault of chance alone is in the
// fault table, charged to the declared generator's pin.
func TestChanceOnlyFaultsAreCharged(t *testing.T) {
	for key := range chanceOnlyFaults {
		i := slices.IndexFunc(faultTable(), func(fc faultCase) bool { return fc.Game+"/"+fc.Fault == key })
		if i < 0 {
			t.Errorf("%s: not in the fault table", key)
			continue
		}
		if r := faultTable()[i].Rule; r != "bangarena/log.chance" {
			t.Errorf("%s: charged to %s, want bangarena/log.chance", key, r)
		}
	}
}
