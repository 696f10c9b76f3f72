package probe_test

// The suite's tests find the game's part of conform in the registry, as
// a run does: harness/bangarena hands it there (an external test file
// links it; the package's internal tests share the binary).
import _ "github.com/umpire-arena/umpire/harness/bangarena"
