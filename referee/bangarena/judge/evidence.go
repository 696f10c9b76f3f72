package judge

import (
	"fmt"
	"slices"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// Evidence is what a judge saw of one match when no log deals it: what the
// seats handed over observed (each seat's own role, the characters and
// each seat's opening hand from its first observation, the Marshal's
// briefing) and the server's events, merged by seq (one seat's private
// copy of an event fills in another's blank; a full log, when the server
// offers one after the end, is one more source). Entries nobody saw stay
// empty: an unseen role is "", an unseen opening hand nil, a draw whose
// cards nobody saw has no Cards. They are never guessed.
type Evidence struct {
	Config ba.Config
	// Roles and Chars are by seat ("" when not seen).
	Roles, Chars []string
	// Hands are the opening hands by seat, in hand order (nil when not
	// seen).
	Hands [][]string
	// Briefed are the seats the Marshal's briefing names (impostor mode).
	Briefed []int
	// Events are the server's events in seq order (MergeEvents).
	Events []ba.Event
	// Looks are the cards a seat saw at a look at the top (Three Eyes, the
	// sight perk), top first, with the last event seq seen before it.
	Looks []Look
	// BriefingUnseen says that no source could have seen the Marshal's
	// briefing (impostor mode: it is the Marshal's alone, and neither a
	// full log nor the Marshal's stream was handed over): the aide it
	// names is then unknown, and changes nothing any source shows.
	BriefingUnseen bool
	// DealSeq and HandSeqs are the seqs of the events that show the deal
	// and each opening hand, where a log shows them (0: none), so that an
	// outcome that could not have happened is charged at its line.
	DealSeq  int
	HandSeqs []int
}

// Look is one look at the top of the deck a chooser's observation showed.
type Look struct {
	After int // the seq of the latest event before the look
	Seat  int
	Cards []string
}

// MergeEvents merges event streams by seq: for each seq the copy with the
// most card detail wins (a private draw over its public copy). Events
// without a seq are dropped. A lone stream already in order is returned
// as it is; the streams and the result are read only.
func MergeEvents(streams ...[]ba.Event) []ba.Event {
	if one, ok := alone(streams); ok {
		return one
	}
	by := map[int]ba.Event{}
	for _, st := range streams {
		for _, e := range st {
			if e.Seq <= 0 {
				continue
			}
			if old, ok := by[e.Seq]; !ok || detail(e) > detail(old) {
				by[e.Seq] = e
			}
		}
	}
	out := make([]ba.Event, 0, len(by))
	for _, e := range by {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b ba.Event) int { return a.Seq - b.Seq })
	return out
}

// alone returns the one non-empty stream among streams, itself (its array
// shared: both are read only), when its seqs rise strictly from 1 or more
// (a full log: nothing to merge), without the map MergeEvents otherwise
// builds or a copy: a log of 16 MiB decodes to some 300 MiB of events.
func alone(streams [][]ba.Event) ([]ba.Event, bool) {
	var one []ba.Event
	for _, st := range streams {
		if len(st) == 0 {
			continue
		}
		if one != nil {
			return nil, false
		}
		one = st
	}
	last := 0
	for _, e := range one {
		if e.Seq <= last {
			return nil, false
		}
		last = e.Seq
	}
	return one, true
}

func detail(e ba.Event) int {
	n := len(e.Cards) + len(e.UIDs) + len(e.Known)
	if e.Card != nil {
		n++
	}
	return n
}

