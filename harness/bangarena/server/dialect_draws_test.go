package server

import (
	"encoding/json"
	"testing"
)

// TestPublicZoneDraws: the dialect shows a take as draw {seat, count,
// fromSeat, zone, cards}, the card of a take from play to every seat, a
// hand take's card only where the take showed it.
func TestPublicZoneDraws(t *testing.T) {
	s, err := New(Options{Dialects: []Dialect{DialectPublicZoneDraws}})
	if err != nil {
		t.Fatal(err)
	}
	var obs map[string]any
	raw := `{"events":[
		{"seq":7,"type":"take","seat":1,"fromSeat":2,"zone":"inPlay","reason":"steal_near","card":{"uid":"mount_01","cardId":"mount","suit":"hearts","rank":"Q"}},
		{"seq":8,"type":"take","seat":1,"fromSeat":3,"zone":"hand","reason":"steal_near"},
		{"seq":9,"type":"turn_start","seat":2,"round":1}]}`
	if err := json.Unmarshal([]byte(raw), &obs); err != nil {
		t.Fatal(err)
	}
	s.publicZoneDraws("/api/ai/rooms/none/observe", obs)
	evs := asList(obs["events"])
	if e := evs[0]; e["type"] != "draw" || e["zone"] != "inPlay" || e["card"] != nil || len(e["cards"].([]any)) != 1 || e["count"] != 1 || e["reason"] != nil {
		t.Errorf("take from play rewritten as %v", e)
	}
	if e := evs[1]; e["type"] != "draw" || e["zone"] != "hand" || e["cards"] != nil || e["count"] != 1 {
		t.Errorf("take from a hand rewritten as %v", e)
	}
	if evs[2]["type"] != "turn_start" {
		t.Errorf("another event rewritten: %v", evs[2])
	}
}
