package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/shard"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// writeShards writes n shard reports of a run of the seeds to dir and
// returns their paths. failSeed, when not empty, gets a MUST finding.
func writeShards(t *testing.T, dir string, seeds []string, n int, failSeed string) []string {
	t.Helper()
	var paths []string
	for k := 1; k <= n; k++ {
		play, err := shard.Select(seeds, k, n)
		if err != nil {
			t.Fatal(err)
		}
		r := reports.New(reports.Meta{
			Version: "test", Kind: reports.KindCertify, Games: []string{"inference"}, RulesVersions: []string{"inference-0.4"},
			Target: "./agent", Seeds: seeds, Shard: &reports.Shard{K: k, N: n, Seeds: play},
			Started: time.Date(2026, 1, 1, 0, 0, k, 0, time.UTC), Duration: time.Second,
		}, nil)
		for _, s := range play {
			c := reports.Check{Name: "moves are legal", Seed: s, Status: reports.Pass, Rules: []string{"demo/moves.legal"}}
			if s == failSeed {
				c.Status = reports.Fail
				c.Findings = []reports.Finding{{Finding: rules.Finding{Rule: "demo/moves.legal", Level: rules.Must, Message: "illegal raise"}}}
			}
			r.Checks = append(r.Checks, c)
			r.Matches = append(r.Matches, reports.Match{Seed: s, Agent: "a", Adversary: "random", Rank: 1, Won: true, Seats: 6, Termination: reports.TermOK})
		}
		p := filepath.Join(dir, fmt.Sprintf("shard-%d.json", k))
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := reports.WriteJSON(f, r); err != nil {
			t.Fatal(err)
		}
		f.Close()
		paths = append(paths, p)
	}
	return paths
}

func TestReportMergeWritesEveryFormat(t *testing.T) {
	dir := t.TempDir()
	seeds := []string{"1", "2", "3", "4", "5", "6", "7"}
	paths := writeShards(t, dir, seeds, 3, "")
	out := filepath.Join(dir, "not", "yet", "there") // a missing report directory must not fail
	args := append([]string{"report", "merge"}, paths[0], "--junit", filepath.Join(out, "junit.xml"), paths[1])
	args = append(args, paths[2], "--json", filepath.Join(out, "merged.json"), "--html", filepath.Join(out, "report.html"), "--md", filepath.Join(out, "summary.md"))
	code, stdout, stderr := runUmpire(t, "", args...)
	if code != exitOK {
		t.Fatalf("exit %d, want 0; stderr: %s", code, stderr)
	}
	if !strings.Contains(stdout, "3 shard report(s), 7 seeds, 7 checks, 7 matches") || !strings.Contains(stdout, "verdict PASS (exit 0)") {
		t.Fatalf("summary:\n%s", stdout)
	}
	for _, name := range []string{"junit.xml", "merged.json", "report.html", "summary.md"} {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || len(b) == 0 {
			t.Fatalf("%s: %v (%d bytes)", name, err, len(b))
		}
	}
	f, _ := os.Open(filepath.Join(out, "merged.json"))
	defer f.Close()
	merged, err := reports.ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	// JUnit has one case per rule of the merged report.
	b, _ := os.ReadFile(filepath.Join(out, "junit.xml"))
	var suites struct {
		Tests int `xml:"tests,attr"`
	}
	if err := xml.Unmarshal(b, &suites); err != nil || suites.Tests != len(merged.Coverage()) || suites.Tests == 0 {
		t.Fatalf("junit: %v, tests %d, want %d (one per rule)", err, suites.Tests, len(merged.Coverage()))
	}
	if merged.Meta.Shard != nil || len(merged.Matches) != 7 || merged.Matches[0].Seed != "1" || merged.Matches[6].Seed != "7" {
		t.Fatalf("merged: shard %v, matches %+v", merged.Meta.Shard, merged.Matches)
	}
	// --report-dir writes all four, like every other command.
	rd := filepath.Join(dir, "all")
	if code, _, stderr := runUmpire(t, "", "report", "merge", paths[0], paths[1], paths[2], "--report-dir", rd); code != exitOK {
		t.Fatalf("--report-dir: exit %d: %s", code, stderr)
	}
	for _, name := range []string{reports.FileJSON, reports.FileJUnit, reports.FileHTML, reports.FileMarkdown} {
		if _, err := os.Stat(filepath.Join(rd, name)); err != nil {
			t.Error(err)
		}
	}
}

