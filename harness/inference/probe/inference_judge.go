package probe

import (
	"bytes"
	"context"
	"fmt"
	"net/http"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/inference/judge"
	"github.com/umpire-arena/umpire/reports"
)

// infSources are the judge's sources of match id: its log (nil: none)
// and the stream of every seat among got (the suite's messages of the
// match, every seat it holds).
func infSources(id string, got []infMsg, log []byte) judge.Sources {
	src := judge.Sources{}
	if log != nil {
		src.Log = bytes.Split(bytes.TrimSpace(log), []byte("\n"))
	}
	at := map[int]int{}
	for _, m := range got {
		if m.Closed || m.Env.MatchID != "" && m.Env.MatchID != id {
			continue
		}
		i, ok := at[m.Seat]
		if !ok {
			i = len(src.Seats)
			at[m.Seat] = i
			src.Seats = append(src.Seats, judge.SeatStream{Seat: m.Seat})
		}
		switch m.Env.Type {
		case "event":
			if m.Env.Event != nil {
				src.Seats[i].Events = append(src.Seats[i].Events, m.Env.Event)
			}
		case "match_end":
			if src.Seats[i].End == nil {
				src.Seats[i].End = m.Raw
			}
		}
	}
	return src
}

// infJudge judges match id through the one judge: from its log when the
// server serves one (the harness extension GET /r/{id}.jsonl), the seats'
// deal_private events filling a public log's blanks, else from the
// streams of the seats among got. It adds the findings and the rules
// evaluated to res, and returns the verdict and, when the log could not
// be read, why.
func infJudge(ctx context.Context, t *conform.Target, id string, got []infMsg, res *conform.Result) (judge.Verdict, error) {
	var log []byte
	var logErr error
	status, body, err := infFetchLog(ctx, t, id)
	switch {
	case err != nil:
		logErr = err
	case status != http.StatusOK:
		logErr = fmt.Errorf("GET /r/%s.jsonl answered HTTP %d", id, status)
	default:
		log = body
	}
	return infJudgeWith(id, got, log, logErr, res), logErr
}

// infJudgeWith is infJudge with the log already read (nil log: none).
func infJudgeWith(id string, got []infMsg, log []byte, logErr error, res *conform.Result) judge.Verdict {
	name := id + ".jsonl"
	if log == nil {
		name = id + " (the seats' streams)"
	}
	v := judge.Gathered(infSources(id, got, log), judge.Options{Name: name})
	for _, f := range v.Findings {
		res.Findings = append(res.Findings, reports.Finding{Finding: f})
	}
	res.EvalAll(v.Summary.Evaluated)
	return v
}
