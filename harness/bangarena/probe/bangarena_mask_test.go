package probe

import (
	"strings"
	"testing"

	"github.com/tidwall/gjson"
)

// TestMaskDiffers: the comparison behind bangarena/12.legal-mask passes an
// alias in any order and fails a short, padded, altered or non-list mask.
func TestMaskDiffers(t *testing.T) {
	legal := `[{"actionId":"end_play","command":"end_play"},{"actionId":"shot:shot_01:1","command":"play_shot","argsSchema":{"cardUid":"shot_01","targetSeat":1}}]`
	for _, tc := range []struct{ name, mask, want string }{
		{"the same list", legal, ""},
		{"reversed, spaced", `[ {"command":"play_shot","actionId":"shot:shot_01:1","argsSchema":{"targetSeat":1,"cardUid":"shot_01"}}, {"actionId":"end_play","command":"end_play"} ]`, ""},
		{"an item left out", `[{"actionId":"end_play","command":"end_play"}]`, "lacks"},
		{"an item added", `[{"actionId":"end_play","command":"end_play"},{"actionId":"shot:shot_01:1","command":"play_shot","argsSchema":{"cardUid":"shot_01","targetSeat":1}},{"actionId":"discard","command":"discard"}]`, "does not list"},
		{"an item altered", `[{"actionId":"end_play","command":"end_play"},{"actionId":"shot:shot_01:1","command":"play_shot","argsSchema":{"cardUid":"shot_01","targetSeat":2}}]`, "differs"},
		{"an item twice", `[{"actionId":"end_play","command":"end_play"},{"actionId":"end_play","command":"end_play"},{"actionId":"shot:shot_01:1","command":"play_shot","argsSchema":{"cardUid":"shot_01","targetSeat":1}}]`, "twice"},
		{"a bit mask", `"0b11"`, "not a list"},
		// A list of the actionIds (issue 26): read as ids, not as items
		// without an actionId (which all fell under one empty id).
		{"the actionIds", `["shot:shot_01:1","end_play"]`, ""},
		{"an actionId left out", `["end_play"]`, "lacks \"shot:shot_01:1\""},
		{"an actionId added", `["end_play","shot:shot_01:1","discard"]`, "does not list"},
		{"an actionId twice", `["end_play","end_play","shot:shot_01:1"]`, "twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mask := gjson.Parse(tc.mask)
			got := maskDiffers(gjson.Parse(legal), mask, maskOfIDs(mask))
			if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
				t.Fatalf("maskDiffers = %q, want %q (bangarena/12.legal-mask)", got, tc.want)
			}
		})
	}
}
