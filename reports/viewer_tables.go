package reports

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// The viewer's tables per game: what a seat saw, from an Inference
// visible_state or a BangArena PlayerView, read tolerantly.

// inferenceTable lays out a visible_state (and the legal_actions of the
// your_turn that carried it, if any).
func inferenceTable(vs map[string]any, legal any) *viewerTable {
	t := &viewerTable{Game: "inference", You: -1,
		Columns: []string{"seat", "name", "credits", "contribution", "folded", "all-in", "sitting out", "in round", "busted"}}
	round := show(at(vs, "round"))
	if has(vs, "rounds_total") {
		round += " of " + show(at(vs, "rounds_total"))
	}
	turn := "—"
	if tt := at(vs, "turn"); tt != nil {
		turn = "turn " + show(at(tt, "turn")) + ", seat " + show(at(tt, "seat"))
	}
	raises := show(at(vs, "raises_used"))
	if has(vs, "limits", "max_raises_per_round") {
		raises += " of " + show(at(vs, "limits", "max_raises_per_round"))
	}
	t.Facts = []viewerFact{
		{"round", round}, {"dealer", show(at(vs, "dealer"))}, {"pot", show(at(vs, "pot"))},
		{"to_call", show(at(vs, "to_call"))}, {"current_bet", show(at(vs, "current_bet"))},
		{"raises used", raises}, {"ante", show(at(vs, "limits", "ante"))}, {"on turn", turn},
		{"your seat", show(at(vs, "your_seat"))}, {"your value", show(at(vs, "your_value"))},
		{"your credits", show(at(vs, "your_credits"))}, {"call breakeven value", show(at(vs, "call_breakeven_value"))},
	}
	you, youOK := intAt(vs, "your_seat")
	// Fields of players[] the table has no column for (a value shown to
	// the wrong seat, say) get columns of their own: the table shows what
	// the seat was shown, above all what a finding is about.
	extra := extraKeys(list(at(vs, "players")), "seat", "name", "credits", "contribution", "folded", "all_in", "sitting_out", "back_in_round", "in_round", "busted")
	t.Columns = append(t.Columns, extra...)
	for _, p := range list(at(vs, "players")) {
		if s, ok := intAt(p, "seat"); ok && youOK && s == you {
			t.You = len(t.Players)
		}
		sitting := show(at(p, "sitting_out"))
		if has(p, "back_in_round") && at(p, "back_in_round") != nil {
			sitting += " (back in round " + show(at(p, "back_in_round")) + ")"
		}
		row := []string{show(at(p, "seat")), show(at(p, "name")), show(at(p, "credits")),
			show(at(p, "contribution")), show(at(p, "folded")), show(at(p, "all_in")), sitting,
			show(at(p, "in_round")), show(at(p, "busted"))}
		for _, k := range extra {
			row = append(row, showIf(p, k))
		}
		t.Players = append(t.Players, row)
	}
	if t.Players == nil {
		t.Players = [][]string{}
	}
	var acts, talk, hist, moves []string
	for _, a := range list(at(vs, "actions")) {
		acts = append(acts, inferenceAction(a))
	}
	for _, m := range list(at(vs, "messages")) {
		talk = append(talk, "turn "+show(at(m, "turn"))+" · seat "+show(at(m, "seat"))+": "+show(at(m, "text")))
	}
	for _, h := range list(at(vs, "history")) {
		hist = append(hist, inferenceHistory(h))
	}
	for _, a := range list(legal) {
		s := show(at(a, "action"))
		switch {
		case has(a, "amount"):
			s += " " + show(at(a, "amount"))
		case has(a, "min") || has(a, "max"):
			s += " " + show(at(a, "min")) + "–" + show(at(a, "max"))
		}
		moves = append(moves, s)
	}
	t.Lists = []viewerList{lastItems("actions this round", acts), lastItems("table talk this round", talk),
		lastItems("history (earlier rounds, newest last)", hist)}
	if legal != nil {
		t.Lists = append(t.Lists, lastItems("legal actions", moves))
	}
	return t
}

// inferenceAction is one action of a round, e.g. "turn 0 · seat 4 raise 5".
func inferenceAction(a any) string {
	s := "turn " + show(at(a, "turn")) + " · seat " + show(at(a, "seat")) + " " + show(at(a, "action"))
	if has(a, "amount") {
		s += " " + show(at(a, "amount"))
	}
	if at(a, "timeout") == true {
		s += " (timeout)"
	}
	if at(a, "all_in") == true {
		s += " (all-in)"
	}
	return s
}

