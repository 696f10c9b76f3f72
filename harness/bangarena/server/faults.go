package server

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-arena/umpire/referee/rules"
)

// Fault names one deliberately broken behaviour of the server, for testing
// the conformance suite: with it on, the server breaks exactly one rule or
// protocol behaviour. Faults are never on by default.
type Fault string

// The closed list of faults.
const (
	// FaultSkipReask applies the first illegal answer as a random legal
	// item at once instead of asking again (400 reask).
	FaultSkipReask Fault = "skip-reask"
	// FaultNoDuplicate forgets answered commandIds: a repeated commandId is
	// treated as a new decision (applied again or rejected) instead of the
	// stored answer with duplicate true.
	FaultNoDuplicate Fault = "no-duplicate"
	// FaultAcceptStale accepts a decision whose observationVersion is not
	// the current one.
	FaultAcceptStale Fault = "accept-stale"
	// FaultStaleApplied answers a decision on a stale observationVersion
	// with the 409 it should get, but applies it all the same.
	FaultStaleApplied Fault = "stale-applied"
	// FaultAcceptFuture accepts a decision whose observationVersion is
	// above the current one (an older one is still refused).
	FaultAcceptFuture Fault = "accept-future"
	// FaultLeakHand shows the other seats' hand cards in observations.
	FaultLeakHand Fault = "leak-hand"
	// FaultLeakRole shows the other seats' hidden roles in observations.
	FaultLeakRole Fault = "leak-role"
	// FaultWrongTokenAccepted accepts any non-empty token for any seat
	// (wrong tokens and other seats' tokens).
	FaultWrongTokenAccepted Fault = "wrong-token-accepted"
	// FaultJailMarshal offers Jail on the Marshal among the legal items.
	FaultJailMarshal Fault = "jail-marshal"
	// Fault500OnMalformed answers a malformed decision body with HTTP 500
	// instead of 422.
	Fault500OnMalformed Fault = "500-on-malformed"
	// FaultIgnoreDeadline never answers for a silent seat: the deadline
	// passes and the decision stays open.
	FaultIgnoreDeadline Fault = "ignore-deadline"
	// FaultAnswerWithoutVersion answers an accepted decision without its
	// observationVersion.
	FaultAnswerWithoutVersion Fault = "answer-without-version"
	// FaultLogDropsDecision serves the room log without its last decision,
	// so it no longer replays to the end the players saw.
	FaultLogDropsDecision Fault = "log-drops-decision"
	// FaultMCPMissingTool leaves arena_submit_decision out of the MCP tools
	// (the SDK server is built without the tool).
	FaultMCPMissingTool Fault = "mcp-missing-tool"

	// The game-rule faults (faults_rules.go), one rule each.

	// FaultSecondShot keeps offering Shots after the turn's first one.
	FaultSecondShot Fault = "second-shot"
	// FaultRangePlusOne offers Shots at distance range + 1.
	FaultRangePlusOne Fault = "range-plus-one"
	// FaultPassShadowNoHorse forgets Pass Shadow's built-in Horse in the
	// distance of a Shot.
	FaultPassShadowNoHorse Fault = "pass-shadow-no-horse"
	// FaultHorseIgnored forgets a Horse card in play in the distance of a
	// Shot.
	FaultHorseIgnored Fault = "horse-ignored"
	// FaultSnatchFar offers Snatch as far as the weapon reaches (at least 2).
	FaultSnatchFar Fault = "snatch-far"
	// FaultDuelSelf offers a Duel against the player itself.
	FaultDuelSelf Fault = "duel-self"
	// FaultJailSelf offers a Jail on the player itself.
	FaultJailSelf Fault = "jail-self"
	// FaultBlueTwice offers a blue card whose kind is already in play
	// before the player.
	FaultBlueTwice Fault = "blue-twice"
	// FaultHealAtNoon offers the Flask in the play phase at High Noon.
	FaultHealAtNoon Fault = "heal-at-noon"
	// FaultMissAgainstRaid offers a Ricochet against a Raid or a Duel.
	FaultMissAgainstRaid Fault = "miss-against-raid"
	// FaultEndPlayInReaction offers end_play while the turn's player answers
	// an attack.
	FaultEndPlayInReaction Fault = "end-play-in-reaction"
	// FaultLookTopHandCard offers a hand card among the look-top choice's
	// put-back cards.
	FaultLookTopHandCard Fault = "look-top-hand-card"
	// FaultMadDogOneShot holds Mad Dog to one Shot per turn.
	FaultMadDogOneShot Fault = "mad-dog-one-shot"
	// FaultLeakLookTop shows the cards of a look-top choice to every seat.
	FaultLeakLookTop Fault = "leak-look-top"
	// FaultLeakDraws shows every seat the cards of the others' draws.
	FaultLeakDraws Fault = "leak-draws"
	// FaultLeakHandTakes shows every seat the card one seat took from
	// another's hand (Snatch, Tollman, Grip), as if it came from play.
	FaultLeakHandTakes Fault = "leak-hand-takes"
	// FaultNoReactionQueue shows in reactionQueue only the seat answering
	// now, not the others a Buckshot or a Raid still waits for.
	FaultNoReactionQueue Fault = "no-reaction-queue"
	// FaultDeckCountOff counts the discard pile into deckCount.
	FaultDeckCountOff Fault = "deck-count-off"
	// FaultLawWinnersLiving names only the living aides among the law's
	// winners.
	FaultLawWinnersLiving Fault = "law-winners-living"
	// FaultRaiderWinnersLiving names only the living raiders among the
	// raiders' winners.
	FaultRaiderWinnersLiving Fault = "raider-winners-living"
	// FaultDiscardHealAnyone offers Bonesetter's discard-two-to-heal to
	// every seat below its max hp.
	FaultDiscardHealAnyone Fault = "discard-heal-anyone"
	// FaultFlaskFullHp offers the Flask in the play phase at full hp.
	FaultFlaskFullHp Fault = "flask-full-hp"
	// FaultTwoFacedForAll offers a Ricochet as a Shot to every seat.
	FaultTwoFacedForAll Fault = "two-faced-for-all"
	// FaultTurnSeatOfDecider shows as turnSeat the seat answering an attack
	// instead of the seat whose turn it is.
	FaultTurnSeatOfDecider Fault = "turn-seat-of-decider"
	// FaultGloryDefaultRange answers a glory choice left unanswered with the
	// range perk (the list's first item) instead of heart.
	FaultGloryDefaultRange Fault = "glory-default-range"
	// FaultArgsIgnored ignores a decision's args (but a discard's cards):
	// args that contradict the item are applied as the item.
	FaultArgsIgnored Fault = "args-ignored"
)

