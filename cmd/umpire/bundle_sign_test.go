package main

import (
	"crypto/ed25519"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// writeKeys writes an Ed25519 key pair as openssl writes them (PKCS #8
// private, PKIX public) and returns their paths.
func writeKeys(t *testing.T, seed byte) (priv, pub string) {
	t.Helper()
	s := make([]byte, ed25519.SeedSize)
	s[0] = seed
	k := ed25519.NewKeyFromSeed(s)
	dir := t.TempDir()
	pk, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	pp, err := x509.MarshalPKIXPublicKey(k.Public())
	if err != nil {
		t.Fatal(err)
	}
	priv, pub = filepath.Join(dir, "key.pem"), filepath.Join(dir, "pub.pem")
	if err := os.WriteFile(priv, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pk}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pub, pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pp}), 0o644); err != nil {
		t.Fatal(err)
	}
	return priv, pub
}

// TestBundleSignature: with a key the manifest is signed; bundle verify
// --key accepts the signer's key and refuses another key, an unsigned
// bundle, and a manifest redone after signing (which digests alone cannot
// tell from an honest one).
func TestBundleSignature(t *testing.T) {
	priv, pub := writeKeys(t, 1)
	_, otherPub := writeKeys(t, 2)
	bundle := func(t *testing.T, sign bool) string {
		dir := t.TempDir()
		r := reports.New(reports.Meta{Version: "test", Kind: reports.KindConform, Games: []string{"inference"}}, rules.Default())
		r.Checks = []reports.Check{{Name: "cap", Rules: []string{"inference/round.3.raise-cap"}, Status: reports.Pass}}
		b := &bundleFlags{dir: dir}
		if sign {
			b.keyFile = priv
			if !b.load(&env{stdout: os.Stdout, stderr: os.Stderr}, "conform") {
				t.Fatal("the key does not load")
			}
		}
		var errb strings.Builder
		if !writeBundle(&env{stdout: &errb, stderr: &errb}, "conform", b, r) {
			t.Fatalf("writeBundle: %s", errb.String())
		}
		return dir
	}
	t.Run("signed, right key", func(t *testing.T) {
		dir := bundle(t, true)
		code, out, _ := runUmpire(t, "", "bundle", "verify", "--key", pub, dir)
		if code != exitOK || !strings.Contains(out, "signed by key ") {
			t.Fatalf("exit %d\n%s", code, out)
		}
	})
	t.Run("signed, another key", func(t *testing.T) {
		code, out, _ := runUmpire(t, "", "bundle", "verify", "--key", otherPub, bundle(t, true))
		if code != exitFail || !strings.Contains(out, "not by the --key given") {
			t.Fatalf("exit %d\n%s", code, out)
		}
	})
	t.Run("unsigned, key required", func(t *testing.T) {
		code, out, _ := runUmpire(t, "", "bundle", "verify", "--key", pub, bundle(t, false))
		if code != exitFail || !strings.Contains(out, "not signed") {
			t.Fatalf("exit %d\n%s", code, out)
		}
	})
	t.Run("manifest redone after signing", func(t *testing.T) {
		dir := bundle(t, true)
		p := filepath.Join(dir, reports.FileManifest)
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		edited := strings.Replace(string(raw), `"test"`, `"tést"`, 1)
		if edited == string(raw) {
			t.Fatalf("setup: no version in %s", raw)
		}
		if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, _ := runUmpire(t, "", "bundle", "verify", dir) // even without --key
		if code != exitFail || !strings.Contains(out, "the manifest was changed after signing") {
			t.Fatalf("exit %d\n%s", code, out)
		}
	})
	t.Run("a key that is no key", func(t *testing.T) {
		code, _, errs := runUmpire(t, "", "conform", "--game", "inference", "--embedded", "--bundle", t.TempDir(), "--bundle-key", pub)
		if code != exitError || !strings.Contains(errs, "--bundle-key") {
			t.Fatalf("exit %d\n%s", code, errs)
		}
	})
}
