package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// peek plays a BangArena match in connect mode (umpire certify
// --agent-connect: the UMPIRE_* variables name the room, the seat and its
// token) and, before its first decision, asks for the observation of
// another seat with its own token: an attempt to read hidden state (§16).
// Otherwise it plays legally, the first item of every request.
func peek() error {
	base := strings.TrimRight(os.Getenv("UMPIRE_URL"), "/")
	seat, err := strconv.Atoi(os.Getenv("UMPIRE_SEAT"))
	if err != nil || base == "" || os.Getenv("UMPIRE_ROOM") == "" {
		return fmt.Errorf("peek mode plays a BangArena room in connect mode (UMPIRE_URL, UMPIRE_SEAT, UMPIRE_ROOM)")
	}
	token := os.Getenv("UMPIRE_TOKEN")
	prefix := base + "/api/ai/rooms/" + url.PathEscape(os.Getenv("UMPIRE_ROOM"))
	client := &http.Client{Timeout: 10 * time.Second}
	call := func(method, u string, body []byte) (int, []byte, error) {
		req, err := http.NewRequest(method, u, bytes.NewReader(body))
		if err != nil {
			return 0, nil, err
		}
		req.Header.Set("x-agent-token", token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
		return resp.StatusCode, b, err
	}
	answered, peeked := -1, false
	for n := 0; ; n++ {
		status, body, err := call(http.MethodGet, prefix+"/observe?seat="+strconv.Itoa(seat), nil)
		if err != nil {
			return err
		}
		if status != http.StatusOK {
			return fmt.Errorf("observe: status %d", status)
		}
		var r struct {
			ObservationVersion int `json:"observationVersion"`
			Observation        struct {
				Phase   string            `json:"phase"`
				Players []json.RawMessage `json:"players"`
			} `json:"observation"`
			LegalActions []struct {
				ActionID string `json:"actionId"`
			} `json:"legalActions"`
		}
		if err := json.Unmarshal(body, &r); err != nil {
			return err
		}
		if r.Observation.Phase == "ended" {
			return nil
		}
		if k := len(r.Observation.Players); !peeked && k > 1 {
			peeked = true
			if _, _, err := call(http.MethodGet, prefix+"/observe?seat="+strconv.Itoa((seat+1)%k), nil); err != nil {
				return err
			}
		}
		if len(r.LegalActions) > 0 && r.ObservationVersion != answered {
			d := fmt.Sprintf(`{"seat":%d,"actionId":%q,"commandId":"c-peek-%d","observationVersion":%d}`, seat, r.LegalActions[0].ActionID, n, r.ObservationVersion)
			if status, _, err := call(http.MethodPost, prefix+"/decision", []byte(d)); err != nil {
				return err
			} else if status == http.StatusOK {
				answered = r.ObservationVersion
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
}
