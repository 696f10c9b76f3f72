package probe

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/harness/bangarena/legaldiff"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	baverify "github.com/umpire-arena/umpire/referee/bangarena/verify"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

func baCheckSchema(ctx context.Context, t *conform.Target) conform.Result {
	return eachSession(ctx, t, func(s *baSession) conform.Result { return baCheckSchemaOne(t, s) })
}

func baCheckSchemaOne(t *conform.Target, s *baSession) conform.Result {
	set, err := t.Schemas()
	if err != nil {
		return conform.Errored(err)
	}
	var res conform.Result
	for _, seen := range s.room.Seen {
		res.Eval("bangarena/12.request", "bangarena/11.fields", "bangarena/11.event-shape", "bangarena/11.role-mode")
		if len(seen.Req.LegalActions) > 0 {
			res.Eval("bangarena/13.action-ids") // the catalogue's formats (schema patterns)
		}
		vs := set.Validate(conform.GameBangArena, "decision_request", seen.Raw)
		// One finding per basis: a violation under a property only
		// WIRE.md pins (x-basis contract) is SHOULD, the documents' own
		// shapes keep MUST (issue 12).
		type group struct {
			basis     rules.Basis
			ref, rule string
		}
		var order []group
		byGroup := map[group][]schemas.Violation{}
		for _, v := range vs {
			g := group{basis: rules.BasisDocument, rule: baSchemaRule(v)}
			if !v.Binding() {
				g = group{rules.Basis(v.Basis), v.Ref, g.rule}
			} else if r, ok := rules.Default().Lookup(g.rule); ok && !r.Basis.Binding() {
				// A violation of a rule that is itself a pin (an event's
				// shape, roleMode, an argsSchema, a uid's form) rests on
				// that pin (issue 26).
				g = group{r.Basis, r.Ref, g.rule}
			}
			if _, ok := byGroup[g]; !ok {
				order = append(order, g)
			}
			byGroup[g] = append(byGroup[g], v)
		}
		for _, g := range order {
			gv, seat := byGroup[g], seen.Seat
			f := conform.NewFinding(g.rule, rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", seen.Version)}, "a valid DecisionRequest", conform.Violations(gv),
				"a DecisionRequest does not validate: %s", conform.Violations(gv))
			f.Basis, f.Ref = g.basis, g.ref
			f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, seen.Raw)}
			res.Findings = append(res.Findings, f)
		}
	}
	for i, a := range s.answers {
		kind := "decision_answer"
		if gjson.GetBytes(a, "error").Exists() {
			kind = "error"
		}
		res.Eval("bangarena/server.answer-shape")
		if vs := set.Validate(conform.GameBangArena, kind, a); len(vs) > 0 {
			res.Findings = append(res.Findings, conform.NewFinding("bangarena/server.answer-shape", rules.Where{Step: fmt.Sprintf("answer %d", i)}, "a valid "+kind, conform.Violations(vs),
				"a decision answer does not validate: %s", conform.Violations(vs)))
		}
	}
	if len(s.room.Seen) == 0 {
		return conform.Skip("the suite was never asked to decide")
	}
	return res
}

func baCheckVerify(ctx context.Context, t *conform.Target) conform.Result {
	return eachSession(ctx, t, func(s *baSession) conform.Result { return baCheckVerifyOne(ctx, s) })
}

// baCheckVerifyOne runs the BangArena log verifier over one room's log with
// the seed the suite created the room with; each finding keeps the rule the
// verifier names (one per rule area, I-BA-V1).
func baCheckVerifyOne(ctx context.Context, s *baSession) conform.Result {
	if s.logErr != nil {
		return conform.Skip("the room log could not be read (the harness extension GET /api/ai/rooms/{id}/log): %v", s.logErr)
	}
	// Judged with the chance the log shows (I-BA-V8); the seed the suite
	// created the room with checks the commitment, and the chance itself
	// only when the server declares umpire's generator (docs/wire.md).
	opts := baverify.BangArenaOptions{File: "room log", Shown: baverify.ShownIn(s.log), Chance: s.room.chance}
	if s.room.seed != "" {
		opts.Seeds = []string{s.room.seed}
	}
	var res conform.Result
	sum, err := baverify.VerifyBangArenaReader(ctx, bytes.NewReader(s.log), opts,
		func(f rules.Finding) { res.Findings = append(res.Findings, reports.Finding{Finding: f}) })
	if err != nil {
		return conform.Errored(err)
	}
	if sum.Decisions == 0 && len(res.Findings) == 0 {
		return conform.Skip("the room log holds no decision to re-simulate")
	}
	res.EvalAll(sum.Evaluated) // every rule the re-simulation compared
	for id, why := range baRareWhy() {
		if sum.Evaluated[id] == 0 {
			res.NoteNotExercised(id, why)
		}
	}
	return res
}

// sameInts reports whether a and b hold the same ints, in any order.
func sameInts(a, b []int) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// baItemDiff compares the legal items a seat was offered (x) with the
// engine's at g's state, for the seats' judge (bangarena_seats.go): an
// item the engine does not allow is charged to extraRule(id) and carries
// the request as evidence, an item the server left out to the rule that
// grants it (legaldiff.MissingRule of Game.GrantingRules); each on the
// reading it rests on, when it does (legaldiff.OnReading).
func baItemDiff(g *ba.Game, x baSeen, where rules.Where, extraRule func(id string) string) []reports.Finding {
	want, items := map[string]bool{}, map[string]ba.LegalAction{}
	for _, a := range g.Legal(x.Seat) {
		want[a.ActionID] = true
		items[a.ActionID] = a
	}
	got := map[string]bool{}
	for _, a := range x.Req.LegalActions {
		got[a.ActionID] = true
		if _, ok := items[a.ActionID]; !ok {
			items[a.ActionID] = a
		}
	}
	var out []reports.Finding
	phase, seat := g.Phase(), x.Seat
	for id := range got {
		if !want[id] {
			f := legaldiff.OnReading(conform.NewFinding(extraRule(id), where, "no such item", id, "the server offers %q, which the engine does not allow here", id), items[id], phase, x.Req.Observation)
			f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
			out = append(out, f)
		}
	}
	var grants map[string]string
	for id := range want {
		if !got[id] {
			if grants == nil {
				grants = g.GrantingRules(x.Seat, legaldiff.IDs(x.Req.LegalActions))
			}
			out = append(out, legaldiff.OnReading(conform.NewFinding(legaldiff.MissingRule(grants, id), where, id, "missing",
				"the server does not offer %q, which the engine allows here", id), items[id], phase, x.Req.Observation))
		}
	}
	return out
}
