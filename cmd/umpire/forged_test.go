package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// forgedShards returns two shard reports of one run, the first failing on
// a MUST finding of a document rule, written as JSON files in dir.
func forgedShards(t *testing.T, dir string, edit func(a, b *reports.Report)) []string {
	t.Helper()
	mk := func(k int, checks []reports.Check) *reports.Report {
		r := reports.New(reports.Meta{Version: "test", Kind: reports.KindConform, Games: []string{"inference"}, Seeds: []string{"1", "2"},
			Shard: &reports.Shard{K: k, N: 2, Seeds: []string{strings.Repeat("1", 2-k) + strings.Repeat("2", k-1)}}}, rules.Default())
		r.Checks = checks
		return r
	}
	a := mk(1, []reports.Check{{Name: "cap", Seed: "1", Rules: []string{"inference/round.3.raise-cap"}, Status: reports.Fail,
		Findings: []reports.Finding{{Finding: rules.Finding{Rule: "inference/round.3.raise-cap", Level: rules.Must, Message: "raised past the cap"}}}}})
	b := mk(2, []reports.Check{{Name: "cap", Seed: "2", Rules: []string{"inference/round.3.raise-cap"}, Status: reports.Pass}})
	a.Normalize()
	b.Normalize()
	edit(a, b)
	var paths []string
	for i, r := range []*reports.Report{a, b} {
		p := filepath.Join(dir, "shard"+string(rune('1'+i))+".json")
		if err := reports.WriteFile(p, r, reports.WriteJSON); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// TestReportMergeForgedShards: shards whose labels claim a pass merge to
// the verdict their findings lead to; shards that disagree on what excuses
// a finding are refused (exit 3).
func TestReportMergeForgedShards(t *testing.T) {
	tests := []struct {
		name     string
		edit     func(a, b *reports.Report)
		code     int
		out, err string
	}{
		{"honest", func(a, b *reports.Report) {}, exitFail, "verdict FAIL", ""},
		{"relabelled pass", func(a, b *reports.Report) { a.Checks[0].Status = reports.Pass }, exitFail, "verdict FAIL", "is labelled pass but carries a MUST finding"},
		{"level lowered", func(a, b *reports.Report) { a.Checks[0].Findings[0].Level = rules.Info }, exitFail, "verdict FAIL", "the catalogue grades it MUST"},
		{"known-failing list in one shard only", func(a, b *reports.Report) {
			a.Meta.KnownFailing = []reports.Known{{Rule: "inference/round.3.raise-cap", Reason: "ticket"}}
		}, exitError, "", "known-failing lists differ"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			paths := forgedShards(t, t.TempDir(), tt.edit)
			code, out, errOut := runUmpire(t, "", append([]string{"report", "merge"}, paths...)...)
			if code != tt.code || !strings.Contains(out, tt.out) || !strings.Contains(errOut, tt.err) {
				t.Fatalf("exit %d (want %d)\nstdout:\n%s\nstderr:\n%s", code, tt.code, out, errOut)
			}
		})
	}
}

// TestBundleVerifyForged: a bundle relabelled to pass, every digest redone,
// is not intact, and the verdict found is printed.
func TestBundleVerifyForged(t *testing.T) {
	dir := t.TempDir()
	r := reports.New(reports.Meta{Version: "test", Kind: reports.KindConform, Games: []string{"inference"}}, rules.Default())
	r.Checks = []reports.Check{{Name: "cap", Rules: []string{"inference/round.3.raise-cap"}, Status: reports.Fail,
		Findings: []reports.Finding{{Finding: rules.Finding{Rule: "inference/round.3.raise-cap", Level: rules.Must, Message: "raised past the cap"}}}}}
	if _, err := reports.WriteBundle(dir, r); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runUmpire(t, "", "bundle", "verify", dir)
	if code != exitOK || !strings.Contains(out, "verdict fail (exit 1)") {
		t.Fatalf("honest bundle: exit %d\n%s", code, out)
	}
	// The forger: status pass, summary and manifest pass, digests redone.
	p := filepath.Join(dir, reports.FileJSON)
	var rep map[string]any
	raw, _ := os.ReadFile(p)
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatal(err)
	}
	rep["checks"].([]any)[0].(map[string]any)["status"] = "pass"
	sum := rep["summary"].(map[string]any)
	sum["verdict"], sum["exit_code"] = "pass", 0
	raw, _ = json.Marshal(rep)
	if err := os.WriteFile(p, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	var m reports.Manifest
	mraw, _ := os.ReadFile(filepath.Join(dir, reports.FileManifest))
	if err := json.Unmarshal(mraw, &m); err != nil {
		t.Fatal(err)
	}
	for i, f := range m.Files {
		if f.Path == reports.FileJSON {
			m.Files[i].SHA256, m.Files[i].Bytes = sha256File(t, p), int64(len(raw))
		}
	}
	m.Verdict, m.ExitCode = reports.VerdictPass, 0
	mraw, _ = json.Marshal(m)
	if err := os.WriteFile(filepath.Join(dir, reports.FileManifest), mraw, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runUmpire(t, "", "bundle", "verify", dir)
	if code != exitFail || !strings.Contains(out, "labelled pass but carries a MUST finding") || !strings.Contains(out, "the findings lead to verdict fail (exit 1)") {
		t.Fatalf("forged bundle: exit %d\n%s", code, out)
	}
}

func sha256File(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
