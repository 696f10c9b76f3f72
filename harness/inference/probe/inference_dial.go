package probe

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/coder/websocket"
)

// dialSeatMode is dialSeat offering the compression mode given: with
// CompressionNoContextTakeover the handshake offers permessage-deflate, as
// browsers and the ws library do; a server may take it or not.
//
// raw is the network connection under it (conform.ConnClient), which
// closeSeat closes outright when the closing handshake does not end.
func dialSeatMode(ctx context.Context, t *conform.Target, matchID string, seat int, mode websocket.CompressionMode) (c *websocket.Conn, raw *conform.RawConns, err error) {
	client, raw := t.ConnClient()
	c, resp, err := websocket.Dial(ctx, wsURL(t, matchID, seat), &websocket.DialOptions{HTTPClient: client, CompressionMode: mode})
	if resp != nil && resp.Body != nil {
		_ = resp.Body.Close()
	}
	if err != nil {
		raw.Close()
		if resp != nil && resp.StatusCode != http.StatusSwitchingProtocols {
			return nil, nil, &handshakeError{seat: seat, status: resp.StatusCode, err: err}
		}
		return nil, nil, fmt.Errorf("seat %d: connecting: %w", seat, err)
	}
	c.SetReadLimit(maxMessageBytes)
	return c, raw, nil
}

// maxMessageBytes is the longest message a seat reads (WIRE.md: 1 MiB).
const maxMessageBytes = 1 << 20

// closeSeat closes a seat's connection with the closing handshake, within
// closeWait; past it the network connection is closed outright (the
// library's handshake reads on through a frame the server announced, 2 GiB
// or more, and nothing else ends that read).
func closeSeat(c *websocket.Conn, raw *conform.RawConns, reason string) {
	done := make(chan struct{})
	go func() {
		_ = c.Close(websocket.StatusNormalClosure, reason)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(closeWait):
		raw.Close()
		_ = c.CloseNow()
	}
}

// joinCompression is the compression the i-th seat of a join offers: the
// second seat offers permessage-deflate, so a server's compression path is
// exercised; the others offer none.
func joinCompression(i int) websocket.CompressionMode {
	if i == 1 {
		return websocket.CompressionNoContextTakeover
	}
	return websocket.CompressionDisabled
}
