package proxy

import (
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestEventReadOnce: an event the server sends every seat is read once for
// all of them (what was read of it is kept for the other seats), and each
// seat is still judged on its own: a deal_private of seat 0 passed to
// seat 1 breaks no-peek for seat 1 only, and an event that does not
// validate is read, and charged, for every seat it reaches.
func TestEventReadOnce(t *testing.T) {
	p, err := New(Options{Game: GameInference, Target: "http://127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	const id = "m-read-once"
	conns := map[int]*infConn{}
	send := func(seat int, data string) {
		c := conns[seat]
		if c == nil {
			c = &infConn{p: p, matchID: id, seat: seat}
			conns[seat] = c
		}
		c.see(wsMsg{at: time.Now(), typ: websocket.MessageText, data: []byte(data)})
	}
	deal := `{"type":"event","match_id":"` + id + `","event":{"type":"deal_private","round":1,"seat":0,"value":42}}`
	send(0, deal)
	send(1, deal)
	im := p.inf[id]
	im.m.mu.Lock()
	kept := len(im.read)
	hidden := im.m.checks[infServerHidden].findings
	im.m.mu.Unlock()
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
	im.m.mu.Lock()
	schema := im.m.checks[infServerSchema].findings
	kept = len(im.read)
	im.m.mu.Unlock()
	if len(schema) != 3 {
		t.Fatalf("%d schema findings, want one per seat the invalid event reached", len(schema))
	}
	if kept != 1 {
		t.Fatalf("%d events kept, want the invalid one not kept", kept)
	}
}
