package reports

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBundle(t *testing.T) {
	tamper := []struct {
		name string
		edit func(t *testing.T, dir string)
		want string
	}{
		{"intact", func(*testing.T, string) {}, ""},
		{"a report edited", func(t *testing.T, dir string) {
			appendFile(t, filepath.Join(dir, FileHTML), "<!-- edited -->")
		}, "report.html was changed"},
		{"a file added", func(t *testing.T, dir string) {
			appendFile(t, filepath.Join(dir, "extra.txt"), "x")
		}, "extra.txt is not listed"},
		{"a MUST finding lowered, manifest redone", func(t *testing.T, dir string) {
			// A forger lowers the finding and writes a manifest to match:
			// the digests hold, but the verdict no longer follows.
			p := filepath.Join(dir, FileJSON)
			raw, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			edited := strings.Replace(string(raw), `"level": "MUST"`, `"level": "INFO"`, -1)
			if edited == string(raw) {
				t.Fatal("setup: no MUST finding to lower")
			}
			if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
				t.Fatal(err)
			}
			var m Manifest
			mp := filepath.Join(dir, FileManifest)
			mraw, _ := os.ReadFile(mp)
			if err := json.Unmarshal(mraw, &m); err != nil {
				t.Fatal(err)
			}
			for i, f := range m.Files {
				d, err := digest(filepath.Join(dir, f.Path))
				if err != nil {
					t.Fatal(err)
				}
				m.Files[i].SHA256, m.Files[i].Bytes = d.SHA256, d.Bytes
			}
			m.Verdict, m.ExitCode = VerdictPass, ExitOK
			if err := writeJSONFile(mp, m); err != nil {
				t.Fatal(err)
			}
		}, "the findings of report.json lead to verdict fail (exit 1); the manifest says pass (exit 0)"},
	}
	for _, tt := range tamper {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			r := basisReport(false) // fails on a MUST finding
			m, err := WriteBundle(dir, r)
			if err != nil {
				t.Fatal(err)
			}
			if m.Verdict != VerdictFail || m.ExitCode != ExitFail || len(m.Files) != 6 {
				t.Fatalf("manifest %+v", m)
			}
			tt.edit(t, dir)
			problems, sha, err := BundleCheck(dir)
			if err != nil || len(sha) != 64 {
				t.Fatalf("BundleCheck: %v (sha %q)", err, sha)
			}
			joined := strings.Join(problems, "\n")
			if tt.want == "" && len(problems) > 0 || tt.want != "" && !strings.Contains(joined, tt.want) {
				t.Fatalf("problems:\n%s\nwant %q", joined, tt.want)
			}
		})
	}
	t.Run("no manifest", func(t *testing.T) {
		if _, _, err := BundleCheck(t.TempDir()); err == nil {
			t.Fatal("a directory without a manifest passed")
		}
	})
	t.Run("transcripts are kept", func(t *testing.T) {
		dir := t.TempDir()
		r := basisReport(false)
		r.Checks[2].Findings[0].Transcript = []Message{{Dir: Sent, Body: json.RawMessage(`{"type":"move"}`)}}
		if _, err := WriteBundle(dir, r); err != nil {
			t.Fatal(err)
		}
		raw, err := os.ReadFile(filepath.Join(dir, FileTranscripts))
		if err != nil || !strings.Contains(string(raw), `"rule":"inference/round.3.raise-cap"`) || !strings.Contains(string(raw), `{"type":"move"}`) {
			t.Fatalf("transcripts %q (%v)", raw, err)
		}
	})
}

func appendFile(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}
