package proxyside

import (
	"context"
	"hash/maphash"
	"io"
	"net/http"
	"strconv"
	"sync"

	"github.com/umpire-arena/umpire/harness/proxy"
	"github.com/umpire-arena/umpire/referee/inference/verify"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// Side is Inference's part of the relay: its seats speak over the
// WebSocket the relay follows frame by frame, judged by one conn judge
// per connection, and its public match log is verified with
// referee/inference/verify.
func Side() proxy.Side {
	return proxy.Side{WS: "/ws/inference", Judge: newJudge, VerifyLog: verifyLog}
}

// judge is Inference's judge of one relay run: the state of every match
// it follows (each guarded by its match's lock).
type judge struct {
	h    *proxy.Host
	seed maphash.Seed

	mu      sync.Mutex
	matches map[string]*infMatch
}

func newJudge(h *proxy.Host) proxy.Judge {
	return &judge{h: h, seed: h.Seed(), matches: map[string]*infMatch{}}
}

// Conn returns the judge of one relayed connection: its match and seat
// come from the URL (match, seat), or from the agent's hello.
func (j *judge) Conn(r *http.Request) proxy.ConnJudge {
	seat := -1
	if n, err := strconv.Atoi(r.URL.Query().Get("seat")); err == nil {
		seat = n
	}
	return &infConn{j: j, matchID: r.URL.Query().Get("match"), seat: seat}
}

// Finished drops what the judge held of m (its seats' streams).
func (j *judge) Finished(m *proxy.Match) {
	j.mu.Lock()
	im := j.matches[m.ID()]
	delete(j.matches, m.ID())
	j.mu.Unlock()
	if im != nil {
		im.dropStreams()
	}
}

// Checks: Inference's judge has no relay-wide check of its own.
func (j *judge) Checks() []reports.Check { return nil }

// verifyLog verifies an Inference match log.
func verifyLog(ctx context.Context, body io.Reader, file string, _ http.Header, emit func(rules.Finding)) (int, bool, error) {
	sum, err := verify.NewInference(verify.Options{File: file}).Read(ctx, body, emit)
	return sum.Lines, false, err
}
