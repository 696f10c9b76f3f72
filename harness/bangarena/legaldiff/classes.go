package legaldiff

import shared "github.com/umpire-arena/umpire/harness/legaldiff"

// The shared vocabulary of a comparison (harness/legaldiff): a BangArena
// item's key is its actionId; a Difference's field is "command" or
// "argsSchema"; an item of a command the referee leaves undecided is not
// classed (BangArenaDiff.Unchecked).
type (
	Class      = shared.Class
	Extra      = shared.Extra
	Difference = shared.Difference
)

// The classes of an unmatched item.
const (
	NotLegal   = shared.NotLegal
	Repeated   = shared.Repeated
	Unreadable = shared.Unreadable
)
