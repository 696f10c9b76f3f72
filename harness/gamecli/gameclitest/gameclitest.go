package gameclitest

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/gamecli"
)

// TestPart runs Check on part and fails t with each problem.
func TestPart(t *testing.T, part *gamecli.Game) {
	t.Helper()
	for _, p := range Check(part) {
		t.Error(p)
	}
}

// Check lists what part gets wrong: every player the example-agent help
// lists plays and another is refused; simulate has default adversaries;
// every command body is given.
func Check(part *gamecli.Game) []string {
	var out []string
	if len(part.ExamplePlayers) == 0 {
		out = append(out, "no example players")
	}
	if part.Example != nil {
		for _, p := range append(slices.Clone(part.ExamplePlayers), "nope") {
			err := part.Example(context.Background(), strings.NewReader(""), io.Discard, p, 1)
			if want := p != "nope"; (err == nil) != want {
				out = append(out, fmt.Sprintf("example player %q: error %v, want an error %v", p, err, !want))
			}
		}
	}
	if len(part.SimAdversaries) == 0 {
		out = append(out, "no default adversaries for simulate (SimAdversaries)")
	}
	for name, missing := range map[string]bool{
		"Legal": part.Legal == nil, "Simulate": part.Simulate == nil, "Example": part.Example == nil,
		"VerifyGroup": part.VerifyGroup == nil, "VerifySummary": part.VerifySummary == nil, "Serve.Flags": part.Serve.Flags == nil,
	} {
		if missing {
			out = append(out, name+" is nil")
		}
	}
	if part.Serve.Flags != nil {
		var lim gamecli.Limits
		part.Serve.Flags(flag.NewFlagSet("serve", flag.ContinueOnError), &lim)
		for _, m := range lim.Missing() {
			out = append(out, "Serve.Flags declares no "+m)
		}
	}
	slices.Sort(out)
	return out
}
