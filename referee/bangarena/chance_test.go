package bangarena

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// scripted is a Chance whose outcomes a test fixes: the deal leaves the
// roles and characters as given and puts the pack in table order (uid
// "shot_01" at the bottom), and a hand gives up its last card; the rest is
// umpire's stream.
type scripted struct {
	Chance
	picks int
}

func (s *scripted) Deal(roles, chars, deck []string) {
	copy(deck, uidTable[:])
}

func (s *scripted) FromHand(hand []string) string { s.picks++; return hand[len(hand)-1] }

func (s *scripted) Clone() Chance { c := *s; return &c }

// TestChanceDeals: the deal is the Chance's: roles in table order, the
// characters given, and the opening hands off the top of the pack in the
// order the Chance put it.
func TestChanceDeals(t *testing.T) {
	chars := []string{"char_01", "char_02", "char_03", "char_05"}
	g, err := NewGameWith(Config{Seats: 4, Characters: chars}, "chance", &scripted{Chance: Seeded("chance")})
	if err != nil {
		t.Fatal(err)
	}
	want := roleTable(4, ModeClassic)
	top := deckSize - 1
	for _, e := range g.Log() {
		switch e.Type {
		case "role":
			if e.RoleID != want[e.Seat] {
				t.Errorf("seat %d dealt %s, the Chance gave %s", e.Seat, e.RoleID, want[e.Seat])
			}
		case "draw":
			for _, c := range e.Cards {
				if c.UID != uidTable[top] {
					t.Fatalf("drew %s, the top of the Chance's deck was %s", c.UID, uidTable[top])
				}
				top--
			}
		}
	}
	if top == deckSize-1 {
		t.Fatal("no card was drawn")
	}
	if g.Seed() != "chance" || g.Log()[0].SeedCommit != seedCommit("chance") {
		t.Error("the seed commitment is not the seed's")
	}
}

// TestChanceTakesFromHand: a Snatch of a hand takes the card the Chance
// names.
func TestChanceTakesFromHand(t *testing.T) {
	g := scenario(t, ModeClassic, []string{"char_01", "char_02", "char_03", "char_05"}, fourRoles, 0)
	sc := &scripted{Chance: Seeded("x")}
	g.chance = sc
	steal := g.take(t, "steal_near")
	a, b := g.take(t, "miss"), g.take(t, "duel")
	g.seats[0].hand = []int{steal}
	g.seats[1].hand = []int{a, b}
	g.pick(0, act{cmd: cSteal, target: 1, zone: "hand"})
	if sc.picks != 1 || !slices.Equal(g.seats[1].hand, []int{a}) || !slices.Contains(g.seats[0].hand, b) {
		t.Fatalf("picks %d, hands %v %v: want the last card %s taken", sc.picks, g.seats[0].hand, g.seats[1].hand, uidTable[b])
	}
}

// TestChanceMustNameAHandCard: an outcome no hand holds is refused loudly.
func TestChanceMustNameAHandCard(t *testing.T) {
	g := scenario(t, ModeClassic, []string{"char_01", "char_02", "char_03", "char_05"}, fourRoles, 0)
	g.chance = &foreign{Chance: Seeded("x")}
	defer func() {
		if recover() == nil {
			t.Fatal("a card outside the hand was taken")
		}
	}()
	g.randomFromHand([]int{g.take(t, "miss")})
}

type foreign struct{ Chance }

func (foreign) FromHand([]string) string { return "bomb_01" }

// TestSeededClone: a clone of Seeded gives the outcomes the original gives.
func TestSeededClone(t *testing.T) {
	a := Seeded("clone")
	a.Coin()
	b := a.Clone()
	for i := range 64 {
		if a.Coin() != b.Coin() {
			t.Fatalf("coin %d differs", i)
		}
	}
	h := []string{"a", "b", "c", "d", "e"}
	if a.FromHand(h) != b.FromHand(h) || a.Replacement(h) != b.Replacement(h) {
		t.Fatal("a pick differs")
	}
}

// TestRandomLegalIsTheChances: the replacement is the action the Chance
// names.
func TestRandomLegalIsTheChances(t *testing.T) {
	g, _ := NewGame(Config{Seats: 4}, "replace")
	seat, _ := g.Decider()
	items := g.Legal(seat)
	last := lastID{}
	a, ok := g.RandomLegal(seat, &last)
	if !ok || a.ActionID != items[len(items)-1].ActionID || last.n != len(items) {
		t.Fatalf("replacement %q of %d offered; want the last of %d", a.ActionID, last.n, len(items))
	}
}

