package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// baCheckLegalMask judges the legal_mask alias of every DecisionRequest the
// suite was shown (bangarena/12.legal-mask, I-BA-60): where a request
// carries legal_mask, it lists the same items as legalActions. Order is not
// judged (READINGS 8). A request without legal_mask breaks
// bangarena/12.legal-mask-present (§12 names the alias in observe's
// answer), told once per room. legal_mask is read in either shape a server may give it: the
// items themselves, or their actionIds (strings). A list of actionIds is
// told once per room (the reading wants the items), and then compared with
// legalActions' actionIds like the items are.
func baCheckLegalMask(ctx context.Context, t *conform.Target) conform.Result {
	return eachSession(ctx, t, baCheckLegalMaskOne)
}

func baCheckLegalMaskOne(s *baSession) conform.Result {
	const rule = "bangarena/12.legal-mask"
	if len(s.room.Seen) == 0 {
		return conform.Skip("the suite was never asked to decide")
	}
	var res conform.Result
	sent, idsTold, missingTold := 0, false, false
	for _, seen := range s.room.Seen {
		mask := gjson.GetBytes(seen.Raw, "legal_mask")
		res.Eval("bangarena/12.legal-mask-present")
		if !mask.Exists() {
			if !missingTold {
				missingTold = true
				seat := seen.Seat
				f := conform.NewFinding("bangarena/12.legal-mask-present", rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", seen.Version), Pointer: "/legal_mask"},
					"legal_mask beside legalActions", "no legal_mask", "observe's DecisionRequest carries no legal_mask alias")
				f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, seen.Raw)}
				res.Findings = append(res.Findings, f)
			}
			continue
		}
		sent++
		res.Eval(rule)
		seat := seen.Seat
		where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", seen.Version)}
		report := func(expected, why string) {
			f := conform.NewFinding(rule, where, expected, why, "legal_mask is not an alias of legalActions: %s", why)
			f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, seen.Raw)}
			res.Findings = append(res.Findings, f)
		}
		ids := maskOfIDs(mask)
		if ids && !idsTold {
			idsTold = true
			report("legal_mask with the items of legalActions", "legal_mask lists the items' actionIds, not the items")
		}
		if why := maskDiffers(gjson.GetBytes(seen.Raw, "legalActions"), mask, ids); why != "" {
			report("legal_mask with the items (or the actionIds) of legalActions", why)
		}
	}
	if sent == 0 {
		res.NoteNotExercised(rule, "no DecisionRequest carried legal_mask")
	}
	return res
}

// maskOfIDs reports whether mask is a non-empty list of strings only: the
// actionIds of the items rather than the items.
func maskOfIDs(mask gjson.Result) bool {
	if !mask.IsArray() {
		return false
	}
	n, strs := 0, 0
	mask.ForEach(func(_, v gjson.Result) bool {
		n++
		if v.Type == gjson.String {
			strs++
		}
		return true
	})
	return n > 0 && strs == n
}

// maskDiffers says how mask differs from legal as a set of items keyed by
// actionId (each item compared as a JSON value; with ids, each actionId
// alone), or "" when they agree.
func maskDiffers(legal, mask gjson.Result, ids bool) string {
	if !mask.IsArray() {
		return fmt.Sprintf("legal_mask is %s, not a list of items", kindOf(mask))
	}
	items := func(l gjson.Result, ids bool) (map[string]any, string) {
		m := map[string]any{}
		var dup string
		l.ForEach(func(_, v gjson.Result) bool {
			id := v.Get("actionId").String()
			var x any = id
			if ids {
				id = v.String()
				x = id
			} else if err := json.Unmarshal([]byte(v.Raw), &x); err != nil {
				x = v.Raw
			}
			if _, ok := m[id]; ok && dup == "" {
				dup = id
			}
			m[id] = x
			return true
		})
		return m, dup
	}
	want, _ := items(legal, false)
	got, dup := items(mask, ids)
	if ids {
		for id := range want {
			want[id] = id
		}
	}
	if dup != "" {
		return fmt.Sprintf("legal_mask lists %q twice", dup)
	}
	for id := range want {
		if _, ok := got[id]; !ok {
			return fmt.Sprintf("legal_mask lacks %q (%d items, legalActions %d)", id, len(got), len(want))
		}
	}
	for id, x := range got {
		w, ok := want[id]
		if !ok {
			return fmt.Sprintf("legal_mask has %q, which legalActions does not list", id)
		}
		if !reflect.DeepEqual(w, x) {
			return fmt.Sprintf("legal_mask's item %q differs from legalActions'", id)
		}
	}
	return ""
}

// kindOf names the JSON kind of a value, for a message.
func kindOf(v gjson.Result) string {
	switch {
	case v.IsObject():
		return "an object"
	case v.Type == gjson.String:
		return "a string"
	case v.Type == gjson.Number:
		return "a number"
	case v.Type == gjson.Null:
		return "null"
	}
	return "a boolean"
}
