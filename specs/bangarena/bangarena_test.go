package bangarena

import (
	"testing"

	"github.com/onsi/ginkgo/v2"
	"github.com/umpire-arena/umpire/harness/probe"
	"github.com/umpire-arena/umpire/specs"
)

var _ = specs.ServerSuite(probe.GameBangArena)

func TestBangArenaServer(t *testing.T) {
	ginkgo.RunSpecs(t, "BangArena server conformance")
}
