package schemas

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// mutation breaks one constraint of a valid fixture.
type mutation struct {
	name string
	game string
	kind string
	// base is the fixture path under testdata (default valid/<game>/<kind>.json);
	// inline, when set, is the base message itself.
	base   string
	inline string
	set    map[string]any // JSON Pointer -> new value
	del    []string       // JSON Pointers to remove
	// wantInstance and wantKeyword locate the violation; wantCount is the
	// number of violations (default 1).
	wantInstance string
	wantKeyword  string
	wantCount    int
}

const (
	iDefs = "inference/defs.json#/$defs/"
	bDefs = "bangarena/defs.json#/$defs/"
	bLA   = "bangarena/legal_action.json#/$defs/"
)

var exampleDR = "examples/bangarena/decision_request.json"
var exampleVS = "examples/inference/visible_state.json"

func negativeCases() []mutation {
	long := strings.Repeat("x", 281)
	return []mutation{
		// Inference visible_state
		{name: "credits below zero", game: "inference", kind: "visible_state", set: map[string]any{"/players/2/credits": -1}, wantInstance: "/players/2/credits", wantKeyword: iDefs + "credits/minimum"},
		{name: "pot missing", game: "inference", kind: "visible_state", del: []string{"/pot"}, wantInstance: "", wantKeyword: "inference/visible_state.json#/required"},
		{name: "value above 100", game: "inference", kind: "visible_state", set: map[string]any{"/your_value": 101}, wantInstance: "/your_value", wantKeyword: iDefs + "value/maximum"},
		{name: "table of 9", game: "inference", kind: "visible_state", set: map[string]any{"/table_size": 9}, wantInstance: "/table_size", wantKeyword: iDefs + "table_size/maximum"},
		{name: "max_raise not 10", game: "inference", kind: "visible_state", set: map[string]any{"/limits/max_raise": 11}, wantInstance: "/limits/max_raise", wantKeyword: iDefs + "limits/properties/max_raise/const"},
		{name: "ante_ramp incomplete", game: "inference", kind: "visible_state", del: []string{"/limits/ante_ramp/every_rounds"}, wantInstance: "/limits/ante_ramp", wantKeyword: iDefs + "ante_ramp/required"},
		{name: "value before round 1", game: "inference", kind: "visible_state", set: map[string]any{"/round": 0, "/turn": nil, "/your_value": 5}, wantInstance: "/your_value", wantKeyword: "inference/visible_state.json#/allOf/0/then/properties/your_value/type"},
		{name: "breakeven with nothing to call", game: "inference", kind: "visible_state", set: map[string]any{"/to_call": 0, "/call_breakeven_value": 42}, wantInstance: "/call_breakeven_value", wantKeyword: "inference/visible_state.json#/allOf/1/then/properties/call_breakeven_value/type"},
		{name: "no players", game: "inference", kind: "visible_state", set: map[string]any{"/players": []any{}}, wantInstance: "/players", wantKeyword: "inference/visible_state.json#/properties/players/minItems"},
		{name: "sitting out without back_in_round", game: "inference", kind: "visible_state", set: map[string]any{"/players/0/sitting_out": true}, del: []string{"/players/0/back_in_round"}, wantInstance: "/players/0", wantKeyword: iDefs + "player/then/required"},
		{name: "history actions without messages", game: "inference", kind: "visible_state", base: exampleVS, del: []string{"/history/0/messages"}, wantInstance: "/history/0", wantKeyword: iDefs + "history_entry/allOf/0/dependentRequired/actions"},
		{name: "uncontested history reveals", game: "inference", kind: "visible_state", base: exampleVS, set: map[string]any{"/history/0/uncontested": true}, wantInstance: "/history/0/reveals", wantKeyword: iDefs + "history_reduced/then/properties/reveals/maxItems"},
		{name: "table talk of 281", game: "inference", kind: "visible_state", base: exampleVS, set: map[string]any{"/messages/0/text": long}, wantInstance: "/messages/0/text", wantKeyword: iDefs + "message_text/maxLength"},
		{name: "raise in history without amount", game: "inference", kind: "visible_state", base: exampleVS, del: []string{"/actions/0/amount"}, wantInstance: "/actions/0", wantKeyword: iDefs + "round_action/allOf/0/then/required"},
		// Inference legal_actions items and your_turn
		{name: "raise max 11", game: "inference", kind: "legal_action", inline: `{"action":"raise","min":1,"max":11}`, wantInstance: "/max", wantKeyword: iDefs + "raise_amount/maximum"},
		{name: "raise min 0", game: "inference", kind: "legal_action", inline: `{"action":"raise","min":0,"max":5}`, wantInstance: "/min", wantKeyword: iDefs + "raise_amount/minimum"},
		{name: "call without amount", game: "inference", kind: "legal_action", inline: `{"action":"call"}`, wantInstance: "", wantKeyword: iDefs + "legal_action/allOf/0/then/required"},
		{name: "call amount negative", game: "inference", kind: "legal_action", inline: `{"action":"call","amount":-1}`, wantInstance: "/amount", wantKeyword: iDefs + "credits/minimum"},
		{name: "unknown action", game: "inference", kind: "legal_action", inline: `{"action":"check"}`, wantInstance: "/action", wantKeyword: iDefs + "action_name/enum"},
		{name: "no fold offered", game: "inference", kind: "your_turn", set: map[string]any{"/legal_actions": []any{map[string]any{"action": "call", "amount": 0}}}, wantInstance: "/legal_actions", wantKeyword: iDefs + "legal_actions/contains"},
		{name: "two call items", game: "inference", kind: "your_turn", set: map[string]any{"/legal_actions/-": map[string]any{"action": "call", "amount": 1}}, wantInstance: "/legal_actions", wantKeyword: iDefs + "legal_actions/maxItems", wantCount: 2},
		{name: "deadline missing", game: "inference", kind: "your_turn", del: []string{"/deadline_ms"}, wantInstance: "", wantKeyword: "inference/your_turn.json#/required"},
		// Inference move
		{name: "raise without amount", game: "inference", kind: "move", inline: `{"type":"move","match_id":"m","turn":0,"action":"raise"}`, wantInstance: "", wantKeyword: "inference/move.json#/then/required"},
		{name: "raise of 0", game: "inference", kind: "move", inline: `{"type":"move","match_id":"m","turn":0,"action":"raise","amount":0}`, wantInstance: "/amount", wantKeyword: iDefs + "raise_amount/minimum"},
		{name: "raise of 11", game: "inference", kind: "move", inline: `{"type":"move","match_id":"m","turn":0,"action":"raise","amount":11}`, wantInstance: "/amount", wantKeyword: iDefs + "raise_amount/maximum"},
		{name: "call amount of wrong type", game: "inference", kind: "move", inline: `{"type":"move","match_id":"m","turn":0,"action":"call","amount":"2"}`, wantInstance: "/amount", wantKeyword: "inference/move.json#/properties/amount/anyOf"},
		{name: "move message of 281", game: "inference", kind: "move", inline: `{"type":"move","match_id":"m","turn":0,"action":"fold","message":"` + long + `"}`, wantInstance: "/message", wantKeyword: iDefs + "message_text/maxLength"},
		{name: "move wrong type", game: "inference", kind: "move", inline: `{"type":"moved","match_id":"m","turn":0,"action":"fold"}`, wantInstance: "/type", wantKeyword: "inference/move.json#/properties/type/const"},
		{name: "move without match_id", game: "inference", kind: "move", inline: `{"type":"move","turn":0,"action":"fold"}`, wantInstance: "", wantKeyword: iDefs + "envelope/required"},
		// Inference envelope
		{name: "hello seat 8", game: "inference", kind: "hello", set: map[string]any{"/seat": 8}, wantInstance: "/seat", wantKeyword: iDefs + "seat/maximum"},
		{name: "hello empty token", game: "inference", kind: "hello", set: map[string]any{"/token": ""}, wantInstance: "/token", wantKeyword: "inference/hello.json#/properties/token/minLength"},
		{name: "welcome old rules", game: "inference", kind: "welcome", set: map[string]any{"/rules_version": "inference-0.3"}, wantInstance: "/rules_version", wantKeyword: iDefs + "rules_version/const"},
		{name: "error unknown code", game: "inference", kind: "error", set: map[string]any{"/code": "oops"}, wantInstance: "/code", wantKeyword: "inference/error.json#/properties/code/enum"},
		{name: "error without turn", game: "inference", kind: "error", del: []string{"/turn"}, wantInstance: "", wantKeyword: "inference/error.json#/required"},
		{name: "event of unknown type", game: "inference", kind: "event", set: map[string]any{"/event/type": "nonsense"}, wantInstance: "/event/type", wantKeyword: "inference/log_line.json#/properties/type/enum"},
		{name: "match_end without seed_commit", game: "inference", kind: "match_end", del: []string{"/seed_commit"}, wantInstance: "", wantKeyword: "inference/match_end.json#/required"},
		// Inference match log
		{name: "fold with amount", game: "inference", kind: "log_action", inline: `{"type":"action","round":1,"turn":0,"seat":1,"action":"fold","amount":2}`, wantInstance: "", wantKeyword: "inference/log_action.json#/then/not"},
		{name: "sit out without back_in_round", game: "inference", kind: "log_timeout", inline: `{"type":"timeout","round":3,"turn":1,"seat":1,"strikes":3,"sit_out":true}`, wantInstance: "", wantKeyword: "inference/log_timeout.json#/allOf/0/then/required"},
		{name: "sit out on first strike", game: "inference", kind: "log_timeout", inline: `{"type":"timeout","round":3,"turn":1,"seat":1,"strikes":1,"sit_out":true,"back_in_round":9}`, wantInstance: "/strikes", wantKeyword: "inference/log_timeout.json#/allOf/1/then/properties/strikes/minimum"},
		{name: "back_in_round without sit_out", game: "inference", kind: "log_timeout", inline: `{"type":"timeout","round":3,"turn":1,"seat":1,"strikes":1,"back_in_round":9}`, wantInstance: "", wantKeyword: "inference/log_timeout.json#/allOf/2/dependentRequired/back_in_round"},
		{name: "uncontested showdown reveals", game: "inference", kind: "log_showdown", inline: `{"type":"showdown","round":1,"pot":10,"uncontested":true,"reveals":[{"seat":0,"value":9}],"winners":[0],"payouts":[{"seat":0,"amount":10}]}`, wantInstance: "/reveals", wantKeyword: "inference/log_showdown.json#/allOf/1/then/properties/reveals/maxItems"},
		{name: "zero payout listed", game: "inference", kind: "log_showdown", inline: `{"type":"showdown","round":1,"pot":10,"uncontested":true,"reveals":[],"winners":[0],"payouts":[{"seat":0,"amount":0}]}`, wantInstance: "/payouts/0/amount", wantKeyword: iDefs + "payout/properties/amount/allOf/0/minimum"},
		{name: "seed_commit in upper case", game: "inference", kind: "log_match_start", set: map[string]any{"/seed_commit": strings.Repeat("AB", 32)}, wantInstance: "/seed_commit", wantKeyword: iDefs + "seed_commit/pattern"},
		{name: "match of 2 seats", game: "inference", kind: "log_match_start", set: map[string]any{"/table_size": 2}, wantInstance: "/table_size", wantKeyword: iDefs + "table_size/minimum"},
		{name: "unknown end reason", game: "inference", kind: "log_match_end", set: map[string]any{"/reason": "draw"}, wantInstance: "/reason", wantKeyword: "inference/log_match_end.json#/properties/reason/enum"},
		{name: "rank 0", game: "inference", kind: "log_match_end", set: map[string]any{"/ranking/0/rank": 0}, wantInstance: "/ranking/0/rank", wantKeyword: iDefs + "ranking_entry/properties/rank/minimum"},
		{name: "dealt_in twice", game: "inference", kind: "log_round_start", set: map[string]any{"/dealt_in": []any{0, 1, 1}}, wantInstance: "/dealt_in", wantKeyword: iDefs + "seats_sorted/allOf/0/uniqueItems"},
		{name: "negative ante", game: "inference", kind: "log_ante", set: map[string]any{"/amount": -2}, wantInstance: "/amount", wantKeyword: iDefs + "credits/minimum"},
		{name: "value 0 dealt", game: "inference", kind: "log_deal_private", set: map[string]any{"/value": 0}, wantInstance: "/value", wantKeyword: iDefs + "value/minimum"},
		{name: "bust seat as string", game: "inference", kind: "log_bust", set: map[string]any{"/seat": "2"}, wantInstance: "/seat", wantKeyword: iDefs + "seat/type"},
		{name: "return round 0", game: "inference", kind: "log_return", set: map[string]any{"/round": 0}, wantInstance: "/round", wantKeyword: iDefs + "round/minimum"},
		{name: "log message too long", game: "inference", kind: "log_message", set: map[string]any{"/text": long}, wantInstance: "/text", wantKeyword: iDefs + "message_text/maxLength"},
		{name: "log line of unknown type", game: "inference", kind: "log_line", inline: `{"type":"shuffle","round":1}`, wantInstance: "/type", wantKeyword: "inference/log_line.json#/properties/type/enum"},
		{name: "log line dispatches", game: "inference", kind: "log_line", inline: `{"type":"bust","round":1}`, wantInstance: "", wantKeyword: "inference/log_bust.json#/required"},

		// BangArena DecisionRequest
		{name: "other ruleset", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/rulesetVersion": "krug_rules@0.2.0"}, wantInstance: "/rulesetVersion", wantKeyword: "bangarena/decision_request.json#/properties/rulesetVersion/const"},
		{name: "null decisionId with actions", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/decisionId": nil}, wantInstance: "/legalActions", wantKeyword: "bangarena/decision_request.json#/allOf/0/then/properties/legalActions/maxItems"},
		{name: "no actions with a decisionId", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/legalActions": []any{}}, wantInstance: "/decisionId", wantKeyword: "bangarena/decision_request.json#/allOf/1/then/properties/decisionId/type"},
		{name: "deadline not a date", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/deadlineAt": "tomorrow"}, wantInstance: "/deadlineAt", wantKeyword: "bangarena/decision_request.json#/properties/deadlineAt/anyOf/0/format"},
		{name: "observation missing", game: "bangarena", kind: "decision_request", base: exampleDR, del: []string{"/observation"}, wantInstance: "", wantKeyword: "bangarena/decision_request.json#/required"},
		{name: "legal_mask item broken", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/legal_mask": []any{map[string]any{"actionId": "end_play"}}}, wantInstance: "/legal_mask/0", wantKeyword: "bangarena/legal_action.json#/required"},
		// BangArena observation
		{name: "unknown phase", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/phase": "lunch"}, wantInstance: "/observation/phase", wantKeyword: bDefs + "phase/enum"},
		{name: "hidden role without roleHidden", game: "bangarena", kind: "decision_request", base: exampleDR, del: []string{"/observation/players/1/roleHidden"}, wantInstance: "/observation/players/1", wantKeyword: bDefs + "player/allOf/0/then/required"},
		{name: "roleHidden with a role", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/players/2/roleHidden": true}, wantInstance: "/observation/players/2/roleId", wantKeyword: bDefs + "player/allOf/1/then/properties/roleId/type"},
		{name: "dead seat with hidden role", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/players/1/alive": false}, wantInstance: "/observation/players/1/roleId", wantKeyword: bDefs + "roleId/enum"},
		{name: "hand mixes cards and backs", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/players/2/hand/0": map[string]any{"backId": "x"}}, wantInstance: "/observation/players/2/hand/1", wantKeyword: bDefs + "hand/then/items/required", wantCount: 2},
		{name: "uid of another card", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/players/2/hand/0/cardId": "miss"}, wantInstance: "/observation/players/2/hand/0/uid", wantKeyword: bDefs + "card/allOf/0/allOf/1/then/properties/uid/pattern"},
		{name: "unknown suit", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/players/2/hand/0/suit": "stars"}, wantInstance: "/observation/players/2/hand/0/suit", wantKeyword: bDefs + "suit/enum"},
		{name: "rank as number", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/players/2/hand/0/rank": 7}, wantInstance: "/observation/players/2/hand/0/rank", wantKeyword: bDefs + "rank/enum"},
		{name: "sight twice", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/players/0/glory/sight": 2}, wantInstance: "/observation/players/0/glory/sight", wantKeyword: bDefs + "glory/properties/sight/allOf/0/enum"},
		{name: "revolver named", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/players/0/weaponCardId": "weapon_revolver"}, wantInstance: "/observation/players/0/weaponCardId", wantKeyword: bDefs + "weaponCardId/enum"},
		{name: "character 17", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/players/0/characterId": "char_17"}, wantInstance: "/observation/players/0/characterId", wantKeyword: bDefs + "characterId/enum"},
		{name: "reaction without attack", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/phase": "reaction", "/observation/reactionQueue": []any{2}}, wantInstance: "/observation/pendingReaction", wantKeyword: bDefs + "pendingReaction/type"},
		{name: "attack kind and command disagree", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/pendingReaction": map[string]any{"kind": "shot", "sourceSeat": 1, "targetSeat": 2, "command": "play_raid", "cardId": "shot", "cardUid": "shot_01"}}, wantInstance: "/observation/pendingReaction/command", wantKeyword: bDefs + "pendingReaction/allOf/0/then/properties/command/const"},
		{name: "cards shown outside look_top", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/pendingChoice": map[string]any{"choiceId": "c1", "kind": "glory", "seat": 2, "command": "choose_glory", "cards": []any{}}}, wantInstance: "/observation/pendingChoice", wantKeyword: bDefs + "pendingChoice/allOf/4/then/not"},
		{name: "choice colon in id", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/pendingChoice": map[string]any{"choiceId": "c:1", "kind": "glory", "seat": 2, "command": "choose_glory"}}, wantInstance: "/observation/pendingChoice/choiceId", wantKeyword: bDefs + "choiceId/pattern"},
		{name: "ended without winners", game: "bangarena", kind: "decision_request", base: exampleDR, set: map[string]any{"/observation/phase": "ended"}, wantInstance: "/observation", wantKeyword: "bangarena/observation.json#/allOf/0/then/required"},
		{name: "three players", game: "bangarena", kind: "decision_request", base: exampleDR, del: []string{"/observation/players/4", "/observation/players/3"}, wantInstance: "/observation/players", wantKeyword: "bangarena/observation.json#/properties/players/minItems"},
		{name: "unknown role mode", game: "bangarena", kind: "observation", set: map[string]any{"/roleMode": "chaos"}, wantInstance: "/roleMode", wantKeyword: bDefs + "roleMode/enum"},
		{name: "observation without events", game: "bangarena", kind: "observation", del: []string{"/events"}, wantInstance: "", wantKeyword: "bangarena/observation.json#/required"},
		// BangArena legalActions items per command
		{name: "shot without target in id", game: "bangarena", kind: "legal_action", inline: `{"actionId":"shot:shot_07","command":"play_shot","argsSchema":{"cardUid":"shot_07","targetSeat":3}}`, wantInstance: "/actionId", wantKeyword: bLA + "play_shot/properties/actionId/pattern", wantCount: 2},
		{name: "ricochet as shot without playedAs", game: "bangarena", kind: "legal_action", inline: `{"actionId":"shot:miss_02:3","command":"play_shot","argsSchema":{"cardUid":"miss_02","targetSeat":3}}`, wantInstance: "/argsSchema", wantKeyword: bLA + "play_shot/properties/argsSchema/allOf/0/then/required"},
		{name: "shot as ricochet without playedAs", game: "bangarena", kind: "legal_action", inline: `{"actionId":"miss:shot_02","command":"play_miss","argsSchema":{"cardUid":"shot_02"}}`, wantInstance: "/argsSchema", wantKeyword: bLA + "play_miss/properties/argsSchema/allOf/0/then/required"},
		{name: "wrong playedAs", game: "bangarena", kind: "legal_action", inline: `{"actionId":"raid_discard_shot:miss_02","command":"play_raid_discard_shot","argsSchema":{"cardUid":"miss_02","playedAs":"miss"}}`, wantInstance: "/argsSchema/playedAs", wantKeyword: bLA + "play_raid_discard_shot/properties/argsSchema/properties/playedAs/const"},
		{name: "jail without target", game: "bangarena", kind: "legal_action", inline: `{"actionId":"equip_blue:jail_01:3","command":"play_equip_blue","argsSchema":{"cardUid":"jail_01"}}`, wantInstance: "/argsSchema", wantKeyword: bLA + "play_equip_blue/allOf/0/then/properties/argsSchema/required"},
		{name: "cover with a target", game: "bangarena", kind: "legal_action", inline: `{"actionId":"equip_blue:cover_01:3","command":"play_equip_blue","argsSchema":{"cardUid":"cover_01"}}`, wantInstance: "/actionId", wantKeyword: bLA + "play_equip_blue/allOf/0/else/properties/actionId/pattern"},
		{name: "steal from play without uid", game: "bangarena", kind: "legal_action", inline: `{"actionId":"steal:steal_near_01:3:inPlay:mount_01","command":"play_steal","argsSchema":{"cardUid":"steal_near_01","targetSeat":3,"pick":{"zone":"inPlay"}}}`, wantInstance: "/argsSchema/pick", wantKeyword: bLA + "play_steal/properties/argsSchema/properties/pick/allOf/0/then/required"},
		{name: "toss from the table", game: "bangarena", kind: "legal_action", inline: `{"actionId":"discard_any:discard_any_01:3:table","command":"play_discard_any","argsSchema":{"cardUid":"discard_any_01","targetSeat":3,"pick":{"zone":"hand"}}}`, wantInstance: "/actionId", wantKeyword: bLA + "play_discard_any/properties/actionId/pattern", wantCount: 2},
		{name: "first draw from hand without seat", game: "bangarena", kind: "legal_action", inline: `{"actionId":"first_draw:c1:hand:3","command":"choose_first_draw","argsSchema":{"choiceId":"c1","source":{"kind":"hand"}}}`, wantInstance: "/argsSchema/source", wantKeyword: bLA + "choose_first_draw/properties/argsSchema/properties/source/allOf/0/then/required"},
		{name: "unknown perk", game: "bangarena", kind: "legal_action", inline: `{"actionId":"glory:c1:heart","command":"choose_glory","argsSchema":{"choiceId":"c1","perk":"speed"}}`, wantInstance: "/argsSchema/perk", wantKeyword: bDefs + "perk/enum"},
		{name: "bonesetter with three cards", game: "bangarena", kind: "legal_action", inline: `{"actionId":"discard_heal:shot_01:miss_01","command":"use_discard_heal","argsSchema":{"cardUids":["shot_01","miss_01","duel_01"]}}`, wantInstance: "/argsSchema/cardUids", wantKeyword: bLA + "use_discard_heal/properties/argsSchema/properties/cardUids/maxItems"},
		{name: "unknown command", game: "bangarena", kind: "legal_action", inline: `{"actionId":"dance","command":"play_dance"}`, wantInstance: "/command", wantKeyword: bDefs + "command/enum"},
		{name: "end_play with args", game: "bangarena", kind: "legal_action", inline: `{"actionId":"end_play","command":"end_play","argsSchema":{"x":1}}`, wantInstance: "/argsSchema", wantKeyword: bLA + "end_play/properties/argsSchema/maxProperties"},
		{name: "discard without default", game: "bangarena", kind: "legal_action", inline: `{"actionId":"discard","command":"discard"}`, wantInstance: "", wantKeyword: bLA + "discard/required"},
		{name: "prayer maybe", game: "bangarena", kind: "legal_action", inline: `{"actionId":"prayer:c1:maybe","command":"choose_prayer","argsSchema":{"choiceId":"c1","pray":true}}`, wantInstance: "/actionId", wantKeyword: bLA + "choose_prayer/properties/actionId/pattern"},
		{name: "peek seat 9", game: "bangarena", kind: "legal_action", inline: `{"actionId":"peek:9","command":"use_peek_role","argsSchema":{"targetSeat":3}}`, wantInstance: "/actionId", wantKeyword: bLA + "use_peek_role/properties/actionId/pattern"},
		{name: "look_top bad uid", game: "bangarena", kind: "legal_action", inline: `{"actionId":"look_top:c1:shot_01","command":"choose_look_top","argsSchema":{"choiceId":"c1","putBackUid":"top"}}`, wantInstance: "/argsSchema/putBackUid", wantKeyword: bDefs + "uid/allOf/0/pattern"},
		{name: "weapon uid of a shot", game: "bangarena", kind: "legal_action", inline: `{"actionId":"weapon:weapon_rifle_01","command":"play_weapon","argsSchema":{"cardUid":"shot_01"}}`, wantInstance: "/argsSchema/cardUid", wantKeyword: bLA + "play_weapon/properties/argsSchema/properties/cardUid/allOf/0/pattern"},
		// BangArena decision, answers, errors
		{name: "decision without version", game: "bangarena", kind: "decision", del: []string{"/observationVersion", "/basedOnVersion"}, wantInstance: "", wantKeyword: "bangarena/decision.json#/anyOf/0/required", wantCount: 2},
		{name: "empty commandId", game: "bangarena", kind: "decision", set: map[string]any{"/commandId": ""}, wantInstance: "/commandId", wantKeyword: "bangarena/decision.json#/properties/commandId/minLength"},
		{name: "decision seat -1", game: "bangarena", kind: "decision", set: map[string]any{"/seat": -1}, wantInstance: "/seat", wantKeyword: bDefs + "seat/minimum"},
		{name: "args not an object", game: "bangarena", kind: "decision", set: map[string]any{"/args": "x"}, wantInstance: "/args", wantKeyword: "bangarena/decision.json#/properties/args/type"},
		{name: "reask not boolean", game: "bangarena", kind: "error", set: map[string]any{"/error/reask": "yes"}, wantInstance: "/error/reask", wantKeyword: "bangarena/error.json#/properties/error/properties/reask/type"},
		{name: "error without code", game: "bangarena", kind: "error", del: []string{"/error/code"}, wantInstance: "/error", wantKeyword: "bangarena/error.json#/properties/error/required"},
		{name: "answer not ok", game: "bangarena", kind: "decision_answer", set: map[string]any{"/ok": false}, wantInstance: "/ok", wantKeyword: "bangarena/decision_answer.json#/properties/ok/const"},
		{name: "random without replacedBy", game: "bangarena", kind: "decision_answer", set: map[string]any{"/random": true}, wantInstance: "", wantKeyword: "bangarena/decision_answer.json#/then/required"},
		// BangArena events
		{name: "malformed event type", game: "bangarena", kind: "event", inline: `{"seq":1,"type":"Explosion!"}`, wantInstance: "/type", wantKeyword: "bangarena/event.json#/properties/type/pattern"},
		{name: "type not a string", game: "bangarena", kind: "event", inline: `{"seq":1,"type":7}`, wantInstance: "/type", wantKeyword: "bangarena/event.json#/properties/type/type"},
		{name: "turn_start round 0", game: "bangarena", kind: "event", inline: `{"seq":1,"type":"turn_start","seat":0,"round":0}`, wantInstance: "/round", wantKeyword: "bangarena/event.json#/$defs/turn_start/properties/round/minimum"},
		{name: "high noon at round 7", game: "bangarena", kind: "event", inline: `{"seq":1,"type":"high_noon","round":7}`, wantInstance: "/round", wantKeyword: "bangarena/event.json#/$defs/high_noon/properties/round/minimum"},
		{name: "damage of 0", game: "bangarena", kind: "event", inline: `{"seq":1,"type":"damage","seat":0,"amount":0}`, wantInstance: "/amount", wantKeyword: "bangarena/event.json#/$defs/damage/properties/amount/minimum"},
		{name: "cover check with a card", game: "bangarena", kind: "event", inline: `{"seq":1,"type":"cover_check","seat":0,"coin":false,"flips":1}`, wantInstance: "/coin", wantKeyword: "bangarena/event.json#/$defs/cover_check/properties/coin/const"},
		{name: "draw without count", game: "bangarena", kind: "event", inline: `{"seq":1,"type":"draw","seat":0}`, wantInstance: "", wantKeyword: "bangarena/event.json#/$defs/draw/required"},
		{name: "played as bang", game: "bangarena", kind: "event", inline: `{"seq":1,"type":"card_played","seat":0,"cardId":"miss","uid":"miss_01","command":"play_shot","playedAs":"bang"}`, wantInstance: "/playedAs", wantKeyword: "bangarena/event.json#/$defs/card_played/properties/playedAs/enum"},
		{name: "eliminated with hidden role", game: "bangarena", kind: "event", inline: `{"seq":1,"type":"eliminated","seat":3,"roleId":null}`, wantInstance: "/roleId", wantKeyword: bDefs + "roleId/enum"},
		{name: "winner seat 9", game: "bangarena", kind: "event", inline: `{"seq":1,"type":"game_over","winnerTeam":"law","winnerSeats":[9]}`, wantInstance: "/winnerSeats/0", wantKeyword: bDefs + "seat/maximum"},
		{name: "event without seq", game: "bangarena", kind: "event", inline: `{"type":"reshuffle"}`, wantInstance: "", wantKeyword: "bangarena/event.json#/required"},
		// BangArena rules summary, MCP, card, match_end
		{name: "summary of another ruleset", game: "bangarena", kind: "rules_summary", set: map[string]any{"/rulesetVersion": "x"}, wantInstance: "/rulesetVersion", wantKeyword: "bangarena/rules_summary.json#/properties/rulesetVersion/const"},
		{name: "summary without commands", game: "bangarena", kind: "rules_summary", del: []string{"/commands"}, wantInstance: "", wantKeyword: "bangarena/rules_summary.json#/required"},
		{name: "green card", game: "bangarena", kind: "rules_summary", set: map[string]any{"/cards/0/kind": "green"}, wantInstance: "/cards/0/kind", wantKeyword: "bangarena/rules_summary.json#/properties/cards/items/properties/kind/enum"},
		{name: "mcp observation without room", game: "bangarena", kind: "mcp_arena_get_observation_input", del: []string{"/roomId"}, wantInstance: "", wantKeyword: "bangarena/mcp_arena_get_observation_input.json#/required"},
		{name: "mcp submit error without message", game: "bangarena", kind: "mcp_arena_submit_decision_output", inline: `{"error":{"code":"illegal_action"}}`, wantInstance: "/error", wantKeyword: "bangarena/error.json#/properties/error/required"},
		{name: "mcp legal list item", game: "bangarena", kind: "mcp_arena_list_legal_actions_output", set: map[string]any{"/legalActions/0/command": "x"}, wantInstance: "/legalActions/0/command", wantKeyword: bDefs + "command/enum"},
		{name: "mcp rules input not an object", game: "bangarena", kind: "mcp_arena_get_rules_input", inline: `[]`, wantInstance: "", wantKeyword: "bangarena/mcp_arena_get_rules_input.json#/type"},
		{name: "mcp rules output without roles", game: "bangarena", kind: "mcp_arena_get_rules_output", del: []string{"/roles"}, wantInstance: "", wantKeyword: "bangarena/rules_summary.json#/required"},
		{name: "mcp observation output phase", game: "bangarena", kind: "mcp_arena_get_observation_output", set: map[string]any{"/phase": "night"}, wantInstance: "/phase", wantKeyword: bDefs + "phase/enum"},
		{name: "mcp legal input seat 8", game: "bangarena", kind: "mcp_arena_list_legal_actions_input", set: map[string]any{"/seat": 8}, wantInstance: "/seat", wantKeyword: bDefs + "seat/maximum"},
		{name: "mcp request input without seat", game: "bangarena", kind: "mcp_arena_get_decision_request_input", del: []string{"/seat"}, wantInstance: "", wantKeyword: "bangarena/mcp_arena_get_decision_request_input.json#/required"},
		{name: "mcp request output protocol", game: "bangarena", kind: "mcp_arena_get_decision_request_output", set: map[string]any{"/protocolVersion": "krug-decision/2"}, wantInstance: "/protocolVersion", wantKeyword: "bangarena/decision_request.json#/properties/protocolVersion/const"},
		{name: "mcp submit without commandId", game: "bangarena", kind: "mcp_arena_submit_decision_input", del: []string{"/commandId"}, wantInstance: "", wantKeyword: "bangarena/mcp_arena_submit_decision_input.json#/required"},
		{name: "mcp submit without version", game: "bangarena", kind: "mcp_arena_submit_decision_input", del: []string{"/observationVersion"}, wantInstance: "", wantKeyword: "bangarena/mcp_arena_submit_decision_input.json#/anyOf/0/required", wantCount: 2},
		{name: "card rank 1", game: "bangarena", kind: "card", set: map[string]any{"/rank": "1"}, wantInstance: "/rank", wantKeyword: bDefs + "rank/enum"},
		{name: "match_end type", game: "bangarena", kind: "match_end", set: map[string]any{"/type": "end"}, wantInstance: "/type", wantKeyword: "bangarena/match_end.json#/properties/type/const"},
	}
}

// TestEveryKindHasNegativeCases keeps the table complete.
func TestEveryKindHasNegativeCases(t *testing.T) {
	have := map[string]bool{}
	for _, tc := range negativeCases() {
		have[tc.game+" "+tc.kind] = true
	}
	for _, game := range Games() {
		for _, k := range Kinds(game) {
			if !have[game+" "+k] {
				t.Errorf("no negative case for %s %s", game, k)
			}
		}
	}
}

// TestNegative breaks one constraint of a valid message per case and checks
// where the violation is reported; the unbroken base must be valid.
func TestNegative(t *testing.T) {
	set := testSet(t)
	for _, tc := range negativeCases() {
		t.Run(tc.game+"/"+tc.kind+"/"+tc.name, func(t *testing.T) {
			base := []byte(tc.inline)
			if tc.inline == "" {
				p := tc.base
				if p == "" {
					p = filepath.Join("valid", tc.game, tc.kind+".json")
				}
				var err error
				if base, err = os.ReadFile(filepath.Join("testdata", p)); err != nil {
					t.Fatal(err)
				} else if vs := set.Validate(tc.game, tc.kind, base); len(vs) > 0 {
					t.Fatalf("base fixture is invalid: %v", Err(vs))
				}
			}
			data := mutate(t, base, tc.set, tc.del)
			vs := set.Validate(tc.game, tc.kind, data)
			want := tc.wantCount
			if want == 0 {
				want = 1
			}
			if len(vs) != want {
				t.Errorf("have %d violations, want %d: %v", len(vs), want, Err(vs))
			}
			for _, v := range vs {
				if v.InstanceLocation == tc.wantInstance && v.KeywordLocation == tc.wantKeyword {
					return
				}
			}
			t.Errorf("want a violation at %q by %q; have %+v", tc.wantInstance, tc.wantKeyword, vs)
		})
	}
}

// mutate applies set and del (JSON Pointers) to the JSON document base.
func mutate(t *testing.T, base []byte, set map[string]any, del []string) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(base))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("base: %v", err)
	}
	for p, v := range set {
		doc = apply(t, doc, splitPointer(p), v, false)
	}
	for _, p := range del {
		doc = apply(t, doc, splitPointer(p), nil, true)
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func splitPointer(p string) []string {
	toks := strings.Split(p, "/")[1:]
	for i, s := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return toks
}

func apply(t *testing.T, node any, toks []string, v any, remove bool) any {
	t.Helper()
	if len(toks) == 0 {
		return v
	}
	switch n := node.(type) {
	case map[string]any:
		if len(toks) == 1 {
			if remove {
				delete(n, toks[0])
			} else {
				n[toks[0]] = v
			}
			return n
		}
		n[toks[0]] = apply(t, n[toks[0]], toks[1:], v, remove)
		return n
	case []any:
		if toks[0] == "-" && len(toks) == 1 && !remove {
			return append(n, v)
		}
		i, err := strconv.Atoi(toks[0])
		if err != nil || i < 0 || i >= len(n) {
			t.Fatalf("bad array index %q", toks[0])
		}
		if len(toks) == 1 {
			if remove {
				return append(n[:i:i], n[i+1:]...)
			}
			n[i] = v
			return n
		}
		n[i] = apply(t, n[i], toks[1:], v, remove)
		return n
	}
	t.Fatalf("cannot descend into %T at %q", node, toks[0])
	return nil
}
