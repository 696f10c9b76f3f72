package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/rules"
)

// TestReaskReplacedWithoutRandom (issue 26): a server that answers the
// second illegal answer 200 naming the legal item that replaced it, but
// without umpire's random flag (a pin, WIRE.md Decision answers), breaks
// no rule of the document: 14.random-legal passes, and only the answer's
// shape differs, at SHOULD.
func TestReaskReplacedWithoutRandom(t *testing.T) {
	e, err := conform.StartEmbedded(conform.GameBangArena, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	to, _ := url.Parse(e.URL)
	rp := httputil.NewSingleHostReverseProxy(to)
	rp.ModifyResponse = func(r *http.Response) error {
		if !strings.HasSuffix(r.Request.URL.Path, "/decision") || r.StatusCode != http.StatusOK {
			return nil
		}
		b, err := io.ReadAll(r.Body)
		if err != nil {
			return err
		}
		var m map[string]any
		if json.Unmarshal(b, &m) == nil && m["random"] != nil {
			delete(m, "random")
			b, _ = json.Marshal(m)
		}
		r.Body = io.NopCloser(bytes.NewReader(b))
		r.ContentLength = int64(len(b))
		r.Header.Set("Content-Length", strconv.Itoa(len(b)))
		return nil
	}
	front := httptest.NewServer(rp)
	defer front.Close()
	tg := &conform.Target{Game: conform.GameBangArena, URL: front.URL, Create: true, DeadlineMS: 2000}
	if err := tg.Validate(); err != nil {
		t.Fatal(err)
	}
	res := baProbeReask(context.Background(), tg)
	var shape bool
	for _, f := range res.Findings {
		switch f.Rule {
		case "bangarena/server.answer-shape":
			shape = true
		default:
			t.Errorf("finding of %s: %s", f.Rule, f.Message)
		}
	}
	if !shape {
		t.Errorf("no server.answer-shape finding for the missing random flag: %+v", res)
	}
	if r, ok := rules.Default().Lookup("bangarena/server.answer-shape"); !ok || r.Basis.Binding() {
		t.Errorf("server.answer-shape is not a pin's rule")
	}
}
