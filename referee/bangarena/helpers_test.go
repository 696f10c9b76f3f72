package bangarena

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// scenario builds a game in a state set up by hand: the given characters
// and roles, full hp, empty hands, the whole pack in the deck in table
// order, and seat `turn` in its play phase.
func scenario(t *testing.T, mode string, chars, roles []string, turn int) *Game {
	t.Helper()
	n := len(chars)
	g, err := NewGame(Config{Seats: n, RoleMode: mode, Characters: chars}, "scenario")
	if err != nil {
		t.Fatal(err)
	}
	g.events = nil
	g.choices, g.atk = nil, nil
	g.deck = g.deck[:0]
	for i := deckSize - 1; i >= 0; i-- {
		g.deck = append(g.deck, i)
	}
	g.discard = nil
	for s := range g.seats {
		st := &g.seats[s]
		st.role, st.hand, st.inPlay, st.weapon, st.alive, st.known = roles[s], nil, nil, -1, true, nil
		if roles[s] == RoleMarshal {
			g.marshal = s
		}
		st.maxHp, _ = charMaxHp(chars[s], mode)
		st.hp = st.maxHp
	}
	g.turnSeat, g.phase, g.round, g.shots = turn, PhasePlay, 1, 0
	g.over = false
	return g
}

// take pulls a card of the given id (first copy not yet placed) out of the
// deck or discard pile.
func (g *Game) take(t *testing.T, id string) int {
	t.Helper()
	for i, c := range g.deck {
		if deckTable[c].id == id {
			g.deck = removeAt(g.deck, i)
			return c
		}
	}
	for i, c := range g.discard {
		if deckTable[c].id == id {
			g.discard = removeAt(g.discard, i)
			return c
		}
	}
	t.Fatalf("no free card %s", id)
	return -1
}

// give puts cards of the given ids in seat's hand and returns their uids.
func (g *Game) give(t *testing.T, seat int, ids ...string) []string {
	t.Helper()
	var out []string
	for _, id := range ids {
		c := g.take(t, id)
		g.seats[seat].hand = append(g.seats[seat].hand, c)
		out = append(out, uidTable[c])
	}
	return out
}

// equip puts a card of id in play before seat (weapons into the weapon slot).
func (g *Game) equip(t *testing.T, seat int, id string) string {
	t.Helper()
	c := g.take(t, id)
	if cardKind(id) == kindWeapon {
		g.seats[seat].weapon = c
	} else {
		g.seats[seat].inPlay = append(g.seats[seat].inPlay, c)
	}
	return uidTable[c]
}

// stack puts a card with the given id, suit and (optionally) rank on top
// of the deck; ids may be "" for any card of that suit.
func (g *Game) stack(t *testing.T, suit string, rank func(string) bool) string {
	t.Helper()
	for i, c := range g.deck {
		if deckTable[c].suit == suit && (rank == nil || rank(deckTable[c].rank)) {
			g.deck = append(removeAt(g.deck, i), c)
			return uidTable[c]
		}
	}
	t.Fatalf("no %s card left", suit)
	return ""
}

// mustApply applies an action or fails the test.
func (g *Game) mustApply(t *testing.T, seat int, id string) {
	t.Helper()
	if err := g.Apply(seat, id, nil); err != nil {
		t.Fatalf("Apply(%d, %q): %v\nlegal: %v", seat, id, err, ids(g.Legal(seat)))
	}
}

// mustReject applies an action that must fail with rule.
func (g *Game) mustReject(t *testing.T, seat int, id string, args json.RawMessage, rule string) {
	t.Helper()
	v := g.version
	err := g.Apply(seat, id, args)
	if err == nil {
		t.Fatalf("Apply(%d, %q) accepted, want rejection by %s", seat, id, rule)
	}
	if got := rules.RuleOf(err); got != rule {
		t.Fatalf("Apply(%d, %q): rule %q (%v), want %q", seat, id, got, err, rule)
	}
	if g.version != v {
		t.Fatalf("rejected Apply changed the version")
	}
}

func ids(l []LegalAction) []string {
	out := make([]string, len(l))
	for i, a := range l {
		out[i] = a.ActionID
	}
	return out
}

func hasID(l []LegalAction, id string) bool {
	for _, a := range l {
		if a.ActionID == id {
			return true
		}
	}
	return false
}

// eventsOf returns the events of a type since the scenario began.
func (g *Game) eventsOf(typ string) []Event {
	var out []Event
	for _, e := range g.Log() {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

// conserved checks that the 80 cards are each in exactly one place.
func conserved(g *Game) error { return g.conserved() }

func ruleOf(err error) string { return rules.RuleOf(err) }

// fixedSource is a rand.Source that always returns the same value: with 1
// every coin is lucky (IntN(2) = 1), with 2 every coin fails; both give
// IntN(n) = 0 for small odd n without looping.
type fixedSource uint64

func (f fixedSource) Uint64() uint64 { return uint64(f) }

// coins makes every Cover coin of g come up lucky (true) or not.
func (g *Game) coins(lucky bool) {
	if lucky {
		g.chance = FromRand(rand.New(fixedSource(1)))
	} else {
		g.chance = FromRand(rand.New(fixedSource(2)))
	}
}

// startTurn begins seat's turn and runs it to the first decision.
func (g *Game) startTurn(s int) {
	g.beginTurn(s)
	g.advance()
}

// four is a 4-seat table: Marshal at 0, raiders at 1 and 2, loner at 3.
var fourRoles = []string{RoleMarshal, RoleRaider, RoleRaider, RoleLone}

// neutral4 gives every seat Three Eyes-free, draw-neutral characters for
// play-phase scenarios (Tollman only acts when hit by a player).
func chars(cs ...string) []string { return cs }

// covers names the rules a test checks (for the catalogue's citation
// check and the test log); it fails on an id that is not well-formed.
func covers(t *testing.T, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if !rules.ValidID(id) {
			t.Fatalf("malformed rule id %q", id)
		}
	}
	t.Logf("rules: %v", ids)
}
