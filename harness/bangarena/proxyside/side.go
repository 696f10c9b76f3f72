package proxyside

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/umpire-arena/umpire/harness/proxy"
	baverify "github.com/umpire-arena/umpire/referee/bangarena/verify"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// Side is BangArena's part of the relay: its seats speak HTTP (the REST
// decision protocol, and MCP whose decision-request and submit tool calls
// are judged as their REST twins), judged per room, and its room log is
// verified with referee/bangarena/verify.
func Side() proxy.Side {
	return proxy.Side{Classify: classify, Judge: newJudge, VerifyLog: verifyLog}
}

// judge is BangArena's judge of one relay run: the state of every room it
// follows (each guarded by its match's lock) and the MCP traffic it saw.
type judge struct {
	h *proxy.Host

	mu        sync.Mutex
	rooms     map[string]*baRoom
	mcp       int // MCP exchanges relayed
	mcpJudged int // of which tool calls judged as their REST exchanges
}

func newJudge(h *proxy.Host) proxy.Judge {
	return &judge{h: h, rooms: map[string]*baRoom{}}
}

// classify names the BangArena exchanges the relay judges ("" for the
// rest, which is relayed unjudged).
func classify(r *http.Request) (kind, room string) {
	rest, ok := strings.CutPrefix(r.URL.Path, "/api/ai/rooms/")
	if ok {
		room, tail, _ := strings.Cut(rest, "/")
		switch {
		case tail == "observe" && r.Method == http.MethodGet:
			return "observe", room
		case tail == "decision" && r.Method == http.MethodPost:
			return "decision", room
		}
		return "", ""
	}
	if r.URL.Path == "/mcp" && r.Method == http.MethodPost {
		// Not a standalone event stream, nor the end of a session.
		return "mcp", ""
	}
	return "", ""
}

// viaMCP marks an exchange that was an MCP tool call (Exchange.Via).
const viaMCP = "mcp"

// Request reads an MCP request as the REST exchange its tool call
// carries (counted; one of another tool, or over the size cap, is relayed
// unjudged); the REST exchanges are judged as they come.
func (j *judge) Request(ex *proxy.Exchange) bool {
	if ex.Kind != "mcp" {
		return true
	}
	k, room, seat, token, decision, ok := mcpCall(ex.ReqBody)
	j.mu.Lock()
	j.mcp++
	if ok {
		j.mcpJudged++
	}
	j.mu.Unlock()
	if !ok || !ex.ReqFull {
		return false
	}
	ex.Kind, ex.Room, ex.Seat, ex.Via = k, room, seat, viaMCP
	if token != "" {
		ex.Token = token
	}
	if decision != nil {
		ex.ReqBody = decision
	}
	return true
}

// Exchange judges a finished exchange: a tool's answer is judged as the
// REST protocol would carry it.
func (j *judge) Exchange(ex *proxy.Exchange, h http.Header) {
	if ex.Via == viaMCP {
		payload, status, ok := mcpResult(h.Get("Content-Type"), ex.RespBody)
		if !ok || ex.Status != http.StatusOK {
			return
		}
		ex.RespBody, ex.Status = payload, status
	}
	j.judgeExchange(ex)
}

// Finished drops what the judge held of m (its seats' event caches).
func (j *judge) Finished(m *proxy.Match) {
	j.mu.Lock()
	r := j.rooms[m.ID()]
	delete(j.rooms, m.ID())
	j.mu.Unlock()
	if r == nil {
		return
	}
	m.Lock()
	for _, s := range r.seats {
		m.Give(s.events.bytes())
		s.events = eventCache{}
	}
	m.Unlock()
}

// Checks is the MCP traffic the judge could not judge (inconclusive).
func (j *judge) Checks() []reports.Check {
	j.mu.Lock()
	mcp, judged := j.mcp, j.mcpJudged
	j.mu.Unlock()
	if mcp <= judged {
		return nil
	}
	return []reports.Check{{Name: "mcp-relayed", Section: "mcp", Rules: []string{"bangarena/server.mcp-tools"}, Status: reports.Skip,
		Reason: fmt.Sprintf("%d MCP exchange(s) relayed unchanged; %d of them (other than the tool calls %s and %s) not judged (inconclusive)",
			mcp, mcp-judged, mcpRequestTool, mcpSubmitTool)}}
}

// maxShownLog bounds the BangArena log the proxy holds whole to take its
// chance from; a longer one is streamed and re-simulated only from a seed.
const maxShownLog = 16 << 20

// verifyLog verifies a BangArena room log with the one judge of
// outcomes: re-simulated with the random outcomes it shows, whatever
// generator the server draws with (the seed the server names in its
// Umpire-Seed header checking the commitment only).
func verifyLog(ctx context.Context, body io.Reader, file string, h http.Header, emit func(rules.Finding)) (int, bool, error) {
	var seeds []string
	if s := h.Get("Umpire-Seed"); s != "" {
		seeds = []string{s}
	}
	data, err := io.ReadAll(io.LimitReader(body, maxShownLog+1))
	if err != nil {
		return 0, false, err
	}
	opts := baverify.BangArenaOptions{File: file, Seeds: seeds}
	src := io.Reader(bytes.NewReader(data))
	if len(data) > maxShownLog {
		src = io.MultiReader(src, body)
	} else {
		opts.Shown = baverify.ShownIn(data)
	}
	sum, err := baverify.NewBangArena(opts).Read(ctx, src, emit)
	return sum.Lines, sum.SeedUnknown, err
}

// bytes is what the cache holds of event bytes.
func (c *eventCache) bytes() int {
	n := 0
	for _, r := range c.raws {
		n += len(r)
	}
	return n
}

// keepCache charges a seat's event cache c to the run's live budget,
// giving back what it held before (before bytes); a cache over
// maxEventCache, past the budget, or of a match over is dropped (the next
// request is decoded whole). Callers hold m's lock.
func keepCache(m *proxy.Match, c *eventCache, before int) {
	m.Give(before)
	if n := c.bytes(); m.Done() || n > maxEventCache || !m.Take(n) {
		*c = eventCache{}
	}
}

// isObject reports whether b is (whitespace aside) a JSON object's text.
func isObject(b []byte) bool {
	b = bytes.TrimSpace(b)
	return len(b) > 1 && b[0] == '{' && b[len(b)-1] == '}'
}
