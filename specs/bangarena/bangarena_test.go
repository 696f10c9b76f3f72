package bangarena

import (
	"testing"

	"github.com/onsi/ginkgo/v2"
	"github.com/onsi/gomega"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/specs"
)

var _ = specs.ServerSuite(conform.GameBangArena)

func TestBangArenaServer(t *testing.T) {
	gomega.RegisterFailHandler(ginkgo.Fail)
	ginkgo.RunSpecs(t, "BangArena server conformance")
}
