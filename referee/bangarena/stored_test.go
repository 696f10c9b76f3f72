package bangarena

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
)

// FuzzStoredRoundTrip checks that the compact storage gives back exactly
// the event emitted, whatever its fields (rare fields and integers the
// narrow fields cannot hold included).
func FuzzStoredRoundTrip(f *testing.F) {
	f.Add("draw", "x", 3, 5, int64(0), uint8(0))
	f.Add("game_over", "", -1, 200, int64(math.MaxInt32)+1, uint8(0xff))
	f.Add("card_played", "shot", 127, -129, int64(math.MinInt32)-1, uint8(0x55))
	f.Fuzz(func(t *testing.T, typ, s string, seat, n int, big int64, mask uint8) {
		e := newEvent(typ)
		e.Seq, e.Seat, e.TargetSeat, e.To, e.FromSeat = int(big), seat, n, seat%9, n%9
		e.Round, e.Amount, e.Count, e.Version = n, seat, int(big), n
		e.Command, e.ActionID, e.Reason, e.CardID, e.UID, e.Kind, e.Zone, e.PlayedAs = s, s, s, s, s, s, s, s
		e.Coin, e.secret = mask&1 != 0, mask&2 != 0
		if mask&4 != 0 {
			e.Card, e.Cards, e.UIDs = &Card{UID: s}, []Card{{CardID: s}}, []string{s}
		}
		if mask&8 != 0 {
			e.RoleID, e.Stars, e.MaxHp = s, n, seat
		}
		if mask&16 != 0 {
			e.Config, e.Flips, e.Known, e.WinnerSeats = &Config{Seats: n}, []bool{true}, []KnownRole{{Seat: seat}}, []int{n}
		}
		if mask&32 != 0 {
			e.Args = json.RawMessage(s)
		}
		if mask&64 != 0 {
			e.Perk, e.Result, e.WinnerTeam, e.RoleMode, e.Ruleset, e.CharacterID, e.SeedCommit = s, s, s, s, s, s, s
		}
		st := pack(&e)
		if have := st.event(); !reflect.DeepEqual(have, e) {
			t.Fatalf("stored event differs\nhave %+v\nwant %+v", have, e)
		}
	})
}

// TestStoredKeepsEveryLoggedEvent checks the round trip on every event of
// whole matches in every mode.
func TestStoredKeepsEveryLoggedEvent(t *testing.T) {
	covers(t, "bangarena/11.events")
	for _, tc := range []struct {
		name string
		cfg  Config
	}{
		{"classic", Config{Seats: 5}},
		{"partners", Config{Seats: 6, RoleMode: ModePartners}},
		{"impostor", Config{Seats: 8, RoleMode: ModeImpostor, StagedCharacters: true}},
		{"legacy", Config{Seats: 4, RoleMode: ModeLegacy}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewGame(tc.cfg, "stored-"+tc.name)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; !g.Over() && i < decisionCap; i++ {
				seat, _ := g.Decider()
				a, _ := g.DefaultAction(seat)
				if err := g.Apply(seat, a.ActionID, nil); err != nil {
					t.Fatal(err)
				}
			}
			rare := 0
			for i, e := range g.Log() {
				if e.Seq != i+1 {
					t.Fatalf("event %d has seq %d", i, e.Seq)
				}
				if st := pack(&e); st.rare != nil {
					rare++
				} else if have := st.event(); !reflect.DeepEqual(have, e) {
					t.Fatalf("event %d: have %+v want %+v", i, have, e)
				}
			}
			if rare == 0 || rare == len(g.Log()) {
				t.Fatalf("%d of %d events stored whole: the compact form is never or always used", rare, len(g.Log()))
			}
		})
	}
}