// NewSeen returns a Shown answering from ev, and why (non-empty) when the
// evidence leaves an outcome unseen that the replay cannot go past (a role
// nothing settles, the cards kept of a look nobody saw): the outcomes up
// to it are answered, the ones after it are not. A card nobody saw is no
// such outcome: it is carried as unknown (unknown.go, I-BA-V9), and an
// outcome found unsettled during the replay is said by Shown.Unseen.
func NewSeen(ev Evidence) (s *Shown, why string) {
	log, why := ev.outcomes()
	s = readOutcomes(log)
	s.events, s.why = ev.Events, why
	s.public = !slices.ContainsFunc(ev.Events, func(e ba.Event) bool { return e.Type == "role" || e.Type == "decision" })
	// Each seat's role reaches it alone (§11): the seats whose role the
	// evidence shows are the seats whose private events it holds.
	s.sees = make([]bool, max(0, ev.Config.Seats))
	n := 0
	for _, e := range ev.Events {
		if e.Type == "role" && e.To >= 0 && e.To < len(s.sees) && !s.sees[e.To] {
			s.sees[e.To] = true
			n++
		}
	}
	s.partial = !s.public && n > 0 && n < len(s.sees)
	if slices.Contains(s.cards, "") || ev.hidesCards() {
		s.unk = ev.readUnknowns()
		for i, c := range s.cards {
			if c == "" {
				s.unk.slots = append(s.unk.slots, slot{seat: s.cardSeat[i], seq: s.at(0, i)})
			}
		}
		s.problems = append(s.problems, s.unk.problems...)
	}
	return s, why
}

