package reports

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteDirCreatesMissingDirectories(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b", "umpire-report")
	r := sample(t)
	paths, err := WriteDir(dir, r)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 4 {
		t.Fatalf("wrote %v", paths)
	}
	f, err := os.Open(filepath.Join(dir, FileJSON))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	back, err := ReadJSON(f)
	if err != nil || back.Verdict() != r.Verdict() {
		t.Fatalf("read back: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 4 {
		t.Fatalf("directory holds %d entries (temporary files left?)", len(entries))
	}
}

func TestWriteFileKeepsOldFileOnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := WriteFile(path, sample(t), func(w io.Writer, _ *Report) error {
		io.WriteString(w, "half a rep")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v, want the writer's", err)
	}
	b, _ := os.ReadFile(path)
	if string(b) != "old" {
		t.Fatalf("file now holds %q", b)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Fatalf("temporary file left behind: %d entries", len(entries))
	}
}
