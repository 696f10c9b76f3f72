package conform

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// ErrCannotPlay is wrapped by Preflight's errors: the suite cannot play the
// target as configured (a refused token, an unknown match or room), so no
// check may run and nothing may be charged to the target.
var ErrCannotPlay = errors.New("the suite cannot play the target")

// preflightWait bounds each preflight exchange.
const PreflightWait = 5 * time.Second

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
		if err := s.Create(ctx, t); err != nil {
			return fmt.Errorf("%w: %v", ErrCannotPlay, createReason(err))
		}
		return nil
	}
	for _, seat := range SortedSeats(t.Seats) {
		if err := s.Preflight(ctx, t, seat); err != nil {
			return fmt.Errorf("%w: %v", ErrCannotPlay, err)
		}
	}
	return nil
}

// createReason says in one line why --create cannot work: a status that
// means the route is not there names the harness extension and the way
// out; the target's body is quoted only when it is not a web page.
func createReason(err error) string {
	var ce *CreateError
	if !errors.As(err, &ce) {
		msg := err.Error()
		var ue *url.Error
		if errors.As(err, &ue) {
			// The transport's own chain repeats the method and URL.
			msg = strings.TrimSuffix(msg, ": "+ue.Error())
		}
		return "--create: creating through the harness extension failed: " + msg
	}
	body := strings.TrimSpace(string(ce.Body))
	if strings.HasPrefix(body, "<") || body == "" {
		body = ""
	} else {
		body = ": " + Clip([]byte(body))
	}
	switch ce.Status {
	case http.StatusNotFound, http.StatusMethodNotAllowed, http.StatusNotImplemented:
		return fmt.Sprintf("--create needs the harness extension, and the target does not offer it (POST %s answered HTTP %d%s); hand over a %s and its seat tokens instead (--%s ID --seat N=TOKEN)",
			ce.Path, ce.Status, body, nounOf(ce.What), nounOf(ce.What))
	}
	return fmt.Sprintf("--create: the target could not create %s (POST %s answered HTTP %d%s)", ce.What, ce.Path, ce.Status, body)
}

// nounOf turns "a match" into "match".
func nounOf(what string) string { return strings.TrimPrefix(what, "a ") }
