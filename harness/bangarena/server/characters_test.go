package server

import (
	"encoding/json"
	"net/http"
	"testing"
)

// TestRoomCharacters: the harness extension's characters setting fixes the
// character of every seat (so a conformance run can put each ability of
// §6, bangarena/6.character-deal, on a table); a list of the wrong length
// or an unknown character is a 422 config error.
func TestRoomCharacters(t *testing.T) {
	f := newFixture(t, Options{})
	chars := []string{"char_08", "char_14", "char_15", "char_01"}
	c := f.create(RoomConfig{Seats: 4, Seed: "chars", Agents: []int{0, 1, 2, 3}, Characters: chars})
	st, w, body := f.observe(c.RoomID, 0, c.Tokens[0])
	if st != http.StatusOK {
		t.Fatalf("observe: %d %s", st, body)
	}
	for s, p := range w.Observation.Players {
		if p.CharacterID != chars[s] {
			t.Errorf("seat %d: have character %q, want %q", s, p.CharacterID, chars[s])
		}
	}
	for _, bad := range [][]string{{"char_01"}, {"char_01", "char_02", "char_03", "char_99"}} {
		b, _ := json.Marshal(RoomConfig{Seats: 4, Agents: []int{0}, Characters: bad})
		if st, body := f.do("POST", "/api/ai/rooms", "", b); st != http.StatusUnprocessableEntity {
			t.Errorf("characters %v: have %d %s, want 422", bad, st, body)
		}
	}
}