type lastID struct {
	Chance
	n int
}

func (l *lastID) Replacement(ids []string) string { l.n = len(ids); return ids[len(ids)-1] }

// lazy is Seeded with the deck left unseen: it learns each order from
// Seeded but hands the engine blanks, and names each card only when Reveal
// asks, checking that the engine offers exactly the cards of that shuffle
// not named yet.
type lazy struct {
	Chance
	t        *testing.T
	stacks   [][]string // per shuffle, the order Seeded gave (top = last), revealed cards popped
	reveals  int
	reshuffd int // reveals from a reshuffled pile
}

func (l *lazy) blank(order []string) {
	l.stacks = append(l.stacks, append([]string(nil), order...))
	for i := range order {
		order[i] = ""
	}
}

func (l *lazy) Deal(roles, chars, deck []string) {
	l.Chance.Deal(roles, chars, deck)
	l.blank(deck)
}

func (l *lazy) Reshuffle(pile []string) {
	l.Chance.Reshuffle(pile)
	l.blank(pile)
}

func (l *lazy) Reveal(cands []string) string {
	want := slices.Sorted(slices.Values(cands))
	for k, s := range l.stacks {
		if len(s) == 0 || !slices.Equal(slices.Sorted(slices.Values(s)), want) {
			continue
		}
		c := s[len(s)-1]
		l.stacks[k] = s[:len(s)-1]
		l.reveals++
		if k > 0 {
			l.reshuffd++
		}
		return c
	}
	l.t.Fatalf("Reveal offered %v, the cards of no shuffle", want)
	return ""
}

func (l *lazy) Clone() Chance {
	c := *l
	c.Chance = l.Chance.Clone()
	c.stacks = make([][]string, len(l.stacks))
	for i, s := range l.stacks {
		c.stacks[i] = append([]string(nil), s...)
	}
	return &c
}

// TestUnseenDeckPlaysAlike: a deck left unseen and named card by card as
// it comes off (Reveal) plays exactly the match the named deck plays, over
// reshuffles and looks at the top; a Clone carries the unseen cards.
func TestUnseenDeckPlaysAlike(t *testing.T) {
	reveals, reshuffled := 0, 0
	for i, cfg := range []Config{{Seats: 4}, {Seats: 5, RoleMode: ModeImpostor}, {Seats: 6, RoleMode: ModeLegacy}, {Seats: 7, StagedCharacters: true}, {Seats: 8, RoleMode: ModePartners}} {
		seed := fmt.Sprintf("unseen-%d", i)
		want, err := NewGame(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		l := &lazy{Chance: Seeded(seed), t: t}
		got, err := NewGameWith(cfg, seed, l)
		if err != nil {
			t.Fatal(err)
		}
		pb := rand.NewPCG(uint64(i), 7)
		ra, rb := rand.New(rand.NewPCG(uint64(i), 7)), rand.New(pb)
		var clone *Game
		var rc *rand.Rand
		for n := 0; n < 5000 && !want.Over(); n++ {
			want.PlayRandom(ra)
			got.PlayRandom(rb)
			if n == 100 {
				pc := *pb
				clone, rc = got.Clone(), rand.New(&pc)
			} else if clone != nil {
				clone.PlayRandom(rc)
			}
		}
		if !reflect.DeepEqual(want.Log(), got.Log()) {
			t.Fatalf("%+v: the unseen deck's match differs from the named deck's", cfg)
		}
		if clone != nil && !reflect.DeepEqual(clone.Log(), got.Log()) {
			t.Fatalf("%+v: the clone of the unseen deck's match differs", cfg)
		}
		reveals += l.reveals
		reshuffled += l.reshuffd
	}
	if reveals == 0 || reshuffled == 0 {
		t.Fatalf("%d reveals, %d from a reshuffled pile: want both", reveals, reshuffled)
	}
}

type twice struct{ Chance }

func (twice) Deal(roles, chars, deck []string) { deck[0] = deck[1] }

// TestChanceMustOrderWhatItIsHanded: a deal that names a card twice is
// refused loudly.
func TestChanceMustOrderWhatItIsHanded(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("a deck with a card twice was dealt")
		}
	}()
	_, _ = NewGameWith(Config{Seats: 4}, "twice", twice{Seeded("twice")})
}
