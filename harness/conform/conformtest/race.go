//go:build race

package conformtest

// RaceEnabled is true when the tests run with -race: the fault matrix then
// plays one fault per game (the race detector slows every suite down
// several times over).
const RaceEnabled = true
