package bangarena

// The deviations of damage, elimination, glory and kill rewards (§9), the
// win (§10) and the characters of damage and elimination (§6): each breaks
// one rule, at the place glory.go, win.go or characters.go applies it.
const (
	// DevElimKeepsCards leaves an eliminated seat's hand and cards in play
	// with it instead of discarding them (§9; Scavenger aside).
	DevElimKeepsCards = "elim-keeps-cards"
	// DevNoKiller eliminates every seat with no killer, as if by Dynamite
	// (§9: the killer is the source of the last damage).
	DevNoKiller = "no-killer"
	// DevNoGloryStar gives the killer no star and no perk choice (§9).
	DevNoGloryStar = "no-glory-star"
	// DevHeartNoHeal makes the heart perk add max hp without healing (§9).
	DevHeartNoHeal = "heart-no-heal"
	// DevBountyNoCards takes the victim's star on a bounty but draws no
	// card for its stars (§9).
	DevBountyNoCards = "bounty-no-cards"
	// DevNoKillPenalty lets a Marshal who kills an aide keep his cards (§9).
	DevNoKillPenalty = "no-kill-penalty"
	// DevKillRewardTwo gives the legacy killer of a raider 2 cards instead
	// of 3 (§9, the old non-glory count).
	DevKillRewardTwo = "kill-reward-two"
	// DevNoLastBullet gives the Marshal no star when his last aide is out (§9).
	DevNoLastBullet = "no-last-bullet"
	// DevSoleSurvivorIgnored skips §10 rule 1 (a lone sole survivor wins).
	DevSoleSurvivorIgnored = "sole-survivor-ignored"
	// DevPartnersLonesIgnored skips §10 rule 2 (partners: only lones alive).
	DevPartnersLonesIgnored = "partners-lones-ignored"
	// DevWinCheckLate runs the win check at the next turn's start instead of
	// right after the elimination (§10: after every elimination).
	DevWinCheckLate = "win-check-late"
	// DevLeopardOneCard lets Stone Leopard draw 1 card on a hit that leaves
	// 2 hp or less, instead of 2 (§6 char_01).
	DevLeopardOneCard = "leopard-one-card"
	// DevTollmanNoTake lets Tollman take nothing from the hitter (§6 char_04).
	DevTollmanNoTake = "tollman-no-take"
	// DevVultureOneCard lets Vulture Jr. draw 1 card on an elimination
	// instead of 2 (§6 char_10).
	DevVultureOneCard = "vulture-one-card"
	// DevEmptyHandsNoDraw lets Empty Hands draw nothing on an empty hand
	// (§6 char_14).
	DevEmptyHandsNoDraw = "empty-hands-no-draw"
	// DevScavengerNoTake discards an eliminated seat's cards although a
	// Scavenger lives (§6 char_15).
	DevScavengerNoTake = "scavenger-no-take"
	// DevDiscardArgsIgnored discards the default cards although the
	// discard names its own (§13 discard args.cardUids).
	DevDiscardArgsIgnored = "discard-args-ignored"
)

// Rule ids of the causes glory.go and win.go name (Game.Cause).
const (
	ruleElimination   = "bangarena/9.elimination"
	ruleGloryStar     = "bangarena/9.glory-star"
	ruleGloryPerks    = "bangarena/9.glory-perks"
	ruleKillPenalty   = "bangarena/9.kill-penalty"
	ruleKillReward    = "bangarena/9.kill-reward"
	ruleNoKillReward  = "bangarena/9.no-kill-reward" // I-BA-3
	ruleSoleSurvivor  = "bangarena/10.sole-survivor"
	rulePartnersLones = "bangarena/10.partners-lones"
	ruleMarshalDead   = "bangarena/10.marshal-dead"
	ruleLawWins       = "bangarena/10.law-wins"
)
