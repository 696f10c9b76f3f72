package bangarena

import "slices"

// The rule that grants an item a server left out of a legal list. Where
// one rule of §4 or §6 alone puts an item in the list (the ring of living
// seats, a built-in Scope, Mad Dog's freedom from the Shot limit), the
// engine names it by taking that rule away: the deviation that plays the
// rule wrongly is turned on in a copy of the state, and the items it
// removes are the ones the rule grants. The judges ask the engine this
// rather than keep a copy of the distance rule or of the Shot limit.

// DevMadDogShotLimit holds Mad Dog to the one-Shot limit like everyone
// (§6 char_16: no Shot limit). The engine plays it only to name the rule
// of a left-out Shot (GrantingRules); the embedded server's fault of the
// same name (mad-dog-one-shot) does it in its own legal list.
const DevMadDogShotLimit = "mad-dog-one-shot"

// granting are the rules GrantingRules tries, in order, each with the
// deviation that takes it away and the characters it is about ("" for
// any): Mad Dog's limit first (a second Shot exists only by it), then the
// ring of living seats, then the built-in Scopes (Eagle Eye's is his one
// ability, §6 char_11; Mad Dog's is §4's built-ins).
var granting = []struct {
	dev, rule, char string
}{
	{DevMadDogShotLimit, "", "char_16"},
	{DevRingCountsDead, ruleDistance, ""},
	{DevEagleEyeNoScope, "", "char_11"},
	{DevBuiltInScopeIgnored, ruleBuiltIns, ""},
}

// ruleDistance is §4's distance over the ring of living seats.
const ruleDistance = "bangarena/4.distance"

// GrantingRules names, for each item the engine grants seat here that is
// not in offered (the server's list), the one rule that grants it, where
// one does: taking the rule away (its deviation, in a copy of the state)
// removes that item and only items the server left out too, so the
// server's list is the one it gives. Items no rule explains alone are not
// in the map. Where two rules do, the one that explains more of what the
// server left out is named.
func (g *Game) GrantingRules(seat int, offered []string) map[string]string {
	if seat < 0 || seat >= len(g.seats) {
		return nil
	}
	want := g.Legal(seat)
	missing := map[string]bool{}
	for _, a := range want {
		if !slices.Contains(offered, a.ActionID) {
			missing[a.ActionID] = true
		}
	}
	if len(missing) == 0 {
		return nil
	}
	// Each rule whose taking away removes only items the server left out
	// explains those; where two do, the one that explains more of what it
	// left out is charged (ties: the order of granting).
	type cand struct {
		rule    string
		removed []string
	}
	var cands []cand
	char := g.seats[seat].char
	for _, r := range granting {
		if r.char != "" && r.char != char {
			continue
		}
		rule := r.rule
		if rule == "" {
			rule = CharacterRule(r.char)
		}
		c := g.Clone()
		c.cfg.Deviations = with(g.cfg.Deviations, r.dev)
		c.sdev = setupDevsOf(c.cfg.Deviations)
		left := map[string]bool{}
		for _, a := range c.Legal(seat) {
			left[a.ActionID] = true
		}
		var removed []string
		consistent := true
		for _, a := range want {
			if left[a.ActionID] {
				continue
			}
			removed = append(removed, a.ActionID)
			consistent = consistent && missing[a.ActionID]
		}
		if consistent && len(removed) > 0 {
			cands = append(cands, cand{rule, removed})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return len(b.removed) - len(a.removed) })
	out := map[string]string{}
	for _, c := range cands {
		for _, id := range c.removed {
			if _, ok := out[id]; !ok {
				out[id] = c.rule
			}
		}
	}
	return out
}

// GrantingRulesFromView is GrantingRules in the state the observation v
// shows (LegalFromView's), for the seat it belongs to; nil when the
// observation does not read.
func GrantingRulesFromView(v PlayerView, offered []string) map[string]string {
	g, _, err := gameFromView(v)
	if err != nil {
		return nil
	}
	return g.GrantingRules(v.You, offered)
}

// with returns a copy of d with name turned on.
func with(d map[string]bool, name string) map[string]bool {
	out := make(map[string]bool, len(d)+1)
	for k, v := range d {
		out[k] = v
	}
	out[name] = true
	return out
}
