package reports

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
)

// Dir is a report or bundle directory opened once, before a run, and
// written through an os.Root: every file is created inside the directory
// that was opened, whatever the run does to the path meanwhile. An agent
// (or anything else) that swaps the directory for a symbolic link, or
// drops into it a link named like a report, cannot make umpire write
// elsewhere: the directory is held by its descriptor, names are resolved
// inside it only, and a report replaces whatever entry has its name
// (rename does not follow a link) instead of writing through it.
type Dir struct {
	path string
	root *os.Root
	// found are the entries the directory held when it was opened, so a
	// bundle can tell the files that appeared during the run.
	found []string
}

// OpenDir creates path when missing (with its parents) and opens it.
// Close it when done.
func OpenDir(path string) (*Dir, error) {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, fmt.Errorf("reports: %w", err)
	}
	root, err := os.OpenRoot(path)
	if err != nil {
		return nil, fmt.Errorf("reports: %w", err)
	}
	d := &Dir{path: path, root: root}
	d.found, err = d.entries()
	if err != nil {
		root.Close()
		return nil, err
	}
	return d, nil
}

// Path is the path the directory was opened at.
func (d *Dir) Path() string { return d.path }

// Close releases the directory.
func (d *Dir) Close() error { return d.root.Close() }

// Foreign lists the entries the directory held when it was opened that a
// bundle does not write: a bundle written there would not verify with
// them (BundleCheck), so a run asked for a bundle refuses such a directory
// before it plays.
func (d *Dir) Foreign() []string {
	var out []string
	for _, n := range d.found {
		if !bundleName(n) {
			out = append(out, n)
		}
	}
	return out
}

// bundleName says whether name is a file a bundle writes.
func bundleName(name string) bool {
	switch name {
	case FileJSON, FileJUnit, FileHTML, FileMarkdown, FileRun, FileTranscripts, FileManifest, FileSignature:
		return true
	}
	return false
}

// entries lists the names in the directory, sorted.
func (d *Dir) entries() ([]string, error) {
	f, err := d.root.Open(".")
	if err != nil {
		return nil, fmt.Errorf("reports: %w", err)
	}
	defer f.Close()
	names, err := f.Readdirnames(-1)
	if err != nil {
		return nil, fmt.Errorf("reports: listing %s: %w", d.path, err)
	}
	slices.Sort(names)
	return names, nil
}

// write writes the file name of the directory with write, through a
// temporary file beside it renamed over name at the end, so a reader never
// sees half a report. The temporary name is random and created
// exclusively; whatever entry name was (a file, a link, a FIFO an agent
// left there) is replaced, never written through.
func (d *Dir) write(name string, write func(io.Writer) error) error {
	if !validBundlePath(name) {
		return fmt.Errorf("reports: %q is not a file name", name)
	}
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	tmp := "." + name + "." + hex.EncodeToString(rnd[:])
	f, err := d.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	defer d.root.Remove(tmp) //nolint:errcheck // gone after the rename
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("reports: writing %s: %w", name, err)
	}
	if err := d.root.Rename(tmp, name); err != nil {
		return fmt.Errorf("reports: writing %s in %s: %w", name, d.path, err)
	}
	return nil
}

// open opens the file name of the directory for reading when it is a
// regular file itself (not a link, device or FIFO).
func (d *Dir) open(name string) (*os.File, error) {
	st, err := d.root.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file of the bundle (%s)", name, fileKind(st.Mode()))
	}
	f, err := d.root.Open(name)
	if err != nil {
		return nil, err
	}
	if now, err := f.Stat(); err != nil || !os.SameFile(st, now) {
		f.Close()
		return nil, fmt.Errorf("%s changed while it was being opened", name)
	}
	return f, nil
}

// readLimited reads the regular file name of the directory, up to limit.
func (d *Dir) readLimited(name string, limit int64) ([]byte, error) {
	f, err := d.open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes", name, limit)
	}
	return b, nil
}

// WriteReports writes r in every format into the directory under the
// File* names and returns the paths written.
func (d *Dir) WriteReports(r *Report) ([]string, error) {
	var paths []string
	for _, f := range reportFiles() {
		if err := d.write(f.name, func(w io.Writer) error { return f.write(w, r) }); err != nil {
			return paths, err
		}
		paths = append(paths, filepath.Join(d.path, f.name))
	}
	return paths, nil
}

// reportFiles are the four reports of a report directory.
func reportFiles() []struct {
	name  string
	write WriteFunc
} {
	return []struct {
		name  string
		write WriteFunc
	}{{FileJSON, WriteJSON}, {FileJUnit, WriteJUnit}, {FileHTML, WriteHTML}, {FileMarkdown, WriteMarkdown}}
}

// ErrForeign is wrapped by the error of Dir.WriteBundle when the bundle
// directory holds files umpire did not write.
var ErrForeign = errors.New("reports: files not written by umpire are in the bundle directory")

// foreign lists the entries of the directory that are not files a bundle
// writes (nor their temporary files, already gone).
func (d *Dir) foreign() ([]string, error) {
	names, err := d.entries()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, n := range names {
		if !bundleName(n) {
			out = append(out, n)
		}
	}
	return out, nil
}

// Sub creates (when missing) and opens the directory rel inside d, rel
// resolved within d only.
func (d *Dir) Sub(rel string) (*Dir, error) {
	if err := d.root.MkdirAll(rel, 0o755); err != nil {
		return nil, fmt.Errorf("reports: %w", err)
	}
	root, err := d.root.OpenRoot(rel)
	if err != nil {
		return nil, fmt.Errorf("reports: %w", err)
	}
	s := &Dir{path: filepath.Join(d.path, rel), root: root}
	if s.found, err = s.entries(); err != nil {
		root.Close()
		return nil, err
	}
	return s, nil
}

// RemoveAll removes rel inside d and everything it holds.
func (d *Dir) RemoveAll(rel string) error {
	if err := d.root.RemoveAll(rel); err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	return nil
}

// Size is the bytes of the regular files directly in d.
func (d *Dir) Size() (int64, error) {
	names, err := d.entries()
	if err != nil {
		return 0, err
	}
	var n int64
	for _, name := range names {
		if st, err := d.root.Lstat(name); err == nil && st.Mode().IsRegular() {
			n += st.Size()
		}
	}
	return n, nil
}

// Replaced reports whether the path the directory was opened at no longer
// leads to it (the directory was moved, or swapped for a link, during the
// run): the files are in the directory opened, not where the path leads.
func (d *Dir) Replaced() bool {
	here, err := d.root.Stat(".")
	if err != nil {
		return true
	}
	now, err := os.Stat(d.path)
	return err != nil || !os.SameFile(here, now)
}