// inferenceHistory summarizes a finished round.
func inferenceHistory(h any) string {
	s := "round " + show(at(h, "round")) + " · pot " + show(at(h, "pot")) + " · winners " + show(at(h, "winners"))
	if at(h, "uncontested") == true {
		s += " · uncontested"
	}
	var rev []string
	for _, r := range list(at(h, "reveals")) {
		rev = append(rev, show(at(r, "seat"))+"="+show(at(r, "value")))
	}
	if len(rev) > 0 {
		s += " · reveals " + strings.Join(rev, " ")
	}
	if n := len(list(at(h, "actions"))); n > 0 {
		s += " · " + strconv.Itoa(n) + " actions"
	}
	return s
}

// bangObservation finds the PlayerView in a message: a DecisionRequest's
// observation, a PlayerView itself, or either inside an MCP tool result
// (structuredContent, or a text content item holding JSON). It returns the
// view and the message that carried it (for its legalActions).
func bangObservation(b any, depth int) (obs, req map[string]any) {
	if depth > 2 {
		return nil, nil
	}
	if o, ok := at(b, "observation").(map[string]any); ok {
		m, _ := b.(map[string]any)
		return o, m
	}
	if m, ok := b.(map[string]any); ok && has(m, "phase") && has(m, "players") {
		return m, nil
	}
	res := at(b, "result")
	if res == nil {
		return nil, nil
	}
	if sc := at(res, "structuredContent"); sc != nil {
		if o, r := bangObservation(sc, depth+1); o != nil {
			return o, r
		}
	}
	for _, c := range list(at(res, "content")) {
		if s, ok := at(c, "text").(string); ok && len(s) < 1<<20 {
			if o, r := bangObservation(decodeBody(json.RawMessage(s)), depth+1); o != nil {
				return o, r
			}
		}
	}
	return nil, nil
}

