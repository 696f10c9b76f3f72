package cli

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/gamecli"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
)

// TestFaultsEnv: the server reads its faults from the variable the
// command line names (conform and serve say gamecli.FaultsEnv).
func TestFaultsEnv(t *testing.T) {
	if infsrv.FaultsEnv != gamecli.FaultsEnv {
		t.Fatalf("the server reads %s, the command line names %s", infsrv.FaultsEnv, gamecli.FaultsEnv)
	}
}

// TestExamplePlayers: every player the help lists plays, and another is
// refused.
func TestExamplePlayers(t *testing.T) {
	part := Part()
	for _, p := range append(slices.Clone(part.ExamplePlayers), "nope") {
		err := part.Example(context.Background(), strings.NewReader(""), io.Discard, p, 1)
		if want := p != "nope"; (err == nil) != want {
			t.Errorf("player %q: error %v, want an error %v", p, err, !want)
		}
	}
}
