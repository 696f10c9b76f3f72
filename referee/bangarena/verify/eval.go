package verify

import (
	"maps"
	"slices"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// evalEvent counts the rules a BangArena event of the log was checked
// against: its rule area's (eventArea), and for the events that carry a
// card, a check or a choice the rules of that card or check, since the
// replay compares every consequence of it with the engine's. Counted for
// every event the replay compares, matched or not.
func (v *BangArenaVerifier) evalEvent(e *ba.Event) {
	_, rule := eventArea(e)
	v.evaluate(rule)
	for _, r := range eventRules(e) {
		v.evaluate(r)
	}
	if e.Type == "eliminated" && e.KillerSeat >= 0 && v.g != nil && v.g.Config().RoleMode != ba.ModeLegacy {
		// No cards for a kill outside legacy (I-BA-3).
		v.evaluate("bangarena/9.no-kill-reward")
	}
}

func (v *BangArenaVerifier) evaluate(rule string) {
	if v.sum.Evaluated == nil {
		v.sum.Evaluated = map[string]int{}
	}
	v.sum.Evaluated[rule]++
}

// eventRules names the rules beyond its area that an event exercises.
func eventRules(e *ba.Event) []string {
	switch e.Type {
	case "card_played":
		if e.CardID == "bomb" {
			return append(cardRules(e.Command), "bangarena/5.dynamite") // where it is put
		}
		return cardRules(e.Command)
	case "turn_start":
		return []string{"bangarena/3.phases", "bangarena/2.marshal-first-turn"}
	case "draw":
		if len(e.Cards) > 0 { // the cards' uids and suits
			return []string{"bangarena/5.uid-form", "bangarena/8.card-suits"}
		}
	case "game_over":
		// The win condition that ended the match.
		switch e.WinnerTeam {
		case ba.TeamLaw:
			return []string{"bangarena/10.law-wins"}
		case ba.TeamRaiders:
			return []string{"bangarena/10.marshal-dead"}
		case ba.TeamLone:
			if len(e.WinnerSeats) == 1 {
				return []string{"bangarena/10.sole-survivor"}
			}
			return []string{"bangarena/10.partners-lones"}
		}
	case "check":
		if e.Kind == "dynamite" {
			return []string{"bangarena/5.dynamite", "bangarena/3.dynamite-before-jail", "bangarena/8.suits", "bangarena/8.card-suits", "bangarena/5.uid-form"}
		}
		return []string{"bangarena/5.jail", "bangarena/8.suits", "bangarena/8.card-suits", "bangarena/5.uid-form"}
	case "cover_check":
		return []string{"bangarena/8.cover-coin"}
	case "role":
		return []string{"bangarena/2.marshal-public"}
	case "team_briefing", "marshal_briefing":
		return []string{"bangarena/2.impostor-briefing"}
	case "deal":
		// The dealt hp and hand hold the role bonuses (§2, §6).
		return []string{"bangarena/6.max-hp", "bangarena/2.marshal-bonus", "bangarena/2.marshal-bonus-alone", "bangarena/2.hidden-no-bonus"}
	case "eliminated":
		return []string{"bangarena/9.killer"}
	case "decision":
		return []string{"bangarena/12.decider", "bangarena/12.one-decider"}
	case "discard":
		if e.Reason == "discard" { // the end-of-turn discard
			return []string{"bangarena/3.discard-to-hp"}
		}
	}
	return nil
}

// modeRules names the rules of a table's role mode: the replay compares
// the deal, the briefings and the win of that mode with the engine's.
func modeRules(cfg ba.Config) []string {
	switch cfg.RoleMode {
	case ba.ModeImpostor:
		if cfg.Seats == 8 {
			return []string{"bangarena/2.impostor-distribution", "bangarena/2.impostor-8-seats"}
		}
		return []string{"bangarena/2.impostor-distribution"}
	case ba.ModePartners:
		return []string{"bangarena/2.partners"}
	case ba.ModeLegacy:
		return []string{"bangarena/2.legacy"}
	}
	return nil
}

// cardRules names the rules of the card a card_played event plays, by its
// command.
func cardRules(command string) []string {
	switch command {
	case "play_shot":
		return []string{"bangarena/5.shot", "bangarena/4.range", "bangarena/4.distance", "bangarena/3.shot-limit", "bangarena/4.self-target"}
	case "play_aoe_shot":
		return []string{"bangarena/5.buckshot", "bangarena/7.queue-order"}
	case "play_raid":
		return []string{"bangarena/5.raid", "bangarena/7.queue-order"}
	case "play_duel":
		return []string{"bangarena/5.duel", "bangarena/4.targets", "bangarena/4.self-target"}
	case "play_steal":
		return []string{"bangarena/5.snatch", "bangarena/4.steal-distance", "bangarena/4.self-target"}
	case "play_discard_any":
		return []string{"bangarena/5.toss", "bangarena/4.targets", "bangarena/4.self-target"}
	case "play_draw":
		return []string{"bangarena/5.wagon-caravan"}
	case "play_market":
		return []string{"bangarena/5.bazaar", "bangarena/5.bazaar-clockwise"}
	case "play_heal_all":
		return []string{"bangarena/5.saloon"}
	case "play_heal_self":
		return []string{"bangarena/5.flask"}
	case "play_equip_blue":
		return []string{"bangarena/5.blue-unique", "bangarena/5.blue-offer"}
	case "play_weapon":
		return []string{"bangarena/5.weapon"}
	case "play_miss", "play_raid_discard_shot", "play_duel_discard_shot":
		return []string{"bangarena/7.reactions"}
	}
	return nil
}

// withEngine adds to m the rules the replaying engine evaluated: the
// character abilities, built-ins, args and choices it applied while
// re-deriving the log (bangarena.Game.TrackRules). Each of them was
// compared with the log, since every consequence of it is an event the
// replay matches.
func (v *BangArenaVerifier) withEngine(m map[string]int) map[string]int {
	if v.g == nil {
		return m
	}
	return addCounts(m, v.g.Evaluated())
}

// drainEngine moves the engine's counts into m (at Finish), so that
// Summary does not count them twice.
func (v *BangArenaVerifier) drainEngine(m map[string]int) map[string]int {
	if v.g == nil {
		return m
	}
	return addCounts(m, v.g.TakeEvaluated())
}

func addCounts(m, add map[string]int) map[string]int {
	for id, n := range add {
		if m == nil {
			m = map[string]int{}
		}
		m[id] += n
	}
	return m
}

// BangArenaRuleIDs returns the ids of the rules the BangArena verifier can
// evaluate: what a replay of a room log can cover.
func BangArenaRuleIDs() []string {
	set := map[string]bool{
		"bangarena/log.json": true, "bangarena/log.seq": true, "bangarena/log.line-length": true,
		"bangarena/log.match-start": true, "bangarena/log.complete": true, "bangarena/1.legal-only": true,
		"bangarena/9.no-kill-reward": true, "bangarena/5.uid-form": true, "bangarena/8.card-suits": true,
		"bangarena/log.seed": true, "bangarena/log.chance": true,
	}
	for _, t := range []string{"match_start", "deal", "turn_start", "draw", "reshuffle", "check", "cover_check", "high_noon",
		"pass", "damage", "glory_star", "glory_perk", "glory_bounty", "kill_reward", "kill_penalty", "game_over", "decision",
		"card_played", "role", "eliminated", "discard", "team_briefing"} {
		if t == "game_over" {
			for _, team := range []string{ba.TeamLaw, ba.TeamRaiders, ba.TeamLone} {
				for _, seats := range [][]int{{0}, {0, 1}} {
					for _, r := range eventRules(&ba.Event{Type: t, WinnerTeam: team, WinnerSeats: seats}) {
						set[r] = true
					}
				}
			}
		}
		for _, kind := range []string{"", "dynamite"} {
			for _, reason := range []string{"", "deal", "discard"} {
				e := &ba.Event{Type: t, Kind: kind, Reason: reason}
				_, r := eventArea(e)
				set[r] = true
				for _, r := range eventRules(e) {
					set[r] = true
				}
			}
		}
	}
	for _, c := range []string{"play_shot", "play_aoe_shot", "play_raid", "play_duel", "play_steal", "play_discard_any",
		"play_draw", "play_market", "play_heal_all", "play_heal_self", "play_equip_blue", "play_weapon", "play_miss"} {
		for _, r := range cardRules(c) {
			set[r] = true
		}
	}
	for _, r := range ba.EvaluatedRuleIDs() {
		set[r] = true
	}
	for _, mode := range []string{ba.ModeImpostor, ba.ModePartners, ba.ModeLegacy} {
		for _, r := range modeRules(ba.Config{RoleMode: mode, Seats: 8}) {
			set[r] = true
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// BangArenaEventRules names the rules an event of the engine's own
// vocabulary exercises once it has been compared with what a server
// showed: its rule area's (the rule a divergence in it breaks) and those
// of its card, check or choice. The judge of the seats' evidence counts
// them for the engine's events up to the last agreement.
func BangArenaEventRules(e *ba.Event, cfg ba.Config) []string {
	_, rule := eventArea(e)
	out := append([]string{rule}, eventRules(e)...)
	if e.Type == "eliminated" && e.KillerSeat >= 0 && cfg.RoleMode != ba.ModeLegacy {
		out = append(out, "bangarena/9.no-kill-reward")
	}
	return out
}

// BangArenaEventRule is the rule a divergence in an event of the engine's
// vocabulary breaks, by its area (I-BA-V2).
func BangArenaEventRule(e *ba.Event) string {
	_, rule := eventArea(e)
	return rule
}

// BangArenaModeRules are the rules a table's role mode and size deal by.
func BangArenaModeRules(cfg ba.Config) []string { return modeRules(cfg) }
