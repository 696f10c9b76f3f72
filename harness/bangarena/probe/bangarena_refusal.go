package probe

import (
	"fmt"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// The one judgement of a refusal (I-BA-P2): the documents say a request is
// rejected, umpire's pins (WIRE.md Errors) say with which status. The
// pinned status (and what the pin asks of its body) passes; another 4xx is
// refused all the same and is a finding of bangarena/server.status-code (a
// contract: SHOULD unless strict); a 2xx or 5xx is no refusal and breaks
// the rule that demands it.

// baRefusal is what one refused request is expected to get.
type baRefusal struct {
	// status is the pinned status.
	status int
	// rule demands the refusal.
	rule string
	// what names the request refused, e.g. "a stale decision".
	what string
	// want is the expected answer as findings state it ("HTTP 409").
	want string
	// documented makes status the document's own (§14's 400 with reask):
	// another status breaks rule, not only the pin.
	documented bool
	// body judges the pinned answer's body: "" when it is right, otherwise
	// what is wrong with it, charged to bodyRule.
	body     func(data []byte) string
	bodyRule string
}

// baVerdict is how a refusal was judged.
type baVerdict int

const (
	// baPinned: refused with the pinned status.
	baPinned baVerdict = iota
	// baOtherRefusal: refused with another 4xx (or a pinned status whose
	// body is wrong).
	baOtherRefusal
	// baNotRefused: not refused at all (2xx, 5xx).
	baNotRefused
)

// judgeRefusal judges the answer (status, data) to a request c says must be
// refused, adds its finding to res (evidence: the transcript, may be nil)
// and returns the verdict. quiet leaves out a status-code finding already
// made for an earlier request of the same probe.
func judgeRefusal(res *conform.Result, where rules.Where, c baRefusal, status int, data []byte, transcript []reports.Message, quiet bool) baVerdict {
	if !c.documented {
		res.Eval("bangarena/server.status-code")
	}
	add := func(rule, expected, format string, a ...any) {
		f := conform.NewFinding(rule, where, expected, fmt.Sprintf("HTTP %d %s", status, conform.Clip(data)), format, a...)
		f.Transcript = transcript
		res.Findings = append(res.Findings, f)
	}
	switch {
	case status == c.status:
		if c.body != nil {
			if why := c.body(data); why != "" {
				add(c.bodyRule, c.want, "the refusal of %s %s", c.what, why)
				return baOtherRefusal
			}
		}
		return baPinned
	case refused(status) && !c.documented:
		if !quiet {
			add("bangarena/server.status-code", c.want, "%s was refused with HTTP %d, not umpire's pinned %d", c.what, status, c.status)
		}
		return baOtherRefusal
	case refused(status):
		add(c.rule, c.want, "%s did not get %s", c.what, c.want)
		return baOtherRefusal
	}
	add(c.rule, fmt.Sprintf("a refusal (%s)", c.want), "%s was not rejected", c.what)
	return baNotRefused
}
