//go:build !race

package probe

// raceEnabled is false without -race: the fault table plays every fault.
const raceEnabled = false
