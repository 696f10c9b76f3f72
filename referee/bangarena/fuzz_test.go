package bangarena

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// FuzzApply feeds arbitrary seats, actionIds and args to a game in a
// random state: never a panic, a rejection is always a *rules.Error and
// leaves the version unchanged, an acceptance keeps the cards conserved.
func FuzzApply(f *testing.F) {
	for _, s := range []struct {
		steps uint8
		seat  int
		id    string
		args  string
	}{
		{0, 0, "end_play", ""},
		{3, 1, "shot:shot_07:3", `{"targetSeat":3}`},
		{10, 2, "discard", `{"cardUids":["shot_01"]}`},
		{20, 0, "glory:ch1:heart", "null"},
		{5, 0, "steal:steal_near_01:1:inPlay:mount_01", `{"pick":{"zone":"hand"}}`},
		{7, 3, "discard_heal:shot_01:shot_01", `[]`},
		{40, 1, "first_draw:ch2:hand:9", `{`},
		{2, -1, "pass_reaction", ""},
	} {
		f.Add(s.steps, s.seat, s.id, []byte(s.args))
	}
	f.Fuzz(func(t *testing.T, steps uint8, seat int, id string, args []byte) {
		g, err := NewGame(Config{Seats: 4 + int(steps)%5, RoleMode: []string{ModeClassic, ModeImpostor, ModeLegacy, ModePartners}[steps%4], StagedCharacters: steps%2 == 0}, "fuzz")
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(steps), 1))
		for range int(steps) {
			if _, ok := g.PlayRandom(r); !ok {
				break
			}
		}
		if d, ok := g.Decider(); ok && seat == 1000 {
			seat = d
		}
		v := g.Version()
		err = g.Apply(seat, id, json.RawMessage(args))
		if err != nil {
			if ruleOf(err) == "" {
				t.Fatalf("untyped rejection: %v", err)
			}
			if g.Version() != v {
				t.Fatal("a rejection changed the state")
			}
			return
		}
		if err := checkState(g); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzEventJSON feeds arbitrary bytes to the log reader: never a panic.
func FuzzEventJSON(f *testing.F) {
	f.Add([]byte(`{"seq":1,"type":"draw","seat":0,"count":2,"cards":[{"uid":"shot_01"}],"secret":true}`))
	f.Add([]byte(`{"seq":2,"type":"game_over","winnerTeam":null,"winnerSeats":[]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var e Event
		if err := json.Unmarshal(data, &e); err != nil {
			return
		}
		if _, err := json.Marshal(e); err != nil {
			t.Fatal(err)
		}
		_, _ = e.visibleTo(0)
	})
}

// FuzzDecodeLog feeds arbitrary bytes to the JSON Lines reader: never a
// panic, errors typed, and what it reads encodes back to lines it reads
// the same way.
func FuzzDecodeLog(f *testing.F) {
	f.Add([]byte("{\"seq\":1,\"type\":\"turn_start\",\"seat\":0,\"round\":1}\n\n{\"seq\":2,\"type\":\"reshuffle\",\"count\":3}\n"))
	f.Add([]byte("{\"seq\":0}\n"))
	f.Add([]byte("not json"))
	f.Fuzz(func(t *testing.T, data []byte) {
		events, err := DecodeLog(data)
		if err != nil {
			if ruleOf(err) == "" {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		again, err := DecodeLog(EncodeLog(events))
		if err != nil || len(again) != len(events) {
			t.Fatalf("re-read %d of %d events: %v", len(again), len(events), err)
		}
	})
}

// FuzzLegalFromView feeds arbitrary observations to LegalFromView: never a
// panic, errors typed.
func FuzzLegalFromView(f *testing.F) {
	g, _ := NewGame(Config{Seats: 5, RoleMode: ModeImpostor, StagedCharacters: true}, "fuzz-view")
	seat, _ := g.Decider()
	b, _ := json.Marshal(g.View(seat))
	f.Add(b)
	f.Add([]byte(`{"you":0,"turnSeat":0,"phase":"reaction","players":[{"seat":0,"roleId":"marshal","hp":1,"maxHp":1},{"seat":1}],"pendingReaction":{"kind":"duel","sourceSeat":1,"targetSeat":0},"reactionQueue":[0]}`))
	f.Add([]byte(`{"you":1,"turnSeat":0,"phase":"draw","players":[{"seat":0,"roleId":"marshal"},{"seat":1,"characterId":"char_07"}],"pendingChoice":{"choiceId":"ch1","kind":"look_top","seat":1,"cards":[{"uid":"shot_01"}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var v PlayerView
		if json.Unmarshal(data, &v) != nil {
			return
		}
		if _, err := LegalFromView(v); err != nil && ruleOf(err) == "" {
			t.Fatalf("untyped error %v", err)
		}
	})
}
