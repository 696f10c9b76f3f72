package proxyside

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/proxy"
)

// recorded is one message of a recorded match as the relay would have seen
// it pass.
type recorded struct {
	seat      int
	fromAgent bool
	data      []byte
}

// recordInference plays one 3-seat Inference match of rounds rounds on the
// embedded server, every seat calling (or folding), and returns its
// messages in the order they were read or sent.
func recordInference(tb testing.TB, rounds int) []recorded {
	tb.Helper()
	srv, err := conform.StartEmbedded(harness.GameInference, nil)
	if err != nil {
		tb.Fatal(err)
	}
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	body, _ := json.Marshal(map[string]any{"seats": 3, "rounds": rounds, "deadline_ms": 5000, "seed": "judge-bench", "agents": []int{0, 1, 2}})
	resp, err := http.Post(srv.URL+"/api/inference/matches", "application/json", bytes.NewReader(body))
	if err != nil {
		tb.Fatal(err)
	}
	var created struct {
		MatchID string            `json:"match_id"`
		Tokens  map[string]string `json:"tokens"`
	}
	err = json.NewDecoder(resp.Body).Decode(&created)
	resp.Body.Close()
	if err != nil {
		tb.Fatal(err)
	}
	var mu sync.Mutex
	var out []recorded
	add := func(seat int, fromAgent bool, data []byte) {
		mu.Lock()
		out = append(out, recorded{seat: seat, fromAgent: fromAgent, data: data})
		mu.Unlock()
	}
	var wg sync.WaitGroup
	errs := make(chan error, 3)
	for seat := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- playRecorded(ctx, srv.URL, created.MatchID, seat, created.Tokens[strconv.Itoa(seat)], add)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

func playRecorded(ctx context.Context, base, match string, seat int, token string, add func(int, bool, []byte)) error {
	u := "ws" + base[len("http"):] + "/ws/inference?match=" + url.QueryEscape(match) + "&seat=" + strconv.Itoa(seat)
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		return err
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	send := func(v any) error {
		b, _ := json.Marshal(v)
		add(seat, true, b)
		return c.Write(ctx, websocket.MessageText, b)
	}
	if err := send(map[string]any{"type": "hello", "match_id": match, "seat": seat, "token": token}); err != nil {
		return err
	}
	for {
		_, msg, err := c.Read(ctx)
		if err != nil {
			return err
		}
		add(seat, false, msg)
		var m struct {
			Type         string `json:"type"`
			Turn         int    `json:"turn"`
			LegalActions []struct {
				Action string `json:"action"`
			} `json:"legal_actions"`
		}
		if json.Unmarshal(msg, &m) != nil {
			continue
		}
		switch m.Type {
		case "match_end":
			return c.Close(websocket.StatusNormalClosure, "")
		case "your_turn":
			action := "fold"
			for _, a := range m.LegalActions {
				if a.Action == "call" {
					action = "call"
				}
			}
			if err := send(map[string]any{"type": "move", "match_id": match, "turn": m.Turn, "action": action}); err != nil {
				return err
			}
		}
	}
}

// BenchmarkInferenceJudge times the Inference judge alone on a recorded
// 3-seat match of 40 rounds: every message of every seat handed to its
// connection's judge as the tunnel would (ns/op is one whole match;
// ns/msg and ns/decision divide it). It is what the relay's judges cost
// per decision besides the tunnel (BenchmarkRelay measures both).
//
//	go test -run '^$' -bench BenchmarkInferenceJudge ./harness/inference/proxyside/
func BenchmarkInferenceJudge(b *testing.B) {
	msgs := recordInference(b, 40)
	decisions := 0
	for _, m := range msgs {
		if m.fromAgent && bytes.Contains(m.data, []byte(`"type":"move"`)) {
			decisions++
		}
	}
	_, j := newTestRelay(b)
	b.ReportAllocs()
	cpu0 := judgeCPU()
	b.ResetTimer()
	for i := range b.N {
		id := "judge-bench-" + strconv.Itoa(i)
		conns := map[int]*infConn{}
		for _, m := range msgs {
			c := conns[m.seat]
			if c == nil {
				c = &infConn{j: j, matchID: id, seat: m.seat}
				conns[m.seat] = c
			}
			// A fresh copy per message, as the framer hands the judge.
			c.See(proxy.Message{At: time.Now(), FromAgent: m.fromAgent, Type: websocket.MessageText, Data: append([]byte(nil), m.data...)})
		}
		b.StopTimer()
		// The match is finished as at its end: the relay and the judge
		// drop what they held of it.
		j.h.Finish(j.matches[id].m)
		b.StartTimer()
	}
	b.StopTimer()
	// The process's CPU time too: steadier than the wall clock on a
	// shared machine.
	cpu := float64((judgeCPU() - cpu0).Nanoseconds()) / float64(b.N)
	b.ReportMetric(cpu/float64(len(msgs)), "cpu-ns/msg")
	b.ReportMetric(cpu/float64(decisions), "cpu-ns/decision")
	perMatch := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(perMatch/float64(len(msgs)), "ns/msg")
	b.ReportMetric(perMatch/float64(decisions), "ns/decision")
	b.ReportMetric(float64(len(msgs)), "msgs/match")
}

// judgeCPU is the CPU time (user and system) this process used so far.
func judgeCPU() time.Duration {
	var u syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
