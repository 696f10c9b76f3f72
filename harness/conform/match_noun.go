package conform

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/umpire-arena/umpire/harness"
)

// A MatchNounOf is one noun the registered games call what their server
// plays ("match", "room"), with the variable that names one (MatchEnv) and
// the games that use it.
type MatchNounOf struct {
	Noun, Env string
	Games     []string
}

// MatchNouns lists the distinct nouns of the registered games, in the
// games' order: a command registers one flag of each, writing Target.Match
// (SetMatch).
func MatchNouns() []MatchNounOf {
	var out []MatchNounOf
	at := map[string]int{}
	for _, name := range harness.Names() {
		f, _ := harness.Lookup(name)
		i, ok := at[f.MatchNoun]
		if !ok {
			i = len(out)
			at[f.MatchNoun] = i
			out = append(out, MatchNounOf{Noun: f.MatchNoun, Env: f.MatchEnv})
		}
		out[i].Games = append(out[i].Games, name)
	}
	return out
}

// nounTitles names the games whose server plays noun, for a message:
// "BangArena".
func nounTitles(noun string) string {
	var titles []string
	for _, n := range MatchNouns() {
		if n.Noun != noun {
			continue
		}
		for _, g := range n.Games {
			f, _ := harness.Lookup(g)
			titles = append(titles, f.Title)
		}
	}
	return strings.Join(titles, " or ")
}

// SetMatch sets the id of the match to play as given under noun (the flag
// --match or --room): a second id under another noun is an ErrConfig error
// (one run plays one match); an id under another game's noun is refused by
// Validate.
func (t *Target) SetMatch(noun, id string) error {
	if t.Match != "" && t.MatchNoun != "" && t.MatchNoun != noun {
		return fmt.Errorf("%w: --%s and --%s both name the match to play: give the one of the game", ErrConfig, t.MatchNoun, noun)
	}
	t.Match, t.MatchNoun = id, noun
	return nil
}

// matchNoun is the noun Match is given under: the game's ("match" when the
// game is unknown), or the one it was given under.
func (t *Target) matchNoun() string {
	f, _ := harness.Lookup(t.Game)
	return cmp.Or(f.MatchNoun, t.MatchNoun, "match")
}

// useEnvMatch sets Match, when unset, from the environment's variable of
// the game's noun, once the game is known.
func (t *Target) useEnvMatch() {
	f, ok := harness.Lookup(t.Game)
	if !ok || t.Match != "" {
		return
	}
	if v := t.envMatch[f.MatchNoun]; v != "" {
		t.Match, t.MatchNoun = v, f.MatchNoun
	}
}

// takeMatchKey moves the match id of a configuration object (under a
// registered game's noun: "match", "room") into f, and returns the object
// without it; two nouns are an error.
func takeMatchKey(obj []byte, f *Target) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(obj, &m); err != nil {
		return nil, err
	}
	for _, n := range MatchNouns() {
		v, ok := m[n.Noun]
		if !ok {
			continue
		}
		var id string
		if err := json.Unmarshal(v, &id); err != nil {
			return nil, fmt.Errorf("%s: want a string", n.Noun)
		}
		if f.MatchNoun != "" {
			return nil, fmt.Errorf("%q and %q both name the match to play: give the one of the game", f.MatchNoun, n.Noun)
		}
		f.Match, f.MatchNoun = id, n.Noun
		delete(m, n.Noun)
	}
	return json.Marshal(m)
}
