package schemas

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// referenceValid is the reference validator's verdict alone.
func referenceValid(s *Set, game, kind string, data []byte) bool {
	sch, vs := s.lookup(game, kind)
	if vs != nil {
		return false
	}
	return len(s.reference(sch, data)) == 0
}

// TestFastPathCoversEveryKind checks that every kind has a fast check (a
// kind without one still validates, only slower).
func TestFastPathCoversEveryKind(t *testing.T) {
	set := testSet(t)
	for _, game := range Games() {
		for _, kind := range Kinds(game) {
			if set.fast[game][kind] == nil {
				t.Errorf("%s %s has no fast check", game, kind)
			}
		}
	}
}

// TestFastPathAgrees compares the fast path's verdict with the reference
// validator's on the corpus, every valid fixture, every negative case and a
// few inputs the fast parser must decline.
func TestFastPathAgrees(t *testing.T) {
	set := testSet(t)
	type sample struct {
		name, game, kind string
		data             []byte
	}
	var samples []sample
	for i, m := range loadCorpus(t) {
		samples = append(samples, sample{"corpus line " + strconv.Itoa(i+1), m.game, m.kind, m.data})
	}
	for _, tc := range negativeCases(t) {
		base := []byte(tc.inline)
		if tc.inline == "" {
			p := tc.base
			if p == "" {
				p = filepath.Join("valid", tc.game, tc.kind+".json")
			}
			var err error
			if base, err = os.ReadFile(filepath.Join("testdata", p)); err != nil {
				t.Fatal(err)
			}
		}
		samples = append(samples, sample{tc.name, tc.game, tc.kind, mutate(t, base, tc.set, tc.del)})
	}
	odd := []string{
		`{"type":"move","match_id":"m","turn":0,"action":"raise","amount":5.0}`,
		`{"type":"move","match_id":"m","turn":0,"action":"raise","amount":1e1}`,
		`{"type":"move","match_id":"m","turn":0,"action":"raise","amount":10000000000000000001}`,
		`{"type":"move","match_id":"m","turn":0,"action":"fold","action":"raise"}`,
		`{"type":"move","match_id":"m","turn":0,"action":"fold","message":"\ud800"}`,
		`{"type":"move","match_id":"m","turn":0,"action":"fold","message":"\ud83d\ude42"}`,
		"{\"type\":\"move\",\"match_id\":\"m\",\"turn\":0,\"action\":\"fold\",\"message\":\"\xff\"}",
		`{"type":"move","match_id":"m","turn":-0,"action":"call"}`,
		`{"type":"move","match_id":"m","turn":0,"action":"call"} `,
		`{"type":"move","match_id":"m","turn":00,"action":"call"}`,
		`[` + strings.Repeat(`[`, 200) + strings.Repeat(`]`, 201),
		`"move"`, `null`, `{}`, ``,
	}
	for _, o := range odd {
		samples = append(samples, sample{"odd " + o, "inference", "move", []byte(o)})
	}
	for _, sm := range samples {
		fast := set.fastValid(sm.game, sm.kind, sm.data)
		ref := referenceValid(set, sm.game, sm.kind, sm.data)
		if fast && !ref {
			t.Errorf("%s (%s %s): fast path accepts what the reference rejects: %s", sm.name, sm.game, sm.kind, sm.data)
		}
		if !fast && ref {
			// Declining is allowed (the reference path then decides) but
			// must stay rare: only for inputs the fast parser is unsure of.
			p := &fparser{keys: set.keys}
			p.reset(sm.data)
			if p.parse() == nil {
				t.Errorf("%s (%s %s): fast path rejects what the reference accepts: %s", sm.name, sm.game, sm.kind, sm.data)
			}
		}
	}
}

// TestUIDPattern checks the regexp-free matcher against the regexp engine.
func TestUIDPattern(t *testing.T) {
	patterns := []string{`^(?:shot|miss|heal_self|draw2)_[0-9]{2}$`, `^shot_[0-9]{2}$`, `^jail_[0-9]{2}$`}
	inputs := []string{"shot_07", "miss_12", "heal_self_01", "draw2_02", "shot_7", "shot_007", "xshot_07", "shot_07\n", "shot07", "shot__07", "heal_07", "jail_01", "_01", "shot_0a", "", "miss_99", "shot_07 "}
	for _, p := range patterns {
		names := uidPattern(p)
		if names == nil {
			t.Fatalf("%s not recognised", p)
		}
		re := regexp.MustCompile(p)
		for _, in := range inputs {
			if have, want := matchUID(names, in), re.MatchString(in); have != want {
				t.Errorf("%s on %q: have %v, want %v", p, in, have, want)
			}
		}
	}
	for _, p := range []string{`^(?:a|b)_[0-9]{2}`, `(?:a|b)_[0-9]{2}$`, `^(?:a.|b)_[0-9]{2}$`, `^[^:]+$`, `^(?:a|)_[0-9]{2}$`} {
		if uidPattern(p) != nil {
			t.Errorf("%s: recognised, want nil", p)
		}
	}
}
