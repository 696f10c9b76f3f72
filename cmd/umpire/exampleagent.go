package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	infadv "github.com/umpire-arena/umpire/harness/inference/players"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	inf "github.com/umpire-arena/umpire/referee/inference"

	"github.com/umpire-arena/umpire/harness"
)

// exampleAgentMaxLine is the largest line the built-in agent reads (the
// 1 MiB message limit of the wire, with room for its line break).
const exampleAgentMaxLine = 1<<20 + 2

// cmdExampleAgent runs "umpire example-agent --game G": a JSON Lines agent
// built into the binary, so that the demo and a first certify run work
// wherever the binary is, without the example sources. It decides with one
// of the scripted players (heuristic by default) from what each request
// shows it, answers an error for its move with another legal one, and plays
// many matches when it is kept (a match_start line comes first).
func cmdExampleAgent(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "example-agent", "--game G [--player heuristic|random|passive|aggressive] [--seed N]")
	game := fs.String("game", "", harness.NameList())
	player := fs.String("player", "heuristic", "the scripted player that decides (Inference: random, passive, aggressive, heuristic; BangArena: random, heuristic)")
	seed := fs.Int64("seed", 1, "seed of the player's random choices")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !checkNoArgs(e, fs, "example-agent") || !checkGame(e, *game) {
		return exitUsage
	}
	if err := gameOf(*game).example(ctx, e.stdin, e.stdout, *player, *seed); err != nil {
		fmt.Fprintf(e.stderr, "umpire example-agent: %v\n", err)
		return exitError
	}
	return exitOK
}

// exampleLines reads the agent's input line by line and writes each answer
// on a line of its own; handle returns the answer (nil for none) and
// whether the input is done.
func exampleLines(ctx context.Context, in io.Reader, out io.Writer, handle func(line []byte) (any, bool, error)) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), exampleAgentMaxLine)
	w := bufio.NewWriter(out)
	for sc.Scan() {
		if ctx.Err() != nil {
			return nil
		}
		answer, done, err := handle(sc.Bytes())
		if err != nil {
			return err
		}
		if answer != nil {
			b, err := json.Marshal(answer)
			if err != nil {
				return err
			}
			w.Write(b)
			w.WriteByte('\n')
			if err := w.Flush(); err != nil {
				return err
			}
		}
		if done {
			return nil
		}
	}
	return sc.Err()
}

func exampleInference(ctx context.Context, in io.Reader, out io.Writer, kind string, seed int64) error {
	p, err := infadv.New(kind, seed)
	if err != nil {
		return err
	}
	kept := false
	var open struct {
		turn  int
		legal []inf.LegalAction
		tried map[string]bool
	}
	move := func(matchID string, turn int, m inf.Move) map[string]any {
		mv := map[string]any{"type": "move", "match_id": matchID, "turn": turn, "action": m.Action}
		if m.Action == inf.ActionRaise {
			mv["amount"] = m.Amount
		}
		if m.Message != "" {
			mv["message"] = m.Message
		}
		open.tried[m.Action] = true
		return mv
	}
	return exampleLines(ctx, in, out, func(line []byte) (any, bool, error) {
		var msg struct {
			Type         string            `json:"type"`
			MatchID      string            `json:"match_id"`
			Turn         *int              `json:"turn"`
			VisibleState json.RawMessage   `json:"visible_state"`
			LegalActions []json.RawMessage `json:"legal_actions"`
		}
		if json.Unmarshal(line, &msg) != nil {
			return nil, false, nil // not for us: an agent ignores what it cannot read
		}
		switch msg.Type {
		case "match_start":
			kept = true
		case "match_end":
			return nil, !kept, nil
		case "your_turn":
			if msg.Turn == nil {
				return nil, false, nil
			}
			vs, err := inf.ReadLegalView(msg.VisibleState)
			if err != nil {
				return nil, false, nil
			}
			open.turn, open.legal, open.tried = *msg.Turn, nil, map[string]bool{}
			for _, raw := range msg.LegalActions {
				var a inf.LegalAction
				if json.Unmarshal(raw, &a) == nil {
					open.legal = append(open.legal, a)
				}
			}
			return move(msg.MatchID, open.turn, p.Decide(&vs, open.legal)), false, nil
		case "error":
			// The same turn is still open: answer it with an action not
			// tried yet (fold is always offered).
			if msg.Turn == nil || *msg.Turn != open.turn || open.legal == nil {
				return nil, false, nil
			}
			for _, want := range []string{inf.ActionCall, inf.ActionFold} {
				for _, a := range open.legal {
					if a.Action == want && !open.tried[want] {
						return move(msg.MatchID, open.turn, inf.Move{Action: want}), false, nil
					}
				}
			}
		}
		return nil, false, nil
	})
}

func exampleBangArena(ctx context.Context, in io.Reader, out io.Writer, kind string, seed int64) error {
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
	return exampleLines(ctx, in, out, func(line []byte) (any, bool, error) {
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
