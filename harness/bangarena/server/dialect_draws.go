package server

import (
	"encoding/json"
	"strings"
)

// publicZoneDraws rewrites the take events of an observation as
// DialectPublicZoneDraws shows them: draw {seq, seat, count, fromSeat, zone,
// cards}. A card from play, a weapon slot or the discard pile is shown to
// every seat (it lay face up, as the take event already shows it); the cards
// Scavenger takes from an eliminated seat (zone "eliminated") are shown to
// every seat too, read from the room's full log; a card taken from a hand
// stays the two seats' own (its cards only where the take showed them).
func (s *Server) publicZoneDraws(path string, obs map[string]any) {
	events := asList(obs["events"])
	if len(events) == 0 {
		return
	}
	var full map[int]json.RawMessage // the Scavenger takes of the log, by seq
	for _, e := range events {
		if e["type"] != "take" {
			continue
		}
		zone, _ := e["zone"].(string)
		e["type"] = "draw"
		delete(e, "reason")
		var cards []any
		if c, ok := e["card"]; ok && c != nil {
			cards = []any{c}
		}
		if l, ok := e["cards"].([]any); ok {
			cards = l
		}
		if zone == "all" {
			zone = "eliminated"
			if full == nil {
				full = s.scavengerTakes(path)
			}
			if raw, ok := full[seqOf(e["seq"])]; ok {
				var l []any
				if json.Unmarshal(raw, &l) == nil {
					cards = l
				}
			}
		}
		e["zone"] = zone
		delete(e, "card")
		if cards != nil {
			e["cards"] = cards
		}
		if _, ok := e["count"]; !ok || zone != "eliminated" {
			e["count"] = max(len(cards), 1)
		}
	}
}

// scavengerTakes returns the cards of the Scavenger takes of the room the
// observe path names, by seq, as the full log holds them.
func (s *Server) scavengerTakes(path string) map[int]json.RawMessage {
	out := map[int]json.RawMessage{}
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) < 4 {
		return out
	}
	r := s.room(parts[3])
	if r == nil {
		return out
	}
	r.mu.Lock()
	log := r.g.Log()
	r.mu.Unlock()
	for _, e := range log {
		if e.Type == "take" && e.Zone == "all" && len(e.Cards) > 0 {
			if b, err := json.Marshal(e.Cards); err == nil {
				out[e.Seq] = b
			}
		}
	}
	return out
}

// seqOf reads an event's seq as the rewrite decoded it (a json.Number).
func seqOf(v any) int {
	switch n := v.(type) {
	case json.Number:
		i, _ := n.Int64()
		return int(i)
	case float64:
		return int(n)
	}
	return -1
}
