package cli

import (
	"strings"
	"testing"

	baserver "github.com/umpire-arena/umpire/harness/bangarena/server"
	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/harness/gamecli/gameclitest"
)

// TestFaultsEnv: the server reads its faults from the variable the
// command line names (conform and serve say gamecli.FaultsEnv).
func TestFaultsEnv(t *testing.T) {
	if baserver.FaultsEnv != gamecli.FaultsEnv {
		t.Fatalf("the server reads %s, the command line names %s", baserver.FaultsEnv, gamecli.FaultsEnv)
	}
}

// TestPart: the part does what every game's command-line part must
// (gameclitest: example players, simulate's defaults, every body given).
func TestPart(t *testing.T) { gameclitest.TestPart(t, Part()) }

// TestLegalEscapesInput: what legal prints of its input (the file's name,
// the reader's errors) reaches the terminal inert, whichever way the
// input is refused.
func TestLegalEscapesInput(t *testing.T) {
	const name = "evil\x1b[2J.json"
	for _, tc := range []struct {
		what string
		raw  string
	}{
		{"not JSON", "\x1b]0;owned\x07"},
		{"no observation", `{"x":1}`},
		{"no legal list", `{"observation":{"phase":"play"},"legalActions":"\u001b[31m"}`},
	} {
		t.Run(tc.what, func(t *testing.T) {
			var out, errs strings.Builder
			legal(gamecli.Env{Stdout: &out, Stderr: &errs}, name, []byte(tc.raw), true)
			if got := out.String() + errs.String(); strings.ContainsAny(got, "\x1b\x07") || got == "" {
				t.Errorf("legal printed %q: want it said, with no control character", got)
			}
		})
	}
}
