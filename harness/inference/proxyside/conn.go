package proxyside

import (
	"github.com/coder/websocket"
	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/harness/proxy"
)

// infConn is one relayed Inference connection as its judge sees it: its
// match and seat, known from the URL or from the agent's hello. Only the
// connection's judge goroutine uses it.
type infConn struct {
	j       *judge
	matchID string
	seat    int
	im      *infMatch
	// pending counts messages lost before the connection was bound to a
	// seat (they are told to the match once it is known).
	pending int
}

func (c *infConn) bind() *infMatch {
	if c.im == nil && c.matchID != "" && c.seat >= 0 {
		c.im = c.j.matchFor(c.matchID)
		if c.im == nil {
			return nil // past MaxMatches: relayed unjudged, counted
		}
		c.im.opened(c.seat)
		if c.pending > 0 {
			c.im.lost(c.seat, c.pending)
			c.pending = 0
		}
	}
	return c.im
}

// See judges one message of the connection (a copy, taken as it passed).
func (c *infConn) See(msg proxy.Message) {
	if msg.Unreadable {
		if im := c.bind(); im != nil {
			im.unreadable(c.seat, msg.FromAgent)
		} else {
			c.pending++
		}
		return
	}
	if msg.FromAgent && c.im == nil && msg.Type == websocket.MessageText {
		if r := gjson.ParseBytes(msg.Data); r.Get("type").String() == "hello" {
			if c.matchID == "" {
				c.matchID = r.Get("match_id").String()
			}
			if c.seat < 0 {
				if s := r.Get("seat"); s.Type == gjson.Number {
					c.seat = int(s.Int())
				}
			}
		}
	}
	im := c.bind()
	if im == nil {
		return
	}
	if msg.FromAgent {
		im.agent(c.seat, msg.At, msg.Type, msg.Data)
	} else {
		im.server(c.seat, msg.At, msg.Type, msg.Data)
	}
}

// Lost counts n messages the judge never got.
func (c *infConn) Lost(_ bool, n int) {
	if n <= 0 {
		return
	}
	if im := c.bind(); im != nil {
		im.lost(c.seat, n)
		return
	}
	c.pending += n
}

// Closed ends the connection for its match (or counts its lost messages
// as unattributed when it never named one).
func (c *infConn) Closed() {
	im := c.bind()
	if im == nil {
		if c.pending > 0 {
			c.j.h.Unattributed(c.pending)
		}
		return
	}
	im.closed(c.seat)
}
