package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// basisFlags are the flags that say how findings are graded: --strict, and
// for the commands that judge a target over time, the known-failing and
// known-flaky lists.
type basisFlags struct {
	strict       bool
	knownFailing string
	knownFlaky   string
}

// addStrictFlag adds --strict alone (verify, selftest, report merge).
func addStrictFlag(fs *flag.FlagSet, b *basisFlags) {
	fs.BoolVar(&b.strict, "strict", false, "count findings on umpire's readings and wire pins as MUST (by default they are SHOULD: the rules documents leave them open)")
}

// addBasisFlags adds --strict, --known-failing and, when flaky is true,
// --known-flaky.
func addBasisFlags(fs *flag.FlagSet, b *basisFlags, flaky bool) {
	addStrictFlag(fs, b)
	fs.StringVar(&b.knownFailing, "known-failing", "", "file of rule ids the target is known to break, one per line with a reason: reported but not failing; a listed rule that passes fails the run as stale")
	if flaky {
		fs.StringVar(&b.knownFlaky, "known-flaky", "", "file of rule ids whose checks are retried once when they fail (the failed attempt stays in the report)")
	}
}

// apply reads the lists and sets meta's grading.
func (b *basisFlags) apply(meta *reports.Meta) error {
	meta.Strict = meta.Strict || b.strict
	var err error
	if meta.KnownFailing, err = readKnownFile(b.knownFailing, "--known-failing"); err != nil {
		return err
	}
	meta.KnownFlaky, err = readKnownFile(b.knownFlaky, "--known-flaky")
	return err
}

func readKnownFile(path, flagName string) ([]reports.Known, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", flagName, err)
	}
	defer f.Close()
	list, err := reports.ReadKnown(f, rules.Default())
	if err != nil {
		return nil, fmt.Errorf("%s %s: %v", flagName, path, err)
	}
	return list, nil
}

// knownRules returns the rule ids of a list.
func knownRules(list []reports.Known) []string {
	out := make([]string, len(list))
	for i, k := range list {
		out[i] = k.Rule
	}
	return out
}
