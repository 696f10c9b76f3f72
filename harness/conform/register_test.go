package conform_test

// The package's tests find each game's part in the registry, as a run
// does: harness/allgames registers every game (an external test file links
// it; the internal tests share the binary).
import _ "github.com/umpire-arena/umpire/harness/allgames"
