//go:build !race

package certify

// raceEnabled is false without -race: every test plays its full volume.
const raceEnabled = false
