package proxy

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httputil"
	"time"
)

type exchangeKey struct{}

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
			if ex, ok := resp.Request.Context().Value(exchangeKey{}).(*Exchange); ok {
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
	if p.side.Classify != nil && p.exchanges != nil {
		kind, room = p.side.Classify(r)
	}
	if kind == "" {
		p.rp.ServeHTTP(w, r)
		return
	}
	ex := &Exchange{Kind: kind, Room: room, Seat: r.URL.Query().Get("seat"), Token: r.Header.Get("x-agent-token"), At: time.Now()}
	if r.Body != nil && r.Body != http.NoBody {
		buf, err := io.ReadAll(io.LimitReader(r.Body, int64(p.opts.MaxMessage)+1))
		ex.ReqBody = buf
		ex.ReqFull = err == nil && len(buf) <= p.opts.MaxMessage
		body := io.Reader(bytes.NewReader(buf))
		switch {
		case err != nil:
			// The agent's body broke off: the target sees it break too.
			body, ex.ReqBody = io.MultiReader(body, errReader{err}), nil
		case !ex.ReqFull:
			body, ex.ReqBody = io.MultiReader(body, r.Body), nil
		}
		r.Body = struct {
			io.Reader
			io.Closer
		}{body, r.Body}
	} else {
		ex.ReqFull = true
	}
	if !p.exchanges.Request(ex) {
		p.rp.ServeHTTP(w, r)
		return
	}
	r = r.WithContext(context.WithValue(r.Context(), exchangeKey{}, ex))
	p.rp.ServeHTTP(w, r)
}

// captured reads the answer of a judged exchange (up to the cap) before
// any of it is passed on, hands the exchange to the judge and the answer
// on unchanged: the judge sees an observe's request before the decision
// it leads to, whichever connections the agent uses.
func (p *Proxy) captured(ex *Exchange, resp *http.Response) {
	ex.Status = resp.StatusCode
	ex.Date = resp.Header.Get("Date")
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
		ex.RespBody, ex.RespFull = buf, true
		resp.Body = struct {
			io.Reader
			io.Closer
		}{bytes.NewReader(buf), resp.Body}
	}
	p.exchanges.Exchange(ex, resp.Header)
}

// errReader fails every read with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
