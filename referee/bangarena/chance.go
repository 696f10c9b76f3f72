package bangarena

import (
	"crypto/sha256"
	"math/rand/v2"
)

// Chance is where a match takes every random outcome of krug_rules@0.1.0
// from. The rules document says what may happen (a shuffled deck, a fair
// coin, a card taken at random from a hand…) but names no generator, so the
// engine does not own one: it asks its Chance, once per outcome, in the
// order the outcomes happen, and computes every consequence itself.
//
// The methods are named for the outcomes the rules have, not for raw
// integers, so that an implementation can also take each outcome from what
// a server showed and check that it was possible (see "Shown chance"
// below). Cards are named by uid ("shot_07"), seats by number.
//
// Seeded is umpire's own implementation (its embedded server, simulate,
// certify, and verify --seed): ChaCha8 keyed with the SHA-256 of the seed,
// each outcome drawn with math/rand/v2 as documented on its method.
//
// # Shown chance (the plan for the judge of any server)
//
// A second implementation will answer each call with the outcome a log or
// a seat's stream shows, checking it against what the call offers: the
// roles dealt must be a permutation of the role table, the characters a
// draw from the pool, the taken card one of the hand's uids, a coin a
// boolean, the replacement one of the action ids. The deck is the one
// outcome the engine cannot be told in full at the deal: its order stays
// hidden until cards come off it. The engine's deck is a stack of card
// indices (top = last) and every draw, check card and look at the top goes
// through popDeck or openLookTop, so the representation permits it: Deal
// and Reshuffle may leave the entries of the slice they are handed unseen
// (the empty uid), and the engine then keeps those entries as a marker of
// "one card of this shuffle's multiset", to be named when it comes off the
// deck (a Reveal method: "which card comes off the deck now", validated
// against the cards of that shuffle not yet drawn). The cards of one
// shuffle stay one segment: a reshuffle puts the discard pile, a multiset
// known to every seat, under what is left of the deck, and Three Eyes'
// put-back puts a known card on top, so the deck is a sequence of known
// cards and unseen segments, and the candidates for the top are always
// those of the top segment. Seeded never leaves an entry unseen, so its
// matches never take that path.
type Chance interface {
	// Deal deals the match (§2, §6, §5): it puts roles (the role table,
	// one per seat in seat order after the deal), chars (the character
	// pool, whose first entries go to the seats; nil when the config fixes
	// the characters) and deck (the 80 uids of the pack; the top of the
	// deck is the last entry) in their dealt order, in place.
	Deal(roles, chars, deck []string)
	// Reshuffle orders, in place, the cards of the discard pile that go
	// under the deck when it runs out (§3).
	Reshuffle(pile []string)
	// Coin flips a fair coin of a Cover check (§8): true is heads, the
	// side that cancels the hit.
	Coin() bool
	// FromHand names the card taken at random from a hand (Snatch and Toss
	// of a hand, Grip's take): one uid of hand, which it must not modify.
	FromHand(hand []string) string
	// Aide names the real aide the Marshal is told of in an impostor
	// briefing (§2): one seat of aides.
	Aide(aides []int) int
	// Prayer reports whether a prayer is answered (the staged Preacher's
	// one chance in five).
	Prayer() bool
	// Replacement names the item of legalActions that replaces a second
	// illegal answer under reask_then_random (§14): one of actionIDs.
	Replacement(actionIDs []string) string
	// Clone returns an independent copy that gives the same outcomes from
	// here on (Game.Clone).
	Clone() Chance
}

// Seeded returns umpire's chance for seed: ChaCha8 keyed with the SHA-256
// of the seed string's UTF-8 bytes, drawn through math/rand/v2.
func Seeded(seed string) Chance {
	src := rand.NewChaCha8(sha256.Sum256([]byte(seed)))
	return &seeded{r: rand.New(src), src: src}
}

// FromRand returns a Chance that draws each outcome from r as Seeded does
// from its generator. Clone is not supported (it panics): a server uses it
// for the replacement of illegal answers, which does not clone.
func FromRand(r *rand.Rand) Chance { return &seeded{r: r} }

// seeded draws each outcome from r with math/rand/v2: Shuffle for the
// orders (roles, then characters, then the deck; the reshuffled pile), and
// IntN for the rest.
type seeded struct {
	r   *rand.Rand
	src *rand.ChaCha8 // r's source, for Clone (nil for FromRand)
}

func (c *seeded) shuffle(s []string) {
	c.r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}

func (c *seeded) Deal(roles, chars, deck []string) {
	c.shuffle(roles)
	if chars != nil {
		c.shuffle(chars)
	}
	c.shuffle(deck)
}

func (c *seeded) Reshuffle(pile []string) { c.shuffle(pile) }

func (c *seeded) Coin() bool { return c.r.IntN(2) == 1 }

func (c *seeded) FromHand(hand []string) string { return hand[c.r.IntN(len(hand))] }

func (c *seeded) Aide(aides []int) int { return aides[c.r.IntN(len(aides))] }

func (c *seeded) Prayer() bool { return c.r.IntN(5) == 0 }

func (c *seeded) Replacement(ids []string) string { return ids[c.r.IntN(len(ids))] }

func (c *seeded) Clone() Chance {
	if c.src == nil {
		panic("bangarena: Clone of a Chance made by FromRand")
	}
	b, _ := c.src.MarshalBinary()
	src := new(rand.ChaCha8)
	_ = src.UnmarshalBinary(b)
	return &seeded{r: rand.New(src), src: src}
}

// uidsOfCards writes the uids of cards into a new slice.
func uidsOfCards(cards []int) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = uidTable[c]
	}
	return out
}

// cardsOfUIDs maps uids (as a Chance returned them) back to card indices
// into cards, which must be as long.
func cardsOfUIDs(cards []int, uids []string) {
	for i, u := range uids {
		cards[i] = uidIndex[u]
	}
}

// randomFromHand asks the match's Chance for the card taken at random from
// hand and returns its index in hand. It panics when the Chance names a
// card the hand does not hold: an implementation validates its outcomes.
func (g *Game) randomFromHand(hand []int) int {
	u := g.chance.FromHand(uidsOfCards(hand))
	i := indexOf(hand, uidIndex[u])
	if i < 0 || uidTable[hand[i]] != u {
		panic("bangarena: the Chance took " + u + ", a card the hand does not hold")
	}
	return i
}
