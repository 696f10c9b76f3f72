package reports_test

// The tests of this package read transcripts of both games, so they
// register the games' shapes as the games' wiring does in a program
// (harness/<game>/register.go, which cannot be imported here: it imports
// the modes). Each shape's package imports only this one.
import (
	baviewer "github.com/umpire-arena/umpire/harness/bangarena/viewer"
	infviewer "github.com/umpire-arena/umpire/harness/inference/viewer"
	"github.com/umpire-arena/umpire/reports"
)

func init() {
	reports.RegisterViewerShape(1, infviewer.Shape())
	reports.RegisterViewerShape(2, baviewer.Shape())
}
