package bangarena

import (
	"fmt"
	"strings"
)

// The deck of krug_rules@0.1.0 §5: 80 cards. The rules fix the copies per
// card and (§8) the suit totals — hearts 21, diamonds 20, clubs 20, spades
// 19, with exactly 12 spades of rank 2–9 — but not which card carries which
// suit and rank. umpire ships the assignment below (I-BA-2): the Flasks, the
// Saloon and the Dynamite are hearts (Dynamite the 2 of hearts), two Jails
// are the 10 and J of spades and the third a heart; every other card takes
// the next suit of the cycle diamonds, clubs, spades, hearts that still has
// room, in the order of the §5 table; ranks run 2…A within each suit (spades:
// 2–9, 2–5, then 10–A, 10, J).
//
// A card's uid is "<cardId>_<two-digit copy number>", e.g. "shot_07".

// cardDef is one physical card.
type cardDef struct {
	id   string
	copy int
	suit string
	rank string
}

// deckTable is the fixed 80-card assignment; a card's index in it is its
// identity inside the engine. It is never modified.
var deckTable = [deckSize]cardDef{
	{"shot", 1, "diamonds", "2"},
	{"shot", 2, "clubs", "2"},
	{"shot", 3, "spades", "2"},
	{"shot", 4, "hearts", "2"},
	{"shot", 5, "diamonds", "3"},
	{"shot", 6, "clubs", "3"},
	{"shot", 7, "spades", "3"},
	{"shot", 8, "hearts", "3"},
	{"shot", 9, "diamonds", "4"},
	{"shot", 10, "clubs", "4"},
	{"shot", 11, "spades", "4"},
	{"shot", 12, "hearts", "4"},
	{"shot", 13, "diamonds", "5"},
	{"shot", 14, "clubs", "5"},
	{"shot", 15, "spades", "5"},
	{"shot", 16, "hearts", "5"},
	{"shot", 17, "diamonds", "6"},
	{"shot", 18, "clubs", "6"},
	{"shot", 19, "spades", "6"},
	{"shot", 20, "hearts", "6"},
	{"shot", 21, "diamonds", "7"},
	{"shot", 22, "clubs", "7"},
	{"shot", 23, "spades", "7"},
	{"shot", 24, "hearts", "7"},
	{"shot", 25, "diamonds", "8"},
	{"miss", 1, "clubs", "8"},
	{"miss", 2, "spades", "8"},
	{"miss", 3, "hearts", "8"},
	{"miss", 4, "diamonds", "9"},
	{"miss", 5, "clubs", "9"},
	{"miss", 6, "spades", "9"},
	{"miss", 7, "hearts", "9"},
	{"miss", 8, "diamonds", "10"},
	{"miss", 9, "clubs", "10"},
	{"miss", 10, "spades", "2"},
	{"miss", 11, "hearts", "10"},
	{"miss", 12, "diamonds", "J"},
	{"heal_self", 1, "hearts", "J"},
	{"heal_self", 2, "hearts", "Q"},
	{"heal_self", 3, "hearts", "K"},
	{"heal_self", 4, "hearts", "A"},
	{"heal_self", 5, "hearts", "2"},
	{"heal_self", 6, "hearts", "3"},
	{"steal_near", 1, "clubs", "J"},
	{"steal_near", 2, "spades", "3"},
	{"steal_near", 3, "hearts", "4"},
	{"steal_near", 4, "diamonds", "Q"},
	{"discard_any", 1, "clubs", "Q"},
	{"discard_any", 2, "spades", "4"},
	{"discard_any", 3, "hearts", "5"},
	{"discard_any", 4, "diamonds", "K"},
	{"duel", 1, "clubs", "K"},
	{"duel", 2, "spades", "5"},
	{"duel", 3, "hearts", "6"},
	{"raid", 1, "diamonds", "A"},
	{"raid", 2, "clubs", "A"},
	{"draw2", 1, "spades", "Q"},
	{"draw2", 2, "diamonds", "2"},
	{"market", 1, "clubs", "2"},
	{"market", 2, "spades", "K"},
	{"heal_all", 1, "hearts", "7"},
	{"draw3", 1, "diamonds", "3"},
	{"aoe_shot", 1, "clubs", "3"},
	{"jail", 1, "spades", "10"},
	{"jail", 2, "spades", "J"},
	{"jail", 3, "hearts", "8"},
	{"cover", 1, "spades", "A"},
	{"cover", 2, "diamonds", "4"},
	{"mount", 1, "clubs", "4"},
	{"mount", 2, "spades", "10"},
	{"scope", 1, "diamonds", "5"},
	{"bomb", 1, "hearts", "2"},
	{"weapon_volcanic", 1, "clubs", "5"},
	{"weapon_volcanic", 2, "spades", "J"},
	{"weapon_short", 1, "diamonds", "6"},
	{"weapon_short", 2, "clubs", "6"},
	{"weapon_short", 3, "diamonds", "7"},
	{"weapon_rifle", 1, "clubs", "7"},
	{"weapon_carbine", 1, "diamonds", "8"},
	{"weapon_long", 1, "clubs", "8"},
}