// outcomes writes the random outcomes ev shows as the events NewShown
// reads: the deal (roles, characters, opening hands in seat order, the
// briefing), then, in seq order, each card off the deck, each coin, each
// card taken at random from a hand and each look at the top. It stops at
// the first outcome nobody saw and says why.
func (ev Evidence) outcomes() (log []ba.Event, why string) {
	n := ev.Config.Seats
	cfg := ev.Config
	log = append(log, ba.Event{Type: "match_start", Config: &cfg})
	roles := ev.roles()
	for s := range n {
		role, char := at(roles, s), at(ev.Chars, s)
		if role == "" || char == "" {
			return log, fmt.Sprintf("seat %d's role or character was not seen", s)
		}
		log = append(log, ba.Event{Type: "role", Seq: ev.DealSeq, Seat: s, RoleID: role}, ba.Event{Type: "deal", Seq: ev.DealSeq, Seat: s, CharacterID: char})
	}
	if len(ev.Briefed) == 0 && ev.BriefingUnseen {
		log = append(log, ba.Event{Type: "marshal_briefing", Reason: "unseen"})
	}
	if len(ev.Briefed) > 0 {
		b := ba.Event{Type: "marshal_briefing"}
		for _, k := range ev.Briefed {
			b.Known = append(b.Known, ba.KnownRole{Seat: k})
		}
		log = append(log, b)
	}
	for s := range n {
		seq := 0
		if s < len(ev.HandSeqs) {
			seq = ev.HandSeqs[s]
		}
		hand := cardsOf(at2(ev.Hands, s))
		if at2(ev.Hands, s) == nil {
			// Unseen: as many unknown cards as the deal's draw counts.
			k, ok := ev.dealCount(s)
			if !ok {
				return log, fmt.Sprintf("seat %d's opening hand was not seen", s)
			}
			hand, seq = make([]ba.Card, k), ev.dealSeq(s)
		}
		log = append(log, ba.Event{Type: "draw", Seq: seq, Seat: s, Reason: "deal", Cards: hand})
	}
	// A look a look_top event of the server shows already (its private
	// copy to the chooser) is not taken a second time from the request.
	looks := slices.DeleteFunc(slices.Clone(ev.Looks), func(l Look) bool {
		return slices.ContainsFunc(ev.Events, func(e ba.Event) bool {
			return e.Type == "look_top" && e.Seat == l.Seat && e.Seq <= l.After+1 && e.Seq >= l.After-3
		})
	})
	slices.SortStableFunc(looks, func(a, b Look) int { return a.After - b.After })
	inPlay := map[string]bool{} // uids put in play (blue cards, weapons)
	var toss *ba.Event          // the Toss whose discard is not yet seen
	lookSeat := -1              // the seat whose look's kept cards come next
	var lastDraw []ba.Card      // the cards of the latest draw off the deck
	for _, e := range ev.Events {
		for len(looks) > 0 && looks[0].After < e.Seq {
			log = append(log, ba.Event{Type: "look_top", Seq: e.Seq, Cards: cardsOf(looks[0].Cards)})
			lookSeat = looks[0].Seat
			looks = looks[1:]
		}
		switch e.Type {
		case "draw", "take":
			if e.Reason == "deal" {
				continue // the opening hands are Hands
			}
			switch {
			case e.Type == "draw" && e.Zone == "" && e.FromSeat < 0:
				cards := e.Cards
				if e.Count > 0 && len(e.Cards) == 0 {
					if e.Reason == "look_top" && e.Seat != lookSeat && e.Count == 2 {
						// A look at the top nobody saw: its three cards are
						// unknown, two kept by the chooser, and the one put
						// back is the next card off the deck (unknown.go).
						log = append(log, ev.unseenLook(e), ba.Event{Type: "draw", Seq: e.Seq, Seat: e.Seat, Reason: "look_top"})
						continue
					}
					if e.Reason == "look_top" || e.Seat == lookSeat {
						// The look itself was not seen: which of its cards
						// went back on the deck is not known.
						return log, fmt.Sprintf("the cards seat %d kept of a look at the top at seq %d were seen by no one", e.Seat, e.Seq)
					}
					cards = make([]ba.Card, e.Count) // unknown cards of the hand (unknown.go)
				}
				d := ba.Event{Type: "draw", Seq: e.Seq, Seat: e.Seat, Cards: cards, Reason: e.Reason}
				if e.Seat == lookSeat && e.Reason == "" {
					d.Reason, lookSeat = "look_top", -1
				}
				log = append(log, d)
				lastDraw = e.Cards
			case e.Zone == "hand" && e.FromSeat >= 0 && e.Reason != "eliminated":
				// A card taken at random from a hand (Snatch, Grip, Tollman).
				c := e.Card
				if c == nil && len(e.Cards) == 1 {
					c = &e.Cards[0]
				}
				if c == nil {
					// Taken unseen: an unknown card of the taker's hand,
					// one of the giver's (unknown.go).
					c = &ba.Card{}
				}
				log = append(log, ba.Event{Type: "take", Seq: e.Seq, Seat: e.Seat, FromSeat: e.FromSeat, Zone: "hand", Card: c})
			}
			for _, c := range e.Cards {
				delete(inPlay, c.UID)
			}
		case "check":
			if e.Kind == "red_suit" && e.Card != nil && slices.ContainsFunc(lastDraw, func(c ba.Card) bool { return c.UID == e.Card.UID }) {
				continue // the second card of a draw of two, named by it
			}
			if e.Card != nil {
				log = append(log, ba.Event{Type: "check", Seq: e.Seq, Card: e.Card})
			}
		case "cover_check":
			if e.Coin {
				log = append(log, ba.Event{Type: "cover_check", Seq: e.Seq, Coin: true, Flips: e.Flips})
			}
		case "reshuffle":
			log = append(log, ba.Event{Type: "reshuffle", Seq: e.Seq})
		case "glory_bounty", "look_top", "prayer", "marshal_briefing":
			if e.Type == "glory_bounty" && e.Count > 0 && len(e.Cards) == 0 {
				e.Cards = make([]ba.Card, e.Count) // unknown cards of the killer's hand
			}
			log = append(log, e) // the judge's own vocabulary, read as it is
		case "card_played":
			switch e.Command {
			case "play_equip_blue", "play_weapon":
				inPlay[e.UID] = true
			case "play_discard_any":
				c := e
				toss = &c
				continue
			}
		case "discard":
			if e.Reason == "discard_any" {
				log = append(log, e)
			} else if toss != nil && e.Seat == toss.TargetSeat && len(e.UIDs) == 1 && !inPlay[e.UIDs[0]] {
				// The Toss took a card of the target's hand, at random.
				log = append(log, ba.Event{Type: "discard", Seq: e.Seq, Reason: "discard_any", Zone: "hand", UIDs: e.UIDs})
			}
			for _, u := range e.UIDs {
				delete(inPlay, u)
			}
		}
		toss = nil
	}
	return log, ""
}

// hidesCards reports whether some card came into a hand that no source
// shows (an opening hand, a draw, a take, a bounty).
func (ev Evidence) hidesCards() bool {
	for s := range ev.Config.Seats {
		if at2(ev.Hands, s) == nil {
			return true
		}
	}
	return slices.ContainsFunc(ev.Events, func(e ba.Event) bool {
		switch e.Type {
		case "draw", "glory_bounty":
			return e.Count > len(e.Cards)
		case "take":
			return e.Card == nil && len(e.Cards) == 0
		}
		return false
	})
}

