package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// pollInterval is how often the BangArena player asks for a decision.
const pollInterval = 20 * time.Millisecond

// connect plays the match named by the UMPIRE_* variables
// (`umpire certify --agent-connect`), connecting to the server itself:
// Inference over WebSocket, BangArena over the REST decision protocol.
func connect(ctx context.Context, p *player, getenv func(string) string, log io.Writer) error {
	base := strings.TrimRight(getenv("UMPIRE_URL"), "/")
	seat, err := strconv.Atoi(getenv("UMPIRE_SEAT"))
	if err != nil || base == "" {
		return fmt.Errorf("connect mode needs UMPIRE_URL and UMPIRE_SEAT (got %q, %q)", base, getenv("UMPIRE_SEAT"))
	}
	token := getenv("UMPIRE_TOKEN")
	switch game := getenv("UMPIRE_GAME"); game {
	case "inference":
		return playInference(ctx, p, base, getenv("UMPIRE_MATCH"), seat, token, log)
	case "bangarena":
		return playBangArena(ctx, p, base, getenv("UMPIRE_ROOM"), seat, token, log)
	default:
		return fmt.Errorf("UMPIRE_GAME %q: want inference or bangarena", game)
	}
}

// playInference joins the match over WebSocket with a hello, then answers
// every message that needs an answer until match_end.
func playInference(ctx context.Context, p *player, base, match string, seat int, token string, log io.Writer) error {
	u := base + "/ws/inference?match=" + url.QueryEscape(match) + "&seat=" + strconv.Itoa(seat)
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		return err
	}
	defer c.CloseNow()
	c.SetReadLimit(maxMessage)
	hello, _ := json.Marshal(map[string]any{"type": "hello", "match_id": match, "seat": seat, "token": token})
	if err := c.Write(ctx, websocket.MessageText, hello); err != nil {
		return err
	}
	for {
		_, msg, err := c.Read(ctx)
		if err != nil {
			return err
		}
		answer, done, err := p.handle(msg)
		if err != nil {
			fmt.Fprintln(log, "agent: ignoring a message:", err)
			continue
		}
		if answer != nil {
			if err := c.Write(ctx, websocket.MessageText, answer); err != nil {
				return err
			}
		}
		if done {
			return c.Close(websocket.StatusNormalClosure, "match over")
		}
	}
}

// playBangArena polls the seat's DecisionRequest and posts a decision for
// each new one, choosing again after a reask, until the match has ended.
func playBangArena(ctx context.Context, p *player, base, room string, seat int, token string, log io.Writer) error {
	client := &http.Client{Timeout: 10 * time.Second}
	defer client.CloseIdleConnections()
	prefix := base + "/api/ai/rooms/" + url.PathEscape(room)
	call := func(method, u string, body []byte) (int, []byte, error) {
		req, err := http.NewRequestWithContext(ctx, method, u, bytes.NewReader(body))
		if err != nil {
			return 0, nil, err
		}
		req.Header.Set("x-agent-token", token)
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(io.LimitReader(resp.Body, maxMessage))
		return resp.StatusCode, b, err
	}
	answered := -1 // observationVersion of the last accepted decision
	for {
		status, body, err := call(http.MethodGet, prefix+"/observe?seat="+strconv.Itoa(seat), nil)
		if err != nil {
			return err
		}
		if status != http.StatusOK {
			return fmt.Errorf("observe: status %d: %.200s", status, body)
		}
		var req struct {
			ObservationVersion int `json:"observationVersion"`
			Observation        struct {
				Phase string `json:"phase"`
			} `json:"observation"`
			LegalActions []json.RawMessage `json:"legalActions"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			return fmt.Errorf("observe: %w", err)
		}
		if req.Observation.Phase == "ended" {
			return nil
		}
		if len(req.LegalActions) > 0 && req.ObservationVersion != answered {
			answer, _, err := p.handle(body)
			for answer != nil && err == nil {
				status, reply, err2 := call(http.MethodPost, prefix+"/decision", answer)
				if err2 != nil {
					return err2
				}
				switch {
				case status == http.StatusOK:
					answered, answer = req.ObservationVersion, nil
				case status == http.StatusBadRequest:
					answer, _, err = p.handle(reply) // a reask: choose again
				default:
					// Stale, paused or replaced: fetch a fresh request.
					fmt.Fprintf(log, "agent: decision refused, status %d: %.200s\n", status, reply)
					answer = nil
				}
			}
			if err != nil {
				fmt.Fprintln(log, "agent: ignoring a message:", err)
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pollInterval):
		}
	}
}
