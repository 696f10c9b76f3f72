package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/coder/websocket"
)

func preflightMatch(ctx context.Context, t *conform.Target, seat int) error {
	ctx, cancel := context.WithTimeout(ctx, conform.PreflightWait)
	defer cancel()
	c, raw, err := dialSeat(ctx, t, t.Match, seat)
	var he *handshakeError
	switch {
	case errors.As(err, &he) && he.status == http.StatusNotFound:
		return fmt.Errorf("match %s: the server does not know the match (its WebSocket for seat %d answered HTTP 404)", t.Match, seat)
	case errors.As(err, &he) && (he.status == http.StatusUnauthorized || he.status == http.StatusForbidden):
		return fmt.Errorf("match %s seat %d: the server refused the seat (its WebSocket answered HTTP %d): a wrong token?", t.Match, seat, he.status)
	case err != nil:
		return fmt.Errorf("match %s: %v", t.Match, err)
	}
	defer closeSeat(c, raw, "umpire preflight")
	hello, _ := json.Marshal(map[string]any{"type": "hello", "match_id": t.Match, "seat": seat, "token": t.Seats[seat]})
	if err := c.Write(ctx, websocket.MessageText, hello); err != nil {
		return fmt.Errorf("match %s seat %d: sending hello: %v", t.Match, seat, err)
	}
	_, data, err := c.Read(ctx)
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("match %s seat %d: no answer to hello within %v", t.Match, seat, conform.PreflightWait)
	case err != nil:
		return fmt.Errorf("match %s seat %d: the server closed the connection after hello (%v): a wrong token or an unknown match?", t.Match, seat, err)
	}
	var m struct {
		Type    string `json:"type"`
		Code    any    `json:"code"`
		Message any    `json:"message"`
	}
	_ = json.Unmarshal(data, &m) // any shape: only an error refuses the seat
	if m.Type == "error" {
		return fmt.Errorf("match %s seat %d: the server answered hello with an error (code %v: %v)", t.Match, seat, m.Code, m.Message)
	}
	return nil
}

// preflightCreateMatch creates one short Inference match.
func preflightCreateMatch(ctx context.Context, t *conform.Target) error {
	ctx, cancel := context.WithTimeout(ctx, conform.PreflightWait)
	defer cancel()
	_, _, err := infCreate(ctx, t, map[string]any{"seats": t.TableSize, "rounds": 1, "deadline_ms": t.DeadlineMS, "seed": t.SeedFor("preflight")})
	return err
}
