package viewer

import (
	"github.com/umpire-arena/umpire/reports"
	"maps"
	"slices"
	"strings"
)

// Shape is the shape of BangArena's messages, as the HTML report's match
// viewer reads them: a PlayerView (bare, in a DecisionRequest or in an MCP
// tool result) tells one, a decision's fields name one when nothing else
// does, and the table is the PlayerView (with the request's legalActions).
// The game's wiring (harness/bangarena/register.go) registers it.
func Shape() reports.ViewerShape {
	return reports.NewViewerShape(reports.ViewerShapeSpec{Game: "bangarena", BareView: true,
		Strong: func(b any) bool { obs, _ := bangObservation(b, 0); return obs != nil },
		Weak: func(b any) bool {
			return slices.ContainsFunc([]string{"actionId", "observationVersion", "legalActions", "decisionId"}, func(k string) bool { return at(b, k) != nil })
		},
		Table: func(b any) *reports.ViewerTable {
			if obs, req := bangObservation(b, 0); obs != nil {
				return bangTable(obs, at(req, "legalActions"))
			}
			return nil
		}})
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
			if o, r := bangObservation(reports.ViewDecode([]byte(s)), depth+1); o != nil {
				return o, r
			}
		}
	}
	return nil, nil
}

// bangTable lays out a PlayerView (and the legalActions of the request
// that carried it, if any).
func bangTable(obs map[string]any, legal any) *reports.ViewerTable {
	t := &reports.ViewerTable{Game: "bangarena", You: -1,
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
	t.Facts = []reports.ViewerFact{
		{K: "phase", V: show(at(obs, "phase"))}, {K: "turn seat", V: show(at(obs, "turnSeat"))}, {K: "you", V: show(at(obs, "you"))},
		{K: "round", V: show(at(obs, "round"))}, {K: "high noon", V: show(at(obs, "highNoon"))}, {K: "version", V: show(at(obs, "version"))},
		{K: "role mode", V: show(at(obs, "roleMode"))}, {K: "deck / discard", V: show(at(obs, "deckCount")) + " / " + show(at(obs, "discardCount"))},
		{K: "pending reaction", V: pending}, {K: "reaction queue", V: show(at(obs, "reactionQueue"))}, {K: "pending choice", V: choice},
		{K: "winner", V: winner},
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
	t.Lists = []reports.ViewerList{lastItems("your hand", hand)}
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
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if k != "seq" && k != "type" {
			rest = append(rest, show(k)+"="+show(m[k]))
		}
	}
	if len(rest) > 0 {
		s += " " + strings.Join(rest, " ")
	}
	return reports.ViewClip(s)
}

// The readers of reports' viewer, under the names the tables use.
func at(v any, path ...string) any                    { return reports.ViewAt(v, path...) }
func has(v any, path ...string) bool                  { return reports.ViewHas(v, path...) }
func intAt(v any, path ...string) (int, bool)         { return reports.ViewInt(v, path...) }
func show(v any) string                               { return reports.ViewShow(v) }
func showIf(p any, k string) string                   { return reports.ViewShowIf(p, k) }
func list(v any) []any                                { return reports.ViewList(v) }
func extraKeys(items []any, known ...string) []string { return reports.ViewExtraKeys(items, known...) }
func lastItems(title string, items []string) reports.ViewerList {
	return reports.LastItems(title, items)
}
