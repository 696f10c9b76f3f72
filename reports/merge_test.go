package reports

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/shard"
)

// shardReports splits a synthetic run of seeds into n shards with
// shard.Select, builds each shard's report (with its own timings) and sends
// it through JSON, as a CI job would.
func shardReports(t testing.TB, seeds []string, n int) []*Report {
	t.Helper()
	var out []*Report
	for k := 1; k <= n; k++ {
		play, err := shard.Select(seeds, k, n)
		if err != nil {
			t.Fatal(err)
		}
		r := sampleReport(t, sampleOptions{seeds: seeds, play: play, shard: &Shard{K: k, N: n, Seeds: play}, slow: 1 + float64(k)/10})
		r.Meta.Started = sampleStart.Add(time.Duration(k) * time.Second)
		var b bytes.Buffer
		if err := WriteJSON(&b, r); err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON(&b)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, back)
	}
	return out
}

func jsonOf(t testing.TB, r *Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestMergeEqualsUnsharded is the contract of sharding: a merge of the
// shards equals the unsharded run of the same seeds, modulo timings.
func TestMergeEqualsUnsharded(t *testing.T) {
	tests := []struct {
		name          string
		seeds, shards int
	}{
		{"12 seeds in 4 shards", 12, 4},
		{"13 seeds in 4 shards (uneven)", 13, 4},
		{"5 seeds in 5 shards", 5, 5},
		{"3 seeds in 5 shards (empty shards)", 3, 5},
		{"one shard", 7, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			seeds := sampleSeeds(tc.seeds)
			whole := sampleReport(t, sampleOptions{seeds: seeds})
			parts := shardReports(t, seeds, tc.shards)
			// Merge must not depend on the order shards arrive in.
			for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
				parts[i], parts[j] = parts[j], parts[i]
			}
			merged, err := MergeWith(fixtureCatalogue(t), parts...)
			if err != nil {
				t.Fatal(err)
			}
			// A merge that takes the shards over gives the same report.
			owned, err := MergeOwned(fixtureCatalogue(t), shardReports(t, seeds, tc.shards)...)
			if err != nil {
				t.Fatal(err)
			}
			stripTimings(owned)
			if merged.Meta.Shard != nil {
				t.Fatal("merged report still names a shard")
			}
			if !merged.Meta.Started.Equal(sampleStart.Add(time.Second)) {
				t.Errorf("merged start %v, want the earliest shard start", merged.Meta.Started)
			}
			if merged.Meta.Duration <= 0 {
				t.Errorf("merged duration %v", merged.Meta.Duration)
			}
			stripTimings(whole)
			stripTimings(merged)
			have, want := jsonOf(t, merged), jsonOf(t, whole)
			if have != want {
				t.Fatalf("merged report differs from the unsharded one\nhave %d bytes, want %d\nfirst difference near: %q", len(have), len(want), diffAt(have, want))
			}
			if o := jsonOf(t, owned); o != want {
				t.Fatalf("owned merge differs from the unsharded one\nhave %d bytes, want %d\nfirst difference near: %q", len(o), len(want), diffAt(o, want))
			}
		})
	}
}

func diffAt(a, b string) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[max(0, i-80):min(len(a), i+80)]
		}
	}
	return "(one is a prefix of the other)"
}

// TestMergeDetectsLostWork makes sure the equality test can fail: dropping
// one check from a shard is seen.
func TestMergeDetectsLostWork(t *testing.T) {
	seeds := sampleSeeds(8)
	whole := sampleReport(t, sampleOptions{seeds: seeds})
	parts := shardReports(t, seeds, 2)
	parts[1].Checks = parts[1].Checks[1:]
	merged, err := MergeWith(fixtureCatalogue(t), parts...)
	if err != nil {
		t.Fatal(err)
	}
	stripTimings(whole)
	stripTimings(merged)
	if jsonOf(t, merged) == jsonOf(t, whole) {
		t.Fatal("a merge that lost a check compares equal to the whole run")
	}
}

