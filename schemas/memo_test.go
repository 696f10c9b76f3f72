package schemas

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tidwall/gjson"
)

// memoSample is one message of a stream validated through a memo.
type memoSample struct {
	name, game, kind string
	data             []byte
}

// memoStream is every message the schema tests know, in an order that
// fills a memo before it is tried: the corpus, then for each negative case
// its valid base and the broken message (a break inside a part the memo
// learned from the base), then each valid fixture again.
func memoStream(t *testing.T) []memoSample {
	var out []memoSample
	for _, m := range loadCorpus(t) {
		out = append(out, memoSample{"corpus " + m.kind, m.game, m.kind, m.data})
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
		out = append(out, memoSample{tc.name + " (base)", tc.game, tc.kind, base},
			memoSample{tc.name, tc.game, tc.kind, mutate(t, base, tc.set, tc.del)})
	}
	for _, game := range Games() {
		for _, kind := range Kinds(game) {
			data, err := os.ReadFile(filepath.Join("testdata", "valid", game, kind+".json"))
			if err == nil {
				out = append(out, memoSample{"valid " + kind, game, kind, data})
			}
		}
	}
	return out
}

// TestMemoAgrees: validating through a memo gives exactly the violations
// Validate gives (none for the valid messages, the same list for every
// negative case), whatever the memo learned before; and the memo is used
// (the corpus repeats its histories).
func TestMemoAgrees(t *testing.T) {
	set := testSet(t)
	for _, budget := range []int{0, 4 << 10} { // the default, and a small one that turns over
		memo := NewMemo(budget)
		for _, sm := range memoStream(t) {
			want := set.Validate(sm.game, sm.kind, sm.data)
			have := set.ValidateWith(memo, sm.game, sm.kind, sm.data)
			if !sameViolations(have, want) {
				t.Errorf("budget %d, %s (%s %s): through the memo\n  %v\nwithout\n  %v", budget, sm.name, sm.game, sm.kind, have, want)
			}
		}
		if memo.used+len(memo.old) == 0 {
			t.Errorf("budget %d: the memo learned nothing", budget)
		}
	}
}

// TestMemoSkips: a message seen before is read through the memo (its large
// parts skipped), and a part the memo holds for one schema, met where
// another schema applies, is checked again (the verdict is not taken from
// the memo).
func TestMemoSkips(t *testing.T) {
	set := testSet(t)
	var long memoSample
	for _, m := range loadCorpus(t) {
		if m.game == "inference" && m.kind == "your_turn" && len(m.data) > len(long.data) {
			long = memoSample{"", m.game, m.kind, m.data}
		}
	}
	memo := NewMemo(0)
	hits := func(game, kind string, data []byte) (int, bool, bool) {
		p := &fparser{keys: set.keys, memo: memo, lookups: true}
		p.reset(data)
		if err := p.parse(); err != nil {
			t.Fatal(err)
		}
		ok := set.fast[game][kind].ok(p, 0)
		return p.hits, ok, p.unsure
	}
	if n, _, _ := hits(long.game, long.kind, long.data); n != 0 {
		t.Fatalf("an empty memo gave %d hits", n)
	}
	if vs := set.ValidateWith(memo, long.game, long.kind, long.data); vs != nil {
		t.Fatal(Err(vs))
	}
	n, ok, unsure := hits(long.game, long.kind, long.data)
	if n == 0 || !ok || unsure {
		t.Fatalf("the same message again: %d hits, valid %v, unsure %v; want hits, valid, sure", n, ok, unsure)
	}
	// The your_turn with its legal_actions replaced by the bytes of its
	// limits (remembered for the limits schema, now where the
	// legal_actions schema applies): the memo cannot say, the message is
	// read again in full, and the verdict is Validate's.
	la, lim := gjson.GetBytes(long.data, "legal_actions"), gjson.GetBytes(long.data, "visible_state.limits")
	if la.Index == 0 || lim.Index == 0 || len(lim.Raw) < memoMinBytes {
		t.Fatal("no legal_actions or limits to swap")
	}
	swapped := append(append(append([]byte{}, long.data[:la.Index]...), lim.Raw...), long.data[la.Index+len(la.Raw):]...)
	if n, _, unsure := hits(long.game, long.kind, swapped); n == 0 || !unsure {
		t.Fatalf("the swapped message: %d hits, unsure %v; want hits and unsure", n, unsure)
	}
	vs := set.ValidateWith(memo, long.game, long.kind, swapped)
	if want := set.Validate(long.game, long.kind, swapped); !sameViolations(vs, want) {
		t.Fatalf("another schema through the memo: %v, want %v", vs, want)
	}
	if len(vs) == 0 {
		t.Fatal("limits accepted as legal_actions")
	}
}

// FuzzMemo validates a message, then another through the same memo: the
// second verdict is always Validate's.
func FuzzMemo(f *testing.F) {
	for _, game := range Games() {
		paths, _ := filepath.Glob(filepath.Join("testdata", "valid", game, "*.json"))
		for _, p := range paths {
			if data, err := os.ReadFile(p); err == nil && len(data) < 8192 {
				f.Add(game, data, data)
			}
		}
	}
	set, err := Compile(WithMaxBytes(1 << 16))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, game string, first, second []byte) {
		if game != "inference" && game != "bangarena" {
			game = "bangarena"
		}
		memo := NewMemo(0)
		for _, k := range Kinds(game) {
			set.ValidateWith(memo, game, k, first)
		}
		for _, k := range Kinds(game) {
			if have, want := set.ValidateWith(memo, game, k, second), set.Validate(game, k, second); !sameViolations(have, want) {
				t.Fatalf("%s: through the memo %v, without %v", k, have, want)
			}
		}
	})
}

// sameViolations compares two lists of violations in any order (the
// reference validator does not keep one between runs).
func sameViolations(a, b []Violation) bool {
	key := func(vs []Violation) []string {
		out := make([]string, len(vs))
		for i, v := range vs {
			out[i] = fmt.Sprintf("%#v", v)
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(key(a), key(b))
}
