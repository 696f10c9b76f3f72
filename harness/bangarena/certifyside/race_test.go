//go:build race

package certifyside

// raceEnabled is true when the tests run with -race: a test that plays the
// same code path over many matches in one goroutine plays fewer (the
// data-race check needs the code paths, not the volume; the full volume
// runs without the detector).
const raceEnabled = true
