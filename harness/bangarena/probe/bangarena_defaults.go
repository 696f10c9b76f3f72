package probe

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/referee/rules"
)

// baDefaultDeadlines are the documents' default decision deadlines (§14):
// an AI seat's own timeout and the decision deadline (I-BA-D2).
func baDefaultDeadlines() []time.Duration { return []time.Duration{15 * time.Second, 30 * time.Second} }

// baDeadlineSlack bounds how far the measured deadline may stand from a
// default: the Date header counts whole seconds, and the decision opened
// before it was read.
const baDeadlineSlack = 2 * time.Second

// baProbeDefaultDeadline (I-BA-D2) creates a room without deadlineMs and
// reads the first pending decision at once: its deadlineAt, less the
// server's own clock (the answer's Date header), must be one of the
// documents' defaults, 15 s or 30 s (bangarena/14.default-deadline). It
// is skipped on a given room, when the server creates no room without a
// deadline, and when the answer carries no Date or no deadlineAt it can
// read.
func baProbeDefaultDeadline(ctx context.Context, t *conform.Target) conform.Result {
	if !t.Create {
		return conform.Skip("a given room is judged by the deadline it declares, not by the documents' default")
	}
	c := probeLong(t)
	c.DeadlineMS = 0
	r, err := baCreate(ctx, c, "default-deadline")
	if err != nil {
		var ce *conform.CreateError
		if errors.As(err, &ce) && ce.Status >= 400 && ce.Status < 500 {
			return conform.Skip("the server creates no room without deadlineMs (HTTP %d): the default cannot be observed", ce.Status)
		}
		return conform.ProbeErr(err)
	}
	x, ended, err := r.pending(ctx)
	if err != nil {
		return conform.ProbeErr(err)
	}
	if ended {
		return conform.Skip("room %s ended before a decision could be read", r.id)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, t.URL+"/api/ai/rooms/"+url.PathEscape(r.id)+"/observe?seat="+strconv.Itoa(x.Seat), nil)
	if err != nil {
		return conform.ProbeErr(err)
	}
	req.Header.Set("x-agent-token", r.tokens[x.Seat])
	resp, err := t.Client().Do(req)
	if err != nil {
		return conform.ProbeErr(err)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	resp.Body.Close()
	if err != nil {
		return conform.ProbeErr(err)
	}
	now, derr := http.ParseTime(resp.Header.Get("Date"))
	at, aerr := time.Parse(time.RFC3339Nano, gjson.GetBytes(data, "deadlineAt").String())
	if resp.StatusCode != http.StatusOK || derr != nil || aerr != nil {
		return conform.Skip("the server's clock or the deadline cannot be read (HTTP %d, Date %q, deadlineAt %s)", resp.StatusCode, resp.Header.Get("Date"), gjson.GetBytes(data, "deadlineAt").Raw)
	}
	if v := gjson.GetBytes(data, "observationVersion").Int(); int(v) != x.Version {
		return conform.Skip("the decision moved on before its deadline was read")
	}
	left := at.Sub(now)
	res := conform.Result{Evaluated: map[string]int{"bangarena/14.default-deadline": 1}}
	for _, d := range baDefaultDeadlines() {
		if left > d-baDeadlineSlack && left <= d+baDeadlineSlack {
			return res
		}
	}
	seat := x.Seat
	res.Findings = append(res.Findings, conform.NewFinding("bangarena/14.default-deadline", rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", x.Version)},
		"15 s or 30 s", left.Round(time.Second).String(),
		"a room created without deadlineMs gives its first decision about %v (deadlineAt %s, the server's Date %s), not a default of the documents", left.Round(time.Second), at.Format(time.RFC3339), now.Format(time.RFC3339)))
	return res
}
