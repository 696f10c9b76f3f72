//go:build unix

package reports

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestDirStaysInside: a report or bundle directory is written through what
// was opened before the run. An agent that swaps the directory for a link
// to another directory, or drops into it a link named like a report (to a
// FIFO, a device or a file elsewhere), cannot make umpire write anywhere
// but the directory it opened; the link is replaced, never written through.
func TestDirStaysInside(t *testing.T) {
	tests := []struct {
		name   string
		bundle bool
		edit   func(t *testing.T, dir, elsewhere string)
	}{
		{"the directory swapped for a link", false, func(t *testing.T, dir, elsewhere string) {
			must(t, os.Rename(dir, dir+".moved"))
			must(t, os.Symlink(elsewhere, dir))
		}},
		{"the bundle directory swapped for a link", true, func(t *testing.T, dir, elsewhere string) {
			must(t, os.Rename(dir, dir+".moved"))
			must(t, os.Symlink(elsewhere, dir))
		}},
		{"report.json a link to a FIFO elsewhere", false, func(t *testing.T, dir, elsewhere string) {
			must(t, os.Symlink(filepath.Join(elsewhere, "fifo"), filepath.Join(dir, FileJSON)))
		}},
		{"report.html a link to a file elsewhere", false, func(t *testing.T, dir, elsewhere string) {
			must(t, os.Symlink(filepath.Join(elsewhere, "victim"), filepath.Join(dir, FileHTML)))
		}},
		{"run.json a link to a FIFO elsewhere", true, func(t *testing.T, dir, elsewhere string) {
			must(t, os.Symlink(filepath.Join(elsewhere, "fifo"), filepath.Join(dir, FileRun)))
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			base := t.TempDir()
			dir, elsewhere := filepath.Join(base, "out"), filepath.Join(base, "elsewhere")
			must(t, os.Mkdir(elsewhere, 0o755))
			must(t, os.WriteFile(filepath.Join(elsewhere, "victim"), []byte("victim"), 0o644))
			fifo := filepath.Join(elsewhere, "fifo")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
			// Read and write: opening does not wait for a writer, and a
			// writer's open does not wait either, so a write through the
			// link is seen instead of hanging the test.
			rd, err := os.OpenFile(fifo, os.O_RDWR, 0)
			must(t, err)
			defer rd.Close()
			d, err := OpenDir(dir)
			must(t, err)
			defer d.Close()
			tc.edit(t, dir, elsewhere)
			r := basisReport(false)
			if tc.bundle {
				_, err = d.WriteBundle(r)
			} else {
				_, err = d.WriteReports(r)
			}
			must(t, err)
			// The FIFO is polled: a deadline ends the read, no raw call.
			must(t, rd.SetReadDeadline(time.Now().Add(50*time.Millisecond)))
			buf := make([]byte, 64)
			if n, _ := rd.Read(buf); n > 0 {
				t.Errorf("a report was written through the link into the FIFO: %q", buf[:n])
			}
			if b, _ := os.ReadFile(filepath.Join(elsewhere, "victim")); string(b) != "victim" {
				t.Errorf("the file elsewhere was changed: %.40q", b)
			}
			ents, _ := os.ReadDir(elsewhere)
			if len(ents) != 2 {
				t.Errorf("elsewhere holds %d entries, want its 2", len(ents))
			}
			// The reports are in the directory that was opened.
			got := dir
			if _, err := os.Stat(dir + ".moved"); err == nil {
				got = dir + ".moved"
			}
			if st, err := os.Lstat(filepath.Join(got, FileJSON)); err != nil || !st.Mode().IsRegular() {
				t.Errorf("no regular %s in the directory opened: %v", FileJSON, err)
			}
			if tc.bundle {
				if p, _, err := BundleCheck(got); err != nil || len(p) > 0 {
					t.Errorf("the bundle does not verify: %v %q", err, p)
				}
			}
		})
	}
}

// TestBundleForeignFiles: a bundle directory holding a file a bundle does
// not write is refused before anything is written (the bundle would not
// verify), one that appears while the run plays is named in the error
// after writing, and an earlier bundle's files (its signature too) are
// replaced.
func TestBundleForeignFiles(t *testing.T) {
	dir := t.TempDir()
	must(t, os.WriteFile(filepath.Join(dir, "notes.txt"), nil, 0o644))
	d, err := OpenDir(dir)
	must(t, err)
	if got := d.Foreign(); len(got) != 1 || got[0] != "notes.txt" {
		t.Errorf("Foreign = %q, want [notes.txt]", got)
	}
	if _, err := d.WriteBundle(basisReport(false)); !errors.Is(err, ErrForeign) {
		t.Errorf("a directory with a foreign file: %v, want ErrForeign", err)
	}
	if _, err := os.Stat(filepath.Join(dir, FileManifest)); err == nil {
		t.Error("a manifest was written into the refused directory")
	}
	d.Close()

	dir = t.TempDir()
	d, err = OpenDir(dir)
	must(t, err)
	defer d.Close()
	must(t, os.WriteFile(filepath.Join(dir, "dropped"), nil, 0o644))
	_, err = d.WriteBundle(basisReport(false))
	if !errors.Is(err, ErrForeign) || !strings.Contains(err.Error(), "dropped appeared") {
		t.Errorf("a file dropped during the run: %v, want it named", err)
	}
	must(t, os.Remove(filepath.Join(dir, "dropped")))
	if p, _, err := BundleCheck(dir); err != nil || len(p) > 0 {
		t.Errorf("the bundle without the dropped file: %v %q", err, p)
	}
	// An earlier bundle, signed, is replaced by an unsigned one that
	// verifies (no stale signature left).
	must(t, os.WriteFile(filepath.Join(dir, FileSignature), []byte("{}"), 0o644))
	again, err := OpenDir(dir)
	must(t, err)
	defer again.Close()
	if f := again.Foreign(); len(f) != 0 {
		t.Errorf("an earlier bundle's files are foreign: %q", f)
	}
	if _, err := again.WriteBundle(basisReport(false)); err != nil {
		t.Fatal(err)
	}
	if p, _, err := BundleCheck(dir); err != nil || len(p) > 0 {
		t.Errorf("the rewritten bundle: %v %q", err, p)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
