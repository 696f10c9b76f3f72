package judge

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
)

// Sources are what the judge is handed of one match, in any mix: the
// server's match log (a full log shows every dealt value, a public one
// none) and the streams of the seats handed over.
type Sources struct {
	// Log holds the lines of the server's match log, in order (nil: the
	// server offers none).
	Log [][]byte
	// Seats are the streams of the seats handed over.
	Seats []SeatStream
}

// SeatStream is what one seat was shown.
type SeatStream struct {
	Seat int
	// Events are the log objects of the seat's event messages (the
	// envelope's event field), in the order the seat got them.
	Events [][]byte
	// End is the match_end message as the seat got it (nil: none came).
	// It carries the match_end log object's fields (WIRE.md).
	End []byte
}

// Record is one match as the judge's sources show it: lines in the
// match log's order, for the verifier.
type Record struct {
	Lines [][]byte
	// FromLog is true when the lines are the server's log (the seats
	// filled in at most the hidden values a public log leaves out).
	FromLog bool
	// Filled counts the deal_private lines taken from the seats' streams;
	// LogDeals the log's own.
	Filled, LogDeals int
	// Unknown says, one sentence each, what no source showed and what is
	// inconclusive for it.
	Unknown []string
	// Notes says where the sources disagreed (the seats were shown
	// different public events): the record follows the one it names.
	Notes []string
}

// Gather merges sources into the Record of one match. With a log, the
// record is the log, each round that has no deal_private line filled in
// from the seats' own deal_private events when they show every dealt-in
// seat's value. Without one, it is the public events of the seat shown
// the most of them, the match_end a seat got, and the seats' deal_private
// events filled in the same way. A round whose values are not all shown
// keeps none of them (a public round: what needs them is inconclusive)
// and says so in Unknown.
func Gather(src Sources) Record {
	seats := slices.Clone(src.Seats)
	slices.SortStableFunc(seats, func(a, b SeatStream) int { return cmp.Compare(a.Seat, b.Seat) })
	// The values the seats were shown, first copy kept.
	known := map[[2]int][]byte{}
	for _, s := range seats {
		for _, e := range s.Events {
			ev := wire.ReadEvent(e)
			if ev.Type != ref.EventDealPrivate || ev.Seat == nil || ev.Value == nil {
				continue
			}
			if k := [2]int{ev.Round, *ev.Seat}; known[k] == nil {
				known[k] = e
			}
		}
	}
	var rec Record
	var base [][]byte
	if src.Log != nil {
		base, rec.FromLog = src.Log, true
		for _, l := range base {
			if wire.ReadEvent(l).Type == ref.EventDealPrivate {
				rec.LogDeals++
			}
		}
	} else {
		base = publicEvents(seats, &rec)
		for _, s := range seats {
			if s.End != nil {
				base = append(base, s.End)
				break
			}
		}
	}
	rec.Lines = fill(base, known, &rec)
	return rec
}

// FromLog is the Record of a log alone.
func FromLog(lines [][]byte) Record { return Gather(Sources{Log: lines}) }

// publicEvents returns the events every seat is shown (deal_private left
// out) as the seat shown the most of them saw them, noting where another
// seat was shown something else.
func publicEvents(seats []SeatStream, rec *Record) [][]byte {
	lists := make([][][]byte, len(seats))
	best := -1
	for i, s := range seats {
		for _, e := range s.Events {
			if wire.ReadEvent(e).Type != ref.EventDealPrivate {
				lists[i] = append(lists[i], e)
			}
		}
		if best < 0 || len(lists[i]) > len(lists[best]) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	for i, l := range lists {
		for k, e := range l {
			if !bytes.Equal(bytes.TrimSpace(e), bytes.TrimSpace(lists[best][k])) {
				rec.Notes = append(rec.Notes, fmt.Sprintf("seat %d's public event %d differs from seat %d's (%s against %s): the record follows seat %d",
					seats[i].Seat, k+1, seats[best].Seat, clip(e), clip(lists[best][k]), seats[best].Seat))
				break
			}
		}
	}
	return lists[best]
}

// fill inserts, after each round's round_start and return lines, the
// deal_private lines of a round that has none, when the seats were shown
// every dealt-in seat's value.
func fill(base [][]byte, known map[[2]int][]byte, rec *Record) [][]byte {
	out := make([][]byte, 0, len(base)+len(known))
	for i := 0; i < len(base); i++ {
		out = append(out, base[i])
		ev := wire.ReadEvent(base[i])
		if ev.Type != ref.EventRoundStart {
			continue
		}
		r := ev.Round
		// The round's return lines, and whether the base has its deals.
		j, has := i+1, false
		for ; j < len(base); j++ {
			e := wire.ReadEvent(base[j])
			if e.Round != r || e.Type != ref.EventReturn && e.Type != ref.EventDealPrivate {
				break
			}
			has = has || e.Type == ref.EventDealPrivate
		}
		if has || len(ev.DealtIn) == 0 {
			continue
		}
		out = append(out, base[i+1:j]...)
		i = j - 1
		dealt := slices.Clone(ev.DealtIn)
		slices.Sort(dealt)
		dealt = slices.Compact(dealt)
		var miss []int
		for _, s := range dealt {
			if known[[2]int{r, s}] == nil {
				miss = append(miss, s)
			}
		}
		if len(miss) > 0 {
			rec.Unknown = append(rec.Unknown, fmt.Sprintf("round %d: no source shows the values dealt to seats %v, so the round is judged as a public one (what needs a hidden value is inconclusive until the showdown reveals it)", r, miss))
			continue
		}
		for _, s := range dealt {
			out = append(out, known[[2]int{r, s}])
			rec.Filled++
		}
	}
	return out
}

// clip shortens a line for a note.
func clip(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) > 80 {
		return string(b[:77]) + "..."
	}
	return string(b)
}
