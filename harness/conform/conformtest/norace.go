//go:build !race

package conformtest

// RaceEnabled is false without -race: the fault matrix plays every fault.
const RaceEnabled = false
