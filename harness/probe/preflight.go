package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// ErrCannotPlay is wrapped by Preflight's errors: the suite cannot play the
// target as configured (a refused token, an unknown match or room), so no
// check may run and nothing may be charged to the target.
var ErrCannotPlay = errors.New("the suite cannot play the target")

// preflightWait bounds each preflight exchange.
const preflightWait = 5 * time.Second

// Preflight makes sure the suite can play before any check runs. With seats
// handed over (no Create) it presents every seat's token once: Inference
// says hello on each seat and waits for the first answer (a welcome, or an
// error that refuses the seat); BangArena observes each seat. A refused
// token, an unknown match or room, or a seat that never answers is an
// ErrCannotPlay error naming the seat and the server's answer. With Create
// it creates one match or room through the harness extension, as the
// checks will: a target that does not offer the extension (404, 405, 501)
// or cannot create is an ErrCannotPlay error, so no check runs against a
// server it cannot play (and none passes on a refusal that refuses all).
func Preflight(ctx context.Context, t *Target) error {
	s, err := suiteOf(t.Game)
	if err != nil {
		return err
	}
	if t.Create {
		if err := s.create(ctx, t); err != nil {
			return fmt.Errorf("%w: %v", ErrCannotPlay, createReason(err))
		}
		return nil
	}
	for _, seat := range sortedSeats(t.Seats) {
		if err := s.preflight(ctx, t, seat); err != nil {
			return fmt.Errorf("%w: %v", ErrCannotPlay, err)
		}
	}
	return nil
}

func preflightMatch(ctx context.Context, t *Target, seat int) error {
	ctx, cancel := context.WithTimeout(ctx, preflightWait)
	defer cancel()
	c, err := dialSeat(ctx, t, t.Match, seat)
	var he *handshakeError
	switch {
	case errors.As(err, &he) && he.status == http.StatusNotFound:
		return fmt.Errorf("match %s: the server does not know the match (its WebSocket for seat %d answered HTTP 404)", t.Match, seat)
	case errors.As(err, &he) && (he.status == http.StatusUnauthorized || he.status == http.StatusForbidden):
		return fmt.Errorf("match %s seat %d: the server refused the seat (its WebSocket answered HTTP %d): a wrong token?", t.Match, seat, he.status)
	case err != nil:
		return fmt.Errorf("match %s: %v", t.Match, err)
	}
	defer c.Close(websocket.StatusNormalClosure, "umpire preflight")
	hello, _ := json.Marshal(map[string]any{"type": "hello", "match_id": t.Match, "seat": seat, "token": t.Seats[seat]})
	if err := c.Write(ctx, websocket.MessageText, hello); err != nil {
		return fmt.Errorf("match %s seat %d: sending hello: %v", t.Match, seat, err)
	}
	_, data, err := c.Read(ctx)
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("match %s seat %d: no answer to hello within %v", t.Match, seat, preflightWait)
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

func preflightRoom(ctx context.Context, t *Target, seat int) error {
	ctx, cancel := context.WithTimeout(ctx, preflightWait)
	defer cancel()
	path := "/api/ai/rooms/" + url.PathEscape(t.Room) + "/observe?seat=" + strconv.Itoa(seat)
	status, body, err := doJSON(ctx, t, http.MethodGet, path, map[string]string{"x-agent-token": t.Seats[seat]}, nil)
	switch {
	case err != nil:
		return fmt.Errorf("room %s seat %d: observe: %v", t.Room, seat, err)
	case status == http.StatusOK:
		return nil
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return fmt.Errorf("room %s seat %d: the server refused the seat's token (HTTP %d: %s)", t.Room, seat, status, clip(body))
	case status == http.StatusNotFound:
		return fmt.Errorf("room %s: the server does not know the room (HTTP 404: %s)", t.Room, clip(body))
	}
	return fmt.Errorf("room %s seat %d: observe answered HTTP %d: %s", t.Room, seat, status, clip(body))
}

// preflightCreateMatch creates one short Inference match.
func preflightCreateMatch(ctx context.Context, t *Target) error {
	ctx, cancel := context.WithTimeout(ctx, preflightWait)
	defer cancel()
	_, _, err := infCreate(ctx, t, map[string]any{"seats": t.TableSize, "rounds": 1, "deadline_ms": t.DeadlineMS, "seed": t.seedFor("preflight")})
	return err
}

// preflightCreateRoom creates one BangArena room.
func preflightCreateRoom(ctx context.Context, t *Target) error {
	ctx, cancel := context.WithTimeout(ctx, preflightWait)
	defer cancel()
	_, err := baCreate(ctx, t, "preflight")
	return err
}

// createReason says in one line why --create cannot work: a status that
// means the route is not there names the harness extension and the way
// out; the target's body is quoted only when it is not a web page.
func createReason(err error) string {
	var ce *createError
	if !errors.As(err, &ce) {
		msg := err.Error()
		var ue *url.Error
		if errors.As(err, &ue) {
			// The transport's own chain repeats the method and URL.
			msg = strings.TrimSuffix(msg, ": "+ue.Error())
		}
		return "--create: creating through the harness extension failed: " + msg
	}
	body := strings.TrimSpace(string(ce.body))
	if strings.HasPrefix(body, "<") || body == "" {
		body = ""
	} else {
		body = ": " + clip([]byte(body))
	}
	switch ce.status {
	case http.StatusNotFound, http.StatusMethodNotAllowed, http.StatusNotImplemented:
		return fmt.Sprintf("--create needs the harness extension, and the target does not offer it (POST %s answered HTTP %d%s); hand over a %s and its seat tokens instead (--%s ID --seat N=TOKEN)",
			ce.path, ce.status, body, nounOf(ce.what), nounOf(ce.what))
	}
	return fmt.Sprintf("--create: the target could not create %s (POST %s answered HTTP %d%s)", ce.what, ce.path, ce.status, body)
}

// nounOf turns "a match" into "match".
func nounOf(what string) string { return strings.TrimPrefix(what, "a ") }
