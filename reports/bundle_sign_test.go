package reports

import (
	"crypto/ed25519"
	"os"
	"path/filepath"
	"testing"
)

// FuzzCheckSignature: whatever MANIFEST.sig holds, checking it ends with a
// signer and no problem only when it is a real signature of the manifest.
func FuzzCheckSignature(f *testing.F) {
	manifest := []byte(`{"schema":"umpire-bundle/1"}`)
	key := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	dir := f.TempDir()
	if err := os.WriteFile(filepath.Join(dir, FileManifest), manifest, 0o644); err != nil {
		f.Fatal(err)
	}
	if err := SignBundle(dir, key); err != nil {
		f.Fatal(err)
	}
	good, err := os.ReadFile(filepath.Join(dir, FileSignature))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(`{"schema":"umpire-bundle-signature/1","algorithm":"ed25519","public_key":"","signature":""}`))
	f.Add([]byte(`[[[[`))
	f.Fuzz(func(t *testing.T, sig []byte) {
		d := t.TempDir()
		if err := os.WriteFile(filepath.Join(d, FileSignature), sig, 0o644); err != nil {
			t.Fatal(err)
		}
		bd, err := OpenDir(d)
		if err != nil {
			t.Fatal(err)
		}
		defer bd.Close()
		signer, problems := bd.checkSignature(manifest)
		if len(problems) == 0 && signer != nil && !signer.Equal(key.Public()) {
			t.Errorf("%q: a signature by key %s accepted, only %s signed", sig, KeyID(signer), KeyID(key.Public().(ed25519.PublicKey)))
		}
	})
}
