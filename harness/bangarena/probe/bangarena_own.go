package probe

import (
	"fmt"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

// baOwnView checks the part of §1 2 the redaction check does not: a seat
// sees its own role (hidden or not) and its own hand's cards.
func baOwnView(res *conform.Result, x baSeen) {
	obs := x.Req.Observation
	if x.Seat < 0 || x.Seat >= len(obs.Players) || !x.Gaps.Empty() {
		return
	}
	me := obs.Players[x.Seat]
	seat := x.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", x.Version)}
	res.Eval("bangarena/1.what-you-see")
	what := ""
	switch {
	case me.RoleID == nil:
		what = "its own role is null"
	case len(me.Hand) != me.HandCount:
		what = fmt.Sprintf("its own hand shows %d of %d cards", len(me.Hand), me.HandCount)
	default:
		for _, c := range me.Hand {
			if c.UID == "" {
				what = "its own hand shows card backs"
				break
			}
		}
	}
	if what == "" {
		return
	}
	f := conform.NewFinding("bangarena/1.what-you-see", where, "the seat's own role and hand cards", what, "seat %d does not see what is its own: %s", x.Seat, what)
	f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
	res.Findings = append(res.Findings, f)
}

// baDecisionRule names the rule a log's decision the engine refuses
// breaks, as the log verifier does: who decides and args are their own
// rules, anything else is not an item of the list (§1).
func baDecisionRule(err error) string {
	return ba.DecisionRule(err)
}

// baSchemaRule names the rule a schema violation of a DecisionRequest
// breaks: anything in the legal_mask alias is the alias's (I-BA-60, the
// schema grades it as that reading); an actionId of legalActions out of
// the catalogue's format is §13's; an event's shape, roleMode and an
// item's argsSchema are WIRE.md's pins of their own; the rest the
// request's shape (§12).
func baSchemaRule(v schemas.Violation) string {
	switch loc := v.InstanceLocation; {
	case loc == "/legal_mask", strings.HasPrefix(loc, "/legal_mask/"):
		return "bangarena/12.legal-mask"
	case strings.HasPrefix(loc, "/observation/events/"):
		return "bangarena/11.event-shape"
	case loc == "/observation/roleMode", loc == "/observation" && v.Keyword == "required" && strings.Contains(v.Message, `"roleMode"`):
		return "bangarena/11.role-mode"
	case strings.HasPrefix(loc, "/legalActions/") && strings.Contains(loc, "/argsSchema"):
		return "bangarena/13.args-schema"
	case strings.HasSuffix(loc, "/uid") && v.Keyword == "pattern":
		return "bangarena/5.uid-form"
	}
	if rest, ok := strings.CutPrefix(v.InstanceLocation, "/legalActions/"); ok {
		if _, field, ok := strings.Cut(rest, "/"); ok && field == "actionId" {
			return "bangarena/13.action-ids"
		}
	}
	return "bangarena/12.request"
}
