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
		{GameInference, "live-event-not-log-line", "inference/wire.events.objects", nil},
		{GameInference, "history-trims-20th", "inference/wire.visible-state.history-trim", nil},
		{GameInference, "short-deadline", "inference/timeouts.deadline", nil},
		{GameInference, "wrong-seed-commit", "inference/protocol.seed-commit", nil},
		{GameInference, "drop-deadline-ms", "inference/timeouts.deadline", nil},
		{GameInference, "limits-deadline-doubled", "inference/timeouts.deadline", nil},
		{GameInference, "reveal-uncontested", "inference/round.7.uncontested", nil},
		{GameInference, "contribution-without-ante", "inference/wire.visible-state.contribution", nil},
		{GameInference, "ante-not-raised", "inference/protocol.ante-formula", []string{"inference/wire.visible-state.ante"}},
		{GameInference, "accept-wrong-token", "inference/visibility.no-peek", []string{"inference/server.auth"}},
		{GameInference, "folded-not-shown", "inference/visibility.public", nil},
		{GameInference, "history-newest-first", "inference/visibility.history", nil},
		{GameInference, "sitting-out-without-back-in", "inference/wire.visible-state.sitting-out", nil},
		{GameInference, "current-bet-not-raised", "inference/protocol.current-bet", nil},
		{GameInference, "breakeven-null", "inference/visibility.breakeven", nil},
		{GameInference, "showdown-unflagged", "inference/wire.events.showdown", nil},
		{GameInference, "ante-all-in-unflagged", "inference/wire.events.ante-all-in", nil},
		{GameInference, "strikes-not-counted", "inference/timeouts.strikes", []string{"inference/timeouts.sit-out"}},
		{GameInference, "no-bust-line", "inference/round.2.bust", nil},
		// A rank of 0 is also outside the envelope's shape.
		{GameInference, "rank-from-zero", "inference/match.ranking-numbering", []string{"inference/protocol.envelope"}},
		{GameInference, "error-code-generic", "inference/server.error-code", nil},
		{GameInference, "silent-illegal", "inference/illegal.listed-only", nil},
		{GameInference, "accept-oversized-raise", "inference/round.3.raise-bounds", []string{"inference/illegal.listed-only"}},
		{GameInference, "rounds-off-by-one", "inference/match.rounds", nil},
		// The action is still flagged timeout: the timeout is logged, the line
		// before it (WIRE.md's pin) is not.
		{GameInference, "timeout-line-dropped", "inference/log.timeout-before-action", nil},
		// Strikes one short sit the seat out, by the log, at 2.
		{GameInference, "strikes-exclude-current", "inference/protocol.strikes-count", []string{"inference/timeouts.sit-out", "inference/timeouts.strikes"}},
		{GameInference, "strikes-kept-after-move", "inference/timeouts.clear-on-move", []string{"inference/timeouts.sit-out"}},
		{GameInference, "accept-out-of-turn", "inference/illegal.not-your-turn", nil},
		{GameInference, "message-after-action", "inference/round.4.table-talk", nil},
		{GameInference, "fold-not-offered", "inference/wire.legal-actions.fold", nil},
		{GameInference, "call-ignores-own-bet", "inference/wire.legal-actions.call", nil},
		// The illegal-move probe's raise of max+1 is then a legal raise the
		// server accepts though its own legal_actions do not list it.
		{GameInference, "raise-max-short", "inference/wire.legal-actions.raise", []string{"inference/illegal.listed-only"}},
		{GameInference, "your-value-stale", "inference/visibility.own-value", nil},
		{GameInference, "no-messages-field", "inference/wire.visible-state.fields", nil},
		{GameInference, "bad-message-ignored", "inference/server.bad-message", nil},
		{GameInference, "auth-silent", "inference/server.auth", nil},
		{GameInference, "your-turn-no-match-id", "inference/protocol.envelope", nil},
		// A match_end without its seed is also outside the envelope's shape.
		{GameInference, "seed-not-revealed", "inference/round.1.seed-commit", []string{"inference/protocol.envelope"}},
		{GameInference, "long-message-truncated", "inference/round.4.message-length", nil},
		{GameInference, "message-length-in-bytes", "inference/protocol.message-code-points", nil},
		{GameInference, "winners-omit-split", "inference/protocol.winners", nil},
		{GameInference, "end-reason-swapped", "inference/match.end", nil},
		{GameInference, "welcome-default-credits", "inference/match.credits", nil},
		{GameInference, "accept-check", "inference/wire.move.action", nil},
		{GameInference, "sit-out-four-rounds", "inference/timeouts.sit-out", []string{"inference/timeouts.back-in-round"}},
		{GameInference, "ramp-late", "inference/round.2.ante-ramp", nil},
		{GameInference, "ante-previous-round", "inference/wire.visible-state.ante", nil},
		{GameInference, "own-line-type", "inference/protocol.log-line", nil},
		{GameInference, "action-all-in-unflagged", "inference/protocol.action-all-in", nil},
		{GameInference, "to-call-uncapped", "inference/protocol.to-call", nil},
		// The call item is right: the to_call is charged, not the item.
		{GameInference, "to-call-one-more", "inference/visibility.to-call", nil},
		{GameInference, "all-in-call-refused", "inference/round.3.all-in", nil},
		{GameInference, "move-after-end", "inference/illegal.match-over", nil},
		{GameInference, "button-stays", "inference/table.button", nil},
		{GameInference, "best-takes-side-pots", "inference/round.6.side-pots", nil},
		{GameInference, "deal-skips-seat", "inference/round.1.deal", nil},
		{GameInference, "nine-seats", "inference/table.size", nil},
		{GameInference, "ante-undercharged", "inference/round.2.ante", nil},
		{GameInference, "betting-starts-late", "inference/round.3.order", nil},
		{GameInference, "betting-overruns", "inference/round.5.end-of-betting", nil},
		{GameInference, "check-costs-one", "inference/round.3.call", nil},
		{GameInference, "fold-refunds", "inference/round.3.fold", nil},
		{GameInference, "raise-forgets-own-bets", "inference/round.3.raise", nil},
		{GameInference, "raise-uncovered", "inference/round.3.raise-covered", nil},
		{GameInference, "short-ante-topped-up", "inference/round.2.short-ante", nil},
		// A reason outside the two is also outside the envelope's shape.
		{GameInference, "end-reason-unknown", "inference/protocol.match-end", []string{"inference/protocol.envelope"}},
		{GameInference, "values-skewed", "inference/round.1.fair", nil},
		{GameInference, "values-shared", "inference/round.1.fair", nil},
		{GameInference, "reconnect-ends-sit-out", "inference/timeouts.reconnect", nil},
		// Strikes reset on return count 1 where the kept ones count 4.
		{GameInference, "strikes-reset-on-return", "inference/timeouts.last-strike", []string{"inference/timeouts.strikes"}},
		// The replay reads a wrong split as the odd credits'.
		{GameInference, "tie-to-first", "inference/round.6.ties", []string{"inference/round.6.odd-chips"}},
		// Paying the wrong seat shows in every figure after it: the
		// layers, the history, the final ranking.
		{GameInference, "lowest-wins", "inference/round.6.showdown", []string{"inference/round.6.side-pots", "inference/visibility.history", "inference/match.ranking"}},
		// The malformed-message probe's raise without amount is the same move.
		{GameInference, "raise-amount-default", "inference/wire.move.amount", []string{"inference/server.bad-message"}},
	}
}