func TestReportMergeExitCodes(t *testing.T) {
	seeds := []string{"1", "2", "3", "4"}
	tests := []struct {
		name     string
		args     func(dir string) []string
		want     int
		inStderr string
	}{
		{"no files", func(string) []string { return nil }, exitUsage, "give the shard reports"},
		{"bad flag", func(dir string) []string { return []string{"--nope", dir} }, exitUsage, "flag provided but not defined"},
		{"bad format", func(dir string) []string { return []string{"--format", "yaml", dir} }, exitUsage, "unknown --format"},
		{"a MUST failure", func(dir string) []string { return writeShards(t, dir, seeds, 2, "3") }, exitFail, ""},
		{"directory of shards", func(dir string) []string { writeShards(t, dir, seeds, 2, ""); return []string{dir} }, exitOK, ""},
		{"missing shard", func(dir string) []string { return writeShards(t, dir, seeds, 3, "")[:2] }, exitError, "missing shard(s) 3/3"},
		{"same shard twice", func(dir string) []string { p := writeShards(t, dir, seeds, 2, ""); return []string{p[0], p[0]} }, exitError, "given twice"},
		{"file not there", func(dir string) []string { return []string{filepath.Join(dir, "nope.json")} }, exitError, "no such file"},
		{"not a report", func(dir string) []string {
			p := filepath.Join(dir, "x.json")
			os.WriteFile(p, []byte(`{"hello":1}`), 0o644)
			return []string{p}
		}, exitError, "invalid report"},
		{"empty directory", func(dir string) []string { return []string{dir} }, exitError, "no .json report"},
		// Memory bounded by one report's limit for all the inputs
		// together: a shard larger than it (a sparse file, nothing read)
		// or shards that together pass it are refused before being read.
		{"a shard over the limit", func(dir string) []string {
			return []string{sparse(t, filepath.Join(dir, "huge.json"), reports.MaxReportBytes+1)}
		}, exitError, "exceeds the limit of 268435456 bytes (it has 268435457)"},
		{"shards together over the limit", func(dir string) []string {
			p := writeShards(t, dir, seeds, 2, "")
			st, _ := os.Stat(p[0])
			return []string{p[0], sparse(t, p[1], reports.MaxReportBytes-st.Size()+1)}
		}, exitError, "the shard reports together may hold at most 268435456 bytes"},
		{"a FIFO in a directory of shards", func(dir string) []string {
			writeShards(t, dir, seeds, 2, "")
			if err := syscall.Mkfifo(filepath.Join(dir, "wait.json"), 0o600); err != nil {
				t.Skip(err)
			}
			return []string{dir}
		}, exitError, "wait.json is not a regular file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			code, _, stderr := runUmpire(t, "", append([]string{"report", "merge"}, tc.args(dir)...)...)
			if code != tc.want {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tc.want, stderr)
			}
			if !strings.Contains(stderr, tc.inStderr) {
				t.Fatalf("stderr %q lacks %q", stderr, tc.inStderr)
			}
		})
	}
}

// sparse makes path a file of size bytes that takes no room on disk.
func sparse(t *testing.T, path string, size int64) string {
	t.Helper()
	if err := os.Truncate(path, size); err != nil {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		if err := os.Truncate(path, size); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

func TestReportMergeToStdout(t *testing.T) {
	dir := t.TempDir()
	paths := writeShards(t, dir, []string{"1", "2"}, 2, "2")
	code, stdout, stderr := runUmpire(t, "", append([]string{"report", "merge", "--md", "-", "--format", "json"}, paths...)...)
	if code != exitFail {
		t.Fatalf("exit %d, want 1; stderr %s", code, stderr)
	}
	if !strings.HasPrefix(stdout, "## umpire certify · inference — ❌ FAIL (exit 1)") {
		t.Fatalf("stdout is not the Markdown summary:\n%s", stdout)
	}
	var sum struct {
		Verdict  string   `json:"verdict"`
		ExitCode int      `json:"exit_code"`
		Shards   int      `json:"shards"`
		Wrote    []string `json:"wrote"`
	}
	if err := json.Unmarshal([]byte(stderr), &sum); err != nil || sum.Verdict != "fail" || sum.ExitCode != 1 || sum.Shards != 2 {
		t.Fatalf("summary on stderr %q: %v", stderr, err)
	}
}

func TestReportUsage(t *testing.T) {
	if code, _, _ := runUmpire(t, "", "report"); code != exitUsage {
		t.Fatalf("umpire report: exit %d", code)
	}
	if code, _, stderr := runUmpire(t, "", "report", "split"); code != exitUsage || !strings.Contains(stderr, "unknown subcommand") {
		t.Fatalf("umpire report split: exit %d, %s", code, stderr)
	}
	if code, _, _ := runUmpire(t, "", "report", "merge", "-h"); code != exitOK {
		t.Fatalf("umpire report merge -h: exit %d", code)
	}
}
