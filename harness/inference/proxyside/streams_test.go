package proxyside

import (
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestStreamsLostAreNoEvidence: a carried seat's stream is judged only
// when it is whole. A seat whose messages the judge partly missed, or that
// came back on a new connection, leaves the streams check inconclusive,
// not judged on what is left, and gives back what its stream held.
func TestStreamsLostAreNoEvidence(t *testing.T) {
	start := []byte(`{"type":"event","match_id":"m","event":{"type":"match_start","match_id":"m","seats":[0,1,2],"starting_credits":100,"seed_commit":"x"}}`)
	for _, tc := range []struct {
		name string
		cut  func(im *infMatch)
		lost bool
	}{
		{"whole", func(*infMatch) {}, false},
		{"judge missed messages", func(im *infMatch) { im.lost(0, 1) }, true},
		{"reconnected", func(im *infMatch) { im.opened(0) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, j := newTestRelay(t)
			im := j.matchFor("m")
			im.opened(0)
			im.server(0, time.Now(), websocket.MessageText, start)
			im.m.Lock()
			kept := len(im.seats[0].stream.events)
			im.m.Unlock()
			if kept != 1 {
				t.Fatalf("the stream kept %d events, want 1", kept)
			}
			tc.cut(im)
			im.judgeStreams()
			c := im.tally(infServerStreams)
			if got := c.Unknown > 0 && c.Ran == 0; got != tc.lost {
				t.Errorf("inconclusive %v (ran %d, unknown %d: %s), want %v", got, c.Ran, c.Unknown, c.Why, tc.lost)
			}
			im.m.Lock()
			defer im.m.Unlock()
			if tc.lost && (im.seats[0].stream.bytes != 0 || im.seats[0].stream.events != nil) {
				t.Errorf("a lost stream still holds %d bytes", im.seats[0].stream.bytes)
			}
		})
	}
}