// unseenLook is the look at the top whose kept cards the draw d shows
// no one: three cards, the first the one put back, known when the next
// card off the deck is seen, else an unknown card of the hand that next
// draws (its seat TargetSeat, its seq Amount); the other two unknown
// cards of the chooser's hand. Which card the chooser put back is private:
// the replay's decision puts back the first (a public log's decisions are
// inferred, the first that fits).
func (ev Evidence) unseenLook(d ba.Event) ba.Event {
	look := ba.Event{Type: "look_top", Seq: d.Seq, Seat: d.Seat, TargetSeat: -1, Cards: make([]ba.Card, 3)}
	i, _ := slices.BinarySearchFunc(ev.Events, d.Seq+1, func(e ba.Event, q int) int { return e.Seq - q })
	for _, e := range ev.Events[i:] {
		switch {
		case e.Type == "draw" && e.Zone == "" && e.FromSeat < 0 && e.Reason != "deal" && e.Count > 0,
			e.Type == "glory_bounty" && e.Count > 0:
			if len(e.Cards) > 0 {
				look.Cards[0] = e.Cards[0]
			} else {
				look.TargetSeat, look.Amount = e.Seat, e.Seq
			}
			return look
		case e.Type == "check" && e.Card != nil:
			look.Cards[0] = *e.Card
			return look
		}
	}
	return look
}

func at2(l [][]string, i int) []string {
	if i < len(l) {
		return l[i]
	}
	return nil
}

// dealCount is the number of cards seat's opening hand holds, as the
// deal's draw shows it, and its seq.
func (ev Evidence) dealCount(seat int) (int, bool) {
	for _, e := range ev.Events {
		if e.Type == "draw" && e.Reason == "deal" && e.Seat == seat {
			return e.Count, true
		}
	}
	return 0, false
}

func (ev Evidence) dealSeq(seat int) int {
	for _, e := range ev.Events {
		if e.Type == "draw" && e.Reason == "deal" && e.Seat == seat {
			return e.Seq
		}
	}
	return 0
}

// roles are the roles by seat: those seen, then those the evidence shows
// later (an eliminated seat's role), then the roles of the table left when
// they are all alike. A role still unseen is "": never guessed.
func (ev Evidence) roles() []string {
	n := ev.Config.Seats
	roles := make([]string, n)
	copy(roles, ev.Roles)
	for _, e := range ev.Events {
		if e.Type == "eliminated" && e.Seat >= 0 && e.Seat < n && roles[e.Seat] == "" {
			roles[e.Seat] = e.RoleID
		}
	}
	left := ba.RoleTable(n, ev.Config.RoleMode)
	for _, r := range roles {
		if i := slices.Index(left, r); r != "" && i >= 0 {
			left = slices.Delete(left, i, i+1)
		}
	}
	// The end names the winning team's seats (§10): a seat among them
	// holds one of the team's roles, a seat not among them none.
	var over *ba.Event
	for i := range ev.Events {
		if e := &ev.Events[i]; e.Type == "game_over" && e.WinnerTeam != "" {
			over = e
		}
	}
	could := func(s int, r string) bool {
		if over == nil {
			return true
		}
		return slices.Contains(teamRoles(over.WinnerTeam), r) == slices.Contains(over.WinnerSeats, s)
	}
	for progress := true; progress; {
		progress = false
		for s := range roles {
			if roles[s] != "" {
				continue
			}
			one := ""
			for _, r := range left {
				if could(s, r) && r != one {
					if one != "" {
						one = "?"
						break
					}
					one = r
				}
			}
			if one != "" && one != "?" {
				roles[s] = one
				i := slices.Index(left, one)
				left = slices.Delete(left, i, i+1)
				progress = true
			}
		}
	}
	if slices.Contains(roles, "") {
		ev.standInRoles(roles, left)
	}
	return roles
}

