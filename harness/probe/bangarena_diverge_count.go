package probe

import ba "github.com/umpire-arena/umpire/referee/bangarena"

// baDecisionAt returns, for each decision of log in order, how many events
// precede it: before decision i is replayed the engine must have emitted
// exactly that many (baEventTrail checks their content), or the log holds
// events the rules do not produce there, or lacks some.
func baDecisionAt(log []ba.Event) []int {
	var out []int
	for i := range log {
		if log[i].Type == "decision" {
			out = append(out, i)
		}
	}
	return out
}
