package proxy_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/umpire-arena/umpire/harness"
	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// BenchmarkRelay plays whole matches with in-process clients in every
// seat, straight against the embedded server (direct) and through the
// relay (relay), 1, 16 and 64 matches at once. Each iteration plays one
// round of each, in alternating order, against the same server, so that
// both see the same load (the machine may be shared). It reports the
// decisions per second of each and their ratio, the round-trip latency per
// message of each (p50, p99: BangArena an HTTP exchange, Inference a move
// until the next message of the seat) and what the relay adds to it, and
// the process's CPU time per decision of each and their ratio (cpu-ratio:
// direct ÷ relay, the relay's including its judges until they are done).
//
//	go test -run '^$' -bench 'BenchmarkRelay/inference/matches=(1|16|64)$' -benchtime=1x ./harness/proxy/
func BenchmarkRelay(b *testing.B) {
	for _, game := range []string{harness.GameInference, harness.GameBangArena} {
		for _, n := range []int{1, 16, 64} {
			b.Run(fmt.Sprintf("%s/matches=%d", game, n), func(b *testing.B) {
				benchRelay(b, game, n)
			})
		}
	}
}

// benchRound is what one mode of the benchmark measured.
type benchRound struct {
	decisions int
	elapsed   time.Duration
	lat       []time.Duration
	cpu       time.Duration // of the whole process: server, clients, relay and judges
}

func (r *benchRound) pct(p float64) float64 {
	if len(r.lat) == 0 {
		return 0
	}
	return float64(r.lat[int(p*float64(len(r.lat)-1))].Microseconds()) / 1000
}

func benchRelay(b *testing.B, game string, n int) {
	r := newRig(b, game)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 512}, Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	var modes [2]benchRound // direct, relay
	relayed := 0
	var lag time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := range 2 {
			mode := (i + k) % 2
			base := r.server.URL
			if mode == 1 {
				base = r.front.URL
			}
			cpu0 := processCPU()
			benchPlay(ctx, b, r, client, game, base, fmt.Sprintf("bench-%d-%d", i, mode), n, &modes[mode])
			if mode == 1 {
				// What the judges still have queued is judged before
				// the next round, outside both rounds' times (it would
				// otherwise slow the direct round).
				relayed += n
				t0 := time.Now()
				if err := r.relay.WaitEnded(ctx, relayed); err != nil {
					b.Fatal(err)
				}
				lag += time.Since(t0)
			}
			modes[mode].cpu += processCPU() - cpu0
		}
	}
	b.StopTimer()
	// How long the judges took, after the agents were done, to finish
	// judging a round (the judges are paced: see Options.JudgeShare).
	b.ReportMetric(float64(lag.Milliseconds())/float64(b.N), "judge-lag-ms")
	judged, unjudged := r.relay.Coverage()
	if judged+unjudged > 0 {
		b.ReportMetric(100*float64(judged)/float64(judged+unjudged), "judged-%")
	}
	for k := range modes {
		slices.Sort(modes[k].lat)
	}
	rate := func(m benchRound) float64 { return float64(m.decisions) / m.elapsed.Seconds() }
	b.ReportMetric(rate(modes[0]), "direct-dec/s")
	b.ReportMetric(rate(modes[1]), "relay-dec/s")
	b.ReportMetric(rate(modes[1])/rate(modes[0]), "ratio")
	// The same comparison in CPU time (the relay's rounds counted until
	// their judges are done): what the ratio tends to on a machine the
	// run saturates, and steadier than it on a shared one.
	perDec := func(m benchRound) float64 { return float64(m.cpu.Microseconds()) / float64(m.decisions) }
	b.ReportMetric(perDec(modes[0]), "direct-cpu-µs/dec")
	b.ReportMetric(perDec(modes[1]), "relay-cpu-µs/dec")
	b.ReportMetric(perDec(modes[0])/perDec(modes[1]), "cpu-ratio")
	reportLatency(b, modes)
}

// reportLatency reports the latency percentiles of the direct and relayed
// rounds (their lat sorted) and what the relay adds to them.
func reportLatency(b *testing.B, modes [2]benchRound) {
	b.ReportMetric(modes[0].pct(0.5), "direct-p50-ms")
	b.ReportMetric(modes[0].pct(0.99), "direct-p99-ms")
	b.ReportMetric(modes[1].pct(0.5), "relay-p50-ms")
	b.ReportMetric(modes[1].pct(0.99), "relay-p99-ms")
	b.ReportMetric(modes[1].pct(0.5)-modes[0].pct(0.5), "added-p50-ms")
	b.ReportMetric(modes[1].pct(0.99)-modes[0].pct(0.99), "added-p99-ms")
}

// processCPU is the CPU time (user and system) this process used so far.
func processCPU() time.Duration {
	var u syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// benchPlay plays n matches at once against base and adds what it
// measured to out.
func benchPlay(ctx context.Context, b *testing.B, r *rig, client *http.Client, game, base, seedPrefix string, n int, out *benchRound) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	seats := 3
	if game == harness.GameBangArena {
		seats = 4
	}
	all := make([]int, seats)
	for s := range all {
		all[s] = s
	}
	var games []created
	for k := range n {
		games = append(games, r.createWith(client, fmt.Sprintf("%s-%d", seedPrefix, k), seats, all, 5000))
	}
	t0 := time.Now()
	for k, c := range games {
		seed := fmt.Sprintf("%s-%d", seedPrefix, k)
		for seat, tok := range c.tokens {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var d int
				var l []time.Duration
				var err error
				if game == harness.GameInference {
					d, l, err = playInference(ctx, base, c.id, seat, tok)
				} else {
					d, l, err = playBangArena(ctx, client, base, c.id, seat, tok, seed)
				}
				if err != nil {
					b.Error(err)
				}
				mu.Lock()
				out.decisions += d
				out.lat = append(out.lat, l...)
				mu.Unlock()
			}()
		}
	}
	wg.Wait()
	out.elapsed += time.Since(t0)
}

