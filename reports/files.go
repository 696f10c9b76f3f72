package reports

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// WriteFunc is the signature every writer of this package has.
type WriteFunc func(io.Writer, *Report) error

// File names WriteDir uses inside a report directory. Shard merges look for
// FileJSON (e.g. "umpire report merge shards/*/report.json").
const (
	FileJSON     = "report.json"
	FileJUnit    = "junit.xml"
	FileHTML     = "report.html"
	FileMarkdown = "summary.md"
)

// WriteFile writes r with write to path, as Write does.
func WriteFile(path string, r *Report, write WriteFunc) error {
	return Write(path, func(w io.Writer) error { return write(w, r) })
}

// Write writes to path with write, creating missing parent directories (a
// missing report directory must never fail a run) and replacing path
// atomically through a temporary file beside it, so a reader never sees
// half a report. A path that exists and is not a regular file — a device
// such as /dev/null or /dev/stdout, a FIFO — is written in place: renaming
// over it would replace the device with a regular file, for the whole
// machine when umpire runs as root.
func Write(path string, write func(io.Writer) error) error {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		if st.IsDir() {
			return fmt.Errorf("reports: %s is a directory", path)
		}
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("reports: %w", err)
		}
		if err := write(f); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return fmt.Errorf("reports: writing %s: %w", path, err)
		}
		return nil
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("reports: writing %s: %w", path, err)
	}
	return nil
}

// WriteDir writes r in every format into dir (created if missing) under the
// File* names and returns the paths written. A run that must not be
// redirected while it plays opens the directory first (OpenDir) and writes
// through it (Dir.WriteReports).
func WriteDir(dir string, r *Report) ([]string, error) {
	d, err := OpenDir(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.WriteReports(r)
}
