package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"time"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// baCheckLegalMask judges the legal_mask alias of every DecisionRequest the
// suite was shown (bangarena/12.legal-mask, I-BA-60): where a request
// carries legal_mask, it lists the same items as legalActions. Order is not
// judged (READINGS 8); a server that sends no legal_mask is not judged by
// the rule.
func baCheckLegalMask(ctx context.Context, t *Target) Result {
	return eachSession(ctx, t, baCheckLegalMaskOne)
}

func baCheckLegalMaskOne(s *baSession) Result {
	const rule = "bangarena/12.legal-mask"
	if len(s.room.Seen) == 0 {
		return skip("the suite was never asked to decide")
	}
	var res Result
	sent := 0
	for _, seen := range s.room.Seen {
		mask := gjson.GetBytes(seen.Raw, "legal_mask")
		if !mask.Exists() {
			continue
		}
		sent++
		res.eval(rule)
		why := maskDiffers(gjson.GetBytes(seen.Raw, "legalActions"), mask)
		if why == "" {
			continue
		}
		seat := seen.Seat
		f := finding(rule, rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", seen.Version)},
			"legal_mask with the items of legalActions", why, "legal_mask is not an alias of legalActions: %s", why)
		f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, seen.Raw)}
		res.Findings = append(res.Findings, f)
	}
	if sent == 0 {
		res.notExercised(rule, "no DecisionRequest carried legal_mask")
	}
	return res
}

// maskDiffers says how mask differs from legal as a set of items keyed by
// actionId (each item compared as a JSON value), or "" when they agree.
func maskDiffers(legal, mask gjson.Result) string {
	if !mask.IsArray() {
		return fmt.Sprintf("legal_mask is %s, not a list of items", kindOf(mask))
	}
	items := func(l gjson.Result) (map[string]any, string) {
		m := map[string]any{}
		var dup string
		l.ForEach(func(_, v gjson.Result) bool {
			id := v.Get("actionId").String()
			var x any
			if err := json.Unmarshal([]byte(v.Raw), &x); err != nil {
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
	want, _ := items(legal)
	got, dup := items(mask)
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
