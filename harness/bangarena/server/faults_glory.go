package server

import (
	"net/http"
	"strings"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

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
	FaultDiscardArgsIgnored   Fault = ref.DevDiscardArgsIgnored
)

// The protocol faults of §1, §12–§14 (made here, in the server).
const (
	// FaultSecondIllegalSkipped answers the second illegal answer with the
	// seat's default item (as policy skip) instead of a random one.
	FaultSecondIllegalSkipped Fault = "second-illegal-skipped"
	// FaultStale400 refuses a stale decision with HTTP 400 instead of 409.
	FaultStale400 Fault = "stale-400"
	// FaultNotPendingAccepted answers a decision from a seat with nothing
	// pending 200 ok (and applies nothing).
	FaultNotPendingAccepted Fault = "not-pending-accepted"
	// FaultRequestNoPackHash sends DecisionRequests with an empty
	// mechanicsPackHash.
	FaultRequestNoPackHash Fault = "request-no-pack-hash"
	// FaultLegalDropsEndPlay leaves end_play out of legalActions while
	// other items are offered.
	FaultLegalDropsEndPlay Fault = "legal-drops-end-play"
	// FaultActionIDSlashes offers every item with a colon in its actionId a
	// second time, under the id with slashes for colons (and accepts it).
	FaultActionIDSlashes Fault = "action-id-slashes"
	// FaultOwnRoleHidden hides a seat's own hidden role from it.
	FaultOwnRoleHidden Fault = "own-role-hidden"
	// FaultLogNamesCommand writes each decision of the room log with its
	// command where the actionId belongs.
	FaultLogNamesCommand Fault = "log-names-command"
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
		{FaultDiscardArgsIgnored, "bangarena/13.discard-args", "§13 discard: args.cardUids names the cards", "a discard that names its cards discards the default ones"},
		{FaultSecondIllegalSkipped, "bangarena/14.random-legal", "§14 reask_then_random: the next one is replaced by a random legal item", "the second illegal answer gets the default item (skipped), not a random one"},
		{FaultStale400, "bangarena/server.status-code", "WIRE.md errors: 409 for a stale version", "a stale decision is refused with HTTP 400"},
		{FaultNotPendingAccepted, "bangarena/12.decider", "§12 only the seat asked decides", "a decision from a seat with nothing pending is answered 200 ok"},
		{FaultRequestNoPackHash, "bangarena/12.request", "§12 DecisionRequest: mechanicsPackHash", "DecisionRequests carry an empty mechanicsPackHash"},
		{FaultLegalDropsEndPlay, "bangarena/server.legal-actions", "§13 legalActions: the engine's items", "end_play is left out of legalActions while other items are offered"},
		{FaultActionIDSlashes, "bangarena/13.action-ids", "§13 actionId formats", "items are offered again under actionIds with slashes for colons"},
		{FaultOwnRoleHidden, "bangarena/1.what-you-see", "§1 2: you see your own role", "a seat's own hidden role is null in its observation"},
		{FaultLogNamesCommand, "bangarena/1.legal-only", "§1 1: act by echoing an actionId of legalActions", "the room log's decisions name a command, not one of the items' actionIds"},
	}
}

// staleStatus is the HTTP status of a stale decision's refusal (409, I-BA-63).
func staleStatus(f faultSet) int {
	if f.on(FaultStale400) {
		return http.StatusBadRequest
	}
	return http.StatusConflict
}

// slashed is the actionId FaultActionIDSlashes offers beside id.
func slashed(id string) string { return strings.ReplaceAll(id, ":", "/") }

// actionIDLocked maps an answer's actionId back to the engine's: the
// slashed form FaultActionIDSlashes offers is accepted as its item.
func (r *room) actionIDLocked(id string) string {
	if r.s.faults.on(FaultActionIDSlashes) && strings.Contains(id, "/") {
		return strings.ReplaceAll(id, "/", ":")
	}
	return id
}

// gloryFaultsLocked breaks seat's request as the protocol faults that are on ask.
func (r *room) gloryFaultsLocked(seat int, req *ref.DecisionRequest) {
	f := r.s.faults
	if f.on(FaultRequestNoPackHash) {
		req.MechanicsPackHash = ""
	}
	if f.on(FaultOwnRoleHidden) && seat >= 0 && seat < len(req.Observation.Players) {
		if me := req.Observation.Players[seat]; me.RoleID != nil && *me.RoleID != ref.RoleMarshal {
			players := append([]ref.PlayerInfo(nil), req.Observation.Players...)
			players[seat].RoleID, players[seat].RoleHidden = nil, true
			req.Observation.Players = players
		}
	}
	if f.on(FaultLegalDropsEndPlay) && len(req.LegalActions) > 1 {
		items := &itemEdit{list: req.LegalActions}
		items.drop(func(a ref.LegalAction) bool { return a.ActionID != "end_play" })
		req.LegalActions = items.list
	}
	if f.on(FaultActionIDSlashes) && len(req.LegalActions) > 0 {
		items := &itemEdit{list: req.LegalActions}
		for _, a := range req.LegalActions {
			if strings.Contains(a.ActionID, ":") {
				a.ActionID = slashed(a.ActionID)
				items.add(a)
			}
		}
		req.LegalActions = items.list
	}
}

// logFaults breaks the served room log as the log faults that are on ask.
func (s faultSet) logFaults(events []ref.Event) []ref.Event {
	if !s.on(FaultLogNamesCommand) {
		return events
	}
	out := make([]ref.Event, len(events))
	copy(out, events)
	for i := range out {
		if out[i].Type == "decision" && out[i].Command != "" {
			out[i].ActionID = out[i].Command
		}
	}
	return out
}
