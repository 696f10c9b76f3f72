package probe

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"reflect"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/referee/rules"
)

// infCheckEventsAreLog compares the events the session's seats received
// with the match log the harness extension serves after the match
// (GET /r/{id}.jsonl): the document calls events the match log's objects,
// so each seat's events, in the order received, must be lines of the log
// in the log's order, each of the same type as its line and with the same
// value in every field both carry (inference/wire.events.objects). A field
// on one side only is let be: WIRE.md allows a server fields of its own in
// messages and log lines alike, and the schema check judges the fields
// each type requires. Log lines a seat does not get (another seat's
// deal_private) are skipped over. One finding per seat.
func infCheckEventsAreLog(ctx context.Context, t *conform.Target) conform.Result {
	s, err := infObserve(ctx, t)
	if err != nil {
		return conform.SessionErr(err)
	}
	if s.logErr != nil {
		return conform.Skip("the match log could not be read (the harness extension GET /r/{id}.jsonl): %v", s.logErr)
	}
	var lines [][]byte
	sc := bufio.NewScanner(bytes.NewReader(s.log))
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) > 0 {
			lines = append(lines, bytes.Clone(sc.Bytes()))
		}
	}
	const rule = "inference/wire.events.objects"
	var res conform.Result
	told := map[int]bool{}
	next := map[int]int{} // per seat, the first log line not yet matched
	for i, m := range s.got {
		if m.Env.Type != "event" || told[m.Seat] {
			continue
		}
		ev := gjson.GetBytes(m.Raw, "event")
		if !ev.IsObject() {
			continue // a shape the schema check reports
		}
		res.Eval(rule)
		seat := m.Seat
		p := next[seat]
		for p < len(lines) && !holdsLine([]byte(ev.Raw), lines[p]) {
			p++
		}
		if p < len(lines) {
			next[seat] = p + 1
			continue
		}
		told[seat] = true
		where := rules.Where{Seat: &seat, Round: int(ev.Get("round").Int())}
		f := conform.NewFinding(rule, where, "a line of the match log, in the log's order", json.RawMessage(ev.Raw),
			"seat %d received a %s event that is no line of the match log after the events before it", seat, ev.Get("type").String())
		f.Transcript = s.around(i)
		res.Findings = append(res.Findings, f)
	}
	if len(res.Evaluated) == 0 {
		return conform.Skip("the seats received no event")
	}
	return res
}

// holdsLine reports whether the event object and the log line have the
// same type and the same value in every field both carry (numbers
// compared by their text).
func holdsLine(event, line []byte) bool {
	var ev, ln map[string]any
	de, dl := json.NewDecoder(bytes.NewReader(event)), json.NewDecoder(bytes.NewReader(line))
	de.UseNumber()
	dl.UseNumber()
	if de.Decode(&ev) != nil || dl.Decode(&ln) != nil || ev["type"] == nil || !reflect.DeepEqual(ev["type"], ln["type"]) {
		return false
	}
	for k, v := range ln {
		if w, ok := ev[k]; ok && !reflect.DeepEqual(v, w) {
			return false
		}
	}
	return true
}
