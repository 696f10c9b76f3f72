package probe

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/umpire-arena/umpire/harness/conform"
)

func preflightRoom(ctx context.Context, t *conform.Target, seat int) error {
	ctx, cancel := context.WithTimeout(ctx, conform.PreflightWait)
	defer cancel()
	path := "/api/ai/rooms/" + url.PathEscape(t.Match) + "/observe?seat=" + strconv.Itoa(seat)
	status, body, err := conform.DoJSON(ctx, t, http.MethodGet, path, map[string]string{"x-agent-token": t.Seats[seat]}, nil)
	switch {
	case err != nil:
		return fmt.Errorf("room %s seat %d: observe: %v", t.Match, seat, err)
	case status == http.StatusOK:
		return nil
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return fmt.Errorf("room %s seat %d: the server refused the seat's token (HTTP %d: %s)", t.Match, seat, status, conform.Clip(body))
	case status == http.StatusNotFound:
		return fmt.Errorf("room %s: the server does not know the room (HTTP 404: %s)", t.Match, conform.Clip(body))
	}
	return fmt.Errorf("room %s seat %d: observe answered HTTP %d: %s", t.Match, seat, status, conform.Clip(body))
}

// preflightCreateRoom creates one BangArena room.
func preflightCreateRoom(ctx context.Context, t *conform.Target) error {
	ctx, cancel := context.WithTimeout(ctx, conform.PreflightWait)
	defer cancel()
	_, err := baCreate(ctx, t, "preflight")
	return err
}
