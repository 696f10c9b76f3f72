package bangarena

// Deviations (Config.Deviations) make the engine play one rule wrongly on
// purpose, so that the embedded server's faults can prove that the
// conformance checks catch a server that breaks that rule: everything the
// server shows afterwards (observations, events, the room log) follows the
// wrong play, as it would on a broken server. A judging referee never sets
// one, and they are never part of the logged configuration.
//
// Each deviation is a named constant beside the rule it breaks (one
// deviations_*.go file per part of the rules), and each hook in the engine
// is a single `if g.deviates(DevX)` at the place the rule is applied. The
// names are the fault names of harness/bangarena/server that turn them on.

// deviates reports whether the deviation called name is on for this match.
func (g *Game) deviates(name string) bool { return g.cfg.Deviations.On(name) }
