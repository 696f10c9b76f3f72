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
// a server showed and check that it was possible (judge.Shown, in
// referee/bangarena/judge). Cards are named by uid ("shot_07"), seats by
// number. The slices handed to a method are the engine's scratch: an
// implementation orders or reads them during the call and keeps none. The
// engine panics when a Chance names a card or an action it was not offered:
// an implementation that takes outcomes from elsewhere validates them first.
//
// Seeded is umpire's own implementation (its embedded server, simulate,
// certify, and verify --seed): ChaCha8 keyed with the SHA-256 of the seed,
// each outcome drawn with math/rand/v2 (Shuffle for orders, IntN for the
// rest), in the order the engine asks.
//
// # An unseen deck
//
// judge.Shown answers each call with the outcome a log shows, checking it
// against what the call offers: the roles dealt must be an order of the
// role table, the characters a draw from the pool, the taken card one of
// the hand's uids. The deck is the one outcome such a Chance cannot name
// in full when it is shuffled: its order shows only as cards come off it.
// So Deal and Reshuffle may leave entries of the deck unseen (the empty
// uid ""): the engine keeps each unseen entry as
// "one card of this shuffle, not named yet", and asks Reveal which card it
// is when it comes off the deck or is looked at (top first), offering the
// cards of that shuffle not yet named. The cards of one shuffle stay one
// segment (a reshuffle puts the discard pile under what is left of the
// deck; Three Eyes puts a known card back on top), so the deck is a stack
// of known cards and unseen segments. Seeded names every card when it
// shuffles, so its matches never call Reveal.
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
	// Reveal names the card an unseen entry of the deck holds, when it
	// comes off the deck or is looked at: one of candidates, the cards of
	// its shuffle not named yet, which it must not modify.
	Reveal(candidates []string) string
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
	c := &seeded{own: true}
	c.src.Seed(sha256.Sum256([]byte(seed)))
	c.r = rand.New(&c.src)
	return c
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
	src rand.ChaCha8 // r's source when own, for Clone
	own bool         // false for FromRand
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

// Reveal is never called for Seeded's own deals (they name every card); it
// takes a uniform candidate, as a shuffle would have.
func (c *seeded) Reveal(candidates []string) string { return candidates[c.r.IntN(len(candidates))] }

func (c *seeded) Coin() bool { return c.r.IntN(2) == 1 }

func (c *seeded) FromHand(hand []string) string { return hand[c.r.IntN(len(hand))] }

func (c *seeded) Aide(aides []int) int { return aides[c.r.IntN(len(aides))] }

func (c *seeded) Prayer() bool { return c.r.IntN(5) == 0 }

func (c *seeded) Replacement(ids []string) string { return ids[c.r.IntN(len(ids))] }

func (c *seeded) Clone() Chance {
	if !c.own {
		panic("bangarena: Clone of a Chance made by FromRand")
	}
	d := &seeded{own: true}
	b, _ := c.src.MarshalBinary()
	_ = d.src.UnmarshalBinary(b)
	d.r = rand.New(&d.src)
	return d
}

// uids returns the uids of cards in the game's scratch slice, which the
// next call reuses: a Chance is handed it and must not keep it.
func (g *Game) uids(cards []int) []string {
	out := g.uidBuf[:0]
	if cap(out) < len(cards) {
		out = make([]string, 0, max(len(cards), deckSize))
	}
	for _, c := range cards {
		out = append(out, uidTable[c])
	}
	g.uidBuf = out
	return out
}

// unseen returns the deck entry of a card of segment k not named yet;
// segmentOf is its inverse. Named entries are card indices (≥ 0).
func unseen(k int) int { return -1 - k }

func segmentOf(entry int) int { return -1 - entry }

// order writes into cards the order a Chance gave to uids, which were the
// uids of cards: a named uid becomes its card, and the entries left unseen
// ("") become one new segment holding the cards not named. It panics when
// the Chance named a card that was not handed to it, or one twice.
func (g *Game) order(cards []int, uids []string) {
	var left [deckSize]bool
	for _, c := range cards {
		left[c] = true
	}
	blank := 0
	for i, u := range uids {
		if u == "" {
			blank++
			continue
		}
		c, ok := uidIndex[u]
		if !ok || !left[c] {
			panic("bangarena: the Chance put " + u + " in an order it was not handed, or twice")
		}
		left[c] = false
		cards[i] = c
	}
	if blank == 0 {
		return
	}
	k := len(g.segs)
	seg := make([]int, 0, blank)
	for c, l := range left {
		if l {
			seg = append(seg, c)
		}
	}
	g.segs = append(g.segs, seg)
	for i, u := range uids {
		if u == "" {
			cards[i] = unseen(k)
		}
	}
}

// reveal names deck entry i (asking the Chance when it is unseen) and
// returns its card.
func (g *Game) reveal(i int) int {
	e := g.deck[i]
	if e >= 0 {
		return e
	}
	k := segmentOf(e)
	seg := g.segs[k]
	u := g.chance.Reveal(g.uids(seg))
	c, ok := uidIndex[u]
	j := indexOf(seg, c)
	if !ok || j < 0 {
		panic("bangarena: the Chance revealed " + u + ", not a card of the unseen shuffle")
	}
	g.segs[k] = removeAt(seg, j)
	g.deck[i] = c
	return c
}

// randomFromHand asks the match's Chance for the card taken at random from
// hand and returns its index in hand. It panics when the Chance names a
// card the hand does not hold: an implementation validates its outcomes.
func (g *Game) randomFromHand(hand []int) int {
	u := g.chance.FromHand(g.uids(hand))
	i := indexOf(hand, uidIndex[u])
	if i < 0 || uidTable[hand[i]] != u {
		panic("bangarena: the Chance took " + u + ", a card the hand does not hold")
	}
	return i
}
