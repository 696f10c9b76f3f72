package probe

import "testing"

// TestBaCheckDeadlineAt: a DecisionRequest offering a decision names its
// deadline in deadlineAt (bangarena/12.deadline-at): null, missing or
// empty fails; the example's timestamp passes, and so do epoch
// milliseconds (a reshaping I-BA-L3 allows, the schema's matter, not this
// rule's). A request with nothing to decide is not judged.
func TestBaCheckDeadlineAt(t *testing.T) {
	const offer = `"legalActions":[{"actionId":"end_play"}]`
	for _, tc := range []struct {
		name, raw string
		fail      bool
	}{
		{"timestamp", `{"deadlineAt":"2026-10-09T12:00:30.000Z",` + offer + `}`, false},
		{"epoch milliseconds", `{"deadlineAt":1791547230000,` + offer + `}`, false},
		{"null", `{"deadlineAt":null,` + offer + `}`, true},
		{"missing", `{` + offer + `}`, true},
		{"empty", `{"deadlineAt":"",` + offer + `}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &baSession{room: &baRoom{}, opening: []baSeen{
				{Seat: 1, Version: 3, Raw: []byte(`{"deadlineAt":null,"legalActions":[]}`)},
				{Seat: 0, Version: 3, Raw: []byte(tc.raw)},
			}}
			res := baCheckDeadlineAtOne(s)
			if len(res.Evaluated) == 0 {
				t.Fatalf("not evaluated: %+v", res)
			}
			if got := len(res.Findings) > 0; got != tc.fail {
				t.Errorf("failed %v, want %v: %+v", got, tc.fail, res.Findings)
			}
		})
	}
}

// TestBaCheckPackHash: mechanicsPackHash naming another pack fails
// bangarena/12.pack-hash (I-BA-F3); the document's pack id passes, and so
// does a digest of the pack (a server's choice the reading allows); an
// empty value is bangarena/12.request's and is not judged here.
func TestBaCheckPackHash(t *testing.T) {
	for _, tc := range []struct {
		name, value string
		fail, skip  bool
	}{
		{"the document's pack", `"PACK_DEFAULT_V0"`, false, false},
		{"a digest of the pack", `"sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"`, false, false},
		{"another pack", `"PACK_OTHER_V1"`, true, false},
		{"empty", `""`, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &baSession{room: &baRoom{}, opening: []baSeen{{Seat: 0, Version: 1, Raw: []byte(`{"mechanicsPackHash":` + tc.value + `}`)}}}
			res := baCheckPackHashOne(s)
			if got := len(res.Evaluated) == 0; got != tc.skip {
				t.Fatalf("not evaluated %v, want %v: %+v", got, tc.skip, res)
			}
			if got := len(res.Findings) > 0; got != tc.fail {
				t.Errorf("failed %v, want %v: %+v", got, tc.fail, res.Findings)
			}
		})
	}
}
