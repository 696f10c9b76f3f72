package rules

// Deviations names rules an engine breaks on purpose. They exist to prove the
// conformance checks: the embedded servers' faults turn one on so that the
// server plays a rule wrongly in the middle of a real match (a Saloon that
// heals above max hp, betting that starts at the wrong seat), and every
// message and log line that follows comes from that wrong play. The referee
// that judges never sets any, and a deviation is never part of a match's
// recorded configuration (engines tag the field json:"-").
//
// The keys are short names chosen by the engine beside each hook (see the
// engine's deviations.go); the zero value (nil) breaks nothing. A Deviations
// is read-only once an engine holds it.
type Deviations map[string]bool

// On reports whether the deviation called name is turned on.
func (d Deviations) On(name string) bool { return d[name] }

// DeviationsOf returns a Deviations with the given names turned on.
func DeviationsOf(names ...string) Deviations {
	if len(names) == 0 {
		return nil
	}
	d := make(Deviations, len(names))
	for _, n := range names {
		d[n] = true
	}
	return d
}