// deckSize is the number of cards of the pack.
const deckSize = 80

// uidTable holds the uids of deckTable, index for index.
var uidTable = func() (u [deckSize]string) {
	for i, c := range deckTable {
		u[i] = fmt.Sprintf("%s_%02d", c.id, c.copy)
	}
	return u
}()

// uidIndex maps a uid to its card index.
var uidIndex = func() map[string]int {
	m := make(map[string]int, deckSize)
	for i := range deckTable {
		m[uidTable[i]] = i
	}
	return m
}()

// Card is a card object of the wire (WIRE.md): uid, card id, suit and rank.
type Card struct {
	UID    string `json:"uid"`
	CardID string `json:"cardId"`
	Suit   string `json:"suit"`
	Rank   string `json:"rank"`
}

// CardByUID returns the card object with the given uid.
func CardByUID(uid string) (Card, bool) {
	i, ok := uidIndex[uid]
	if !ok {
		return Card{}, false
	}
	return cardOf(i), true
}

// PinnedUID reports whether uid has WIRE.md's form <cardId>_<two digits>
// for a card id of §5 (shot_07), whether or not the pack holds that copy.
func PinnedUID(uid string) bool {
	i := strings.LastIndexByte(uid, '_')
	if i < 0 || len(uid)-i != 3 || uid[i+1] < '0' || uid[i+1] > '9' || uid[i+2] < '0' || uid[i+2] > '9' {
		return false
	}
	return IsCardID(uid[:i])
}

// uidRule names the rule a uid no card of the pack carries breaks: one of
// the pinned form names a copy §5 does not have (5.deck); one of another
// form breaks only WIRE.md's pin of the form (5.uid-form).
func uidRule(uid string) string {
	if PinnedUID(uid) {
		return "bangarena/5.deck"
	}
	return "bangarena/5.uid-form"
}

// IsCardID reports whether id is a card id of §5's table.
func IsCardID(id string) bool {
	for i := range deckTable {
		if deckTable[i].id == id {
			return true
		}
	}
	return false
}

// Deck returns the 80 card objects of the pack in table order.
func Deck() []Card {
	out := make([]Card, deckSize)
	for i := range deckTable {
		out[i] = cardOf(i)
	}
	return out
}

func cardOf(i int) Card {
	c := deckTable[i]
	return Card{UID: uidTable[i], CardID: c.id, Suit: c.suit, Rank: c.rank}
}

// Card kinds of §5.
const (
	kindBrown  = "brown"
	kindBlue   = "blue"
	kindWeapon = "weapon"
)

// cardKind returns brown, blue or weapon for a card id.
func cardKind(id string) string {
	switch id {
	case "jail", "cover", "mount", "scope", "bomb":
		return kindBlue
	}
	if weaponRange(id) > 0 {
		return kindWeapon
	}
	return kindBrown
}

// weaponRange is the printed range of a weapon card id (0 for non-weapons).
func weaponRange(id string) int {
	switch id {
	case "weapon_volcanic":
		return 1
	case "weapon_short":
		return 2
	case "weapon_rifle":
		return 3
	case "weapon_carbine":
		return 4
	case "weapon_long":
		return 5
	}
	return 0
}

// WeaponRange is the printed range of a weapon card id (§5), 0 for a card
// that is no weapon.
func WeaponRange(id string) int { return weaponRange(id) }

// face returns the suit and rank card i carries in this match: the pack's
// (umpire's assignment, a reading: I-BA-2), or the one the config's Faces
// name (a server's own assignment, as its card objects show it).
func (g *Game) face(i int) (suit, rank string) {
	suit, rank = deckTable[i].suit, deckTable[i].rank
	if c, ok := g.cfg.Faces[uidTable[i]]; ok && c.Suit != "" {
		suit, rank = c.Suit, c.Rank
	}
	return suit, rank
}

func (g *Game) isRed(i int) bool { s, _ := g.face(i); return s == "hearts" || s == "diamonds" }

func (g *Game) isHearts(i int) bool { s, _ := g.face(i); return s == "hearts" }

// explodes reports whether a Dynamite check card is a spade of rank 2–9.
func (g *Game) explodes(i int) bool {
	suit, rank := g.face(i)
	if suit != "spades" {
		return false
	}
	switch rank {
	case "2", "3", "4", "5", "6", "7", "8", "9":
		return true
	}
	return false
}

// DeckTop returns the top n cards of the deck, top first (fewer when the
// deck holds fewer), naming each card the Chance had not named yet: the
// hidden pile itself, which no view shows (§11: deckCount only). For an
// embedded server's fault that leaks it; it does not change the game's
// state beyond fixing which card lies where.
func (g *Game) DeckTop(n int) []Card {
	var out []Card
	for i := len(g.deck) - 1; i >= 0 && len(out) < n; i-- {
		out = append(out, g.cardsOut([]int{g.reveal(i)})...)
	}
	return out
}
