package schemas

import (
	"errors"
	"fmt"

	"github.com/tidwall/gjson"
)

// ErrUndetected is wrapped by Detect's error when a valid JSON object has no
// shape Detect knows; pass the kind explicitly then.
var ErrUndetected = errors.New("cannot detect the message kind")

// isInferenceLogType reports whether t is a match-log object type of Inference.
func isInferenceLogType(t string) bool {
	switch t {
	case "match_start", "round_start", "deal_private", "ante", "message",
		"action", "timeout", "showdown", "bust", "return", "match_end":
		return true
	}
	return false
}

// Detect tells the kind of one JSON message of game from its type field or
// its shape, without decoding it fully. It fails on invalid JSON, on a value
// that is not an object and on a shape it does not know.
//
// Inference: the envelope's type names the kind (hello, welcome, your_turn,
// move, error, event, match_end); a match-log line's type T gives log_T (a
// match_end without match_id is the log object, log_match_end); an object
// without type is a visible_state (game, players, limits) or a legal_actions
// item (action).
//
// BangArena: a DecisionRequest has legalActions (or legal_mask) and
// observation; an event (a match-log line) has seq and type, whatever else
// it carries; a decision body has actionId and commandId; a legalActions
// item has actionId and command; an error body has an error object; a
// decision answer has ok; a PlayerView has phase
// and players; a card has uid and cardId; the rules summary has
// rulesetVersion and commands; the agent-side match_end line has type
// match_end. MCP tool payloads need an explicit kind.
func Detect(game string, data []byte) (string, error) {
	if !gjson.ValidBytes(data) {
		return "", errors.New("invalid JSON")
	}
	r := gjson.ParseBytes(data)
	if !r.IsObject() {
		return "", fmt.Errorf("%w: want a JSON object, got %s", ErrUndetected, typeName(r))
	}
	// By the folder of the game's schemas (schemas/<game>/).
	detect, ok := map[string]func(gjson.Result) (string, error){"inference": detectInference, "bangarena": detectBangArena}[game]
	if !ok {
		return "", fmt.Errorf("unknown game %q", game)
	}
	return detect(r)
}

func detectInference(r gjson.Result) (string, error) {
	t := r.Get("type")
	if t.Exists() {
		if t.Type != gjson.String {
			return "", fmt.Errorf("%w: type is not a string", ErrUndetected)
		}
		switch s := t.Str; s {
		case "hello", "welcome", "your_turn", "move", "error", "event":
			return s, nil
		case "match_end":
			if r.Get("match_id").Exists() || r.Get("seed_commit").Exists() {
				return "match_end", nil
			}
			return "log_match_end", nil
		default:
			if isInferenceLogType(s) {
				return "log_" + s, nil
			}
			return "", fmt.Errorf("%w: unknown type %q", ErrUndetected, s)
		}
	}
	switch {
	case r.Get("players").Exists() && r.Get("limits").Exists():
		return "visible_state", nil
	case r.Get("action").Exists():
		return "legal_action", nil
	}
	return "", fmt.Errorf("%w: no type field and no known shape", ErrUndetected)
}

func detectBangArena(r gjson.Result) (string, error) {
	has := func(k string) bool { return r.Get(k).Exists() }
	switch {
	case (has("legalActions") || has("legal_mask")) && has("observation"):
		return "decision_request", nil
	case has("seq") && has("type"):
		// Before the shapes below: an event carries fields of theirs (a
		// decision event has actionId and command, a log line of umpire's
		// own writing every event type).
		return "event", nil
	case has("actionId") && has("commandId"):
		return "decision", nil
	case has("actionId") && has("command"):
		return "legal_action", nil
	case r.Get("error").IsObject():
		return "error", nil
	case has("ok"):
		return "decision_answer", nil
	case r.Get("type").Str == "match_end":
		return "match_end", nil
	case has("phase") && has("players"):
		return "observation", nil
	case has("uid") && has("cardId"):
		return "card", nil
	case has("rulesetVersion") && has("commands"):
		return "rules_summary", nil
	}
	return "", fmt.Errorf("%w: no known shape (give --kind)", ErrUndetected)
}

func typeName(r gjson.Result) string {
	switch r.Type {
	case gjson.String:
		return "a string"
	case gjson.Number:
		return "a number"
	case gjson.True, gjson.False:
		return "a boolean"
	case gjson.Null:
		return "null"
	}
	if r.IsArray() {
		return "an array"
	}
	return "an object"
}