// benchRounds is the rounds of a benchmark's Inference match: enough that
// a match is mostly relayed decisions, not its connections' setup (every
// seat calls, so a round is one decision per seat).
const benchRounds = 40

// createWith is create with a given client and no test to fail.
func (r *rig) createWith(client *http.Client, seed string, seats int, agents []int, deadlineMS int) created {
	path := "/api/ai/rooms"
	body := map[string]any{"seats": seats, "roleMode": "classic", "seed": seed, "deadlineMs": deadlineMS, "agents": agents}
	if r.game == harness.GameInference {
		path = "/api/inference/matches"
		body = map[string]any{"seats": seats, "rounds": benchRounds, "deadline_ms": deadlineMS, "seed": seed, "agents": agents}
	}
	b, _ := json.Marshal(body)
	resp, err := client.Post(r.server.URL+path, "application/json", bytes.NewReader(b))
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	var out struct {
		MatchID string            `json:"match_id"`
		RoomID  string            `json:"roomId"`
		Tokens  map[string]string `json:"tokens"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		panic(err)
	}
	c := created{id: out.MatchID + out.RoomID, tokens: map[int]string{}}
	for k, v := range out.Tokens {
		s, _ := strconv.Atoi(k)
		c.tokens[s] = v
	}
	return c
}

// playInference plays one seat over WebSocket, calling (or folding) at
// every turn, and returns its decisions and the time from each move to the
// seat's next message.
func playInference(ctx context.Context, base, match string, seat int, token string) (int, []time.Duration, error) {
	u := "ws" + base[len("http"):] + "/ws/inference?match=" + url.QueryEscape(match) + "&seat=" + strconv.Itoa(seat)
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		return 0, nil, err
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	hello, _ := json.Marshal(map[string]any{"type": "hello", "match_id": match, "seat": seat, "token": token})
	if err := c.Write(ctx, websocket.MessageText, hello); err != nil {
		return 0, nil, err
	}
	var lat []time.Duration
	var sent time.Time
	n := 0
	for {
		_, msg, err := c.Read(ctx)
		if err != nil {
			return n, lat, err
		}
		if !sent.IsZero() {
			lat = append(lat, time.Since(sent))
			sent = time.Time{}
		}
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
			_ = c.Close(websocket.StatusNormalClosure, "")
			return n, lat, nil
		case "your_turn":
			action := "fold"
			for _, a := range m.LegalActions {
				if a.Action == "call" {
					action = "call"
				}
			}
			mv, _ := json.Marshal(map[string]any{"type": "move", "match_id": match, "turn": m.Turn, "action": action})
			sent = time.Now()
			if err := c.Write(ctx, websocket.MessageText, mv); err != nil {
				return n, lat, err
			}
			n++
		}
	}
}

// playBangArena plays one seat over REST with the random scripted player
// and returns its decisions and the time of every HTTP exchange.
func playBangArena(ctx context.Context, client *http.Client, base, room string, seat int, token, seed string) (int, []time.Duration, error) {
	pl, err := baadv.New("random", seed+"/"+strconv.Itoa(seat))
	if err != nil {
		return 0, nil, err
	}
	prefix := base + "/api/ai/rooms/" + url.PathEscape(room)
	var lat []time.Duration
	call := func(method, u string, body []byte) (int, []byte, error) {
		req, _ := http.NewRequestWithContext(ctx, method, u, bytes.NewReader(body))
		req.Header.Set("x-agent-token", token)
		t0 := time.Now()
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		lat = append(lat, time.Since(t0))
		return resp.StatusCode, b, err
	}
	last, n := -1, 0
	for ctx.Err() == nil {
		status, body, err := call(http.MethodGet, prefix+"/observe?seat="+strconv.Itoa(seat), nil)
		if err != nil || status != http.StatusOK {
			return n, lat, fmt.Errorf("observe: HTTP %d %v", status, err)
		}
		var req ba.DecisionRequest
		if err := json.Unmarshal(body, &req); err != nil {
			return n, lat, err
		}
		if req.Observation.Phase == ba.PhaseEnded || req.Observation.WinnerTeam != nil {
			return n, lat, nil
		}
		if len(req.LegalActions) == 0 || req.ObservationVersion == last {
			time.Sleep(2 * time.Millisecond)
			continue
		}
		d, err := pl.Decide(&req)
		if err != nil {
			return n, lat, err
		}
		dec := map[string]any{"seat": seat, "actionId": d.ActionID,
			"commandId": fmt.Sprintf("c-%d-%d", seat, req.ObservationVersion), "observationVersion": req.ObservationVersion}
		if len(d.Args) > 0 {
			dec["args"] = d.Args
		}
		body, _ = json.Marshal(dec)
		if _, _, err := call(http.MethodPost, prefix+"/decision", body); err != nil {
			return n, lat, err
		}
		last = req.ObservationVersion
		n++
	}
	return n, lat, ctx.Err()
}
