package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	"github.com/umpire-arena/umpire/harness/gamecli"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// example is "umpire example-agent --game bangarena": it answers each
// DecisionRequest with the scripted player kind's decision and, after a
// reask, with another item of the same request.
func example(ctx context.Context, in io.Reader, out io.Writer, kind string, seed int64) error {
	p, err := baadv.New(kind, strconv.FormatInt(seed, 10))
	if err != nil {
		return err
	}
	kept, n := false, 0
	var last *ba.DecisionRequest
	tried := map[string]bool{}
	answer := func(req *ba.DecisionRequest, d baadv.Decision) map[string]any {
		n++
		tried[d.ActionID] = true
		body := map[string]any{"seat": req.SeatID, "actionId": d.ActionID, "commandId": fmt.Sprintf("example-%d-%d", req.ObservationVersion, n),
			"observationVersion": req.ObservationVersion}
		if len(d.Args) > 0 {
			body["args"] = d.Args
		}
		return body
	}
	return gamecli.ExampleLines(ctx, in, out, func(line []byte) (any, bool, error) {
		var head struct {
			Type  string `json:"type"`
			Error *struct {
				Reask bool `json:"reask"`
			} `json:"error"`
		}
		if json.Unmarshal(line, &head) != nil {
			return nil, false, nil
		}
		switch {
		case head.Type == "match_start":
			kept = true
			return nil, false, nil
		case head.Type == "match_end":
			return nil, !kept, nil
		case head.Error != nil:
			// After a reask, another item of the same request.
			if !head.Error.Reask || last == nil {
				return nil, false, nil
			}
			for _, a := range last.LegalActions {
				if !tried[a.ActionID] {
					return answer(last, baadv.Decision{ActionID: a.ActionID}), false, nil
				}
			}
			return nil, false, nil
		}
		var req ba.DecisionRequest
		if json.Unmarshal(line, &req) != nil || len(req.LegalActions) == 0 {
			return nil, false, nil
		}
		d, err := p.Decide(&req)
		if err != nil {
			return nil, false, nil
		}
		last, tried = &req, map[string]bool{}
		return answer(&req, d), false, nil
	})
}
