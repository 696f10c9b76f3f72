package inference

// Deviations (Config.Deviations) make the engine play one rule wrongly on
// purpose, so that the embedded server's faults can prove that the
// conformance checks catch a server that breaks that rule: everything the
// server emits afterwards (views, events, the match log) follows the wrong
// play, as it would on a broken server. A judging referee never sets one,
// and they are never part of the logged configuration.
//
// Each deviation is a named constant beside the rule it breaks, and each
// hook in the engine is a single `if s.deviates(DevX)` at the place the rule
// is applied. The names are the fault names of harness/server/inference
// that turn them on.

// deviates reports whether the deviation called name is on for this match.
func (s *State) deviates(name string) bool { return s.cfg.Deviations.On(name) }

// The deviations, each named after the fault that turns it on.
const (
	// DevNoTimeoutDefault folds a timed-out seat even when it owes nothing
	// (timeouts.default-action: the default is a check then).
	DevNoTimeoutDefault = "no-timeout-default"
	// DevDealSkipsSeat leaves the last seat, live, out of the deal of every
	// even round (round.1.deal: every live seat is dealt).
	DevDealSkipsSeat = "deal-skips-seat"
)
