package judge

import (
	"cmp"
	"fmt"
	"slices"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// Problem is an outcome a log shows that could not have happened (or that
// the log does not show where the engine needs one), with the rule whose
// outcome it is.
type Problem struct {
	Rule    string
	Message string
	// Seq is the seq of the event that shows the outcome (0 when the log
	// shows none).
	Seq int
}

// Shown is a ba.Chance answering from a full log (see the package doc).
// Make one per replay with NewShown; Problems lists what it could not take
// from the log. When an outcome is impossible or missing it still answers
// (with a possible outcome), so that the replay goes on and its events
// diverge from the log's where the server went wrong.
type Shown struct {
	roles, chars []string // by seat, from role and deal events
	briefed      []int    // seats the Marshal's briefing names
	cards        []string // the cards off the deck, in the order they come off ("": unknown)
	cardSeat     []int    // the seat whose hand each card goes to (for unknown cards)
	assumed      []string // cards placed on the judge's reading of a look nobody saw
	shuffles     []int    // where in cards each reshuffle's cards begin (about)
	unk          *unknowns
	coins        []bool
	picks        []string // cards taken at random from a hand ("": unseen)
	pickTo       []int    // the seat each was taken into (-1: the discard pile)
	prayers      []bool
	// seq[k][i] is the seq of the event showing outcome i of kind k
	// (cards, coins, picks, prayers); dealSeq and briefSeq likewise.
	seq               [4][]int
	dealSeq, briefSeq int
	roleRule          string // the rule that deals the roles (match_start's table)

	next     [4]int // cursors into cards, coins, picks, prayers
	unseen   string // why an outcome the replay asked for could not be named
	unseenAt int    // len(problems) when unseen was set: the later ones are its consequences
	why      string // NewSeen's why: the outcome the evidence stops before
	public   bool   // the evidence holds no private event (a public log alone)
	// sees[seat] is set when the evidence holds seat's private events
	// (its role reached it); partial when it holds some seats' only.
	sees    []bool
	partial bool
	// briefUnseen: no source could see the briefing (Evidence.BriefingUnseen).
	briefUnseen bool
	problems    []Problem
	// events are the events the evidence shows, in seq order (read only,
	// shared by clones): what a judge may look ahead at.
	events []ba.Event
}

// After returns the events the evidence shows after seq, in seq order (at
// most n): a judge that must choose between readings of one line (which
// decision a log left out) reads what follows it.
func (s *Shown) After(seq, n int) []ba.Event {
	i, _ := slices.BinarySearchFunc(s.events, seq+1, func(e ba.Event, q int) int { return e.Seq - q })
	return s.events[i:min(len(s.events), i+n)]
}

// NewShown reads the outcomes a full log shows: the log gathered as
// evidence that sees everything (FromLog), judged as the seats' evidence is
// (NewSeen). A log that leaves an outcome unseen (a deal line missing, a
// draw without its cards) answers up to it; the outcomes the engine asks
// for after it are problems of their own rules.
func NewShown(log []ba.Event) *Shown {
	s, _ := NewSeen(FromLog(log))
	return s
}

// readOutcomes reads the outcomes of a log in the judge's own vocabulary
// (Evidence.outcomes writes it): roles and characters by seat, the cards
// off the deck in order, coins, random picks, prayers, the briefing.
func readOutcomes(log []ba.Event) *Shown {
	s := &Shown{}
	back := map[string]bool{} // put back on the deck by a look at the top
	var looked []ba.Card      // the last look at the top, not yet resolved
	for i := range log {
		e := &log[i]
		switch e.Type {
		case "match_start":
			if e.Config != nil {
				s.roleRule = ba.RoleRule(e.Config.Seats, e.Config.RoleMode)
			}
		case "role":
			s.roles = setAt(s.roles, e.Seat, e.RoleID)
			s.dealSeq = cmp.Or(s.dealSeq, e.Seq)
		case "deal":
			s.chars = setAt(s.chars, e.Seat, e.CharacterID)
			s.dealSeq = cmp.Or(s.dealSeq, e.Seq)
		case "marshal_briefing":
			s.briefSeq = e.Seq
			s.briefUnseen = e.Reason == "unseen"
			for _, k := range e.Known {
				s.briefed = append(s.briefed, k.Seat)
			}
		case "look_top":
			looked = e.Cards
			s.deck(e, e.Cards, back)
			if n := len(s.cards); e.TargetSeat >= 0 && n >= 3 && s.cards[n-3] == "" {
				// A look nobody saw (Evidence.unseenLook): the card put
				// back is the next drawer's.
				s.cardSeat[n-3], s.seq[0][n-3] = e.TargetSeat, e.Amount
			} else if e.TargetSeat < 0 && n >= 3 && e.Reason == "" && len(e.Cards) == 3 && e.Cards[0].UID != "" && e.Cards[1].UID == "" {
				// A look nobody saw whose card put back is seen next: that
				// it was put back is the judge's reading, not the server's.
				s.assumed = append(s.assumed, e.Cards[0].UID)
			}
		case "draw":
			if e.Reason == "look_top" {
				// The kept cards were revealed by the look; the one not
				// kept went back on top and comes off again later.
				if len(e.Cards) == 0 && len(looked) == 3 {
					back[looked[0].UID] = true // a look nobody saw: the first
					looked = nil
					continue
				}
				for _, c := range looked {
					if !slices.ContainsFunc(e.Cards, func(k ba.Card) bool { return k.UID == c.UID }) {
						back[c.UID] = true
					}
				}
				looked = nil
				continue
			}
			s.deck(e, e.Cards, back)
		case "glory_bounty":
			s.deck(e, e.Cards, back)
		case "reshuffle":
			s.shuffles = append(s.shuffles, len(s.cards))
		case "check":
			if e.Card != nil {
				s.deck(e, []ba.Card{*e.Card}, back)
			}
		case "cover_check":
			if e.Coin {
				s.coins = append(s.coins, e.Flips...)
				s.seen(1, e, len(e.Flips))
			}
		case "take":
			if e.Zone == "hand" && e.Card != nil {
				s.picks = append(s.picks, e.Card.UID)
				s.pickTo = append(s.pickTo, e.Seat)
				s.seen(2, e, 1)
			}
		case "discard":
			if e.Reason == "discard_any" && e.Zone == "hand" && len(e.UIDs) == 1 {
				s.picks = append(s.picks, e.UIDs[0])
				s.pickTo = append(s.pickTo, -1)
				s.seen(2, e, 1)
			}
		case "prayer":
			if e.Result != "declined" {
				s.prayers = append(s.prayers, e.Result == "returned")
				s.seen(3, e, 1)
			}
		}
	}
	return s
}

// deck appends the cards that came off the deck, leaving out those put
// back by a look at the top (they are known, not drawn from a shuffle).
func (s *Shown) deck(e *ba.Event, cards []ba.Card, back map[string]bool) {
	for _, c := range cards {
		if back[c.UID] {
			delete(back, c.UID)
			continue
		}
		if c.UID == "" && len(back) == 1 {
			// A card nobody saw come off the deck, just after a look put
			// one back on top: it is that card, named by the look.
			clear(back)
			continue
		}
		s.cards = append(s.cards, c.UID)
		s.cardSeat = append(s.cardSeat, e.Seat)
		s.seen(0, e, 1)
	}
}

// seen records that e shows n outcomes of kind k.
func (s *Shown) seen(k int, e *ba.Event, n int) {
	for range n {
		s.seq[k] = append(s.seq[k], e.Seq)
	}
}

func setAt(l []string, i int, v string) []string {
	if i < 0 || i > 64 {
		return l
	}
	for len(l) <= i {
		l = append(l, "")
	}
	l[i] = v
	return l
}

// Problems returns what the log showed that could not have happened.
func (s *Shown) Problems() []Problem { return s.problems }

// Unseen says why the replay is inconclusive from the outcome the evidence
// could not name, once the replay reached one ("" until then): the
// outcomes it answered after it are stand-ins, not judged, and the
// problems from UnseenAt on are its consequences, not findings.
func (s *Shown) Unseen() string { return s.unseen }

// Named reports whether the judge named a card nobody saw uid (claimed
// from where the evidence shows it, or a stand-in): where the replay shows
// it and the evidence shows another card, the naming may be what differs.
func (s *Shown) Named(uid string) bool { return s.unk != nil && s.unk.named[uid] }

// UnseenAt is the number of Problems recorded before Unseen was set.
func (s *Shown) UnseenAt() int {
	if s.unseen == "" {
		return len(s.problems)
	}
	return s.unseenAt
}

// Public reports whether the evidence holds no private event at all (no
// seat's role, no decision): a public log alone, whose every decision is
// left out and whose private events are missing by design.
func (s *Shown) Public() bool { return s.public }

// Partial reports whether the evidence holds the private events of some
// seats and not of others (the streams of the seats handed over, without
// the room log): the others' decisions and private events are left out,
// as a public log leaves out everyone's.
func (s *Shown) Partial() bool { return s.partial }

// Sees reports whether the evidence holds seat's private events.
func (s *Shown) Sees(seat int) bool { return seat >= 0 && seat < len(s.sees) && s.sees[seat] }

// inconclusive sets Unseen (the first reason stays).
func (s *Shown) inconclusive(why string) {
	if s.unseen == "" {
		s.unseen, s.unseenAt = why, len(s.problems)
	}
}

// dry notes that the replay asked for an outcome past what the evidence
// shows: when NewSeen said why (an outcome nobody saw), it is that.
func (s *Shown) dry() {
	if s.why != "" {
		s.inconclusive(s.why)
	}
}

func (s *Shown) problem(seq int, rule, format string, args ...any) {
	s.problems = append(s.problems, Problem{Rule: rule, Message: fmt.Sprintf(format, args...), Seq: seq})
}

// at returns the seq of the event showing outcome i of kind k (0: none).
func (s *Shown) at(k, i int) int {
	if i < len(s.seq[k]) {
		return s.seq[k][i]
	}
	return 0
}

// Deal orders the roles and characters as the log deals them, after
// checking that they are an order of the role table and distinct
// characters of the pool; the deck stays unseen.
func (s *Shown) Deal(roles, chars, deck []string) {
	if len(s.roles) != len(roles) || !sameMultiset(s.roles, roles) {
		s.dry()
		s.problem(s.dealSeq, cmp.Or(s.roleRule, "bangarena/2.role-distribution"), "the roles dealt %v are no order of the table's roles %v", s.roles, roles)
	} else {
		copy(roles, s.roles)
	}
	if chars != nil {
		n := len(roles)
		ok := len(s.chars) == n
		for i := 0; ok && i < n; i++ {
			j := slices.Index(chars[i:], s.chars[i])
			if j < 0 {
				ok = false
				break
			}
			chars[i], chars[i+j] = chars[i+j], chars[i]
		}
		if !ok {
			s.dry()
			s.problem(s.dealSeq, "bangarena/6.character-deal", "the characters dealt %v are not distinct characters of the pool", s.chars)
		}
	}
	for i := range deck {
		deck[i] = ""
	}
}

// Reshuffle leaves the reshuffled pile unseen.
func (s *Shown) Reshuffle(pile []string) {
	for i := range pile {
		pile[i] = ""
	}
}

// Reveal names the next card the log shows coming off the deck; it must be
// one of the cards of its shuffle not drawn yet.
func (s *Shown) Reveal(cands []string) string {
	if i := s.next[0]; i < len(s.cards) && s.cards[i] == "" && s.unk != nil {
		// A card nobody saw come off the deck (unknown.go).
		s.next[0]++
		// The cards the evidence shows coming off this shuffle later.
		end := len(s.cards)
		if k, _ := slices.BinarySearch(s.shuffles, i+1); k < len(s.shuffles) {
			end = s.shuffles[k]
		}
		c, ok := s.unk.name(s.cardSeat[i], s.at(0, i), cands, s.cards[i+1:max(end, i+1)])
		if !ok {
			s.problem(s.at(0, i), "bangarena/5.deck", "seat %d draws a card nobody saw, but the evidence shows every card left in its shuffle elsewhere", s.cardSeat[i])
			return cands[0]
		}
		return c
	}
	return s.nextOf(0, s.cards, cands, "bangarena/5.deck",
		"a card comes off the deck that the log does not show",
		"%s comes off the deck, but it is not among the cards that could be there")
}

// nextOf takes the next outcome of stream k (its shown values are shown)
// and checks that it is one of cands; a stream run dry or an outcome not
// among cands is a problem under rule, and the first candidate stands in,
// so the replay goes on.
func (s *Shown) nextOf(k int, shown, cands []string, rule, dry, notIn string) string {
	i := s.next[k]
	if i >= len(shown) {
		s.dry()
		s.problem(0, rule, "%s", dry)
		return cands[0]
	}
	s.next[k]++
	if !slices.Contains(cands, shown[i]) {
		if s.unk != nil && (s.unk.named[shown[i]] || slices.Contains(s.assumed, shown[i]) || k == 2 && slices.ContainsFunc(cands, func(c string) bool { return s.unk.named[c] })) {
			// The judge named an unknown card so (unknown.go), and the
			// evidence shows it elsewhere, or the hand it is taken from
			// holds cards the judge named: its naming, not the server,
			// may have gone wrong. Inconclusive from here, never a finding.
			s.inconclusive(fmt.Sprintf("the cards nobody saw could not all be placed: %s shows at seq %d where the judge had not placed it", shown[i], s.at(k, i)))
			return cands[0]
		}
		s.problem(s.at(k, i), rule, notIn, shown[i])
		return cands[0]
	}
	return shown[i]
}

// Coin is the next Cover coin the log shows.
func (s *Shown) Coin() bool {
	i := s.next[1]
	if i >= len(s.coins) {
		s.dry()
		s.problem(0, "bangarena/8.cover-coin", "a Cover coin is flipped that the log does not show")
		return false
	}
	s.next[1]++
	return s.coins[i]
}

// FromHand is the next card the log shows taken at random from a hand; it
// must be in the hand.
func (s *Shown) FromHand(hand []string) string {
	if i := s.next[2]; i < len(s.picks) && s.picks[i] == "" && s.unk != nil {
		// A card nobody saw taken (unknown.go).
		s.next[2]++
		if c, ok := s.unk.taken(s.pickTo[i], s.at(2, i), hand); ok {
			return c
		}
		s.inconclusive(fmt.Sprintf("the card seat %d took at random at seq %d was seen by no one, and the evidence does not tell which it was", s.pickTo[i], s.at(2, i)))
		return hand[0]
	}
	return s.nextOf(2, s.picks, hand, "bangarena/5.snatch",
		"a card is taken at random from a hand that the log does not show",
		"%s is taken at random from a hand that does not hold it")
}

// Aide is the real aide the Marshal's briefing names.
func (s *Shown) Aide(aides []int) int {
	for _, a := range s.briefed {
		if slices.Contains(aides, a) {
			return a
		}
	}
	if s.briefUnseen {
		return aides[0] // a stand-in: it shows only to the Marshal, whom no source is
	}
	s.problem(s.briefSeq, "bangarena/2.impostor-briefing", "the briefing names none of the aides %v", aides)
	return aides[0]
}

// Prayer is the next prayer's answer the log shows.
func (s *Shown) Prayer() bool {
	i := s.next[3]
	if i >= len(s.prayers) {
		return false
	}
	s.next[3]++
	return s.prayers[i]
}

// Replacement is never asked in a replay: a server's replacement of an
// illegal answer shows as the decision it applied.
func (s *Shown) Replacement(ids []string) string { return ids[0] }

// Clone returns a copy that answers from the same point of the log.
func (s *Shown) Clone() ba.Chance {
	c := *s
	c.problems = slices.Clone(s.problems)
	c.unk = s.unk.clone()
	return &c
}

func sameMultiset(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}
