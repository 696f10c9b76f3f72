package inference

import "sort"

// Standing is one seat's position at match end, the input of Rank.
type Standing struct {
	Seat      int
	Credits   int
	Busted    bool
	BustRound int
}

// RankEntry is one line of the final ranking.
type RankEntry struct {
	Seat    int `json:"seat"`
	Rank    int `json:"rank"`
	Credits int `json:"credits"`
}

// Rank orders the final standings (I-INF-8): seats still in by credits,
// most first; then busted seats, a later bust round first. Equal credits,
// or busts in the same round, share a rank with standard competition
// numbering (1, 2, 2, 4). Within a rank, seats are listed in seat order.
func Rank(st []Standing) []RankEntry {
	s := append([]Standing(nil), st...)
	better := func(a, b Standing) int { // -1 a ranks higher, 0 equal, 1 lower
		switch {
		case a.Busted != b.Busted:
			if b.Busted {
				return -1
			}
			return 1
		case a.Busted:
			return cmpDesc(a.BustRound, b.BustRound)
		default:
			return cmpDesc(a.Credits, b.Credits)
		}
	}
	sort.SliceStable(s, func(i, j int) bool {
		if c := better(s[i], s[j]); c != 0 {
			return c < 0
		}
		return s[i].Seat < s[j].Seat
	})
	out := make([]RankEntry, len(s))
	for i, x := range s {
		rank := i + 1
		if i > 0 && better(s[i-1], x) == 0 {
			rank = out[i-1].Rank
		}
		out[i] = RankEntry{Seat: x.Seat, Rank: rank, Credits: x.Credits}
	}
	return out
}

// SamePlaces reports whether got places the seats as want (Rank's) does,
// whatever the numbering and the order of the list: the same seats, each
// once, with want's credits, and for every two seats the same relation (one
// above the other, or sharing a rank). This is what the rules document
// fixes of a ranking; numbering and listing order are I-INF-8.
func SamePlaces(want, got []RankEntry) bool {
	if len(want) != len(got) {
		return false
	}
	by := make(map[int]RankEntry, len(got))
	for _, g := range got {
		if _, dup := by[g.Seat]; dup {
			return false
		}
		by[g.Seat] = g
	}
	for i, a := range want {
		ga, ok := by[a.Seat]
		if !ok || ga.Credits != a.Credits {
			return false
		}
		for _, b := range want[i+1:] {
			gb := by[b.Seat]
			if (a.Rank < b.Rank) != (ga.Rank < gb.Rank) || (a.Rank == b.Rank) != (ga.Rank == gb.Rank) {
				return false
			}
		}
	}
	return true
}

func cmpDesc(a, b int) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}
