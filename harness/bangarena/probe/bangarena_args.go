package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// baProbeArgs (I-BA-P9; §12: args are merged over the item's argsSchema) plays a
// probe room to the first decision with an item that names a target, and
// answers that item with args naming another seat: the server must refuse
// it (reask_then_random: 400 with reask) and apply nothing. A server that
// applies it took args that contradict the item it names.
func baProbeArgs(ctx context.Context, t *conform.Target) conform.Result {
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	lt := probeLong(t)
	r, err := baCreate(ctx, lt, "args")
	if err != nil {
		return conform.ProbeErr(err)
	}
	s, ended, err := r.playUntil(ctx, func(s baSeen) bool {
		for _, a := range s.Req.LegalActions {
			if _, ok := a.ArgsSchema["targetSeat"]; ok {
				return true
			}
		}
		return false
	})
	if err != nil {
		return conform.ProbeErr(err)
	}
	if ended {
		return conform.Skip("the probe room ended before any decision offered an item with a target")
	}
	seat := s.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
	for _, a := range s.Req.LegalActions {
		ts, ok := a.ArgsSchema["targetSeat"]
		if !ok {
			continue
		}
		other := -1
		for _, p := range s.Req.Observation.Players {
			if p.Seat != seat && fmt.Sprint(p.Seat) != fmt.Sprint(ts) {
				other = p.Seat
				break
			}
		}
		if other < 0 {
			continue
		}
		args, _ := json.Marshal(map[string]any{"targetSeat": other})
		status, data, err := r.decideAs(ctx, seat, r.tokens[seat], r.body(seat, a.ActionID, s.Version, args))
		if err != nil {
			return conform.ProbeErr(err)
		}
		var res conform.Result
		res.Eval("bangarena/12.args-contradict")
		var ans answer
		_ = json.Unmarshal(data, &ans)
		if status == http.StatusOK && (ans.Random || ans.ReplacedBy != "") {
			// Refused as illegal and replaced at once: how the refusal
			// is answered is the reask check's (§14), the args were not
			// taken.
			return res
		}
		if !refused(status) {
			f := conform.NewFinding("bangarena/12.args-contradict", where, "a refusal (HTTP 400 with reask)", fmt.Sprintf("HTTP %d %s", status, conform.Clip(data)),
				"%q answered with args.targetSeat %d (its argsSchema names %v) was accepted", a.ActionID, other, ts)
			f.Transcript = r.tail(4)
			return conform.Result{Evaluated: res.Evaluated, Findings: []reports.Finding{f}}
		}
		if status != http.StatusBadRequest {
			res.Eval("bangarena/server.status-code")
			res.Findings = append(res.Findings, conform.NewFinding("bangarena/server.status-code", where, "HTTP 400", fmt.Sprintf("HTTP %d %s", status, conform.Clip(data)),
				"args that contradict the item were refused with HTTP %d, not umpire's pinned 400", status))
		}
		return r.nothingApplied(ctx, res, s, "bangarena/12.args-contradict", where, "a decision whose args contradict its item")
	}
	return conform.Skip("no targeted item had another seat to name")
}
