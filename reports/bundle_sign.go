package reports

import (
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// FileSignature is the bundle file signing the manifest (when a key was
// given): the signature covers MANIFEST.json's bytes, which list every
// other file's digest. It is not listed in the manifest itself.
const FileSignature = "MANIFEST.sig"

// SignatureSchema names the format of FileSignature.
const SignatureSchema = "umpire-bundle-signature/1"

// bundleSignature is FileSignature's content.
type bundleSignature struct {
	Schema    string `json:"schema"`
	Algorithm string `json:"algorithm"` // "ed25519"
	// PublicKey is the signer's key (base64 of its 32 bytes), so that a
	// bundle says who signed it; a reviewer checks it against a key they
	// trust (bundle verify --key).
	PublicKey string `json:"public_key"`
	Signature string `json:"signature"` // base64, over MANIFEST.json
}

// ReadSigningKey reads an Ed25519 private key from a PEM file ("PRIVATE
// KEY", PKCS #8, as `openssl genpkey -algorithm ed25519` writes it).
func ReadSigningKey(path string) (ed25519.PrivateKey, error) {
	b, err := readPEM(path)
	if err != nil {
		return nil, err
	}
	k, err := x509.ParsePKCS8PrivateKey(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	ek, ok := k.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("%s: a %T, want an Ed25519 private key", filepath.Base(path), k)
	}
	return ek, nil
}

// ReadPublicKey reads an Ed25519 public key from a PEM file ("PUBLIC KEY",
// PKIX, as `openssl pkey -pubout` writes it).
func ReadPublicKey(path string) (ed25519.PublicKey, error) {
	b, err := readPEM(path)
	if err != nil {
		return nil, err
	}
	k, err := x509.ParsePKIXPublicKey(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	ek, ok := k.(ed25519.PublicKey)
	if !ok {
		return nil, fmt.Errorf("%s: a %T, want an Ed25519 public key", filepath.Base(path), k)
	}
	return ek, nil
}

func readPEM(path string) ([]byte, error) {
	raw, err := readLimited(path, 64<<10)
	if err != nil {
		return nil, err
	}
	blk, _ := pem.Decode(raw)
	if blk == nil {
		return nil, fmt.Errorf("%s holds no PEM block", filepath.Base(path))
	}
	return blk.Bytes, nil
}

// KeyID is a short name of a public key: the first 16 hex digits of the
// SHA-256 of its bytes.
func KeyID(pub ed25519.PublicKey) string {
	s := sha256.Sum256(pub)
	return hex.EncodeToString(s[:8])
}

// SignBundle signs the manifest of the bundle in dir with key, writing
// FileSignature.
func SignBundle(dir string, key ed25519.PrivateKey) error {
	d, err := OpenDir(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.SignBundle(key)
}

// SignBundle signs the manifest of the bundle in the directory with key,
// writing FileSignature.
func (d *Dir) SignBundle(key ed25519.PrivateKey) error {
	m, err := d.readLimited(FileManifest, 1<<20)
	if err != nil {
		return err
	}
	s := bundleSignature{Schema: SignatureSchema, Algorithm: "ed25519",
		PublicKey: base64.StdEncoding.EncodeToString(key.Public().(ed25519.PublicKey)),
		Signature: base64.StdEncoding.EncodeToString(ed25519.Sign(key, m))}
	return d.writeJSON(FileSignature, s)
}

// checkSignature checks FileSignature, when the bundle has one, against the
// manifest: it returns the signer's key (nil when unsigned) and the
// problems found.
func (d *Dir) checkSignature(manifest []byte) (ed25519.PublicKey, []string) {
	if _, err := d.root.Lstat(FileSignature); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	raw, err := d.readLimited(FileSignature, 64<<10)
	if err != nil {
		return nil, []string{err.Error()}
	}
	var s bundleSignature
	if err := json.Unmarshal(raw, &s); err != nil || s.Schema != SignatureSchema || s.Algorithm != "ed25519" {
		return nil, []string{FileSignature + " is not an Ed25519 signature of " + SignatureSchema}
	}
	pub, err1 := base64.StdEncoding.DecodeString(s.PublicKey)
	sig, err2 := base64.StdEncoding.DecodeString(s.Signature)
	if err1 != nil || err2 != nil || len(pub) != ed25519.PublicKeySize || len(sig) != ed25519.SignatureSize {
		return nil, []string{FileSignature + " holds no well-formed key and signature"}
	}
	if !ed25519.Verify(ed25519.PublicKey(pub), manifest, sig) {
		return ed25519.PublicKey(pub), []string{fmt.Sprintf("%s does not sign this %s (key %s): the manifest was changed after signing", FileSignature, FileManifest, KeyID(pub))}
	}
	return ed25519.PublicKey(pub), nil
}
