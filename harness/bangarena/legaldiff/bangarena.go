package legaldiff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// BangArenaDiff compares a BangArena server's legalActions with the items
// the referee derives from the request's own observation
// (bangarena.LegalFromRead), as sets of actionIds (READINGS 8) with their
// command and argsSchema (I-BA-L1, I-BA-L2).
type BangArenaDiff struct {
	// Missing are the referee's items no offered item has the actionId of,
	// in the referee's order.
	Missing []ba.LegalAction
	// Extra are the offered items the referee's list does not match, in
	// the order offered.
	Extra []Extra
	// Different are the command and argsSchema disagreements of items of
	// the same actionId, sorted by text.
	Different []Difference
	// Unchecked are the offered items of commands the referee cannot
	// decide from the observation: neither confirmed nor flagged.
	Unchecked []json.RawMessage
	// Pinned are differences on umpire's own pins (WIRE.md), which do not
	// make the lists differ: the default cards of a discard item.
	Pinned []string
	// Offered maps each actionId offered to its first item.
	Offered map[string]ba.LegalAction
}

// Equal reports whether the lists agree: nothing missing, extra or
// different (unchecked and pinned items do not count).
func (d BangArenaDiff) Equal() bool {
	return len(d.Missing) == 0 && len(d.Extra) == 0 && len(d.Different) == 0
}

// BangArena compares the referee's items (derived, with the commands und
// it left undecided) with the offered ones (given), by actionId. When und
// holds bangarena.AllUndecided, every offered item is unchecked.
func BangArena(derived []ba.LegalAction, und []ba.Undecided, given []json.RawMessage) BangArenaDiff {
	d := BangArenaDiff{Missing: []ba.LegalAction{}, Extra: []Extra{}, Different: []Difference{}, Unchecked: []json.RawMessage{}, Pinned: []string{},
		Offered: map[string]ba.LegalAction{}}
	undecided := map[string]bool{}
	all := false
	for _, u := range und {
		undecided[u.Command] = true
		all = all || u.Command == ba.AllUndecided
	}
	want := map[string]ba.LegalAction{}
	for _, a := range derived {
		want[a.ActionID] = a
	}
	for _, g := range given {
		var item ba.LegalAction
		if all {
			d.Unchecked = append(d.Unchecked, g)
			continue
		}
		switch {
		case json.Unmarshal(g, &item) != nil || item.ActionID == "":
			d.Extra = append(d.Extra, Extra{Class: Unreadable, Raw: g})
			continue
		case hasKey(d.Offered, item.ActionID):
			d.Extra = append(d.Extra, Extra{Class: Repeated, Action: item.ActionID, Raw: g})
			continue
		}
		d.Offered[item.ActionID] = item
		w, ok := want[item.ActionID]
		switch {
		case !ok && undecided[item.Command]:
			d.Unchecked = append(d.Unchecked, g)
		case !ok:
			d.Extra = append(d.Extra, Extra{Class: NotLegal, Action: item.ActionID, Raw: g})
		default:
			if w.Command != item.Command {
				d.Different = append(d.Different, Difference{Action: item.ActionID, Field: "command",
					Text: fmt.Sprintf("%s: command is %q, want %q", item.ActionID, item.Command, w.Command)})
			}
			ws, _ := json.Marshal(w.ArgsSchema)
			gs, _ := json.Marshal(item.ArgsSchema)
			switch {
			case bytes.Equal(ws, gs):
			case w.Command == "discard" && sameCount(w.ArgsSchema["cardUids"], item.ArgsSchema["cardUids"]):
				// §13: the discard's cardUids are a default of the right
				// count; which cards is umpire's pin (WIRE.md argsSchema).
				d.Pinned = append(d.Pinned, fmt.Sprintf("%s: default cardUids %s, umpire's pin gives %s", item.ActionID, gs, ws))
			default:
				d.Different = append(d.Different, Difference{Action: item.ActionID, Field: "argsSchema",
					Text: fmt.Sprintf("%s: argsSchema is %s, want %s", item.ActionID, gs, ws)})
			}
		}
	}
	if !all {
		for _, a := range derived {
			if !hasKey(d.Offered, a.ActionID) {
				d.Missing = append(d.Missing, a)
			}
		}
	}
	sort.Slice(d.Different, func(i, j int) bool { return d.Different[i].Text < d.Different[j].Text })
	return d
}

func hasKey[V any](m map[string]V, k string) bool {
	_, ok := m[k]
	return ok
}

// sameCount reports whether two argsSchema values are lists of the same
// length (the discard's default cardUids).
func sameCount(a, b any) bool {
	la, ok1 := a.([]any)
	lb, ok2 := b.([]any)
	if !ok1 {
		if s, ok := a.([]string); ok {
			la, ok1 = make([]any, len(s)), true
		}
	}
	return ok1 && ok2 && len(la) == len(lb)
}
