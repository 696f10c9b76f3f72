package probe

import (
	"context"
	"fmt"
	"net/http"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/coder/websocket"
)

// dialSeatMode is dialSeat offering the compression mode given: with
// CompressionNoContextTakeover the handshake offers permessage-deflate, as
// browsers and the ws library do; a server may take it or not.
func dialSeatMode(ctx context.Context, t *conform.Target, matchID string, seat int, mode websocket.CompressionMode) (*websocket.Conn, error) {
	c, resp, err := websocket.Dial(ctx, wsURL(t, matchID, seat), &websocket.DialOptions{HTTPClient: t.Client(), CompressionMode: mode})
	if resp != nil && resp.Body != nil {
		_ = resp.Body.Close()
	}
	if err != nil {
		if resp != nil && resp.StatusCode != http.StatusSwitchingProtocols {
			return nil, &handshakeError{seat: seat, status: resp.StatusCode, err: err}
		}
		return nil, fmt.Errorf("seat %d: connecting: %w", seat, err)
	}
	c.SetReadLimit(1 << 20)
	return c, nil
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
