package probe

import "github.com/umpire-arena/umpire/harness/conform"

// inferenceFaultCases are the inference server's faults, each with the rule the suite
// must report for it (see faultTable).
func inferenceFaultCases() []faultCase {
	return []faultCase{
		{Game: conform.GameInference, Fault: "accept-illegal-raise", Rule: "inference/round.3.raise-cap"},
		{Game: conform.GameInference, Fault: "consume-turn-on-illegal", Rule: "inference/illegal.no-consume"},
		{Game: conform.GameInference, Fault: "leak-value", Rule: "inference/visibility.no-peek"},
		{Game: conform.GameInference, Fault: "odd-chip-wrong-seat", Rule: "inference/round.6.odd-chips"},
		{Game: conform.GameInference, Fault: "no-timeout-default", Rule: "inference/timeouts.default-action"},
		{Game: conform.GameInference, Fault: "wrong-back-in-round", Rule: "inference/timeouts.back-in-round"},
		{Game: conform.GameInference, Fault: "skip-deal-private", Rule: "inference/wire.events.objects"},
		{Game: conform.GameInference, Fault: "live-event-not-log-line", Rule: "inference/wire.events.objects"},
		{Game: conform.GameInference, Fault: "history-trims-20th", Rule: "inference/wire.visible-state.history-trim"},
		{Game: conform.GameInference, Fault: "view-drops-action", Rule: "inference/wire.visible-state.actions"},
		{Game: conform.GameInference, Fault: "short-deadline", Rule: "inference/timeouts.deadline"},
		{Game: conform.GameInference, Fault: "wrong-seed-commit", Rule: "inference/protocol.seed-commit"},
		{Game: conform.GameInference, Fault: "drop-deadline-ms", Rule: "inference/timeouts.deadline"},
		{Game: conform.GameInference, Fault: "limits-deadline-doubled", Rule: "inference/timeouts.deadline"},
		{Game: conform.GameInference, Fault: "reveal-uncontested", Rule: "inference/round.7.uncontested"},
		{Game: conform.GameInference, Fault: "contribution-without-ante", Rule: "inference/wire.visible-state.contribution"},
		{Game: conform.GameInference, Fault: "ante-not-raised", Rule: "inference/protocol.ante-formula", Also: []string{"inference/wire.visible-state.ante"}},
		{Game: conform.GameInference, Fault: "accept-wrong-token", Rule: "inference/visibility.no-peek", Also: []string{"inference/server.auth"}},
		{Game: conform.GameInference, Fault: "folded-not-shown", Rule: "inference/visibility.public"},
		{Game: conform.GameInference, Fault: "history-newest-first", Rule: "inference/visibility.history"},
		{Game: conform.GameInference, Fault: "sitting-out-without-back-in", Rule: "inference/wire.visible-state.sitting-out"},
		{Game: conform.GameInference, Fault: "current-bet-not-raised", Rule: "inference/protocol.current-bet"},
		{Game: conform.GameInference, Fault: "breakeven-null", Rule: "inference/visibility.breakeven"},
		{Game: conform.GameInference, Fault: "showdown-unflagged", Rule: "inference/wire.events.showdown", Also: liveNotLog},
		{Game: conform.GameInference, Fault: "ante-all-in-unflagged", Rule: "inference/wire.events.ante-all-in"},
		{Game: conform.GameInference, Fault: "strikes-not-counted", Rule: "inference/timeouts.strikes", Also: []string{"inference/timeouts.sit-out"}},
		{Game: conform.GameInference, Fault: "no-bust-line", Rule: "inference/round.2.bust"},
		// A rank of 0 is also outside the envelope's shape.
		{Game: conform.GameInference, Fault: "rank-from-zero", Rule: "inference/match.ranking-numbering", Also: []string{"inference/protocol.envelope"}},
		{Game: conform.GameInference, Fault: "error-code-generic", Rule: "inference/server.error-code"},
		{Game: conform.GameInference, Fault: "silent-illegal", Rule: "inference/illegal.listed-only"},
		{Game: conform.GameInference, Fault: "accept-oversized-raise", Rule: "inference/round.3.raise-bounds", Also: []string{"inference/illegal.listed-only"}},
		{Game: conform.GameInference, Fault: "rounds-off-by-one", Rule: "inference/match.rounds"},
		// The action is still flagged timeout: the timeout is logged, the line
		// before it (WIRE.md's pin) is not.
		{Game: conform.GameInference, Fault: "timeout-line-dropped", Rule: "inference/log.timeout-before-action"},
		// Strikes one short sit the seat out, by the log, at 2.
		{Game: conform.GameInference, Fault: "strikes-exclude-current", Rule: "inference/protocol.strikes-count", Also: []string{"inference/timeouts.sit-out", "inference/timeouts.strikes"}},
		{Game: conform.GameInference, Fault: "strikes-kept-after-move", Rule: "inference/timeouts.clear-on-move", Also: []string{"inference/timeouts.sit-out"}},
		{Game: conform.GameInference, Fault: "accept-out-of-turn", Rule: "inference/illegal.not-your-turn"},
		{Game: conform.GameInference, Fault: "message-after-action", Rule: "inference/round.4.table-talk", Also: liveNotLog},
		{Game: conform.GameInference, Fault: "fold-not-offered", Rule: "inference/wire.legal-actions.fold"},
		{Game: conform.GameInference, Fault: "call-ignores-own-bet", Rule: "inference/wire.legal-actions.call"},
		// The illegal-move probe's raise of max+1 is then a legal raise the
		// server accepts though its own legal_actions do not list it.
		{Game: conform.GameInference, Fault: "raise-max-short", Rule: "inference/wire.legal-actions.raise", Also: []string{"inference/illegal.listed-only"}},
		{Game: conform.GameInference, Fault: "your-value-stale", Rule: "inference/visibility.own-value"},
		{Game: conform.GameInference, Fault: "no-messages-field", Rule: "inference/wire.visible-state.fields"},
		{Game: conform.GameInference, Fault: "bad-message-ignored", Rule: "inference/server.bad-message"},
		{Game: conform.GameInference, Fault: "auth-silent", Rule: "inference/server.auth"},
		{Game: conform.GameInference, Fault: "your-turn-no-match-id", Rule: "inference/protocol.envelope"},
		// A match_end without its seed is also outside the envelope's shape.
		{Game: conform.GameInference, Fault: "seed-not-revealed", Rule: "inference/round.1.seed-commit", Also: []string{"inference/protocol.envelope"}},
		{Game: conform.GameInference, Fault: "long-message-truncated", Rule: "inference/round.4.message-length"},
		{Game: conform.GameInference, Fault: "message-length-in-bytes", Rule: "inference/protocol.message-code-points"},
		{Game: conform.GameInference, Fault: "winners-omit-split", Rule: "inference/protocol.winners"},
		{Game: conform.GameInference, Fault: "end-reason-swapped", Rule: "inference/match.end"},
		{Game: conform.GameInference, Fault: "welcome-default-credits", Rule: "inference/match.credits"},
		{Game: conform.GameInference, Fault: "accept-check", Rule: "inference/wire.move.action"},
		{Game: conform.GameInference, Fault: "sit-out-four-rounds", Rule: "inference/timeouts.sit-out", Also: []string{"inference/timeouts.back-in-round"}},
		{Game: conform.GameInference, Fault: "ramp-late", Rule: "inference/round.2.ante-ramp"},
		{Game: conform.GameInference, Fault: "ante-previous-round", Rule: "inference/wire.visible-state.ante"},
		{Game: conform.GameInference, Fault: "own-line-type", Rule: "inference/protocol.log-line"},
		{Game: conform.GameInference, Fault: "action-all-in-unflagged", Rule: "inference/protocol.action-all-in"},
		{Game: conform.GameInference, Fault: "to-call-uncapped", Rule: "inference/protocol.to-call"},
		// The call item is right: the to_call is charged, not the item.
		{Game: conform.GameInference, Fault: "to-call-one-more", Rule: "inference/visibility.to-call"},
		{Game: conform.GameInference, Fault: "all-in-call-refused", Rule: "inference/round.3.all-in"},
		{Game: conform.GameInference, Fault: "move-after-end", Rule: "inference/illegal.match-over"},
		{Game: conform.GameInference, Fault: "button-stays", Rule: "inference/table.button"},
		{Game: conform.GameInference, Fault: "best-takes-side-pots", Rule: "inference/round.6.side-pots"},
		{Game: conform.GameInference, Fault: "deal-skips-seat", Rule: "inference/round.1.deal"},
		{Game: conform.GameInference, Fault: "nine-seats", Rule: "inference/table.size"},
		{Game: conform.GameInference, Fault: "ante-undercharged", Rule: "inference/round.2.ante"},
		{Game: conform.GameInference, Fault: "betting-starts-late", Rule: "inference/round.3.order"},
		{Game: conform.GameInference, Fault: "betting-overruns", Rule: "inference/round.5.end-of-betting"},
		{Game: conform.GameInference, Fault: "check-costs-one", Rule: "inference/round.3.call"},
		{Game: conform.GameInference, Fault: "fold-refunds", Rule: "inference/round.3.fold"},
		{Game: conform.GameInference, Fault: "raise-forgets-own-bets", Rule: "inference/round.3.raise"},
		{Game: conform.GameInference, Fault: "raise-uncovered", Rule: "inference/round.3.raise-covered"},
		{Game: conform.GameInference, Fault: "short-ante-topped-up", Rule: "inference/round.2.short-ante"},
		// A reason outside the two is also outside the envelope's shape.
		{Game: conform.GameInference, Fault: "end-reason-unknown", Rule: "inference/protocol.match-end", Also: []string{"inference/protocol.envelope"}},
		{Game: conform.GameInference, Fault: "values-skewed", Rule: "inference/round.1.fair"},
		{Game: conform.GameInference, Fault: "values-shared", Rule: "inference/round.1.fair"},
		{Game: conform.GameInference, Fault: "reconnect-ends-sit-out", Rule: "inference/timeouts.reconnect"},
		// Strikes reset on return count 1 where the kept ones count 4.
		{Game: conform.GameInference, Fault: "strikes-reset-on-return", Rule: "inference/timeouts.last-strike", Also: []string{"inference/timeouts.strikes"}},
		// The replay reads a wrong split as the odd credits'.
		{Game: conform.GameInference, Fault: "tie-to-first", Rule: "inference/round.6.ties", Also: []string{"inference/round.6.odd-chips"}},
		// Paying the wrong seat shows in every figure after it: the
		// layers, the history, the final ranking.
		{Game: conform.GameInference, Fault: "lowest-wins", Rule: "inference/round.6.showdown", Also: []string{"inference/round.6.side-pots", "inference/visibility.history", "inference/match.ranking"}},
		// The malformed-message probe's raise without amount is the same move.
		{Game: conform.GameInference, Fault: "raise-amount-default", Rule: "inference/wire.move.amount", Also: []string{"inference/server.bad-message"}},
	}
}

// liveNotLog is the rule a fault also breaks when it changes what the
// seats are sent and not the match log (showdown-unflagged drops the live
// event's flag, message-after-action holds the live message back): every
// event a seat receives must be a line of the log, in the log's order.
var liveNotLog = []string{"inference/wire.events.objects"}
