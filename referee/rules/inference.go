package rules

// Inference rule ids are "inference/<section>.<slug>", where section names a
// part of the inference-0.4 document: table, match, round.1 … round.7,
// timeouts, visibility, illegal, wire.move, wire.legal-actions,
// wire.visible-state, wire.events; or "protocol" for the envelope and log
// contract pinned in WIRE.md.

// InferenceRules returns the Inference part of the catalogue.
func InferenceRules() []Rule {
	const doc = "inference-0.4"
	return []Rule{
		// Filled in by the Inference referee.
	}
}
