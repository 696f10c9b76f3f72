package legaldiff

import (
	"encoding/json"
	"fmt"
	shared "github.com/umpire-arena/umpire/harness/legaldiff"
	"sort"

	"github.com/umpire-arena/umpire/referee/inference"
)

// The shared vocabulary of a comparison (harness/legaldiff): an Inference
// item's key is its action; a NotLegal Extra's Raw is the decoded object
// re-encoded (compact, keys sorted); a Difference's field is "amount",
// "min" or "max".
type (
	Class      = shared.Class
	Extra      = shared.Extra
	Difference = shared.Difference
)

// The classes of an unmatched item.
const (
	NotLegal   = shared.NotLegal
	Repeated   = shared.Repeated
	Unreadable = shared.Unreadable
)

// InferenceDiff compares an Inference server's legal_actions with the
// referee's (inference.LegalFromView).
type InferenceDiff struct {
	// Missing are the referee's items the list lacks.
	Missing []inference.LegalAction
	// Extra are the offered items the referee's list does not match, in
	// the order offered (unreadable and repeated items first, as read; then
	// the not-legal actions in the order first offered).
	Extra []Extra
	// Different are the fields in which an offered item disagrees with the
	// referee's item of its action, sorted by text.
	Different []Difference
	// Offered maps each action offered to its first item, decoded
	// tolerantly (amount, min and max read when they are integers).
	Offered map[string]inference.LegalAction
}

// Equal reports whether the lists agree: nothing missing, extra or
// different.
func (d InferenceDiff) Equal() bool {
	return len(d.Missing) == 0 && len(d.Extra) == 0 && len(d.Different) == 0
}

// fieldsOf names the fields of an Inference item the rules fix: a call's
// amount, a raise's bounds; a fold has none.
func fieldsOf(action string) []string {
	switch action {
	case inference.ActionCall:
		return []string{"amount"}
	case inference.ActionRaise:
		return []string{"min", "max"}
	}
	return nil
}

// Inference compares the referee's items (derived) with the offered ones
// (given), item by item by action name: per action, the first item offered
// is compared field by field; a second one is Repeated.
func Inference(derived []inference.LegalAction, given []json.RawMessage) InferenceDiff {
	d := InferenceDiff{Missing: []inference.LegalAction{}, Extra: []Extra{}, Different: []Difference{}, Offered: map[string]inference.LegalAction{}}
	byAction := map[string]map[string]json.RawMessage{}
	var order []string
	for _, g := range given {
		var m map[string]json.RawMessage
		var action string
		if json.Unmarshal(g, &m) != nil || json.Unmarshal(m["action"], &action) != nil {
			d.Extra = append(d.Extra, Extra{Class: Unreadable, Raw: g})
			continue
		}
		if _, seen := byAction[action]; seen {
			d.Extra = append(d.Extra, Extra{Class: Repeated, Action: action, Raw: g})
			continue
		}
		order = append(order, action)
		byAction[action] = m
		a := inference.LegalAction{Action: action}
		_ = json.Unmarshal(m["amount"], &a.Amount)
		_ = json.Unmarshal(m["min"], &a.Min)
		_ = json.Unmarshal(m["max"], &a.Max)
		d.Offered[action] = a
	}
	known := map[string]bool{}
	for _, want := range derived {
		known[want.Action] = true
		got, ok := byAction[want.Action]
		if !ok {
			d.Missing = append(d.Missing, want)
			continue
		}
		wantVals := map[string]int{"amount": want.Amount, "min": want.Min, "max": want.Max}
		for _, f := range fieldsOf(want.Action) {
			raw, ok := got[f]
			var v int
			var text string
			switch {
			case !ok:
				text = fmt.Sprintf("%s: %s missing, want %d", want.Action, f, wantVals[f])
			case json.Unmarshal(raw, &v) != nil:
				text = fmt.Sprintf("%s: %s is %s, want the integer %d", want.Action, f, raw, wantVals[f])
			case v != wantVals[f]:
				text = fmt.Sprintf("%s: %s is %d, want %d", want.Action, f, v, wantVals[f])
			default:
				continue
			}
			d.Different = append(d.Different, Difference{Action: want.Action, Field: f, Text: text})
		}
	}
	for _, a := range order {
		if !known[a] {
			b, _ := json.Marshal(byAction[a])
			d.Extra = append(d.Extra, Extra{Class: NotLegal, Action: a, Raw: b})
		}
	}
	sort.Slice(d.Different, func(i, j int) bool { return d.Different[i].Text < d.Different[j].Text })
	return d
}
