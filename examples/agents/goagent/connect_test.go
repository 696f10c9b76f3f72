package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// TestConnectBangArena plays a fake room: one decision, reasked once, then
// the match ends.
func TestConnectBangArena(t *testing.T) {
	var (
		mu        sync.Mutex
		decisions []decision
		ended     bool
		tokens    []string
	)
	req := `{"seatId":2,"observationVersion":41,"observation":{"phase":"play","you":2},"legalActions":[` +
		`{"actionId":"shot:shot_07:3","command":"play_shot"},{"actionId":"end_play","command":"end_play"}]}`
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/ai/rooms/r-1/observe", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		tokens = append(tokens, r.Header.Get("x-agent-token"))
		if r.URL.Query().Get("seat") != "2" {
			http.Error(w, `{"error":{"code":"bad_seat"}}`, 400)
			return
		}
		if ended {
			io.WriteString(w, `{"seatId":2,"observationVersion":42,"observation":{"phase":"ended"},"legalActions":[]}`)
			return
		}
		io.WriteString(w, req)
	})
	mux.HandleFunc("POST /api/ai/rooms/r-1/decision", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		var d decision
		json.NewDecoder(r.Body).Decode(&d)
		decisions = append(decisions, d)
		if len(decisions) == 1 {
			w.WriteHeader(400)
			io.WriteString(w, `{"error":{"code":"illegal_action","message":"no","reask":true}}`)
			return
		}
		ended = true
		io.WriteString(w, `{"ok":true,"observationVersion":42}`)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var log bytes.Buffer
	err := connect(ctx, newPlayer(1), envOf(map[string]string{
		"UMPIRE_GAME": "bangarena", "UMPIRE_URL": srv.URL + "/", "UMPIRE_ROOM": "r-1", "UMPIRE_SEAT": "2", "UMPIRE_TOKEN": "tok-2",
	}), &log)
	if err != nil {
		t.Fatalf("connect: %v (log %s)", err, log.String())
	}
	mu.Lock()
	defer mu.Unlock()
	if len(decisions) != 2 || decisions[0].ActionID == decisions[1].ActionID || decisions[0].CommandID == decisions[1].CommandID {
		t.Errorf("decisions %+v, want two different items with different commandIds", decisions)
	}
	for _, tok := range tokens {
		if tok != "tok-2" {
			t.Errorf("token %q sent, want tok-2", tok)
		}
	}
}

// TestConnectInference plays a fake match over WebSocket: hello, welcome,
// your_turn, move, match_end.
func TestConnectInference(t *testing.T) {
	turn := turnMsg("60", "40", allLegal)
	got := make(chan []string, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/ws/inference" || r.URL.Query().Get("match") != "m-1" || r.URL.Query().Get("seat") != "2" {
			http.NotFound(w, r)
			return
		}
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		ctx := r.Context()
		var seen []string
		_, hello, _ := c.Read(ctx)
		seen = append(seen, string(hello))
		c.Write(ctx, websocket.MessageText, []byte(`{"type":"welcome","match_id":"m-1","seat":2}`))
		c.Write(ctx, websocket.MessageText, []byte(turn))
		_, mv, _ := c.Read(ctx)
		seen = append(seen, string(mv))
		c.Write(ctx, websocket.MessageText, []byte(`{"type":"match_end","match_id":"m-1"}`))
		got <- seen
		c.Read(ctx) // until the agent closes
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := connect(ctx, newPlayer(1), envOf(map[string]string{
		"UMPIRE_GAME": "inference", "UMPIRE_URL": srv.URL, "UMPIRE_MATCH": "m-1", "UMPIRE_SEAT": "2", "UMPIRE_TOKEN": "tok",
	}), io.Discard)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	seen := <-got
	var hello map[string]any
	json.Unmarshal([]byte(seen[0]), &hello)
	if hello["type"] != "hello" || hello["match_id"] != "m-1" || hello["seat"] != 2.0 || hello["token"] != "tok" {
		t.Errorf("hello %s, want type, match_id, seat and token", seen[0])
	}
	if !strings.Contains(seen[1], `"type":"move"`) || !strings.Contains(seen[1], `"turn":2`) {
		t.Errorf("move %s, want a move for turn 2", seen[1])
	}
}

func TestConnectNeedsItsEnvironment(t *testing.T) {
	for _, env := range []map[string]string{
		{},
		{"UMPIRE_URL": "http://x", "UMPIRE_SEAT": "two"},
		{"UMPIRE_URL": "http://x", "UMPIRE_SEAT": "1", "UMPIRE_GAME": "chess"},
	} {
		if err := connect(context.Background(), newPlayer(1), envOf(env), io.Discard); err == nil {
			t.Errorf("connect with %v succeeded, want an error", env)
		}
	}
}