// FaultInfo describes one fault: what it breaks and the rule it breaks.
type FaultInfo struct {
	// Name is the fault's name, as given in Options.Faults or
	// UMPIRE_UNSAFE_FAULTS.
	Name Fault `json:"name"`
	// Rule is the catalogue rule id the fault breaks; empty when the
	// behaviour is a protocol behaviour of §12 / WIRE.md the catalogue has
	// no id for yet (Ref says which).
	Rule string `json:"rule,omitempty"`
	// Ref names the sentence of the contract the fault breaks.
	Ref string `json:"ref"`
	// Breaks says in a few words what a client observes.
	Breaks string `json:"breaks"`
}

// FaultList returns the closed list of faults, sorted by name, each with
// the catalogue rule it breaks (a game rule, or a server-conformance rule
// for protocol behaviour) and the contract sentence in Ref. The
// conformance suite's fault table (harness/bangarena/probe) proves each is caught by
// a check citing that rule.
func FaultList() []FaultInfo {
	l := []FaultInfo{
		{FaultSkipReask, "bangarena/server.reask", "§14 reask_then_random", "the first illegal answer is replaced by a random item (200 random) instead of 400 reask"},
		{FaultNoDuplicate, "bangarena/server.duplicate-command", "§12 commandId idempotency; WIRE.md decision answers", "a repeated commandId is not answered with the stored answer and duplicate true"},
		{FaultAcceptStale, "bangarena/server.stale-version", "§12 observationVersion / basedOnVersion", "a decision on a stale observationVersion is applied instead of 409"},
		{FaultStaleApplied, "bangarena/server.stale-version", "§12 observationVersion / basedOnVersion", "a decision on a stale observationVersion is answered 409 but applied all the same"},
		{FaultAcceptFuture, "bangarena/server.future-version", "I-BA-63 versions and staleness", "a decision on an observationVersion above the current one is applied"},
		{FaultLeakHand, "bangarena/11.redaction", "§11 players[i].hand", "other seats' hands carry their cards instead of backs"},
		{FaultLeakRole, "bangarena/11.redaction", "§11 players[i].roleId", "other seats' hidden roles are shown"},
		{FaultWrongTokenAccepted, "bangarena/server.token", "§12 x-agent-token; WIRE.md errors 401/403", "a wrong token or another seat's token is accepted"},
		{FaultJailMarshal, "bangarena/5.jail", "§5 Jail, §13 play_equip_blue", "Jail on the Marshal is offered in legalActions"},
		{Fault500OnMalformed, "bangarena/server.malformed-body", "WIRE.md errors: 422 for a malformed body", "a malformed decision body gets HTTP 500"},
		{FaultIgnoreDeadline, "bangarena/14.default-action", "§14 fallbacks", "a silent seat is never answered for at its deadline"},
		{FaultAnswerWithoutVersion, "bangarena/server.answer-shape", "WIRE.md decision answers {ok, observationVersion, …}", "an accepted decision is answered without observationVersion"},
		{FaultLogDropsDecision, "bangarena/server.replay", "WIRE.md harness extension: the room log re-simulates the match", "the served log lacks its last decision event"},
		{FaultMCPMissingTool, "bangarena/server.mcp-tools", "§12 MCP tools", "tools/list lacks arena_submit_decision and calling it fails"},
		{FaultSecondShot, "bangarena/3.shot-limit", "§3 play_shot at most once per turn", "a Shot is offered after the turn's first one"},
		{FaultRangePlusOne, "bangarena/4.range", "§4 play_shot legal ⇔ distance ≤ range", "Shots are offered at distance range + 1"},
		{FaultPassShadowNoHorse, "bangarena/6.char-09-pass-shadow", "§6 char_09 built-in Horse", "Shots are offered at Pass Shadow as if it had no Horse"},
		{FaultHorseIgnored, "bangarena/5.horse-scope", "§5 Horse: others see you at +1", "Shots are offered at a seat with a Horse as if it had none"},
		{FaultSnatchFar, "bangarena/4.steal-distance", "§4 play_steal legal ⇔ distance ≤ 1", "Snatch is offered at distance 2 or the weapon's range"},
		{FaultDuelSelf, "bangarena/4.self-target", "I-BA-33; READINGS 4", "a Duel against the player itself is offered"},
		{FaultJailSelf, "bangarena/4.targets", "§13 play_equip_blue: Jail on another seat", "a Jail on the player itself is offered"},
		{FaultBlueTwice, "bangarena/5.blue-offer", "§5 blue: unique per seat", "a blue card already in play before the player is offered again"},
		{FaultHealAtNoon, "bangarena/8.high-noon", "§8 High Noon: nobody heals", "the Flask is offered at High Noon"},
		{FaultMissAgainstRaid, "bangarena/7.reactions", "§7 play_raid / play_duel answers", "a Ricochet is offered against a Raid or a Duel"},
		{FaultEndPlayInReaction, "bangarena/3.phases", "§3 reaction: only the answers", "end_play is offered while the turn's player answers an attack"},
		{FaultLookTopHandCard, "bangarena/13.choices", "§13 choose_look_top: one of the top 3", "a hand card is offered as the look-top put-back card"},
		{FaultMadDogOneShot, "bangarena/6.char-16-mad-dog", "§6 char_16 no Shot limit", "Mad Dog gets no second Shot"},
		{FaultLeakLookTop, "bangarena/11.look-top", "§11 pendingChoice: look-top cards only for the chooser", "every seat sees the look-top cards"},
		{FaultLeakDraws, "bangarena/11.events", "§11 events: public and own private events", "every seat sees the cards of the others' draws"},
		{FaultLeakHandTakes, "bangarena/11.events", "§1 2 other hands are card backs; §11 events", "every seat sees the card taken from another seat's hand"},
		{FaultNoReactionQueue, "bangarena/7.pending-shape", "§7 observation: reactionQueue", "reactionQueue holds only the seat answering now during a Buckshot or Raid"},
		{FaultDeckCountOff, "bangarena/11.fields", "§11 deckCount, discardCount", "deckCount includes the discard pile"},
		{FaultLawWinnersLiving, "bangarena/10.law-wins", "§10 4: law wins, dead aides included", "the law's winners leave out dead aides"},
		{FaultRaiderWinnersLiving, "bangarena/10.marshal-dead", "§10 3: raiders win, dead raiders included", "the raiders' winners leave out dead raiders"},
		{FaultDiscardHealAnyone, "bangarena/6.char-12-bonesetter", "§6 char_12: discard 2 to heal (Bonesetter only)", "every seat below max hp is offered discard_heal"},
		{FaultFlaskFullHp, "bangarena/5.flask", "§13 play_heal_self: play phase, hp < maxHp", "the Flask is offered at full hp"},
		{FaultTwoFacedForAll, "bangarena/6.char-03-two-faced", "§6 char_03 plays a Ricochet as a Shot", "every seat is offered its Ricochets as Shots"},
		{FaultTurnSeatOfDecider, "bangarena/3.turn-order", "§11 turnSeat: whose turn", "turnSeat names the seat answering an attack"},
		{FaultGloryDefaultRange, "bangarena/13.glory-default", "§13 choose_glory: default on timeout heart", "a silent glory choice gets the range perk"},
		{FaultArgsIgnored, "bangarena/12.args-contradict", "I-BA-25 args merged over argsSchema", "args that contradict the item are applied as the item"},
	}
	// The faults played inside the engine (referee Deviations), one file
	// per part of the rules.
	l = append(l, setupFaults()...)
	l = append(l, cardFaults()...)
	l = append(l, gloryFaults()...)
	l = append(l, effectFaults()...)
	l = append(l, charFaults()...)
	// The faults added by following ARCHITECTURE.md's recipe (faults_recipe.go).
	l = append(l, recipeFaults()...)
	// The faults of the MCP tools and the rules summary (faults_mcp.go).
	l = append(l, mcpFaults()...)
	// The faults of the draws the documents call random (faults_fair.go).
	l = append(l, fairFaults()...)
	// The fault of the roles shown after the end (faults_reveal.go).
	l = append(l, revealFaults()...)
	// The fault of the deal at 7 seats (faults_sizes.go).
	l = append(l, sizeFaults()...)
	// The fault of the pack named (faults_pack.go).
	l = append(l, packFaults()...)
	l = append(l, basedOnFaults()...)
	l = append(l, versionFaults()...)
	l = append(l, deadlineFaults()...)
	l = append(l, relayFaults()...)
	l = append(l, timeoutFaults()...)
	sort.Slice(l, func(i, j int) bool { return l[i].Name < l[j].Name })
	return l
}

