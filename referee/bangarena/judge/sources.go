package judge

import (
	"cmp"
	"slices"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// Sources are what the judge is handed of one match, in any mix: a log of
// the server's (a full log shows every outcome, private draws included; a
// public one only what every seat sees) and the streams of the seats
// handed over. A full log is simply a source that sees everything; each
// seat's private events fill in another's blanks.
type Sources struct {
	// Config is the table. When its Seats is 0 the log's match_start
	// gives it.
	Config ba.Config
	// Log is the server's log of the match, decoded (nil: none).
	Log []ba.Event
	// Seats are the streams of the seats handed over.
	Seats []SeatStream
}

// SeatStream is what one seat saw.
type SeatStream struct {
	Seat int
	// Role and Char are the seat's own role and character at its first
	// observation ("" when not shown).
	Role, Char string
	// Hand is its hand at its first observation, in hand order, and
	// HandAt the latest seq the events of that observation reach (nil
	// Hand: not observed).
	Hand   []string
	HandAt int
	// Briefed are the seats the Marshal's briefing names, when the seat
	// is the Marshal (impostor mode).
	Briefed []int
	// Events are the events the seat was shown, in any order, repeats
	// allowed (each observation's list).
	Events [][]ba.Event
	// Looks are the looks at the top the seat was shown.
	Looks []Look
}

// Gather merges sources into the Evidence of one match: the events of
// every source by seq (MergeEvents), the deal as the log shows it (its
// role, deal and opening-hand draws) with each seat's own first
// observation filling what the log leaves unseen, the briefing, the looks.
// What no source saw stays empty (an unseen role "", an unseen opening
// hand nil): NewSeen never guesses it.
func Gather(src Sources) Evidence {
	ev := Evidence{Config: src.Config}
	if ev.Config.Seats == 0 {
		if cfg, ok := ba.ConfigOf(src.Log); ok {
			ev.Config = cfg
		}
	}
	n := ev.Config.Seats
	streams := [][]ba.Event{src.Log}
	for _, s := range src.Seats {
		streams = append(streams, s.Events...)
	}
	ev.Events = MergeEvents(streams...)
	// The order of the Marshal's penalty and the kill's bounty is a gap of
	// the documents (I-BA-13): the judge follows the order the server shows.
	ev.Config.Readings.PenaltyAfterBounty = ev.Config.Readings.PenaltyAfterBounty || PenaltyAfterBounty(ev.Events)
	ev.Roles, ev.Chars, ev.Hands, ev.HandSeqs = make([]string, n), make([]string, n), make([][]string, n), make([]int, n)
	in := func(s int) bool { return s >= 0 && s < n }
	// The deal as every source shows it: a seat's own role event, the
	// Marshal's public role on its deal event (§2), the characters.
	for _, e := range ev.Events {
		switch {
		case e.Type == "role" && in(e.Seat):
			ev.Roles[e.Seat] = e.RoleID
			ev.DealSeq = cmp.Or(ev.DealSeq, e.Seq)
		case e.Type == "deal" && in(e.Seat):
			ev.Chars[e.Seat] = e.CharacterID
			if e.RoleID != "" && ev.Roles[e.Seat] == "" {
				ev.Roles[e.Seat] = e.RoleID
			}
			ev.DealSeq = cmp.Or(ev.DealSeq, e.Seq)
		case e.Type == "draw" && e.Reason == "deal" && in(e.Seat) && (len(e.Cards) > 0 || e.Count == 0):
			ev.Hands[e.Seat], ev.HandSeqs[e.Seat] = uidsOf(e.Cards), e.Seq
		case e.Type == "team_briefing":
			// A team's seats learn each other's roles (§2): a role the
			// evidence shows, though that seat's own event is not there.
			for _, k := range e.Known {
				if in(k.Seat) && ev.Roles[k.Seat] == "" {
					ev.Roles[k.Seat] = k.RoleID
				}
			}
		case e.Type == "marshal_briefing" && ev.Briefed == nil:
			for _, k := range e.Known {
				ev.Briefed = append(ev.Briefed, k.Seat)
			}
		}
	}
	// The briefing is the Marshal's alone (impostor mode): a log that
	// shows the Marshal's own role event (a full log, or the Marshal's
	// stream merged into one) or the Marshal's stream sees it.
	marshal := slices.Index(ev.Roles, ba.RoleMarshal)
	marshalsOwn := slices.ContainsFunc(src.Log, func(e ba.Event) bool { return e.Type == "role" && marshal >= 0 && e.Seat == marshal })
	ev.BriefingUnseen = !marshalsOwn && !slices.ContainsFunc(src.Seats, func(s SeatStream) bool { return s.Seat == marshal })
	for _, s := range src.Seats {
		if !in(s.Seat) {
			continue
		}
		if ev.Roles[s.Seat] == "" {
			ev.Roles[s.Seat] = s.Role
		}
		if ev.Chars[s.Seat] == "" {
			ev.Chars[s.Seat] = s.Char
		}
		if ev.Hands[s.Seat] == nil && s.Hand != nil {
			if h, ok := OpeningHand(s.Hand, s.Seat, ev.Events, s.HandAt); ok {
				ev.Hands[s.Seat] = h
			}
		}
		if ev.Briefed == nil && len(s.Briefed) > 0 {
			ev.Briefed = s.Briefed
		}
		for _, l := range s.Looks {
			if !slices.ContainsFunc(ev.Looks, func(o Look) bool { return o.After == l.After && o.Seat == l.Seat }) {
				ev.Looks = append(ev.Looks, l)
			}
		}
	}
	return ev
}

// PenaltyAfterBounty reports whether events (in seq order) show a
// Marshal's penalty after the bounty of the same elimination: the server
// reads I-BA-13's order as §9 lists the effects, the bounty cards going
// with the hand (ba.Readings.PenaltyAfterBounty).
func PenaltyAfterBounty(events []ba.Event) bool {
	bounty := -1 // the killer whose bounty this elimination showed
	for _, e := range events {
		switch e.Type {
		case "eliminated":
			bounty = -1
		case "glory_bounty":
			bounty = e.Seat
		case "kill_penalty":
			if e.Seat == bounty {
				return true
			}
		}
	}
	return false
}

// FromLog is the Evidence of a full log alone: every outcome is seen.
func FromLog(log []ba.Event) Evidence { return Gather(Sources{Log: log}) }

func uidsOf(cs []ba.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.UID
	}
	return out
}

// Horizon is the last seq every one of seats was shown (0 when one was
// shown nothing, -1 when there are no seats): each seat's stream ends at
// its last observation, so past the first of those ends a seat's private
// events may be missing from the evidence, not from the match.
func Horizon(seats []SeatStream) int {
	end := -1
	for _, st := range seats {
		last := 0
		for _, evs := range st.Events {
			for _, e := range evs {
				last = max(last, e.Seq)
			}
		}
		if end < 0 || last < end {
			end = last
		}
	}
	return end
}

// Until returns ev with the events after seq left out.
func (ev Evidence) Until(seq int) Evidence {
	ev.Events = slices.DeleteFunc(slices.Clone(ev.Events), func(e ba.Event) bool { return e.Seq > seq })
	return ev
}
