package proxyside

import (
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/umpire-arena/umpire/harness/proxy"
)

// TestEventReadOnce: an event the server sends every seat is read once for
// all of them (what was read of it is kept for the other seats), and each
// seat is still judged on its own: a deal_private of seat 0 passed to
// seat 1 breaks no-peek for seat 1 only, and an event that does not
// validate is read, and charged, for every seat it reaches.
func TestEventReadOnce(t *testing.T) {
	_, j := newTestRelay(t)
	const id = "m-read-once"
	conns := map[int]*infConn{}
	send := func(seat int, data string) {
		c := conns[seat]
		if c == nil {
			c = &infConn{j: j, matchID: id, seat: seat}
			conns[seat] = c
		}
		c.See(proxy.Message{At: time.Now(), Type: websocket.MessageText, Data: []byte(data)})
	}
	deal := `{"type":"event","match_id":"` + id + `","event":{"type":"deal_private","round":1,"seat":0,"value":42}}`
	send(0, deal)
	send(1, deal)
	im := j.matches[id]
	im.m.Lock()
	kept := len(im.read)
	hidden := im.m.Tally(infServerHidden).Findings
	im.m.Unlock()
	if kept != 1 {
		t.Fatalf("%d events kept, want the deal_private read once", kept)
	}
	if len(hidden) != 1 || hidden[0].Where.Seat == nil || *hidden[0].Where.Seat != 1 {
		t.Fatalf("no-peek findings %+v, want one for seat 1", hidden)
	}

	bad := `{"type":"event","match_id":"` + id + `","event":{"type":"round_start","round":"two"}}`
	for seat := range 3 {
		send(seat, bad)
	}
	im.m.Lock()
	schema := im.m.Tally(infServerSchema).Findings
	kept = len(im.read)
	im.m.Unlock()
	if len(schema) != 3 {
		t.Fatalf("%d schema findings, want one per seat the invalid event reached", len(schema))
	}
	if kept != 1 {
		t.Fatalf("%d events kept, want the invalid one not kept", kept)
	}
}
