package main

import (
	"context"
	"fmt"
	"os"

	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/reports"
)

// cmdBundle runs "umpire bundle verify DIR".
func cmdBundle(_ context.Context, e *env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(e.stderr, "Usage: umpire bundle verify DIR\n\nRe-checks a certification bundle written with --bundle DIR (conform, certify): every file's\nSHA-256 against the manifest, no file added, and that the verdict follows from the findings.\nExit 0 intact, 1 changed or inconsistent, 3 unreadable.")
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	if args[0] != "verify" {
		fmt.Fprintf(e.stderr, "umpire bundle: unknown subcommand %q (want verify)\n", args[0])
		return exitUsage
	}
	if len(args) != 2 {
		fmt.Fprintln(e.stderr, "umpire bundle verify: give exactly one bundle directory")
		return exitUsage
	}
	dir := args[1]
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		fmt.Fprintf(e.stderr, "umpire bundle verify: %s is not a directory\n", inert.String(dir))
		return exitUsage
	}
	res, err := reports.VerifyBundle(dir)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire bundle verify: %v\n", err)
		return exitError
	}
	for _, p := range res.Problems {
		fmt.Fprintf(e.stdout, "FAIL %s\n", inert.String(p))
	}
	found := "no verdict (report.json unreadable)"
	if res.Verdict != "" {
		found = fmt.Sprintf("verdict %s (exit %d)", res.Verdict, res.ExitCode)
	}
	if len(res.Problems) > 0 {
		fmt.Fprintf(e.stdout, "bundle %s: %d problem(s); the findings lead to %s; manifest sha256 %s\n", inert.String(dir), len(res.Problems), found, res.ManifestSHA)
		return exitFail
	}
	fmt.Fprintf(e.stdout, "bundle %s: intact; the verdict follows from the findings: %s; manifest sha256 %s\n", inert.String(dir), found, res.ManifestSHA)
	return exitOK
}

// writeBundle writes the --bundle directory of a run, when asked for.
func writeBundle(e *env, name, dir string, rep *reports.Report) bool {
	if dir == "" {
		return true
	}
	m, err := reports.WriteBundle(dir, rep)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire %s: writing the bundle: %v\n", name, err)
		return false
	}
	fmt.Fprintf(e.stderr, "umpire %s: bundle of %d files in %s (umpire bundle verify %s)\n", name, len(m.Files)+1, inert.String(dir), inert.String(dir))
	return true
}
