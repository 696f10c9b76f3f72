package viewer

import (
	"github.com/umpire-arena/umpire/reports"
	"slices"
	"strconv"
	"strings"
)

// Shape is the shape of Inference's messages, as the HTML report's match
// viewer reads them: a visible_state tells one, its type names one when
// nothing else does, and the table is the seat's visible_state (with the
// legal_actions of the your_turn that carried it). The game's wiring
// (harness/inference/register.go) registers it.
func Shape() reports.ViewerShape {
	return reports.NewViewerShape(reports.ViewerShapeSpec{Game: "inference",
		Strong: func(b any) bool { _, ok := at(b, "visible_state").(map[string]any); return ok },
		Weak: func(b any) bool {
			t, _ := at(b, "type").(string)
			return slices.Contains([]string{"hello", "welcome", "your_turn", "move", "error", "event", "match_end"}, t)
		},
		Table: func(b any) *reports.ViewerTable {
			if vs, ok := at(b, "visible_state").(map[string]any); ok {
				return inferenceTable(vs, at(b, "legal_actions"))
			}
			return nil
		}})
}

// inferenceTable lays out a visible_state (and the legal_actions of the
// your_turn that carried it, if any).
func inferenceTable(vs map[string]any, legal any) *reports.ViewerTable {
	t := &reports.ViewerTable{Game: "inference", You: -1,
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
	t.Facts = []reports.ViewerFact{
		{K: "round", V: round}, {K: "dealer", V: show(at(vs, "dealer"))}, {K: "pot", V: show(at(vs, "pot"))},
		{K: "to_call", V: show(at(vs, "to_call"))}, {K: "current_bet", V: show(at(vs, "current_bet"))},
		{K: "raises used", V: raises}, {K: "ante", V: show(at(vs, "limits", "ante"))}, {K: "on turn", V: turn},
		{K: "your seat", V: show(at(vs, "your_seat"))}, {K: "your value", V: show(at(vs, "your_value"))},
		{K: "your credits", V: show(at(vs, "your_credits"))}, {K: "call breakeven value", V: show(at(vs, "call_breakeven_value"))},
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
	t.Lists = []reports.ViewerList{lastItems("actions this round", acts), lastItems("table talk this round", talk),
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