func TestMergeRejects(t *testing.T) {
	seeds := sampleSeeds(8)
	tests := []struct {
		name   string
		mangle func(parts []*Report) []*Report
		want   string
	}{
		{"missing shard", func(p []*Report) []*Report { return p[:2] }, "missing shard(s) 3/3"},
		{"shard twice", func(p []*Report) []*Report { return []*Report{p[0], p[1], p[1]} }, "given twice"},
		{"different totals", func(p []*Report) []*Report { p[2].Meta.Shard.N = 4; return p }, "different totals"},
		{"unsharded among shards", func(p []*Report) []*Report { p[0].Meta.Shard = nil; return p }, "not a shard report"},
		{"different rules version", func(p []*Report) []*Report { p[1].Meta.RulesVersions = []string{"inference-0.5"}; return p }, "rules versions"},
		{"different kind", func(p []*Report) []*Report { p[1].Meta.Kind = KindConform; return p }, "kind"},
		{"different config", func(p []*Report) []*Report { p[2].Meta.Config["rounds"] = 20; return p }, "config"},
		{"different umpire", func(p []*Report) []*Report { p[2].Meta.Version = "0.2.0"; return p }, "umpire version"},
		{"different catalogue", func(p []*Report) []*Report { p[1].Rules = p[1].Rules[1:]; return p }, "rule catalogues"},
		{"different seed list", func(p []*Report) []*Report { p[1].Meta.Seeds = p[1].Meta.Seeds[1:]; return p }, "seed lists"},
		{"overlapping seeds", func(p []*Report) []*Report {
			p[1].Meta.Shard.Seeds = append(p[1].Meta.Shard.Seeds, p[0].Meta.Shard.Seeds[0])
			return p
		}, "played by shards"},
		{"seed played by nobody", func(p []*Report) []*Report { p[1].Meta.Shard.Seeds = p[1].Meta.Shard.Seeds[1:]; return p }, "played by no shard"},
		{"check of a seed the shard did not play", func(p []*Report) []*Report {
			c := p[0].Checks[len(p[0].Checks)-1]
			c.Seed = p[1].Meta.Shard.Seeds[0]
			p[0].Checks = append(p[0].Checks, c)
			return p
		}, "did not play"},
		{"seedless check twice", func(p []*Report) []*Report {
			p[1].Checks = append(p[1].Checks, Check{Name: p[0].Checks[0].Name, Status: Pass})
			return p
		}, "reported by shards"},
		{"nil report", func(p []*Report) []*Report { return append(p, nil) }, "nil"},
		{"old schema", func(p []*Report) []*Report { p[0].Schema = "umpire-report/0"; return p }, "schema"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parts := tc.mangle(shardReports(t, seeds, 3))
			_, err := Merge(parts...)
			if err == nil {
				t.Fatal("Merge accepted the shards")
			}
			if !errors.Is(err, ErrMerge) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q, want one wrapping ErrMerge and saying %q", err, tc.want)
			}
		})
	}
	if _, err := Merge(); err == nil {
		t.Fatal("Merge() accepted no reports")
	}
}

func TestMergeSingleUnsharded(t *testing.T) {
	r := sample(t)
	got, err := MergeWith(fixtureCatalogue(t), r)
	if err != nil {
		t.Fatal(err)
	}
	if got == r || jsonOf(t, got) != jsonOf(t, r) {
		t.Fatal("Merge of one unsharded report is not an equal copy")
	}
}

func BenchmarkMerge(b *testing.B) {
	seeds := sampleSeeds(200)
	parts := shardReports(b, seeds, 8)
	for b.Loop() {
		if _, err := Merge(parts...); err != nil {
			b.Fatal(err)
		}
	}
}

// TestMergeHugeShardTotal: a shard total taken from the file (2^31-1) is
// not counted out or listed one by one (that took minutes and gigabytes):
// the missing shards are named up to a few, with a count, at once.
func TestMergeHugeShardTotal(t *testing.T) {
	const n = 1<<31 - 1
	mk := func(k int) *Report {
		return New(Meta{Version: "test", Kind: KindCertify, Games: []string{"inference"}, Shard: &Shard{K: k, N: n}}, nil)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Merge(mk(1), mk(3))
		done <- err
	}()
	select {
	case err := <-done:
		want := "missing shard(s) 2/2147483647, 4/2147483647"
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "and 2147483635 more") || len(err.Error()) > 1000 {
			t.Fatalf("error %.300q, want it to name %q and a count", err, want)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Merge of two shards of 2^31-1 still runs after 5 s")
	}
}
