//go:build unix

package reports

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestBundleStaysInside: bundle verify reads only the regular files of the
// bundle. A listed file swapped for a symbolic link out of the bundle is a
// problem and is not read (its digest would tell the secret's hash and
// size); a MANIFEST that is a FIFO or a link to /dev/zero is an unreadable
// bundle at once, where it waited or read forever.
func TestBundleStaysInside(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte("s3cret"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		edit    func(t *testing.T, dir string)
		problem string // wanted among the problems; "" wants an error
	}{
		{"a listed file links out", func(t *testing.T, dir string) {
			swap(t, filepath.Join(dir, FileHTML), func(p string) error { return os.Symlink(secret, p) })
		}, "report.html is not a regular file of the bundle (a symbolic link)"},
		{"MANIFEST is a FIFO", func(t *testing.T, dir string) {
			swap(t, filepath.Join(dir, FileManifest), func(p string) error { return syscall.Mkfifo(p, 0o600) })
		}, ""},
		{"MANIFEST links to /dev/zero", func(t *testing.T, dir string) {
			swap(t, filepath.Join(dir, FileManifest), func(p string) error { return os.Symlink("/dev/zero", p) })
		}, ""},
		{"the signature is a FIFO", func(t *testing.T, dir string) {
			if err := syscall.Mkfifo(filepath.Join(dir, FileSignature), 0o600); err != nil {
				t.Fatal(err)
			}
		}, "MANIFEST.sig is not a regular file of the bundle (a FIFO)"},
		{"the signature links to /dev/zero", func(t *testing.T, dir string) {
			if err := os.Symlink("/dev/zero", filepath.Join(dir, FileSignature)); err != nil {
				t.Fatal(err)
			}
		}, "MANIFEST.sig is not a regular file of the bundle (a symbolic link)"},
		{"the signature is 1 MiB of garbage", func(t *testing.T, dir string) {
			if err := os.WriteFile(filepath.Join(dir, FileSignature), []byte(strings.Repeat("[", 1<<20)), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "MANIFEST.sig is larger than 65536 bytes"},
		{"the signature is not one", func(t *testing.T, dir string) {
			if err := os.WriteFile(filepath.Join(dir, FileSignature), []byte(`{"schema":"umpire-bundle-signature/1","algorithm":"ed25519","public_key":"AAAA","signature":"AAAA"}`), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "MANIFEST.sig holds no well-formed key and signature"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if _, err := WriteBundle(dir, basisReport(false)); err != nil {
				t.Fatal(err)
			}
			tc.edit(t, dir)
			type result struct {
				problems []string
				err      error
			}
			done := make(chan result, 1)
			go func() {
				p, _, err := BundleCheck(dir)
				done <- result{p, err}
			}()
			var r result
			select {
			case r = <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("BundleCheck did not return within 10 s")
			}
			joined := strings.Join(r.problems, "\n")
			switch {
			case tc.problem == "" && r.err == nil:
				t.Fatalf("no error; problems:\n%s", joined)
			case tc.problem != "" && !strings.Contains(joined, tc.problem):
				t.Fatalf("problems:\n%s\n(err %v)\nwant %q", joined, r.err, tc.problem)
			}
			if strings.Contains(joined, "s3cret") {
				t.Error("a problem shows the secret")
			}
		})
	}
}

// swap replaces the file at p with what make creates there.
func swap(t *testing.T, p string, make func(string) error) {
	t.Helper()
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if err := make(p); err != nil {
		t.Skipf("cannot make %s: %v", p, err)
	}
}
