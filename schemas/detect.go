package schemas

import (
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/tidwall/gjson"
)

// ErrUndetected is wrapped by Detect's error when a valid JSON object has no
// shape Detect knows; pass the kind explicitly then.
var ErrUndetected = errors.New("cannot detect the message kind")

// detectFile names the file of a game's folder that says how its messages'
// kinds are told apart (detectRules); it is no schema and no kind. A folder
// holding one is a game's (Games).
const detectFile = "detect.json"

// detectRules is a game's detect.json: rules tried in order, the first that
// matches naming the kind.
type detectRules struct {
	// Typed: a message with a type member is told by it alone: a type that
	// is not a string, or that no rule with Type names, is undetected;
	// a message without one is told by the rules without Type.
	Typed bool         `json:"typed"`
	Rules []detectRule `json:"rules"`
	// Undetected ends the error for a message no rule matches.
	Undetected string `json:"undetected"`
}

// detectRule matches a message when every condition it sets holds.
type detectRule struct {
	// Type lists values of the type member (a string), one of which it
	// must be.
	Type []string `json:"type"`
	// Has: members that must all be there; HasAny: at least one of them;
	// Objects: members that must be objects.
	Has     []string `json:"has"`
	HasAny  []string `json:"hasAny"`
	Objects []string `json:"objects"`
	// Kind is the kind it names; "{type}" stands for the type member.
	Kind string `json:"kind"`
}

func (d detectRule) matches(r gjson.Result, typ gjson.Result) bool {
	if d.Type != nil && (typ.Type != gjson.String || !slices.Contains(d.Type, typ.Str)) {
		return false
	}
	for _, k := range d.Has {
		if !r.Get(gjson.Escape(k)).Exists() {
			return false
		}
	}
	if d.HasAny != nil {
		found := false
		for _, k := range d.HasAny {
			found = found || r.Get(gjson.Escape(k)).Exists()
		}
		if !found {
			return false
		}
	}
	for _, k := range d.Objects {
		if !r.Get(gjson.Escape(k)).IsObject() {
			return false
		}
	}
	return true
}

// detectors reads every game's detect.json once.
var detectors = sync.OnceValues(func() (map[string]detectRules, error) {
	out := map[string]detectRules{}
	for _, game := range Games() {
		raw, err := files.ReadFile(path.Join(game, detectFile))
		if err != nil {
			return nil, err
		}
		var d detectRules
		if err := json.Unmarshal(raw, &d); err != nil {
			return nil, fmt.Errorf("schemas: %s/%s: %w", game, detectFile, err)
		}
		out[game] = d
	}
	return out, nil
})

// Detect tells the kind of one JSON message of game from its type field or
// its shape, without decoding it fully. It fails on invalid JSON, on a value
// that is not an object and on a shape it does not know.
//
// How is each game's own: the rules of schemas/<game>/detect.json, tried in
// order, the first that matches naming the kind (an Inference message by
// its type, a BangArena one by the members it has). MCP tool payloads need
// an explicit kind.
func Detect(game string, data []byte) (string, error) {
	if depthViolation(data) != nil {
		return "", fmt.Errorf("JSON nested deeper than %d levels", MaxDepth)
	}
	if !gjson.ValidBytes(data) {
		return "", errors.New("invalid JSON")
	}
	r := gjson.ParseBytes(data)
	if !r.IsObject() {
		return "", fmt.Errorf("%w: want a JSON object, got %s", ErrUndetected, typeName(r))
	}
	all, err := detectors()
	if err != nil {
		return "", err
	}
	d, ok := all[game]
	if !ok {
		return "", fmt.Errorf("unknown game %q", game)
	}
	typ := r.Get("type")
	typed := d.Typed && typ.Exists()
	if typed && typ.Type != gjson.String {
		return "", fmt.Errorf("%w: type is not a string", ErrUndetected)
	}
	for _, rule := range d.Rules {
		if d.Typed && typed != (rule.Type != nil) {
			continue
		}
		if rule.matches(r, typ) {
			return strings.ReplaceAll(rule.Kind, "{type}", typ.Str), nil
		}
	}
	if typed {
		return "", fmt.Errorf("%w: unknown type %q", ErrUndetected, typ.Str)
	}
	return "", fmt.Errorf("%w: %s", ErrUndetected, d.Undetected)
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
