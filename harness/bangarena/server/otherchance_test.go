package server

import (
	"math/rand/v2"
	"reflect"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// deal returns the deal events (role, deal, draw) of g's log.
func deal(g *ref.Game) []ref.Event {
	var out []ref.Event
	for _, e := range g.Log() {
		if e.Type == "turn_start" {
			break
		}
		out = append(out, e)
	}
	return out
}

// TestOtherChanceDealsItsOwn: a room of the other-chance dialect is dealt
// by the dialect's Chance, not umpire's stream of the same seed (what
// `verify --seed` replays), while the seed commitment is the same.
func TestOtherChanceDealsItsOwn(t *testing.T) {
	for _, ds := range [][]Dialect{nil, {DialectOtherChance}} {
		s, err := New(Options{Dialects: ds})
		if err != nil {
			t.Fatal(err)
		}
		c, err := s.CreateRoom(RoomConfig{Seats: 5, Seed: "other", Agents: []int{0, 1, 2, 3, 4}})
		if err != nil {
			t.Fatal(err)
		}
		s.mu.RLock()
		r := s.rooms[c.RoomID]
		s.mu.RUnlock()
		r.mu.Lock()
		g := r.g.Clone()
		r.mu.Unlock()
		seeded, _ := ref.NewGame(g.Config(), "other")
		same := reflect.DeepEqual(deal(g), deal(seeded))
		if other := len(ds) > 0; same == other {
			t.Errorf("dialects %v: the deal is umpire's stream's: %v, want %v", ds, same, !other)
		}
		if g.Log()[0].SeedCommit != seeded.Log()[0].SeedCommit {
			t.Errorf("dialects %v: the seed commitment changed", ds)
		}
		_ = s.Shutdown(t.Context())
	}
}

// TestOtherChancePlays: matches dealt by the other-chance Chance play to
// their end, and a Clone of one goes on as the original does.
func TestOtherChancePlays(t *testing.T) {
	for i, mode := range []string{ref.ModeClassic, ref.ModeImpostor, ref.ModeLegacy} {
		chance, _ := dialectSet{DialectOtherChance: true}.chance("plays")
		g, err := ref.NewGameWith(ref.Config{Seats: 4 + 2*i, RoleMode: mode}, "plays", chance)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 1))
		for range 40 {
			g.PlayRandom(r)
		}
		c := g.Clone()
		ra, rb := rand.New(rand.NewPCG(9, 9)), rand.New(rand.NewPCG(9, 9))
		for n := 0; n < 5000 && !g.Over(); n++ {
			g.PlayRandom(ra)
			c.PlayRandom(rb)
		}
		if !g.Over() {
			t.Fatalf("%s: no end after 5000 decisions", mode)
		}
		if !reflect.DeepEqual(g.Log(), c.Log()) {
			t.Fatalf("%s: the clone's log differs", mode)
		}
	}
}

// TestCreateDeclaresChance: the create answer declares umpire's generator
// (docs/wire.md harness extension) exactly when the room draws with it.
func TestCreateDeclaresChance(t *testing.T) {
	for _, tc := range []struct {
		ds   []Dialect
		want string
	}{{nil, "umpire-chacha8"}, {[]Dialect{DialectOtherChance}, ""}} {
		_, c := dialectRoom(t, tc.ds...)
		if c.Chance != tc.want {
			t.Errorf("dialects %v: chance %q, want %q", tc.ds, c.Chance, tc.want)
		}
	}
}
