package proxyside

import (
	"bytes"
	"encoding/json"

	"github.com/tidwall/gjson"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// eventCache keeps the events of a seat's previous DecisionRequest, decoded,
// with their bytes: an observation repeats every earlier event, so only the
// ones that are new (or whose bytes changed) are decoded again. Decoding
// the whole list every time costs as much as everything else the relay
// does together.
type eventCache struct {
	raws   [][]byte
	events []ba.Event
}

// decodeRequest decodes a DecisionRequest as json.Unmarshal does, reusing
// c's decoded events where their bytes are the same, and updates c.
func decodeRequest(body []byte, c *eventCache) (ba.DecisionRequest, error) {
	var req ba.DecisionRequest
	ev := gjson.GetBytes(body, "observation.events")
	if !ev.IsArray() || ev.Index <= 0 {
		err := json.Unmarshal(body, &req)
		return req, err
	}
	// The request without its events: cheap to decode.
	rest := make([]byte, 0, len(body)-len(ev.Raw)+2)
	rest = append(append(append(rest, body[:ev.Index]...), "[]"...), body[ev.Index+len(ev.Raw):]...)
	if err := json.Unmarshal(rest, &req); err != nil {
		return req, err
	}
	var raws [][]byte
	var events []ba.Event
	var err error
	i := 0
	ev.ForEach(func(_, e gjson.Result) bool {
		raw := []byte(e.Raw)
		var x ba.Event
		if i < len(c.raws) && bytes.Equal(c.raws[i], raw) {
			x = c.events[i]
		} else if err = json.Unmarshal(raw, &x); err != nil {
			return false
		}
		raws, events = append(raws, raw), append(events, x)
		i++
		return true
	})
	if err != nil {
		return req, err
	}
	c.raws, c.events = raws, events
	req.Observation.Events = events
	return req, nil
}

// decodeLight decodes of a DecisionRequest what the judge reads of one
// with nothing to decide: the seat, version, phase, winner, players and
// known roles (no events).
func decodeLight(body []byte) (ba.DecisionRequest, error) {
	var req ba.DecisionRequest
	r := gjson.ParseBytes(body)
	req.SeatID = int(r.Get("seatId").Int())
	req.ObservationVersion = int(r.Get("observationVersion").Int())
	obs := r.Get("observation")
	req.Observation.You = int(obs.Get("you").Int())
	req.Observation.Phase = obs.Get("phase").String()
	if w := obs.Get("winnerTeam"); w.Type == gjson.String {
		team := w.String()
		req.Observation.WinnerTeam = &team
	}
	for _, f := range []struct {
		path string
		into any
	}{{"players", &req.Observation.Players}, {"knownRoles", &req.Observation.KnownRoles}} {
		if raw := obs.Get(f.path); raw.Exists() && raw.Type != gjson.Null {
			if err := json.Unmarshal([]byte(raw.Raw), f.into); err != nil {
				return req, err
			}
		}
	}
	return req, nil
}
