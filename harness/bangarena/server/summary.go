package server

import (
	ref "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// Summary is the rules summary of GET /api/arena/rules and the MCP tool
// arena_get_rules: versions, the ids of roles, cards, characters and
// commands, and umpire's catalogue rules for BangArena (our paraphrase).
type Summary struct {
	RulesetVersion  string           `json:"rulesetVersion"`
	ProtocolVersion string           `json:"protocolVersion"`
	PackID          string           `json:"packId"`
	Seats           SeatRange        `json:"seats"`
	RoleModes       []string         `json:"roleModes"`
	Phases          []string         `json:"phases"`
	Roles           []SummaryRole    `json:"roles"`
	Cards           []SummaryCard    `json:"cards"`
	Characters      []SummaryChar    `json:"characters"`
	Commands        []SummaryCommand `json:"commands"`
	Perks           []string         `json:"perks"`
	Policies        []string         `json:"policies"`
	DefaultDeadline int64            `json:"defaultDeadlineMs"`
	Rules           []rules.Rule     `json:"rules"`
}

// SeatRange is the seat count range of a table.
type SeatRange struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// SummaryRole is one role of §2.
type SummaryRole struct {
	RoleID string `json:"roleId"`
	Team   string `json:"team"`
	Public bool   `json:"public"`
}

// SummaryCard is one card of §5; Copies is counted from the engine's deck.
type SummaryCard struct {
	CardID  string `json:"cardId"`
	Kind    string `json:"kind"`
	Copies  int    `json:"copies"`
	Range   int    `json:"range,omitempty"`
	Command string `json:"command"`
}

// SummaryChar is one character of §6.
type SummaryChar struct {
	CharacterID string `json:"characterId"`
	MaxHp       int    `json:"maxHp"`
}

// SummaryCommand is one command of §13 with the form of its actionId.
type SummaryCommand struct {
	Command  string `json:"command"`
	ActionID string `json:"actionId"`
}

// cardKinds holds kind, weapon range and command per card id (§5).
func cardKinds() []SummaryCard {
	return []SummaryCard{
		{"shot", "brown", 0, 0, "play_shot"}, {"miss", "brown", 0, 0, "play_miss"},
		{"heal_self", "brown", 0, 0, "play_heal_self"}, {"steal_near", "brown", 0, 0, "play_steal"},
		{"discard_any", "brown", 0, 0, "play_discard_any"}, {"duel", "brown", 0, 0, "play_duel"},
		{"raid", "brown", 0, 0, "play_raid"}, {"draw2", "brown", 0, 0, "play_draw"},
		{"market", "brown", 0, 0, "play_market"}, {"heal_all", "brown", 0, 0, "play_heal_all"},
		{"draw3", "brown", 0, 0, "play_draw"}, {"aoe_shot", "brown", 0, 0, "play_aoe_shot"},
		{"jail", "blue", 0, 0, "play_equip_blue"}, {"cover", "blue", 0, 0, "play_equip_blue"},
		{"mount", "blue", 0, 0, "play_equip_blue"}, {"scope", "blue", 0, 0, "play_equip_blue"},
		{"bomb", "blue", 0, 0, "play_equip_blue"},
		{"weapon_volcanic", "weapon", 0, 1, "play_weapon"}, {"weapon_short", "weapon", 0, 2, "play_weapon"},
		{"weapon_rifle", "weapon", 0, 3, "play_weapon"}, {"weapon_carbine", "weapon", 0, 4, "play_weapon"},
		{"weapon_long", "weapon", 0, 5, "play_weapon"},
	}
}

// charMaxHp is the max hp per character (§6); the staged two get 4.
func charMaxHp() map[string]int {
	return map[string]int{
		"char_01": 3, "char_02": 4, "char_03": 4, "char_04": 3, "char_05": 4, "char_06": 4,
		"char_07": 4, "char_08": 4, "char_09": 3, "char_10": 4, "char_11": 4, "char_12": 5,
		"char_13": 4, "char_14": 4, "char_15": 4, "char_16": 4,
	}
}

// commandForms lists the commands of §13 and their actionId forms.
func commandForms() []SummaryCommand {
	return []SummaryCommand{
		{"play_shot", "shot:<cardUid>:<targetSeat>"},
		{"play_aoe_shot", "aoe_shot:<cardUid>"},
		{"play_raid", "raid:<cardUid>"},
		{"play_duel", "duel:<cardUid>:<targetSeat>"},
		{"play_steal", "steal:<cardUid>:<targetSeat>:<hand|inPlay:<uid>|weapon>"},
		{"play_discard_any", "discard_any:<cardUid>:<targetSeat>:<hand|inPlay:<uid>|weapon>"},
		{"play_draw", "draw:<cardUid>"},
		{"play_market", "market:<cardUid>"},
		{"play_heal_all", "heal_all:<cardUid>"},
		{"play_heal_self", "heal:<cardUid>"},
		{"play_equip_blue", "equip_blue:<cardUid>[:<targetSeat>]"},
		{"play_weapon", "weapon:<cardUid>"},
		{"end_play", "end_play"},
		{"discard", "discard"},
		{"play_miss", "miss:<cardUid>"},
		{"play_raid_discard_shot", "raid_discard_shot:<cardUid>"},
		{"play_duel_discard_shot", "duel_discard_shot:<cardUid>"},
		{"pass_reaction", "pass_reaction"},
		{"choose_first_draw", "first_draw:<choiceId>:<deck|hand:<seat>|discard>"},
		{"choose_look_top", "look_top:<choiceId>:<cardUid>"},
		{"choose_glory", "glory:<choiceId>:<range|heart|sight>"},
		{"choose_prayer", "prayer:<choiceId>:<yes|no>"},
		{"use_peek_role", "peek:<seat>"},
		{"use_discard_heal", "discard_heal:<a>:<b>"},
	}
}

// RulesSummary returns the rules summary this server answers.
func RulesSummary() Summary {
	copies := map[string]int{}
	for _, c := range ref.Deck() {
		copies[c.CardID]++
	}
	cards := make([]SummaryCard, 0, len(cardKinds()))
	for _, c := range cardKinds() {
		c.Copies = copies[c.CardID]
		cards = append(cards, c)
	}
	var chars []SummaryChar
	hps := charMaxHp()
	for _, id := range ref.Characters(false) {
		hp := hps[id]
		if hp == 0 {
			hp = 4
		}
		chars = append(chars, SummaryChar{id, hp})
	}
	return Summary{
		RulesetVersion: ref.RulesetVersion, ProtocolVersion: ref.ProtocolVersion, PackID: ref.MechanicsPackHash,
		Seats:     SeatRange{4, 8},
		RoleModes: []string{ref.ModeClassic, ref.ModePartners, ref.ModeImpostor, ref.ModeLegacy},
		Phases:    []string{ref.PhaseSetup, ref.PhaseDraw, ref.PhasePlay, ref.PhaseReaction, ref.PhaseDiscard, ref.PhaseEnded},
		Roles: []SummaryRole{
			{ref.RoleMarshal, ref.TeamLaw, true}, {ref.RoleAide, ref.TeamLaw, false},
			{ref.RoleRaider, ref.TeamRaiders, false}, {ref.RoleLone, ref.TeamLone, false},
			{ref.RoleImpostor, ref.TeamRaiders, false},
		},
		Cards: cards, Characters: chars,
		Commands:        commandForms(),
		Perks:           []string{"range", "heart", "sight"},
		Policies:        []string{PolicyReaskThenRandom, PolicySkip, PolicyRandom},
		DefaultDeadline: DefaultDeadline.Milliseconds(),
		Rules:           rules.Default().ForGame("bangarena"),
	}
}
