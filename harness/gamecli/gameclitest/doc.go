// Package gameclitest holds what every game's command-line part
// (harness/<game>/cli, a gamecli.Game) must do, for each game's tests to
// run on its own part: TestPart.
package gameclitest