// standInRoles fills the roles still unseen (left are the table's roles
// not placed) with the first placing that the match as the evidence shows
// it allows (§10 applied after each elimination: no end before the last
// one the events show, and the end they show after it; the briefing's
// seats aides or the impostor). A living seat's
// role shows in no event but through the end, so any such placing changes
// no event a source shows; if none fits, the roles stay unseen.
func (ev Evidence) standInRoles(roles, left []string) {
	var outs []int // the seats eliminated, in order
	var over *ba.Event
	for i := range ev.Events {
		switch e := &ev.Events[i]; e.Type {
		case "eliminated":
			outs = append(outs, e.Seat)
		case "game_over":
			over = e
		}
	}
	fits := func(try []string) bool {
		for _, b := range ev.Briefed {
			// The briefing names the impostor and a real aide (§2).
			if b >= 0 && b < len(try) && try[b] != ba.RoleAide && try[b] != ba.RoleImpostor {
				return false
			}
		}
		alive := make([]bool, len(try))
		for s := range alive {
			alive[s] = true
		}
		for i, s := range outs {
			if s < 0 || s >= len(alive) {
				return false
			}
			alive[s] = false
			team, seats, ok := ba.WinOf(ev.Config, try, alive)
			if i < len(outs)-1 && ok {
				return false // the match would have ended before
			}
			if i == len(outs)-1 && over != nil && over.Reason == "normal" && (!ok || team != over.WinnerTeam || !slices.Equal(seats, over.WinnerSeats)) {
				return false
			}
		}
		return true
	}
	var free []int
	for s, r := range roles {
		if r == "" {
			free = append(free, s)
		}
	}
	if len(free) != len(left) || len(free) > 8 {
		return
	}
	try := slices.Clone(roles)
	slices.Sort(left)
	used := make([]bool, len(left))
	var place func(k int) bool
	place = func(k int) bool {
		if k == len(free) {
			return fits(try)
		}
		for i, r := range left {
			if used[i] || i > 0 && left[i-1] == r && !used[i-1] {
				continue // each distinct placing once
			}
			used[i], try[free[k]] = true, r
			if place(k + 1) {
				return true
			}
			used[i] = false
		}
		return false
	}
	if place(0) {
		copy(roles, try)
	}
}

// teamRoles are the roles of each winning team of game_over (§10).
func teamRoles(team string) []string {
	switch team {
	case ba.TeamLaw:
		return []string{ba.RoleMarshal, ba.RoleAide}
	case ba.TeamRaiders:
		return []string{ba.RoleRaider, ba.RoleImpostor}
	case ba.TeamLone:
		return []string{ba.RoleLone}
	}
	return nil
}

func at(l []string, i int) string {
	if i < len(l) {
		return l[i]
	}
	return ""
}

func cardsOf(uids []string) []ba.Card {
	out := make([]ba.Card, len(uids))
	for i, u := range uids {
		out[i] = ba.Card{UID: u}
	}
	return out
}

// OpeningHand is seat's opening hand, from its hand (in hand order) at an
// observation whose events reach seq upTo: the cards the events show it
// drew since the deal are taken out. ok is false when the events show the
// hand lost a card since the deal (played, discarded, taken), or gained
// one whose name they do not show: the opening hand is then not seen.
func OpeningHand(hand []string, seat int, events []ba.Event, upTo int) (opening []string, ok bool) {
	gained := map[string]bool{}
	for _, e := range events {
		if e.Seq > upTo {
			break
		}
		switch {
		case e.Type == "draw" && e.Reason == "deal":
			// The deal itself, in a server's log that shows it.
		case e.Type == "draw" && e.Seat == seat:
			if e.Count > len(e.Cards) {
				return nil, false
			}
			for _, c := range e.Cards {
				gained[c.UID] = true
			}
		case e.Type == "card_played" && e.Seat == seat,
			e.Type == "discard" && e.Seat == seat,
			(e.Type == "draw" || e.Type == "take") && e.FromSeat == seat:
			return nil, false
		}
	}
	opening = []string{}
	for _, u := range hand {
		if !gained[u] {
			opening = append(opening, u)
		}
	}
	return opening, true
}