// bangTable lays out a PlayerView (and the legalActions of the request
// that carried it, if any).
func bangTable(obs map[string]any, legal any) *viewerTable {
	t := &viewerTable{Game: "bangarena", You: -1,
		Columns: []string{"seat", "character", "role", "hp", "maxHp", "alive", "hand", "in play", "weapon", "glory"}}
	pending := "none"
	if pr := at(obs, "pendingReaction"); pr != nil {
		pending = show(at(pr, "kind")) + " from seat " + show(at(pr, "sourceSeat")) + " on seat " + show(at(pr, "targetSeat")) +
			" (" + show(at(pr, "command")) + ", " + show(at(pr, "cardId")) + ")"
	} else if !has(obs, "pendingReaction") {
		pending = "—"
	}
	choice := "none"
	if pc := at(obs, "pendingChoice"); pc != nil {
		choice = show(at(pc, "kind")) + " by seat " + show(at(pc, "seat")) + " (" + show(at(pc, "command")) + ")"
	} else if !has(obs, "pendingChoice") {
		choice = "—"
	}
	winner := "—"
	if w := at(obs, "winnerTeam"); w != nil {
		winner = show(w) + " " + show(at(obs, "winnerSeats"))
	}
	t.Facts = []viewerFact{
		{"phase", show(at(obs, "phase"))}, {"turn seat", show(at(obs, "turnSeat"))}, {"you", show(at(obs, "you"))},
		{"round", show(at(obs, "round"))}, {"high noon", show(at(obs, "highNoon"))}, {"version", show(at(obs, "version"))},
		{"role mode", show(at(obs, "roleMode"))}, {"deck / discard", show(at(obs, "deckCount")) + " / " + show(at(obs, "discardCount"))},
		{"pending reaction", pending}, {"reaction queue", show(at(obs, "reactionQueue"))}, {"pending choice", choice},
		{"winner", winner},
	}
	you, youOK := intAt(obs, "you")
	// Another seat's hand shows card backs; a hand that shows faces (what a
	// finding on hidden information is about) gets a column of its own.
	faces := false
	for i, p := range list(at(obs, "players")) {
		if s, ok := intAt(p, "seat"); (ok && youOK && s == you) || (!ok && youOK && i == you) {
			continue
		}
		for _, c := range list(at(p, "hand")) {
			faces = faces || has(c, "cardId")
		}
	}
	if faces {
		t.Columns = append(t.Columns, "hand shown")
	}
	var hand []string
	for i, p := range list(at(obs, "players")) {
		s, ok := intAt(p, "seat")
		if !ok {
			s, ok = i, true
		}
		if youOK && s == you {
			t.You = len(t.Players)
			for _, c := range list(at(p, "hand")) {
				hand = append(hand, cardText(c))
			}
		}
		role := show(at(p, "roleId"))
		if at(p, "roleHidden") == true {
			role = "hidden"
		}
		var inPlay []string
		for _, c := range list(at(p, "inPlayCards")) {
			inPlay = append(inPlay, show(at(c, "cardId")))
		}
		play := "—"
		if len(inPlay) > 0 {
			play = strings.Join(inPlay, ", ")
		} else if list(at(p, "inPlayCards")) != nil {
			play = "none"
		}
		weapon := "—"
		if has(p, "weaponCardId") {
			weapon = "Revolver (none)"
			if w := at(p, "weaponCardId"); w != nil {
				weapon = show(w)
			}
		}
		glory := "—"
		if g := at(p, "glory"); g != nil {
			glory = "stars " + show(at(g, "stars")) + " · range " + show(at(g, "range")) + " · heart " + show(at(g, "heart")) + " · sight " + show(at(g, "sight"))
		}
		row := []string{show(at(p, "seat")), show(at(p, "characterId")), role, show(at(p, "hp")),
			show(at(p, "maxHp")), show(at(p, "alive")), show(at(p, "handCount")), play, weapon, glory}
		if faces {
			var shown []string
			for _, c := range list(at(p, "hand")) {
				shown = append(shown, cardText(c))
			}
			row = append(row, strings.Join(shown, ", "))
		}
		t.Players = append(t.Players, row)
	}
	if t.Players == nil {
		t.Players = [][]string{}
	}
	var cards, actions, events []string
	for _, c := range list(at(obs, "pendingChoice", "cards")) {
		cards = append(cards, cardText(c))
	}
	for _, a := range list(legal) {
		actions = append(actions, show(at(a, "actionId")))
	}
	for _, e := range list(at(obs, "events")) {
		events = append(events, eventText(e))
	}
	t.Lists = []viewerList{lastItems("your hand", hand)}
	if len(cards) > 0 {
		t.Lists = append(t.Lists, lastItems("choice cards", cards))
	}
	if legal != nil {
		t.Lists = append(t.Lists, lastItems("legal actions", actions))
	}
	t.Lists = append(t.Lists, lastItems("events (newest last)", events))
	return t
}

// cardText is a card object on one line, e.g. "shot · 7 spades (shot_07)".
func cardText(c any) string {
	if at(c, "cardId") == nil && at(c, "backId") != nil {
		return "card back"
	}
	return show(at(c, "cardId")) + " · " + show(at(c, "rank")) + " " + show(at(c, "suit")) + " (" + show(at(c, "uid")) + ")"
}

// eventText is an event on one line: its seq and type, then its other
// fields.
func eventText(e any) string {
	m, ok := e.(map[string]any)
	if !ok {
		return show(e)
	}
	s := "#" + show(m["seq"]) + " " + show(m["type"])
	var rest []string
	for _, k := range sortedKeys(m) {
		if k != "seq" && k != "type" {
			rest = append(rest, show(k)+"="+show(m[k]))
		}
	}
	if len(rest) > 0 {
		s += " " + strings.Join(rest, " ")
	}
	return clipRunes(s, viewerMaxText)
}

// extraKeys returns, sorted, the keys of the objects in items that are
// not among known.
func extraKeys(items []any, known ...string) []string {
	seen := map[string]bool{}
	for _, k := range known {
		seen[k] = true
	}
	var out []string
	for _, it := range items {
		m, ok := it.(map[string]any)
		if !ok {
			continue
		}
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	slices.Sort(out)
	return out
}

// showIf shows the value of key k of object p, "—" when p lacks it.
func showIf(p any, k string) string {
	if !has(p, k) {
		return "—"
	}
	return show(at(p, k))
}

// sortedKeys returns the keys of m in order.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
