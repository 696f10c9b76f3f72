package cli

import (
	"testing"

	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/harness/gamecli/gameclitest"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
)

// TestFaultsEnv: the server reads its faults from the variable the
// command line names (conform and serve say gamecli.FaultsEnv).
func TestFaultsEnv(t *testing.T) {
	if infsrv.FaultsEnv != gamecli.FaultsEnv {
		t.Fatalf("the server reads %s, the command line names %s", infsrv.FaultsEnv, gamecli.FaultsEnv)
	}
}

// TestPart: the part does what every game's command-line part must
// (gameclitest: example players, simulate's defaults, every body given).
func TestPart(t *testing.T) { gameclitest.TestPart(t, Part()) }
