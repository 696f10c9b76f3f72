package probe

import (
	"context"
	"fmt"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// infProbeHistoryTrim plays a match of 22 rounds at 3 seats, every seat
// folding while it may (two actions a round, quick and uncontested), and
// judges the history of the last visible_state holding more than 20
// finished rounds (inference/wire.visible-state.history-trim): the last
// 20 rounds carry their actions and messages, older rounds neither
// (absent, null or empty: I-INF-41 reads a history entry as full or
// reduced) but still their pot, winners and payouts. The shared session
// plays too few rounds to reach the trimming.
func infProbeHistoryTrim(ctx context.Context, t *conform.Target) conform.Result {
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	const rule = "inference/wire.visible-state.history-trim"
	full := ref.HistoryFullRounds
	id, toks, err := infCreate(ctx, t, map[string]any{"seats": 3, "rounds": full + 2, "deadline_ms": max(t.DeadlineMS, 2000), "seed": t.SeedFor("history-trim")})
	if err != nil {
		return conform.ProbeErr(err)
	}
	p, err := infJoin(ctx, t, id, toks)
	if err != nil {
		return conform.ProbeErr(err)
	}
	defer p.Close()
	var (
		last     []byte
		lastSeat int
	)
	err = p.playOut(ctx, func(m infMsg) error {
		if h := gjson.GetBytes(m.Raw, "visible_state.history"); h.IsArray() && len(h.Array()) > full {
			last, lastSeat = append(last[:0], m.Raw...), m.Seat
		}
		return p.move(ctx, m.Seat, m.turnOf(), "fold", 0)
	})
	if err != nil {
		return conform.ProbeErr(err)
	}
	if last == nil {
		return conform.Skip("no visible_state showed more than %d finished rounds (the match ended early)", full)
	}
	var res conform.Result
	res.Eval(rule)
	h := gjson.GetBytes(last, "visible_state.history").Array()
	seat := lastSeat
	where := rules.Where{Seat: &seat, Round: int(gjson.GetBytes(last, "visible_state.round").Int())}
	carries := func(e gjson.Result, k string) bool {
		v := e.Get(k)
		return v.IsArray() && len(v.Array()) > 0
	}
	// Which rounds are the last ones is told by their round numbers, not by
	// their places: the order of history is visibility.history's to judge
	// (a history newest first is not a trimming fault).
	newest, numbered := int64(0), true
	for _, e := range h {
		if r := e.Get("round"); r.Type == gjson.Number {
			newest = max(newest, r.Int())
		} else {
			numbered = false
		}
	}
	for i, e := range h {
		old := i < len(h)-full
		if numbered {
			old = e.Get("round").Int() <= newest-int64(full)
		}
		var why string
		switch {
		case old && (carries(e, "actions") || carries(e, "messages")):
			why = fmt.Sprintf("round %s, older than the last %d, still carries its actions or messages", e.Get("round").Raw, full)
		case old && !(e.Get("pot").Exists() && e.Get("winners").Exists() && e.Get("payouts").Exists()):
			why = fmt.Sprintf("round %s, older than the last %d, lost its pot, winners or payouts", e.Get("round").Raw, full)
		case !old && (!carries(e, "actions") || !e.Get("messages").IsArray()):
			why = fmt.Sprintf("round %s, one of the last %d, lacks its actions or messages", e.Get("round").Raw, full)
		}
		if why == "" {
			continue
		}
		f := conform.NewFinding(rule, where, fmt.Sprintf("the last %d rounds in full, older ones without actions and messages", full), e.Raw, "history of %d rounds: %s", len(h), why)
		f.Transcript = p.tail(2)
		res.Findings = append(res.Findings, f)
		break
	}
	return res
}
