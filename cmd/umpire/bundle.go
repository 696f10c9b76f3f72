package main

import (
	"context"
	"crypto/ed25519"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/reports"
)

// cmdBundle runs "umpire bundle verify DIR".
func cmdBundle(_ context.Context, e *env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(e.stderr, "Usage: umpire bundle verify [--key PUBLIC.pem] DIR\n\nRe-checks a certification bundle written with --bundle DIR (conform, certify): every file's\nSHA-256 against the manifest, no file added, that the verdict follows from the findings, and the\nmanifest's signature (MANIFEST.sig, --bundle-key) when there is one; --key requires it to be that key's.\nExit 0 intact, 1 changed or inconsistent, 3 unreadable.")
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	if args[0] != "verify" {
		fmt.Fprintf(e.stderr, "umpire bundle: unknown subcommand %q (want verify)\n", args[0])
		return exitUsage
	}
	fs := flag.NewFlagSet("bundle verify", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	keyFile := fs.String("key", "", "require a signature by this Ed25519 public key (PEM, PKIX: openssl pkey -pubout)")
	if err := fs.Parse(args[1:]); err != nil {
		return exitUsage
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(e.stderr, "umpire bundle verify: give exactly one bundle directory")
		return exitUsage
	}
	var trusted ed25519.PublicKey
	if *keyFile != "" {
		k, err := reports.ReadPublicKey(*keyFile)
		if err != nil {
			fmt.Fprintf(e.stderr, "umpire bundle verify: --key: %s\n", inert.String(err.Error()))
			return exitUsage
		}
		trusted = k
	}
	dir := fs.Arg(0)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		fmt.Fprintf(e.stderr, "umpire bundle verify: %s is not a directory\n", inert.String(dir))
		return exitUsage
	}
	res, err := reports.VerifyBundle(dir)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire bundle verify: %v\n", err)
		return exitError
	}
	switch {
	case trusted != nil && res.Signer == nil:
		res.Problems = append(res.Problems, "the bundle is not signed, and --key asks for a signature by key "+reports.KeyID(trusted))
	case trusted != nil && !trusted.Equal(res.Signer):
		res.Problems = append(res.Problems, "the bundle is signed by key "+reports.KeyID(res.Signer)+", not by the --key given ("+reports.KeyID(trusted)+")")
	}
	signer := "unsigned"
	if res.Signer != nil {
		signer = "signed by key " + reports.KeyID(res.Signer)
		if trusted == nil {
			signer += " (give --key to require it)"
		}
	}
	for _, p := range res.Problems {
		fmt.Fprintf(e.stdout, "FAIL %s\n", inert.String(p))
	}
	found := "no verdict (report.json unreadable)"
	if res.Verdict != "" {
		found = fmt.Sprintf("verdict %s (exit %d)", res.Verdict, res.ExitCode)
	}
	if len(res.Problems) > 0 {
		fmt.Fprintf(e.stdout, "bundle %s: %d problem(s); the findings lead to %s; manifest sha256 %s, %s\n", inert.String(dir), len(res.Problems), found, res.ManifestSHA, signer)
		return exitFail
	}
	fmt.Fprintf(e.stdout, "bundle %s: intact; the verdict follows from the findings: %s; manifest sha256 %s, %s\n", inert.String(dir), found, res.ManifestSHA, signer)
	return exitOK
}

// bundleFlags are --bundle DIR and --bundle-key FILE.
type bundleFlags struct {
	dir, keyFile string
	key          ed25519.PrivateKey
	// held is the bundle directory opened before the run (hold).
	held *reports.Dir
}

// hold opens the bundle directory, when asked for one, before the run: it
// is written through what was opened then, whatever happens to the path
// meanwhile, and a directory holding files a bundle does not write (which
// would make it fail verification) is refused before anything is played.
func (b *bundleFlags) hold() error {
	if b.dir == "" || b.held != nil {
		return nil
	}
	d, err := reports.OpenDir(b.dir)
	if err != nil {
		return fmt.Errorf("the bundle directory %s cannot be opened: %v", b.dir, err)
	}
	if f := d.Foreign(); len(f) > 0 {
		d.Close()
		return fmt.Errorf("the bundle directory %s holds files a bundle does not (%s): give an empty or new directory", b.dir, strings.Join(f, ", "))
	}
	b.held = d
	return nil
}

// release closes what hold opened.
func (b *bundleFlags) release() {
	if b.held != nil {
		_ = b.held.Close()
		b.held = nil
	}
}

func addBundleFlags(fs *flag.FlagSet, usage string) *bundleFlags {
	b := &bundleFlags{}
	fs.StringVar(&b.dir, "bundle", "", usage)
	fs.StringVar(&b.keyFile, "bundle-key", "", "sign the bundle's manifest with this Ed25519 private key (PEM, PKCS #8: openssl genpkey -algorithm ed25519), writing MANIFEST.sig")
	return b
}

// load reads the signing key before the run, so that a key that cannot be
// used is one line and exit 3 before any check, not after the whole run.
func (b *bundleFlags) load(e *env, name string) bool {
	if b.keyFile == "" {
		return true
	}
	if b.dir == "" {
		fmt.Fprintf(e.stderr, "umpire %s: --bundle-key signs a bundle: give --bundle DIR too\n", name)
		return false
	}
	k, err := reports.ReadSigningKey(b.keyFile)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire %s: --bundle-key: %s\n", name, inert.String(err.Error()))
		return false
	}
	b.key = k
	return true
}

// writeBundle writes the --bundle directory of a run, when asked for, and
// signs its manifest when a key was given.
func writeBundle(e *env, name string, b *bundleFlags, rep *reports.Report) bool {
	if b.dir == "" {
		return true
	}
	dir := b.dir
	if err := b.hold(); err != nil {
		fmt.Fprintf(e.stderr, "umpire %s: %s\n", name, inert.String(err.Error()))
		return false
	}
	m, err := b.held.WriteBundle(rep)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire %s: writing the bundle: %s\n", name, inert.String(err.Error()))
		return false
	}
	signed := ""
	if b.key != nil {
		if err := b.held.SignBundle(b.key); err != nil {
			fmt.Fprintf(e.stderr, "umpire %s: signing the bundle: %v\n", name, err)
			return false
		}
		signed = ", signed with key " + reports.KeyID(b.key.Public().(ed25519.PublicKey))
	}
	if err := replacedDir(b.held, "bundle directory"); err != nil {
		fmt.Fprintf(e.stderr, "umpire %s: %s\n", name, inert.String(err.Error()))
		return false
	}
	fmt.Fprintf(e.stderr, "umpire %s: bundle of %d files in %s%s (umpire bundle verify %s)\n", name, len(m.Files)+1, inert.String(dir), signed, inert.String(dir))
	return true
}
