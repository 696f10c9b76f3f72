package bangarena

import (
	"maps"
	"slices"
)

// Evaluation reporting (issue 13): a Game can count, per rule id, the times
// it applied a rule whose outcome depends on the situation — a character
// ability that fired or was consulted, a built-in Horse or Scope in a
// distance, a Horse or Scope card, args merged over an item, a discard that
// names its cards, a pending choice's items, a draw from two empty piles.
// A replay (the log verifier) or a legality derivation (the live check)
// turns it on, and reports these rules as exercised by what it compared:
// attribution from evaluation, not from a list. Off by default, so the
// engine's own speed is untouched when nobody asks.

// Rule ids the engine reports as evaluated.
const (
	ruleBuiltIns    = "bangarena/4.built-ins"
	ruleHorseScope  = "bangarena/5.horse-scope"
	ruleEmptyPiles  = "bangarena/3.empty-piles"
	ruleArgs        = "bangarena/12.args"
	ruleDiscardArgs = "bangarena/13.discard-args"
	ruleChoices     = "bangarena/13.choices"
	ruleLastBullet  = "bangarena/9.last-bullet"
	ruleBounty      = "bangarena/9.bounty"
)

// charRules maps each of the 16 characters of §6 to its rule id.
var charRules = map[string]string{
	"char_01": "bangarena/6.char-01-stone-leopard",
	"char_02": "bangarena/6.char-02-red-suit",
	"char_03": "bangarena/6.char-03-two-faced",
	"char_04": "bangarena/6.char-04-tollman",
	"char_05": "bangarena/6.char-05-grip",
	"char_06": "bangarena/6.char-06-iron-brow",
	"char_07": "bangarena/6.char-07-three-eyes",
	"char_08": "bangarena/6.char-08-lucky",
	"char_09": "bangarena/6.char-09-pass-shadow",
	"char_10": "bangarena/6.char-10-vulture-jr",
	"char_11": "bangarena/6.char-11-eagle-eye",
	"char_12": "bangarena/6.char-12-bonesetter",
	"char_13": "bangarena/6.char-13-double-barrel",
	"char_14": "bangarena/6.char-14-empty-hands",
	"char_15": "bangarena/6.char-15-scavenger",
	"char_16": "bangarena/6.char-16-mad-dog",
}

// CharacterRule returns the rule id of a character's ability of §6 ("" for
// an unknown or staged character).
func CharacterRule(char string) string { return charRules[char] }

// TrackRules makes g count, from now on, the rules it evaluates (see
// Evaluated). A Clone does not inherit the counting: a speculative copy
// evaluates nothing the caller compared.
func (g *Game) TrackRules() {
	if g.evals == nil {
		g.evals = map[string]int{}
		g.causes = make([]string, len(g.events), len(g.events)+64)
	}
}

// Cause attribution: a divergence between a log (or a server's view) and the
// replay is charged to the rule whose application produced the event the
// rules expected there, not to a rule guessed from the event's type. The
// engine names that rule with because() around the code that applies it;
// events emitted outside any because() have no cause, and the caller falls
// back to the event's type.

// because makes rule the cause of the events emitted from now on and returns
// the previous cause, which the caller restores when the rule is applied:
//
//	defer g.restore(g.because(ruleSaloon))
func (g *Game) because(rule string) (prev string) {
	prev, g.cause = g.cause, rule
	return prev
}

// restore sets the cause back to prev (see because).
func (g *Game) restore(prev string) { g.cause = prev }

// Cause returns the id of the rule whose application emitted the event with
// sequence number seq, when g counts rules (TrackRules was called before
// the event was emitted); "" when the engine names none or does not know.
func (g *Game) Cause(seq int) string {
	if seq < 1 || seq > len(g.causes) {
		return ""
	}
	return g.causes[seq-1]
}

// Evaluated returns a copy of the counts of the rules g evaluated since
// TrackRules (nil when it was never called).
func (g *Game) Evaluated() map[string]int { return maps.Clone(g.evals) }

// TakeEvaluated returns the counts so far and starts counting afresh
// (nil when counting is off).
func (g *Game) TakeEvaluated() map[string]int {
	m := g.evals
	if m != nil {
		g.evals = map[string]int{}
	}
	return m
}

// note counts one evaluation of rule, when counting is on.
func (g *Game) note(rule string) {
	if g.evals != nil {
		g.evals[rule]++
	}
}

// noteChar counts one evaluation of the ability of s's character.
func (g *Game) noteChar(s int) {
	if g.evals != nil {
		if r := charRules[g.seats[s].char]; r != "" {
			g.evals[r]++
		}
	}
}

// EvaluatedRuleIDs returns the ids of the rules a Game reports as evaluated
// when counting is on (TrackRules), sorted.
func EvaluatedRuleIDs() []string {
	out := []string{ruleBuiltIns, ruleHorseScope, ruleEmptyPiles, ruleResolvingCard, ruleArgs, ruleArgsContradict, ruleDiscardArgs, ruleChoices, ruleLastBullet, ruleBounty}
	for _, r := range charRules {
		out = append(out, r)
	}
	slices.Sort(out)
	return out
}
