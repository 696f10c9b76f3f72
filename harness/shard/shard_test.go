package shard

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"testing/quick"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    Shard
		wantErr bool
	}{
		{name: "first of four", in: "1/4", want: Shard{1, 4}},
		{name: "last of four", in: "4/4", want: Shard{4, 4}},
		{name: "unsharded", in: "1/1", want: Shard{1, 1}},
		{name: "spaces tolerated", in: " 2 / 3 ", want: Shard{2, 3}},
		{name: "zero index", in: "0/4", wantErr: true},
		{name: "index past total", in: "5/4", wantErr: true},
		{name: "zero total", in: "1/0", wantErr: true},
		{name: "negative", in: "-1/4", wantErr: true},
		{name: "no slash", in: "3", wantErr: true},
		{name: "words", in: "a/b", wantErr: true},
		{name: "empty", in: "", wantErr: true},
		{name: "two slashes", in: "1/2/3", wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse(tc.in)
			if tc.wantErr {
				if err == nil {
					t.Fatalf("Parse(%q) = %v, want an error", tc.in, got)
				}
				if !errors.Is(err, ErrShard) {
					t.Fatalf("Parse(%q) error %v does not wrap ErrShard", tc.in, err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("Parse(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
			}
			if back := got.String(); back != fmt.Sprintf("%d/%d", tc.want.K, tc.want.N) {
				t.Fatalf("String() = %q", back)
			}
		})
	}
}

func TestFromEnv(t *testing.T) {
	env := func(v string, set bool) func(string) (string, bool) {
		return func(k string) (string, bool) {
			if k != EnvIndex {
				t.Fatalf("looked up %q, want %q", k, EnvIndex)
			}
			return v, set
		}
	}
	tests := []struct {
		name    string
		value   string
		set     bool
		total   int
		want    Shard
		wantOK  bool
		wantErr bool
	}{
		{name: "unset", set: false, total: 4},
		{name: "index 0 is shard 1", value: "0", set: true, total: 4, want: Shard{1, 4}, wantOK: true},
		{name: "index 3 is shard 4", value: "3", set: true, total: 4, want: Shard{4, 4}, wantOK: true},
		{name: "index past total", value: "4", set: true, total: 4, wantOK: true, wantErr: true},
		{name: "negative", value: "-1", set: true, total: 4, wantOK: true, wantErr: true},
		{name: "not a number", value: "x", set: true, total: 4, wantOK: true, wantErr: true},
		{name: "no total", value: "0", set: true, total: 0, wantOK: true, wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok, err := FromEnv(env(tc.value, tc.set), tc.total)
			if ok != tc.wantOK || (err != nil) != tc.wantErr {
				t.Fatalf("FromEnv = %v, %v, %v; want ok %v, error %v", got, ok, err, tc.wantOK, tc.wantErr)
			}
			if err == nil && got != tc.want {
				t.Fatalf("FromEnv = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestSelect(t *testing.T) {
	list := []string{"a", "b", "c", "d", "e", "f", "g"}
	tests := []struct {
		name string
		k, n int
		want []string
	}{
		{"unsharded", 1, 1, list},
		{"1 of 3", 1, 3, []string{"a", "d", "g"}},
		{"2 of 3", 2, 3, []string{"b", "e"}},
		{"3 of 3", 3, 3, []string{"c", "f"}},
		{"more shards than elements", 9, 9, []string{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Select(list, tc.k, tc.n)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("Select(%d/%d) = %v, want %v", tc.k, tc.n, got, tc.want)
			}
		})
	}
	if _, err := Select(list, 0, 3); err == nil {
		t.Fatal("Select accepted k = 0")
	}
	if _, err := Select(list, 4, 3); err == nil {
		t.Fatal("Select accepted k > n")
	}
}

func TestSelectDoesNotAlias(t *testing.T) {
	list := []int{1, 2, 3}
	got, _ := Select(list, 1, 1)
	got[0] = 99
	if list[0] != 1 {
		t.Fatal("Select returned a slice sharing the input's array")
	}
}

// TestSelectPartitionProperty checks, for random lengths and shard counts,
// that the shards together hold every index exactly once, in order within
// each shard, and that shard sizes differ by at most one.
func TestSelectPartitionProperty(t *testing.T) {
	prop := func(length uint8, shards uint8) bool {
		n := int(shards)%16 + 1
		list := make([]int, int(length))
		for i := range list {
			list[i] = i
		}
		seen := make([]int, len(list))
		minSize, maxSize := len(list)+1, -1
		for k := 1; k <= n; k++ {
			part, err := Select(list, k, n)
			if err != nil {
				t.Logf("Select(%d/%d): %v", k, n, err)
				return false
			}
			for j, v := range part {
				seen[v]++
				if j > 0 && part[j-1] >= v {
					t.Logf("shard %d/%d out of order: %v", k, n, part)
					return false
				}
			}
			minSize, maxSize = min(minSize, len(part)), max(maxSize, len(part))
		}
		for i, c := range seen {
			if c != 1 {
				t.Logf("index %d selected %d times with n=%d", i, c, n)
				return false
			}
		}
		return maxSize-minSize <= 1
	}
	if err := quick.Check(prop, &quick.Config{MaxCount: 500}); err != nil {
		t.Fatal(err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"1/4", "0/0", "9/3", "x", "-1/-1", "1/9999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := Parse(s)
		if err != nil {
			return
		}
		if sh.Valid() != nil {
			t.Fatalf("Parse(%q) returned invalid %v", s, sh)
		}
		again, err := Parse(sh.String())
		if err != nil || again != sh {
			t.Fatalf("round trip of %v gave %v, %v", sh, again, err)
		}
	})
}

func ExampleSelect() {
	seeds := []int{101, 102, 103, 104, 105}
	for k := 1; k <= 2; k++ {
		part, _ := Select(seeds, k, 2)
		fmt.Println(Shard{K: k, N: 2}, part)
	}
	// Output:
	// 1/2 [101 103 105]
	// 2/2 [102 104]
}

func ExampleParse() {
	s, err := Parse("3/4")
	fmt.Println(s.K, s.N, err)
	_, err = Parse("5/4")
	fmt.Println(err)
	// Output:
	// 3 4 <nil>
	// shard: index 5 exceeds the total 4
}

func BenchmarkSelect(b *testing.B) {
	list := make([]int, 10000)
	for b.Loop() {
		_, _ = Select(list, 3, 8)
	}
}
