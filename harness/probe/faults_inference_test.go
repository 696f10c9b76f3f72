package probe

// inferenceFaultCases are the inference server's faults, each with the rule the suite
// must report for it (see faultTable).
func inferenceFaultCases() []faultCase {
	return []faultCase{
		{GameInference, "accept-illegal-raise", "inference/round.3.raise-cap", nil},
		{GameInference, "consume-turn-on-illegal", "inference/illegal.no-consume", nil},
		{GameInference, "leak-value", "inference/visibility.no-peek", nil},
		{GameInference, "odd-chip-wrong-seat", "inference/round.6.odd-chips", nil},
		{GameInference, "no-timeout-default", "inference/timeouts.default-action", nil},
		{GameInference, "wrong-back-in-round", "inference/timeouts.back-in-round", nil},
		{GameInference, "skip-deal-private", "inference/wire.events.objects", nil},
		{GameInference, "short-deadline", "inference/timeouts.deadline", nil},
		{GameInference, "wrong-seed-commit", "inference/protocol.seed-commit", nil},
		{GameInference, "drop-deadline-ms", "inference/timeouts.deadline", nil},
		{GameInference, "reveal-uncontested", "inference/round.7.uncontested", nil},
		{GameInference, "contribution-without-ante", "inference/wire.visible-state.contribution", nil},
		{GameInference, "ante-not-raised", "inference/protocol.ante-formula", nil},
		{GameInference, "accept-wrong-token", "inference/visibility.no-peek", []string{"inference/server.auth"}},
	}
}
