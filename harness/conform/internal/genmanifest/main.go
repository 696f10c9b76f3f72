package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/umpire-arena/umpire/harness"
	_ "github.com/umpire-arena/umpire/harness/allgames" // registers every game
	"github.com/umpire-arena/umpire/harness/conform"
)

func main() {
	out := flag.String("o", conform.ManifestFile, "the file to write")
	flag.Parse()
	if len(harness.Names()) == 0 {
		// A manifest of no game would pass for one that lost every check.
		fmt.Fprintln(os.Stderr, "genmanifest: no game is registered (import harness/allgames)")
		os.Exit(1)
	}
	b, err := conform.BuildManifest().JSON()
	if err == nil {
		err = os.WriteFile(*out, b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genmanifest:", err)
		os.Exit(1)
	}
}
