package probe

import (
	"net/http"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/rules"
)

// TestJudgeRefusal: the pinned status passes, another 4xx is a
// server.status-code finding (once when quiet is asked for later), a 2xx or
// 5xx breaks the rule that demands the refusal; a documented status (§14's
// 400 reask) charges any other 4xx to that rule, and a pinned answer with a
// wrong body is charged to the body's rule.
func TestJudgeRefusal(t *testing.T) {
	stale := baRefusal{status: http.StatusConflict, rule: "bangarena/server.stale-version", want: "HTTP 409", what: "a stale decision"}
	reask := baRefusal{status: http.StatusBadRequest, rule: "bangarena/server.reask", want: "HTTP 400 with reask true", what: "the first illegal answer", documented: true,
		bodyRule: "bangarena/server.reask", body: func(b []byte) string {
			if string(b) != `{"reask":true}` {
				return "does not say reask true"
			}
			return ""
		}}
	for _, tc := range []struct {
		name    string
		c       baRefusal
		status  int
		body    string
		quiet   bool
		verdict baVerdict
		rule    string // "" for no finding
	}{
		{"pinned", stale, 409, `{}`, false, baPinned, ""},
		{"another 4xx", stale, 400, `{}`, false, baOtherRefusal, "bangarena/server.status-code"},
		{"another 4xx, noted before", stale, 422, `{}`, true, baOtherRefusal, ""},
		{"accepted", stale, 200, `{"ok":true}`, false, baNotRefused, "bangarena/server.stale-version"},
		{"server error", stale, 500, `{}`, false, baNotRefused, "bangarena/server.stale-version"},
		{"documented, pinned", reask, 400, `{"reask":true}`, false, baPinned, ""},
		{"documented, another 4xx", reask, 409, `{}`, false, baOtherRefusal, "bangarena/server.reask"},
		{"documented, body wrong", reask, 400, `{}`, false, baOtherRefusal, "bangarena/server.reask"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var res conform.Result
			v := judgeRefusal(&res, rules.Where{}, tc.c, tc.status, []byte(tc.body), nil, tc.quiet)
			if v != tc.verdict {
				t.Fatalf("verdict %d, want %d", v, tc.verdict)
			}
			switch {
			case tc.rule == "" && len(res.Findings) != 0:
				t.Fatalf("findings %v, want none", res.Findings)
			case tc.rule != "" && (len(res.Findings) != 1 || res.Findings[0].Rule != tc.rule):
				t.Fatalf("findings %v, want one of %s", res.Findings, tc.rule)
			}
		})
	}
}
