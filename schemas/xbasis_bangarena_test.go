package schemas

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBangArenaXBasisAnnotations: the BangArena schema parts whose shape
// only WIRE.md pins (not the rules document) carry "x-basis": "contract"
// with an x-ref naming their WIRE.md item, the parts only a reading of
// ours adds carry "x-basis": "reading" with an x-ref naming its I-BA entry,
// and nothing else is annotated; the fast path ignores the two keywords
// (they assert nothing).
//
// The counts grew in issue 26's audit, each for a clause that is a pin or
// a reading: the uid format inside actionIds and argsSchema cardUids
// (legal_action 32, defs uid and card uids), Jail's target told from its
// uid (legal_action 1), playedAs required of a cross-played card (I-BA-29,
// legal_action 4), first_draw's actionId form and its source's seat
// (I-BA-21), a pick's cardUid for a card in play and Toss's pick read as
// Snatch's (I-BA-30), legal_mask's shape
// (I-BA-60), "no decision" as a null decisionId with an empty list
// (decision_request 2), the event's {seq, type} (event 2), glory's integer
// counts (defs 4), pendingReaction's kind values and its and pendingChoice's
// kind-to-command ties (defs 10), replacedBy with random (decision_answer 1).
func TestBangArenaXBasisAnnotations(t *testing.T) {
	want := map[string]int{"observation.json": 2, "defs.json": 25, "decision_answer.json": 6, "error.json": 1, "event.json": 28,
		"legal_action.json": 42, "decision_request.json": 3}
	paths, err := filepath.Glob(filepath.Join("bangarena", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no schemas: %v", err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		n := 0
		var walk func(v any, at string)
		walk = func(v any, at string) {
			switch x := v.(type) {
			case map[string]any:
				if basis, ok := x["x-basis"]; ok {
					n++
					ref, _ := x["x-ref"].(string)
					pin := basis == "contract" && strings.HasPrefix(ref, "WIRE.md ")
					reading := basis == "reading" && strings.HasPrefix(ref, "I-BA-")
					if !pin && !reading {
						t.Errorf("%s %s: x-basis %v, x-ref %q; want contract and a WIRE.md item, or reading and an I-BA entry", p, at, basis, ref)
					}
				} else if _, ok := x["x-ref"]; ok {
					t.Errorf("%s %s: x-ref without x-basis", p, at)
				}
				for k, c := range x {
					walk(c, at+"/"+k)
				}
			case []any:
				for _, c := range x {
					walk(c, at+"/[]")
				}
			}
		}
		walk(doc, "")
		if n != want[filepath.Base(p)] {
			t.Errorf("%s: %d x-basis annotations, want %d", p, n, want[filepath.Base(p)])
		}
	}
	for _, kw := range []string{"x-basis", "x-ref"} {
		if !ignoredKeyword(kw) {
			t.Errorf("the fast path does not ignore %s", kw)
		}
	}
}
