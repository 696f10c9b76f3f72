package proxy

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httputil"
	"strings"
	"time"
)

// exchange is one relayed HTTP request the relay judges: what the agent
// sent and what the server answered, each kept up to the size cap.
type exchange struct {
	kind     string // "observe", "decision", "mcp"
	room     string
	seat     string // the observe query's seat
	token    string // in memory only, never reported
	at       time.Time
	reqBody  []byte
	reqFull  bool // the whole request body was kept
	status   int
	respBody []byte
	respFull bool
	mcp      bool   // a tool call over MCP, judged as its REST exchange
	date     string // the Date header of the server's answer
}

type exchangeKey struct{}

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
	if r.URL.Path == "/mcp" {
		return "mcp", ""
	}
	return "", ""
}

func (p *Proxy) reverseProxy() *httputil.ReverseProxy {
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(p.target)
			pr.Out.URL.Path = p.target.Path + pr.In.URL.Path
			pr.Out.URL.RawPath = ""
			if pr.In.URL.RawPath != "" {
				pr.Out.URL.RawPath = p.target.EscapedPath() + pr.In.URL.RawPath
			}
			pr.Out.URL.RawQuery = pr.In.URL.RawQuery
		},
		Transport:     p.opts.Transport,
		FlushInterval: -1,
		ModifyResponse: func(resp *http.Response) error {
			if ex, ok := resp.Request.Context().Value(exchangeKey{}).(*exchange); ok {
				p.captured(ex, resp)
			}
			return nil
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			http.Error(w, "umpire proxy: the target cannot be reached", http.StatusBadGateway)
		},
	}
}

// serveHTTP relays one HTTP request. A request the relay judges is
// forwarded as it came (its body kept up to the cap on the way), and judged
// once the whole answer was written and flushed to the agent.
func (p *Proxy) serveHTTP(w http.ResponseWriter, r *http.Request) {
	kind, room := "", ""
	if p.side.classify != nil {
		kind, room = p.side.classify(r)
	}
	if kind == "mcp" && r.Method != http.MethodPost {
		kind = "" // a standalone event stream, or the end of a session
	}
	if kind == "" {
		p.rp.ServeHTTP(w, r)
		return
	}
	ex := &exchange{kind: kind, room: room, seat: r.URL.Query().Get("seat"), token: r.Header.Get("x-agent-token"), at: time.Now()}
	if r.Body != nil && r.Body != http.NoBody {
		buf, err := io.ReadAll(io.LimitReader(r.Body, int64(p.opts.MaxMessage)+1))
		ex.reqBody = buf
		ex.reqFull = err == nil && len(buf) <= p.opts.MaxMessage
		body := io.Reader(bytes.NewReader(buf))
		switch {
		case err != nil:
			// The agent's body broke off: the target sees it break too.
			body, ex.reqBody = io.MultiReader(body, errReader{err}), nil
		case !ex.reqFull:
			body, ex.reqBody = io.MultiReader(body, r.Body), nil
		}
		r.Body = struct {
			io.Reader
			io.Closer
		}{body, r.Body}
	} else {
		ex.reqFull = true
	}
	if kind == "mcp" {
		k, room, seat, token, decision, ok := mcpCall(ex.reqBody)
		p.mu.Lock()
		p.mcp++
		if ok {
			p.mcpJudged++
		}
		p.mu.Unlock()
		if !ok || !ex.reqFull {
			p.rp.ServeHTTP(w, r)
			return
		}
		ex.kind, ex.room, ex.seat, ex.mcp = k, room, seat, true
		if token != "" {
			ex.token = token
		}
		if decision != nil {
			ex.reqBody = decision
		}
	}
	r = r.WithContext(context.WithValue(r.Context(), exchangeKey{}, ex))
	p.rp.ServeHTTP(w, r)
}

// captured reads the answer of a judged exchange (up to the cap) before
// any of it is passed on, queues the exchange for judging and hands the
// answer on unchanged: the judge sees an observe's request before the
// decision it leads to, whichever connections the agent uses.
func (p *Proxy) captured(ex *exchange, resp *http.Response) {
	ex.status = resp.StatusCode
	ex.date = resp.Header.Get("Date")
	buf, err := io.ReadAll(io.LimitReader(resp.Body, int64(p.opts.MaxMessage)+1))
	switch {
	case err != nil:
		// The answer broke off: pass on what came, judge nothing of it.
		resp.Body = struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(buf), errReader{err}), resp.Body}
		return
	case len(buf) > p.opts.MaxMessage:
		resp.Body = struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(buf), resp.Body), resp.Body}
	default:
		ex.respBody, ex.respFull = buf, true
		resp.Body = struct {
			io.Reader
			io.Closer
		}{bytes.NewReader(buf), resp.Body}
	}
	if ex.mcp {
		// The tool's answer is judged as the REST protocol would carry it.
		payload, status, ok := mcpResult(resp.Header.Get("Content-Type"), ex.respBody)
		if !ok || ex.status != http.StatusOK {
			return
		}
		ex.respBody, ex.status = payload, status
	}
	p.judgeExchange(ex)
}

// errReader fails every read with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
