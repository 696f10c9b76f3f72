package certify

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"time"
)

// fakeEnv names the misbehaviour of the test binary run as an agent.
const fakeEnv = "CERTIFY_FAKE_AGENT"

// fakeCommand is the command line that runs this test binary as a fake
// agent with the given misbehaviour.
func fakeCommand(mode string) string {
	return fmt.Sprintf("%s=%s exec %q", fakeEnv, mode, os.Args[0])
}

// fakeAgent plays both games with the first legal item, misbehaving in one
// way:
//
//	chatty     writes an unasked line after each answer
//	longmsg    adds a 300-character table message to every move (Inference)
//	combining  adds, once per turn, a message of 200 letters with combining
//	           accents (400 code points) to its move (Inference)
//	resend     writes each decision twice, the same commandId (BangArena)
//	chattylog  writes an unasked object that is no decision after each
//	           answer (BangArena)
//	badecho    answers with the wrong turn / observationVersion
//	samecmd    uses one commandId for every decision (BangArena)
//	recover    answers each request illegally first, legally after the reask
//	noexit     ignores match_end (exits on SIGTERM)
//	errexit    exits as soon as it gets an error it did not cause
//	plain      behaves, and decodes only the messages that ask for an answer
//	weak       plays a uniformly random legal item (fixed seed): a weak agent
//	keepcrash  behaves, kept across matches, but exits at the first request
//	           of the second match of each process
//	keepstall  behaves, kept across matches, but answers nothing more from
//	           the first request of its second match on
//
// After a match_start line every mode but noexit plays match after match
// until its input ends (umpire --agent-keep), unless the command line ends
// with -exit-on-end: then it exits on match_end as without --agent-keep.
func fakeAgent(mode string) int {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64<<10), 2<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var (
		lastTurn map[string]any
		lastReq  map[string]any
		tried    = map[string]bool{}
		said     = map[string]bool{}
		n        int
		kept     int // match_start lines seen
		exitEnd  = len(os.Args) > 1 && os.Args[len(os.Args)-1] == "-exit-on-end"
		rng      = rand.New(rand.NewPCG(1, 2))
	)
	write := func(v any) {
		b, _ := json.Marshal(v)
		out.Write(append(b, '\n'))
		out.Flush()
	}
	infMove := func(t map[string]any, illegal bool) {
		legal, _ := t["legal_actions"].([]any)
		first, _ := legal[0].(map[string]any)
		if mode == "weak" {
			first, _ = legal[rng.IntN(len(legal))].(map[string]any)
		}
		if mode == "plain" && len(legal) > 1 {
			first, _ = legal[1].(map[string]any) // call: stay in the round
		}
		m := map[string]any{"type": "move", "match_id": t["match_id"], "turn": t["turn"], "action": first["action"]}
		if illegal {
			m["action"], m["amount"] = "raise", 100000
		} else if first["action"] == "raise" {
			m["amount"] = first["min"]
		}
		if mode == "longmsg" {
			m["message"] = strings.Repeat("é", 300)
		}
		if mode == "combining" && !said[fmt.Sprint(t["turn"])] {
			// 200 user-perceived characters in 400 code points: too long
			// as WIRE.md counts only. Once per turn: the server refuses it.
			said[fmt.Sprint(t["turn"])] = true
			m["message"] = strings.Repeat("e\u0301", 200)
		}
		if mode == "badecho" {
			m["turn"] = 9999
		}
		write(m)
		if mode == "chatty" {
			write(map[string]any{"type": "chat", "turn": t["turn"], "text": "unasked"})
		}
	}
	baDecide := func(r map[string]any, illegal bool) {
		n++
		legal, _ := r["legalActions"].([]any)
		first, _ := legal[0].(map[string]any)
		if mode == "weak" {
			first, _ = legal[rng.IntN(len(legal))].(map[string]any)
		}
		id := first["actionId"]
		if illegal {
			id = "never-offered"
		}
		cmd := fmt.Sprintf("c-%d", n)
		if mode == "samecmd" {
			cmd = "c-same"
		}
		v := r["observationVersion"]
		if mode == "badecho" {
			v = -5
		}
		write(map[string]any{"seat": r["seatId"], "actionId": id, "commandId": cmd, "observationVersion": v})
		if mode == "chatty" {
			// A second decision for the request just answered (§1: one).
			write(map[string]any{"seat": r["seatId"], "actionId": id, "commandId": cmd + "-again", "observationVersion": v})
		}
		if mode == "resend" {
			// The same decision again, commandId and all (§12: a resend).
			write(map[string]any{"seat": r["seatId"], "actionId": id, "commandId": cmd, "observationVersion": v})
		}
		if mode == "chattylog" {
			// An object that is no decision at all: the hygiene pin's.
			write(map[string]any{"observationVersion": r["observationVersion"], "text": "unasked"})
		}
	}
	for in.Scan() {
		line := in.Bytes()
		if bytes.HasPrefix(line, []byte(`{"type":"match_start"`)) {
			kept++
			lastTurn, lastReq, tried, n, rng = nil, nil, map[string]bool{}, 0, rand.New(rand.NewPCG(1, 2))
			continue
		}
		if mode == "keepcrash" && kept == 2 && (bytes.Contains(line, []byte(`"your_turn"`)) || bytes.Contains(line, []byte(`"legalActions":[{`))) {
			fmt.Fprintln(os.Stderr, "fake: crashing in my second match")
			return 3
		}
		if mode == "keepstall" && kept >= 2 {
			continue
		}
		if mode == "plain" && !bytes.Contains(line, []byte(`"your_turn"`)) && !bytes.Contains(line, []byte(`"legalActions":[{`)) {
			// The load benchmark's agent: decode only what asks for an answer.
			if bytes.Contains(line, []byte(`"match_end"`)) && (kept == 0 || exitEnd) {
				return 0
			}
			continue
		}
		var m map[string]any
		if json.Unmarshal(line, &m) != nil {
			continue
		}
		typ, _ := m["type"].(string)
		errBody, isErrBody := m["error"].(map[string]any)
		switch {
		case typ == "match_end":
			if mode == "noexit" {
				for {
					time.Sleep(time.Hour)
				}
			}
			if kept > 0 && !exitEnd {
				continue
			}
			return 0
		case typ == "your_turn":
			lastTurn = m
			infMove(m, mode == "recover")
		case typ == "error":
			code, _ := m["code"].(string)
			if mode == "errexit" && code == "stale_turn" {
				return 0
			}
			if lastTurn != nil && (code == "illegal_move" || code == "bad_message") {
				infMove(lastTurn, false)
			}
		case isErrBody:
			if mode == "errexit" && errBody["retryable"] == true {
				return 0
			}
			if errBody["reask"] == true && lastReq != nil {
				baDecide(lastReq, false)
			}
		case m["legalActions"] != nil:
			if l, _ := m["legalActions"].([]any); len(l) == 0 {
				continue
			}
			key := fmt.Sprint(m["observationVersion"])
			lastReq = m
			baDecide(m, mode == "recover" && !tried[key])
			tried[key] = true
		}
	}
	return 0
}
