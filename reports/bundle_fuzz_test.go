//go:build unix

package reports

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
)

// FuzzBundleManifest: whatever MANIFEST.json says, bundle verify never
// panics, ends, and reads nothing but the regular files of the bundle. The
// bundle holds, beside an honest bundle's files, a regular file F and under
// every lowercase letter, names a mutation reaches, in turn: a link to a
// secret outside it (a), a FIFO (b, whose open would wait forever), a link
// to /dev/zero (c, endless), a directory (d), a link to the bundle's own
// report.json (e), and again from f. No problem may
// tell the secret, its digest or its size, nor name a path outside the
// bundle, and verify must return within seconds.
func FuzzBundleManifest(f *testing.F) {
	outside := f.TempDir()
	secret := filepath.Join(outside, "secret")
	const secretText = "s3cret-of-the-machine"
	if err := os.WriteFile(secret, []byte(secretText), 0o600); err != nil {
		f.Fatal(err)
	}
	sum := sha256.Sum256([]byte(secretText))
	secretSHA := hex.EncodeToString(sum[:])
	dir := filepath.Join(f.TempDir(), "bundle")
	// A small report (its rules only, not the catalogue) keeps each run
	// of verify short.
	rep := basisReport(false)
	rep.Rules = slices.DeleteFunc(rep.Rules, func(ru rules.Rule) bool {
		return !slices.ContainsFunc(rep.Checks, func(c Check) bool { return slices.Contains(c.Rules, ru.ID) })
	})
	m, err := WriteBundle(dir, rep)
	if err != nil {
		f.Fatal(err)
	}
	kinds := []func(string) error{
		func(p string) error { return os.Symlink(secret, p) },
		func(p string) error { return syscall.Mkfifo(p, 0o600) },
		func(p string) error { return os.Symlink("/dev/zero", p) },
		func(p string) error { return os.Mkdir(p, 0o755) },
		func(p string) error { return os.Symlink(filepath.Join(dir, FileJSON), p) },
	}
	for c := 'a'; c <= 'z'; c++ {
		if err := kinds[int(c-'a')%len(kinds)](filepath.Join(dir, string(c))); err != nil {
			f.Skipf("cannot make %c: %v", c, err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "F"), []byte("F"), 0o644); err != nil {
		f.Fatal(err)
	}
	honest, err := os.ReadFile(filepath.Join(dir, FileManifest))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(honest)
	listing := func(paths ...string) []byte {
		mm := m
		mm.Files = nil
		for _, p := range paths {
			mm.Files = append(mm.Files, BundleFile{Path: p, SHA256: secretSHA, Bytes: int64(len(secretText))})
		}
		b, _ := json.Marshal(mm)
		return b
	}
	f.Add(listing("F"))
	f.Add(listing(FileJSON, FileRun, "F", "d", "a", "b", "c"))
	f.Add(listing("../bundle/F", "./F", "F/", "/etc/passwd", "..", ".", "", `F\..\F`))
	f.Add([]byte(`{"schema":"umpire-bundle/1","files":[{"path":"F"},{"path":"F"},{"path":"F"}]}`))
	f.Add([]byte(`{"schema":"umpire-bundle/1","files":null}`))
	f.Add([]byte(`[[[[`))
	f.Fuzz(func(t *testing.T, manifest []byte) {
		if err := os.WriteFile(filepath.Join(dir, FileManifest), manifest, 0o644); err != nil {
			t.Fatal(err)
		}
		type result struct {
			res BundleResult
			err error
		}
		done := make(chan result, 1)
		go func() {
			res, err := VerifyBundle(dir)
			done <- result{res, err}
		}()
		var r result
		select {
		case r = <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("VerifyBundle did not return within 10 s on %q", manifest)
		}
		said := strings.Join(r.res.Problems, "\n")
		if r.err != nil {
			said += "\n" + r.err.Error()
		}
		for _, leak := range []string{secretText, secretSHA[:16], outside} {
			if strings.Contains(said, leak) && !strings.Contains(string(manifest), leak) {
				t.Fatalf("verify tells %q, from outside the bundle, on %q:\n%s", leak, manifest, said)
			}
		}
		// A link, a FIFO, a device or a directory named by the manifest is
		// never read as a file of the bundle.
		var mm Manifest
		if json.Unmarshal(manifest, &mm) == nil && r.err == nil {
			for _, bf := range mm.Files {
				if len(bf.Path) == 1 && bf.Path[0] >= 'a' && bf.Path[0] <= 'z' {
					if !strings.Contains(said, bf.Path+" is not a regular file of the bundle") {
						t.Fatalf("%s is listed and not refused as no regular file:\n%s", bf.Path, said)
					}
				}
			}
		}
	})
}
