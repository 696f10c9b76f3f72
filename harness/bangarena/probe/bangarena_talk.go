package probe

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/rules"
)

// baProbeNoTalk sends one decision that carries a free-text message of a
// marker no one else could guess (an extra field: WIRE.md lets messages
// carry fields umpire does not name), then observes every other seat: none
// may be shown the marker, as §1.4 has no free-text channel over REST or
// MCP (bangarena/1.no-free-text). Skipped when the server refuses the
// decision for the extra field.
func baProbeNoTalk(ctx context.Context, t *conform.Target) conform.Result {
	r, s, stop, ok := baProbeStart(ctx, probeLong(t), "no-talk")
	if !ok {
		return stop
	}
	seat := s.Seat
	d, err := r.players[seat].Decide(&s.Req)
	if err != nil {
		return conform.Errored(err)
	}
	marker := fmt.Sprintf("umpire-table-talk-%s-%d", r.id, s.Version)
	body := r.body(seat, d.ActionID, s.Version, d.Args)
	body["message"] = marker
	status, data, err := r.decideAs(ctx, seat, r.tokens[seat], body)
	if err != nil {
		return conform.ProbeErr(err)
	}
	if status != http.StatusOK {
		return conform.Skip("the server refused a decision carrying a message field (HTTP %d: %s), so nothing could be relayed", status, conform.Clip(data))
	}
	views := map[int][]byte{}
	for _, other := range conform.SortedSeats(r.tokens) {
		if other == seat {
			continue // the sender's own view is no channel to another seat
		}
		st, raw, err := r.observeAs(ctx, other, r.tokens[other])
		if err != nil {
			return conform.ProbeErr(err)
		}
		if st == http.StatusOK {
			views[other] = raw
		}
	}
	res := baJudgeTalk(seat, s.Version, marker, views)
	if len(res.Findings) > 0 {
		res.Findings[0].Transcript = r.tail(2)
	}
	return res
}

// baJudgeTalk judges the views of the other seats after seat sent marker
// with its decision on version: none may show it (bangarena/1.no-free-text).
// The sender's own view is not judged: showing a seat what it sent
// reaches no one else.
func baJudgeTalk(seat, version int, marker string, views map[int][]byte) conform.Result {
	const rule = "bangarena/1.no-free-text"
	var res conform.Result
	for _, other := range slices.Sorted(maps.Keys(views)) {
		if other == seat {
			continue
		}
		res.Eval(rule)
		if bytes.Contains(views[other], []byte(marker)) {
			o := other
			res.Findings = append(res.Findings, conform.NewFinding(rule, rules.Where{Seat: &o, Step: fmt.Sprintf("after version %d", version)}, "no trace of the message", "the message shown",
				"seat %d's message sent with its decision is shown to seat %d", seat, other))
			break
		}
	}
	if len(res.Evaluated) == 0 {
		return conform.Skip("no other seat could be observed after the decision")
	}
	return res
}
