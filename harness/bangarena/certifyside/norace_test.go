//go:build !race

package certifyside

// raceEnabled is false without -race: every test plays its full volume.
const raceEnabled = false