// FaultsEnv is the environment variable that names faults for the command
// line, honoured only together with the flag --unsafe-faults.
const FaultsEnv = "UMPIRE_UNSAFE_FAULTS"

// ParseFaults parses a comma-separated list of fault names. Unknown names
// are an error; blanks around names are ignored; duplicates are merged.
func ParseFaults(list string) ([]Fault, error) {
	var out []Fault
	seen := map[Fault]bool{}
	for _, part := range strings.Split(list, ",") {
		name := Fault(strings.TrimSpace(part))
		if name == "" {
			continue
		}
		if !knownFault(name) {
			return nil, fmt.Errorf("unknown fault %q (known: %s)", name, faultNames())
		}
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	return out, nil
}

// FaultsFromEnv returns the faults the command line enables: the names of
// FaultsEnv when unsafe (the --unsafe-faults flag) is true. unsafe without
// the variable, or the variable without unsafe, is an error, so faults are
// never on by accident.
func FaultsFromEnv(getenv func(string) string, unsafe bool) ([]Fault, error) {
	v := strings.TrimSpace(getenv(FaultsEnv))
	switch {
	case !unsafe && v == "":
		return nil, nil
	case !unsafe:
		return nil, fmt.Errorf("%s is set but --unsafe-faults is not given; refusing to start with faults", FaultsEnv)
	case v == "":
		return nil, fmt.Errorf("--unsafe-faults needs %s=name,... (known: %s)", FaultsEnv, faultNames())
	}
	return ParseFaults(v)
}

func knownFault(f Fault) bool {
	for _, i := range FaultList() {
		if i.Name == f {
			return true
		}
	}
	return false
}

func faultNames() string {
	var n []string
	for _, i := range FaultList() {
		n = append(n, string(i.Name))
	}
	return strings.Join(n, ", ")
}

type faultSet map[Fault]bool

func (s faultSet) on(f Fault) bool { return s[f] }

// deviations returns the engine deviations of the faults that are on: a
// fault played inside the engine (referee Deviations) has the name of its
// engine hook, so every fault name is passed on and the engine ignores the
// ones it does not know.
func (s faultSet) deviations() rules.Deviations {
	if len(s) == 0 {
		return nil
	}
	d := make(rules.Deviations, len(s))
	for f, on := range s {
		if on {
			d[string(f)] = true
		}
	}
	return d
}
