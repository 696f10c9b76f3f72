package probe

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// baCheckPackHash judges the mechanicsPackHash of every DecisionRequest
// the session rooms showed, the seats' first observations included: a value
// that names a pack names the one the document is generated from,
// PACK_DEFAULT_V0 (§0 packId, the §12 example; bangarena/12.pack-hash,
// I-BA-F3). A digest of the pack is a server's choice and passes; an empty
// or missing value is bangarena/12.request's. One finding a room.
func baCheckPackHash(ctx context.Context, t *conform.Target) conform.Result {
	return eachSession(ctx, t, baCheckPackHashOne)
}

func baCheckPackHashOne(s *baSession) conform.Result {
	const rule = "bangarena/12.pack-hash"
	var res conform.Result
	for _, x := range s.seen() {
		got := gjson.GetBytes(x.Raw, "mechanicsPackHash")
		if got.Type != gjson.String || got.String() == "" {
			continue // the request schema's matter
		}
		res.Eval(rule)
		if !baNamesOtherPack(got.String()) {
			continue
		}
		res.Findings = append(res.Findings, x.finding(rule, "/mechanicsPackHash", ba.MechanicsPackHash, got.Raw,
			"mechanicsPackHash is %s, not the document's pack %s", got.Raw, ba.MechanicsPackHash))
		break
	}
	if len(res.Evaluated) == 0 {
		return conform.Skip("no DecisionRequest carried a mechanicsPackHash")
	}
	return res
}

// baNamesOtherPack reports whether a mechanicsPackHash names a pack (an id
// of the shape of §0's packId, PACK_…) other than the document's. Any
// other value (a digest of the pack) names none and is not judged against
// the document's id (I-BA-F3).
func baNamesOtherPack(v string) bool {
	return v != ba.MechanicsPackHash && strings.HasPrefix(strings.ToUpper(v), "PACK_")
}

// baCheckVersion compares, in every DecisionRequest the session rooms
// showed (the seats' first observations included), the observation's
// version with the request's observationVersion: §11 makes them one number
// (bangarena/11.version). One finding a room.
func baCheckVersion(ctx context.Context, t *conform.Target) conform.Result {
	return eachSession(ctx, t, baCheckVersionOne)
}

func baCheckVersionOne(s *baSession) conform.Result {
	const rule = "bangarena/11.version"
	seen := s.seen()
	if len(seen) == 0 {
		return conform.Skip("the suite saw no DecisionRequest")
	}
	var res conform.Result
	for _, x := range seen {
		ov, v := gjson.GetBytes(x.Raw, "observationVersion"), gjson.GetBytes(x.Raw, "observation.version")
		if ov.Type != gjson.Number || v.Type != gjson.Number {
			continue // shapes are the schema check's
		}
		res.Eval(rule)
		if ov.Raw == v.Raw || ov.Float() == v.Float() {
			continue
		}
		res.Findings = append(res.Findings, x.finding(rule, "/observation/version", ov.Raw, v.Raw,
			"the observation's version %s is not the request's observationVersion %s", v.Raw, ov.Raw))
		break
	}
	if len(res.Evaluated) == 0 {
		return conform.Skip("no DecisionRequest carried both versions as numbers")
	}
	return res
}

// baCheckDeadlineAt reads deadlineAt in every DecisionRequest the session
// rooms showed that offered a decision (legalActions not empty): §1.5 gives
// every decision a deadline, and §12's request names it in deadlineAt, so
// it is never null there (bangarena/12.deadline-at; a request with nothing
// to decide may leave it null, WIRE.md). The deadline's shape is not this
// rule's: epoch milliseconds name it as well as the example's timestamp
// (a reshaping I-BA-L3 allows). One finding a room.
func baCheckDeadlineAt(ctx context.Context, t *conform.Target) conform.Result {
	return eachSession(ctx, t, baCheckDeadlineAtOne)
}

func baCheckDeadlineAtOne(s *baSession) conform.Result {
	const rule = "bangarena/12.deadline-at"
	var res conform.Result
	for _, x := range s.seen() {
		if la := gjson.GetBytes(x.Raw, "legalActions"); !la.IsArray() || len(la.Array()) == 0 {
			continue
		}
		res.Eval(rule)
		if baNamesDeadline(gjson.GetBytes(x.Raw, "deadlineAt")) {
			continue
		}
		res.Findings = append(res.Findings, x.finding(rule, "/deadlineAt", "the decision's deadline", gjson.GetBytes(x.Raw, "deadlineAt").Raw,
			"a DecisionRequest offering %d items names no deadline in deadlineAt", len(gjson.GetBytes(x.Raw, "legalActions").Array())))
		break
	}
	if len(res.Evaluated) == 0 {
		return conform.Skip("the suite was offered no decision")
	}
	return res
}

// baNamesDeadline reports whether a deadlineAt value names a deadline: a
// timestamp that is not empty, or a number (epoch milliseconds).
func baNamesDeadline(at gjson.Result) bool {
	return at.Type == gjson.String && at.String() != "" || at.Type == gjson.Number
}

// seen is every DecisionRequest the session's room showed, each seat's
// first observation first.
func (s *baSession) seen() []baSeen {
	return append(append([]baSeen(nil), s.opening...), s.room.Seen...)
}

// finding is a finding of rule on the request x, at pointer, with the
// request as its transcript.
func (x baSeen) finding(rule, pointer, expected, observed, format string, args ...any) reports.Finding {
	seat := x.Seat
	f := conform.NewFinding(rule, rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", x.Version), Pointer: pointer}, expected, observed, format, args...)
	f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
	return f
}
