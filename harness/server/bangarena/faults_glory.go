package bangarena

import ref "github.com/umpire-arena/umpire/referee/bangarena"

// The faults played inside the engine for §9, §10 and the §6 characters of
// damage and elimination: each is the referee deviation of the same name.
const (
	FaultElimKeepsCards       Fault = ref.DevElimKeepsCards
	FaultNoKiller             Fault = ref.DevNoKiller
	FaultNoGloryStar          Fault = ref.DevNoGloryStar
	FaultHeartNoHeal          Fault = ref.DevHeartNoHeal
	FaultBountyNoCards        Fault = ref.DevBountyNoCards
	FaultNoKillPenalty        Fault = ref.DevNoKillPenalty
	FaultKillRewardTwo        Fault = ref.DevKillRewardTwo
	FaultNoLastBullet         Fault = ref.DevNoLastBullet
	FaultSoleSurvivorIgnored  Fault = ref.DevSoleSurvivorIgnored
	FaultPartnersLonesIgnored Fault = ref.DevPartnersLonesIgnored
	FaultWinCheckLate         Fault = ref.DevWinCheckLate
	FaultLeopardOneCard       Fault = ref.DevLeopardOneCard
	FaultTollmanNoTake        Fault = ref.DevTollmanNoTake
	FaultVultureOneCard       Fault = ref.DevVultureOneCard
	FaultEmptyHandsNoDraw     Fault = ref.DevEmptyHandsNoDraw
	FaultScavengerNoTake      Fault = ref.DevScavengerNoTake
)

// gloryFaults lists the faults played inside the engine for damage, elimination, glory and kill rewards (§9), the win (§10), the protocol rules (§1, §12–§14) and the characters of damage and elimination (§6):
// each is a referee deviation of the same name (referee/bangarena
// deviations_glory.go), turned on for every room while the fault is on.
func gloryFaults() []FaultInfo {
	return []FaultInfo{
		{FaultElimKeepsCards, "bangarena/9.elimination", "§9 hp 0: hand and in-play cards discarded", "an eliminated seat keeps its hand and cards in play (no discard)"},
		{FaultNoKiller, "bangarena/9.killer", "§9 killer = source of the last damage", "every elimination names no killer, as Dynamite's"},
		{FaultNoGloryStar, "bangarena/9.glory-star", "§9 glory: the killer gets a star and a perk choice", "the killer gets no star and no perk choice"},
		{FaultHeartNoHeal, "bangarena/9.glory-perks", "§9 heart: +1 maxHp and heal 1", "the heart perk raises max hp but heals nothing"},
		{FaultBountyNoCards, "bangarena/9.bounty", "§9 bounty: 1 card per star of the victim", "a bounty takes the star but draws no card"},
		{FaultNoKillPenalty, "bangarena/9.kill-penalty", "§9 penalty: a Marshal who kills an aide discards everything", "the Marshal keeps his cards after killing an aide"},
		{FaultKillRewardTwo, "bangarena/9.kill-reward", "§9 legacy: the killer of a raider draws 3", "the legacy killer of a raider draws 2"},
		{FaultNoLastBullet, "bangarena/9.last-bullet", "§9 last bullet: the Marshal's star for his last aide", "the Marshal gets no star when his last aide is out"},
		{FaultSoleSurvivorIgnored, "bangarena/10.sole-survivor", "§10 1: a lone sole survivor wins", "a lone left alone does not win (the raiders do)"},
		{FaultPartnersLonesIgnored, "bangarena/10.partners-lones", "§10 2: partners, only lones alive: all lones win", "only lones alive in partners mode is not a lone win"},
		{FaultWinCheckLate, "bangarena/10.win-order", "§10 5: evaluated after every elimination", "the win check waits for the next turn's start"},
		{FaultLeopardOneCard, "bangarena/6.char-01-stone-leopard", "§6 char_01: 2 cards at 2 hp or less", "Stone Leopard draws 1 card on a hit that leaves 2 hp or less"},
		{FaultTollmanNoTake, "bangarena/6.char-04-tollman", "§6 char_04: takes a card from the hitter", "Tollman takes nothing from the hitter"},
		{FaultVultureOneCard, "bangarena/6.char-10-vulture-jr", "§6 char_10: 2 cards per elimination", "Vulture Jr. draws 1 card on an elimination"},
		{FaultEmptyHandsNoDraw, "bangarena/6.char-14-empty-hands", "§6 char_14: draws on an empty hand", "Empty Hands draws nothing on an empty hand"},
		{FaultScavengerNoTake, "bangarena/6.char-15-scavenger", "§6 char_15: takes the eliminated seat's cards", "an eliminated seat's cards are discarded although Scavenger lives"},
	}
}
