package cli

import (
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
