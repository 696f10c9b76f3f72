package judge

import (
	"fmt"
	"maps"
	"slices"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// Cards nobody saw (issue 27). A card drawn into a hand that no source
// shows (a public log's draw, a seat not handed over) is carried as an
// unknown card of that hand: the replay goes on, the hand's size exact, and
// the card is named when the evidence later shows it leave the hand
// (played, discarded, taken with its face shown, the hand of an eliminated
// seat), after checking it could have been there. What is never shown is
// answered with a card the evidence names nowhere else (a stand-in that
// changes no event any source shows), and an outcome that depends on which
// card it is (a card taken at random from a hand whose take nobody saw) is
// where the replay is inconclusive, as before. I-BA-V9 in
// referee/INTERPRETATIONS.md.

// surfacing is a card the evidence shows leaving seat's hand (at seq) that
// no source showed entering it: one of the hand's unknown cards.
type surfacing struct {
	seat, seq int
	uid       string
	after     int // the seq where the evidence last showed the card elsewhere
}

// hop is a take whose cards nobody saw: a hand taken whole (Scavenger),
// whose unknown cards all go on in to's hand from seq, or one card taken
// at random (Snatch, Grip), which may be any of them.
type hop struct {
	from, to, seq int
	whole         bool
	uid           string // the card an unknown card of from was named for through it
}

// unknowns is the judge's account of the cards it did not see.
type unknowns struct {
	surf    []surfacing
	claimed []bool          // surf[i] already names an unknown card
	named   map[string]bool // the cards unknown cards were named (claimed or stand-ins)
	slots   []slot          // the unknown cards off the deck, in order
	hops    []hop
	// named are the uids the evidence shows at a place other than an
	// unknown card's (off the deck, in a hand seen): never a stand-in.
	problems []Problem
}

// slot is an unknown card off the deck: the seat whose hand it goes to,
// the seq of its draw, and whether it is named yet.
type slot struct {
	seat, seq int
	named     bool
}

// place is where the evidence last showed a card.
type place struct {
	kind int // unknownPlace, inHand, inPlay, onPile
	seat int
}

const (
	unknownPlace = iota
	inHand
	inPlay
	onPile
)

// readUnknowns follows every card the evidence names through the match,
// from the opening hands on: each card that leaves a hand it was never seen
// to enter is a surfacing of that hand's unknown cards, and one that was
// then seen somewhere else (another hand, the discard pile since the last
// reshuffle) could not have been drawn there: a problem of bangarena/5.deck
// at its line.
func (ev Evidence) readUnknowns() *unknowns {
	u := &unknowns{}
	at := map[string]place{}
	last := map[string]int{} // the seq of the last event that placed a card
	set := func(c string, p place, seq int) {
		at[c], last[c] = p, seq
	}
	for s, h := range ev.Hands {
		for _, c := range h {
			at[c] = place{inHand, s}
		}
	}
	leave := func(s, seq int, c string) {
		p := at[c]
		if _, ok := ba.CardByUID(c); !ok {
			u.problems = append(u.problems, Problem{Rule: "bangarena/5.deck", Seq: seq,
				Message: fmt.Sprintf("%s leaves seat %d's hand, but it is no card of the pack", c, s)})
			return
		}
		switch {
		case p.kind == inHand && p.seat == s, p.kind == inPlay:
		case p.kind == unknownPlace:
			u.surf = append(u.surf, surfacing{seat: s, seq: seq, uid: c, after: last[c]})
		case p.kind == inHand:
			u.problems = append(u.problems, Problem{Rule: "bangarena/5.deck", Seq: seq,
				Message: fmt.Sprintf("%s leaves seat %d's hand, but the evidence shows it in seat %d's hand then: seat %d could not have drawn it", c, s, p.seat, s)})
		default:
			u.problems = append(u.problems, Problem{Rule: "bangarena/5.deck", Seq: seq,
				Message: fmt.Sprintf("%s leaves seat %d's hand, but it lay on the discard pile since before the last reshuffle: it was not among the cards seat %d could have drawn", c, s, s)})
		}
	}
	for _, e := range ev.Events {
		switch e.Type {
		case "draw", "take":
			if e.Reason == "deal" {
				continue
			}
			if e.FromSeat >= 0 && e.Zone == "hand" || e.Zone == "all" {
				shown := e.Cards
				if e.Card != nil {
					shown = []ba.Card{*e.Card}
				}
				if len(shown) == 0 {
					// Taken unseen: the taker's hand holds what the giver's
					// held, which is no longer known where.
					u.hops = append(u.hops, hop{from: e.FromSeat, to: e.Seat, seq: e.Seq, whole: e.Zone == "all"})
					for c, p := range at {
						if p.kind == inHand && p.seat == e.FromSeat {
							if e.Zone == "all" {
								set(c, place{inHand, e.Seat}, e.Seq)
							} else {
								delete(at, c)
								last[c] = e.Seq
							}
						}
					}
					continue
				}
				for _, c := range shown {
					leave(e.FromSeat, e.Seq, c.UID)
					set(c.UID, place{inHand, e.Seat}, e.Seq)
				}
				continue
			}
			for _, c := range e.Cards {
				set(c.UID, place{inHand, e.Seat}, e.Seq)
			}
			if e.Card != nil {
				set(e.Card.UID, place{inHand, e.Seat}, e.Seq)
			}
		case "glory_bounty":
			for _, c := range e.Cards {
				set(c.UID, place{inHand, e.Seat}, e.Seq)
			}
		case "look_top":
			for _, c := range e.Cards {
				last[c.UID] = e.Seq // seen on the deck
			}
		case "card_played":
			leave(e.Seat, e.Seq, e.UID)
			switch e.Command {
			case "play_equip_blue", "play_weapon":
				set(e.UID, place{inPlay, max(e.TargetSeat, e.Seat)}, e.Seq)
			default:
				set(e.UID, place{kind: onPile}, e.Seq)
			}
		case "discard", "kill_penalty":
			for _, c := range e.UIDs {
				leave(e.Seat, e.Seq, c)
				set(c, place{kind: onPile}, e.Seq)
			}
		case "check":
			switch {
			case e.Card != nil && e.Kind == "red_suit":
				set(e.Card.UID, place{inHand, e.Seat}, e.Seq) // a drawn card shown (I-BA-9)
			case e.Card != nil:
				set(e.Card.UID, place{kind: onPile}, e.Seq)
			}
		case "reshuffle":
			// The pile goes under the deck; a card in play may have gone
			// to the pile unannounced (a Jail checked): both unknown.
			for c, p := range at {
				if p.kind == onPile || p.kind == inPlay {
					delete(at, c)
					last[c] = e.Seq
				}
			}
		}
	}
	u.claimed = make([]bool, len(u.surf))
	u.named = map[string]bool{}
	return u
}

// reaches reports whether an unknown card of seat's hand at seq can be the
// card surfacing f shows: f is seat's, later, or the hand went on whole
// into f's hand first (hops).
// With opt, the card may also go through one take of a card at random
// not yet given a card (via, its index; -1: none).
func (u *unknowns) reaches(seat, seq int, f surfacing, opt bool) (ok bool, via int) {
	for i, h := range u.hops {
		if h.from != seat || h.seq <= seq || h.seq >= f.seq {
			continue
		}
		if h.whole {
			seat, seq = h.to, h.seq
		} else if ok, _ := u.reaches(h.to, h.seq, f, false); opt && h.uid == "" && ok {
			return true, i // the card taken at random may be this one
		}
	}
	return f.seat == seat && f.seq > seq, -1
}

// could reports whether f can be the card an unknown card of seat's hand,
// drawn at seq, turned out to be: drawn after the evidence last showed it
// elsewhere, and not shown coming off the deck later.
func (u *unknowns) could(seat, seq int, f surfacing, later []string, opt bool) (bool, int) {
	if seq <= f.after || slices.Contains(later, f.uid) {
		return false, -1
	}
	return u.reaches(seat, seq, f, opt)
}

// name names an unknown card of seat's hand, drawn at seq, among cands (the
// cards of its shuffle not named yet): the first card the evidence shows
// leaving that hand unexplained that is one of cands, else a stand-in, a
// candidate the evidence names nowhere after (later is the cards it shows
// coming off the deck after this one). ok is false when no candidate is
// free.
func (u *unknowns) name(seat, seq int, cands, later []string) (string, bool) {
	if i := slices.IndexFunc(u.slots, func(s slot) bool { return !s.named && s.seat == seat && s.seq == seq }); i >= 0 {
		u.slots[i].named = true
	}
	c, ok := u.choose(seat, seq, cands, later)
	u.named[c] = ok
	return c, ok
}

func (u *unknowns) choose(seat, seq int, cands, later []string) (string, bool) {
	// A card that a take nobody saw may have moved to where it shows
	// first (once per take: the giver's unknown card then is the card
	// taken, Shown.FromHand), else the hand's own; the earliest first.
	for _, opt := range []bool{true, false} {
		for i, f := range u.surf {
			if u.claimed[i] || !slices.Contains(cands, f.uid) {
				continue
			}
			if ok, via := u.could(seat, seq, f, later, opt); ok {
				if via < 0 && u.reserved(i) {
					continue
				}
				u.claimed[i] = true
				if via >= 0 {
					u.hops[via].uid = f.uid
				}
				return f.uid, true
			}
		}
	}
	// A stand-in: a card the evidence shows nowhere after, else one it
	// does not show coming off this shuffle (it shows elsewhere only
	// after a later reshuffle, or where this hand's cards do not reach).
	for tier := range 2 {
		for _, c := range cands {
			if slices.Contains(later, c) || slices.ContainsFunc(u.surf, func(f surfacing) bool {
				// Tier 0: shown nowhere; 1: shown leaving a hand only
				// after it is seen elsewhere.
				return f.uid == c && (tier == 0 || f.after <= seq)
			}) {
				continue
			}
			return c, true
		}
	}
	// Else the card not off this shuffle whose hand needs it last.
	best, when := "", -1
	for _, c := range cands {
		if slices.Contains(later, c) {
			continue
		}
		need := 1 << 30
		for i, f := range u.surf {
			if f.uid == c && !u.claimed[i] && f.seq > seq {
				need = min(need, f.seq)
			}
		}
		if need > when {
			best, when = c, need
		}
	}
	return best, best != ""
}

// taken names the card taken at random, unseen, into seat's hand at seq
// from hand (the giver's, as the replay holds it): the first card the
// evidence shows leaving the taker's hand unexplained that the giver held,
// else a card of the giver's the evidence never shows again (a stand-in).
// ok is false when every card of hand shows again elsewhere: which was
// taken is then not known.
func (u *unknowns) taken(seat, seq int, hand []string) (string, bool) {
	c, ok := u.pick(seat, seq, hand)
	u.named[c] = ok
	return c, ok
}

func (u *unknowns) pick(seat, seq int, hand []string) (string, bool) {
	for _, h := range u.hops {
		// An unknown card of the giver's named for where it shows later,
		// through this take.
		if !h.whole && h.to == seat && h.seq == seq && h.uid != "" && slices.Contains(hand, h.uid) {
			return h.uid, true
		}
	}
	for i, f := range u.surf {
		if u.claimed[i] || !slices.Contains(hand, f.uid) || f.after > seq {
			continue
		}
		if ok, _ := u.reaches(seat, seq, f, false); ok {
			u.claimed[i] = true
			return f.uid, true
		}
	}
	for _, c := range hand {
		if !slices.ContainsFunc(u.surf, func(f surfacing) bool { return f.uid == c && f.seq > seq }) {
			return c, true
		}
	}
	return "", false
}

// reserved reports whether surfacing i is kept for a take nobody saw: the
// first card the taker shows after the take, unclaimed, while the giver
// still holds an unknown card drawn before the take that is not named yet
// (it will be named through the take: reaches with opt).
func (u *unknowns) reserved(i int) bool {
	f := u.surf[i]
	for _, h := range u.hops {
		if h.whole || h.uid != "" || h.to != f.seat || h.seq >= f.seq || f.after > h.seq {
			continue
		}
		if !slices.ContainsFunc(u.slots, func(s slot) bool { return !s.named && s.seat == h.from && s.seq < h.seq }) {
			continue
		}
		first := slices.IndexFunc(u.surf, func(g surfacing) bool { return g.seat == h.to && g.seq > h.seq && g.after <= h.seq })
		for first >= 0 && u.claimed[first] {
			n := slices.IndexFunc(u.surf[first+1:], func(g surfacing) bool { return g.seat == h.to && g.seq > h.seq && g.after <= h.seq })
			if n < 0 {
				first = -1
				break
			}
			first += 1 + n
		}
		if first == i {
			return true
		}
	}
	return false
}

func (u *unknowns) clone() *unknowns {
	if u == nil {
		return nil
	}
	c := *u
	c.claimed = slices.Clone(u.claimed)
	c.hops = slices.Clone(u.hops)
	c.slots = slices.Clone(u.slots)
	c.named = maps.Clone(u.named)
	return &c
}
