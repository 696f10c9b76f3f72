package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
)

// request holds what the modes need from a message of either game.
type request struct {
	Type         string           `json:"type"`
	MatchID      string           `json:"match_id"`
	Turn         int              `json:"turn"`
	LegalMoves   []map[string]any `json:"legal_actions"`
	SeatID       int              `json:"seatId"`
	Version      int              `json:"observationVersion"`
	LegalActions []struct {
		ActionID string `json:"actionId"`
	} `json:"legalActions"`
}

func main() {
	mode := flag.String("mode", "", "slow|illegal|crash|garbage|flood|hang|silent-exit|peek")
	delay := flag.Duration("delay", 5*time.Second, "how late the slow mode answers")
	flag.Parse()
	if *mode == "peek" {
		if err := peek(); err != nil {
			fmt.Fprintln(os.Stderr, "broken:", err)
			os.Exit(1)
		}
		return
	}
	if *mode == "hang" {
		signal.Ignore(syscall.SIGTERM)
	}
	out := bufio.NewWriter(os.Stdout)
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64<<10), 2<<20)
	kept := false // a match_start came: umpire --agent-keep plays many matches
	for in.Scan() {
		var r request
		if json.Unmarshal(in.Bytes(), &r) != nil {
			continue
		}
		if r.Type == "match_start" {
			kept = true
			continue
		}
		if r.Type == "match_end" && *mode != "hang" && !kept {
			return
		}
		if r.Type != "your_turn" && len(r.LegalActions) == 0 {
			continue // not a request
		}
		switch *mode {
		case "slow":
			time.Sleep(*delay)
			fmt.Fprintln(out, answer(r, false))
		case "illegal":
			fmt.Fprintln(out, answer(r, true))
		case "crash":
			fmt.Fprintln(os.Stderr, "broken: crashing on purpose")
			os.Exit(2)
		case "garbage":
			fmt.Fprintln(out, "thinking...")
			fmt.Fprintln(out, `{"action": "call"`)
			fmt.Fprintln(out, `["call"]`)
		case "flood":
			for i := range 5000 {
				fmt.Fprintf(out, "flood %d\n", i)
			}
			fmt.Fprintln(out, strings.Repeat("x", 1<<20+10))
		case "hang":
			// read on, say nothing
		case "silent-exit":
			os.Exit(0)
		default:
			fmt.Fprintln(os.Stderr, "broken: unknown -mode", *mode)
			os.Exit(64)
		}
		out.Flush()
	}
	if *mode == "hang" {
		for {
			time.Sleep(time.Hour)
		}
	}
}

// answer is the first offered action, or (illegal) one that is never offered.
func answer(r request, illegal bool) string {
	if r.Type == "your_turn" {
		action, amount := "fold", ""
		if len(r.LegalMoves) > 0 {
			action, _ = r.LegalMoves[0]["action"].(string)
		}
		if illegal {
			action, amount = "raise", `,"amount":1000`
		}
		return fmt.Sprintf(`{"type":"move","match_id":%q,"turn":%d,"action":%q%s}`, r.MatchID, r.Turn, action, amount)
	}
	id := r.LegalActions[0].ActionID
	if illegal {
		id = "not_offered:" + id
	}
	return fmt.Sprintf(`{"seat":%d,"actionId":%q,"commandId":"c-broken-%d","observationVersion":%d}`, r.SeatID, id, r.Version, r.Version)
}
