package main

import (
	"flag"
	"fmt"
	"os"

	_ "github.com/umpire-arena/umpire/harness/allgames" // registers every game
	"github.com/umpire-arena/umpire/harness/probe"
)

func main() {
	out := flag.String("o", probe.ManifestFile, "the file to write")
	flag.Parse()
	b, err := probe.BuildManifest().JSON()
	if err == nil {
		err = os.WriteFile(*out, b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genmanifest:", err)
		os.Exit(1)
	}
}
