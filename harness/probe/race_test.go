//go:build race

package probe

// raceEnabled is true when the tests run with -race: the fault table then
// plays one fault per game (the data-race check needs the code paths, not
// every fault), since the whole table takes many minutes under the detector.
const raceEnabled = true
