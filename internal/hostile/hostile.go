package hostile

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
)

// ObserveProxy is a reverse proxy to the server at base whose 200 answers
// to a path ending in /observe are rewritten by edit.
func ObserveProxy(base string, edit func(body []byte) []byte) (http.Handler, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.ModifyResponse = func(resp *http.Response) error {
		if !strings.HasSuffix(resp.Request.URL.Path, "/observe") || resp.StatusCode != http.StatusOK {
			return nil
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return err
		}
		body = edit(body)
		resp.Body = io.NopCloser(bytes.NewReader(body))
		resp.ContentLength = int64(len(body))
		resp.Header.Set("Content-Length", strconv.Itoa(len(body)))
		return nil
	}
	return rp, nil
}

// Padding is a way Pad pads a JSON object.
type Padding int

// The paddings.
const (
	// Blanks before the closing brace: still the same JSON value.
	Blanks Padding = iota
	// Field: one long string field, an extension a reader reads around.
	Field
	// Events: small events of their own (seq far past a match's, each
	// distinct) at the start of observation.events.
	Events
)

// String names the padding (a subtest's name).
func (p Padding) String() string {
	switch p {
	case Blanks:
		return "blanks"
	case Field:
		return "field"
	case Events:
		return "events"
	}
	return fmt.Sprintf("padding(%d)", int(p))
}

// Pad returns body, a JSON object, padded the given way to about n bytes;
// a body that is no object, already n bytes long, or (Events) holds no
// observation.events list is returned as it is.
func Pad(body []byte, n int, how Padding) []byte {
	body = bytes.TrimRight(body, " \n")
	end := len(body) - 1
	if end < 1 || body[end] != '}' || len(body)+20 >= n {
		return body
	}
	switch how {
	case Blanks:
		return append(append(body[:end:end], bytes.Repeat([]byte(" "), n-len(body))...), '}')
	case Field:
		pad := append([]byte(`,"umpirePadding":"`), bytes.Repeat([]byte("x"), n-len(body)-20)...)
		return append(append(append(body[:end:end], pad...), '"'), '}')
	}
	at := bytes.Index(body, []byte(`"events":[`))
	if at < 0 {
		return body
	}
	at += len(`"events":[`)
	var pad bytes.Buffer
	pad.Grow(n - len(body) + 64)
	for seq := 1 << 30; pad.Len() < n-len(body); seq++ {
		fmt.Fprintf(&pad, `{"seq":%d,"type":"turn_start","seat":0},`, seq)
	}
	rest := body[at:]
	if bytes.HasPrefix(rest, []byte("]")) {
		pad.Truncate(pad.Len() - 1) // the list was empty: no comma before its end
	}
	out := make([]byte, 0, at+pad.Len()+len(rest))
	return append(append(append(out, body[:at]...), pad.Bytes()...), rest...)
}
