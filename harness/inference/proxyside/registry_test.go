package proxyside_test

// The judge's benchmark records a match on the embedded server, which it
// finds in the registry: harness/allgames registers every game (an
// external test file links it, since the game's wiring imports this
// package; the internal tests share the binary).
import _ "github.com/umpire-arena/umpire/harness/allgames"
