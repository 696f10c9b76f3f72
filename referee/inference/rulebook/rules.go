package rulebook

import "github.com/umpire-arena/umpire/referee/rules/def"

// Inference rule ids are "inference/<section>.<slug>", where section names a
// part of the inference-0.4 document: table, match, round.1 … round.7,
// timeouts, visibility, illegal, wire.move, wire.legal-actions,
// wire.visible-state, wire.events; or "protocol" for the envelope and log
// contract pinned in WIRE.md.

// Rules returns the rules of the inference-0.4 document and of the match
// log pinned in WIRE.md (AgentRules and ServerRules are the rest of the
// game's part of the catalogue).
func Rules() []def.Rule {
	const doc = "inference-0.4"
	const wire = "WIRE.md"
	m := func(id, section, text string) def.Rule {
		return def.Rule{ID: "inference/" + id, Level: def.Must, Doc: doc, Section: section, Text: text}
	}
	p := func(id, section, text string) def.Rule {
		return def.Rule{ID: "inference/protocol." + id, Level: def.Must, Doc: wire, Section: section, Text: text}
	}
	rd := func(id, section, ref, text string) def.Rule {
		r := m(id, section, text)
		r.Basis, r.Ref = def.BasisReading, ref
		return r
	}
	breakeven := m("visibility.breakeven", "What you can see",
		"When a seat owes a call, call_breakeven_value is the value at which a plain call breaks even against the seats still in (uniform independent values); null otherwise.")
	breakeven.Level = def.Should
	// A random draw shows in no single message: every seating is a possible
	// draw. Only the seed of a whole log, with the documented deal function
	// (protocol.deal-function), fixes which seating the draw gave.
	seating := m("table.seating", "Table", "Players are placed in seats by a random draw when the match starts.")
	seating.Observable, seating.ObservableWhy = def.LogOnly, "any one seating is a possible random draw, so no live message can show a departure; only a whole log whose seed and deal function are known re-derives the draw"
	return []def.Rule{
		// Table
		m("table.size", "Table", "A table seats 3 to 8 players; 6 is the default."),
		seating,
		m("table.button", "Table", "Each round the dealer button moves to the next seat on the left that is live in the new round."),

		// Match
		m("match.rounds", "Match", "A match lasts the configured number of rounds, 40 by default."),
		m("match.credits", "Match", "Every player starts the match with the same stack, 100 credits by default."),
		m("match.end", "Match", "The match stops after its last round, or as soon as one player holds every credit."),
		m("match.ranking", "Match", "Final places go by credits; busted players come after all others, a later bust placing higher; equal credits or busts in the same round share a place."),
		rd("match.ranking-numbering", "Match", "I-INF-8", "Shared places are numbered by standard competition ranking from 1 (1, 2, 2, 4), and the ranking lists seats by place, a shared place in seat order."),

		// Round 1: deal
		m("round.1.deal", "Round 1", "Each live seat is dealt a private integer from 1 to 100, drawn uniformly and independently."),
		m("round.1.fair", "Round 1", "The dealt values are uniform over 1 to 100 and independent of each other, across seats and rounds."),
		m("round.1.seed-commit", "Round 1", "The RNG seed is committed as a hash when the match starts and disclosed when it ends."),

		// Round 2: ante
		m("round.2.ante", "Round 2", "Every live seat posts the round's ante into the pot before betting."),
		m("round.2.ante-ramp", "Round 2", "The ante is 2 for rounds 1-20, 3 for 21-30, 4 for 31-40 and one more per further 10 rounds (by default)."),
		m("round.2.short-ante", "Round 2", "A seat that cannot pay the whole ante posts everything it has and is all-in for the round."),
		m("round.2.bust", "Round 2", "A seat left with no credits is busted and takes no further part."),

		// Round 3: betting
		m("round.3.order", "Round 3", "Betting begins with the seat left of the dealer and goes round in seat order."),
		m("round.3.fold", "Round 3", "Fold leaves the round; what the seat already put in stays in the pot."),
		m("round.3.call", "Round 3", "Call matches the current bet; with nothing to match it is a check that costs nothing."),
		m("round.3.raise", "Round 3", "Raise lifts the current bet by the given amount; the raiser pays what it owed plus that amount."),
		m("round.3.raise-bounds", "Round 3", "A raise amount is an integer from 1 to 10 (the configured bounds)."),
		m("round.3.raise-cap", "Round 3", "At most 3 raises are made per round across the whole table."),
		m("round.3.all-in", "Round 3", "A seat that cannot pay a whole call pays everything it has and is all-in; side pots follow."),
		m("round.3.raise-covered", "Round 3", "A raise is only allowed when the seat can pay the call and the whole raise amount."),

		// Round 4: table talk
		m("round.4.table-talk", "Round 4", "A move may carry one free-text message, shown to the table before the move's action takes effect."),
		m("round.4.message-length", "Round 4", "A table message is at most 280 characters (the configured limit)."),

		// Round 5: end of betting
		m("round.5.end-of-betting", "Round 5", "Betting stops when every seat still in has matched the bet or is all-in, or when a single seat is left."),

		// Round 6: showdown
		m("round.6.showdown", "Round 6", "At showdown the values of the seats still in are shown and the highest takes the pot."),
		m("round.6.side-pots", "Round 6", "Contributions are split into a main pot and side pots; each is won among the seats still in that paid into it."),
		m("round.6.ties", "Round 6", "Seats tied for the best value share a pot equally."),
		m("round.6.odd-chips", "Round 6", "Credits that do not split evenly go one at a time to the tied winners nearest the dealer's left."),

		// Round 7: uncontested
		m("round.7.uncontested", "Round 7", "When everyone else has folded, the last seat takes the pot and its value stays hidden."),

		// Timeouts
		m("timeouts.deadline", "Timeouts", "The deadline a server enforces is the one it announces in limits.turn_deadline_ms and each your_turn."),
		rd("timeouts.default-deadline", "Timeouts", "I-INF-D1", "A match created without a deadline announces the 10 s default in limits.turn_deadline_ms (a live server may run another: I-INF-D1)."),
		m("timeouts.default-action", "Timeouts", "A turn that times out is played by the server as a check when nothing is owed, otherwise as a fold."),
		m("timeouts.logged", "Timeouts", "Every timeout is recorded in the log: by a timeout line, or on the action the server played for it (flagged timeout); which of the two is inference/log.timeout-before-action."),
		m("timeouts.strikes", "Timeouts", "Consecutive timeouts are counted as strikes for the seat."),
		m("timeouts.sit-out", "Timeouts", "The third consecutive timeout makes the seat sit out the next 5 rounds: no deal and no ante."),
		m("timeouts.back-in-round", "Timeouts", "A sitting-out seat is dealt in again in the round announced as back_in_round."),
		m("timeouts.reconnect", "Timeouts", "A seat that reconnects while sitting out still sits out until its back_in_round: reconnecting never shortens a sit-out."),
		m("timeouts.last-strike", "Timeouts", "A returning seat keeps its strikes: one more timeout sits it out again at once."),
		m("timeouts.clear-on-move", "Timeouts", "Any move the seat makes itself resets its strike count."),

		// What you can see
		m("visibility.own-value", "What you can see", "A seat sees its own hidden value for the current round."),
		m("visibility.public", "What you can see", "Seats, dealer, round, credits, folds, all-ins, sit-outs, current bet, amount owed, pot, raises used, the round's actions and all messages are public."),
		m("visibility.to-call", "What you can see", "to_call shows what the seat owes: the current bet less what it has already bet this round (the cap of a stack that cannot cover it is inference/protocol.to-call)."),
		breakeven,
		m("visibility.history", "What you can see", "Past rounds show the winners, the pot and the values revealed at showdown."),
		m("visibility.no-peek", "What you can see", "No seat ever sees another seat's value before that value is shown at showdown."),

		// Illegal moves
		m("illegal.listed-only", "Illegal moves", "Only a move matching the seat's legal_actions is accepted; anything else is answered with an error."),
		m("illegal.no-consume", "Illegal moves", "A rejected move does not use up the turn: the same seat is still to act."),
		m("illegal.not-your-turn", "Illegal moves", "A move from a seat that is not the one to act is rejected."),
		m("illegal.match-over", "Illegal moves", "No move is accepted once the match has ended."),

		// On the wire: move
		m("wire.move.action", "On the wire: move", "A move's action is one of fold, call or raise."),
		m("wire.move.amount", "On the wire: move", "A raise carries amount, the increment added on top of the current bet."),

		// On the wire: legal_actions
		m("wire.legal-actions.fold", "On the wire: legal_actions", "fold is always in the legal list."),
		m("wire.legal-actions.call", "On the wire: legal_actions", "The call item's amount is exactly what the seat would pay: 0 for a check, less than the full call for an all-in."),
		m("wire.legal-actions.raise", "On the wire: legal_actions", "The raise item, with its min and max, is offered only while raises remain this round and the seat can cover one."),

		// On the wire: visible_state
		m("wire.visible-state.fields", "On the wire: visible_state", "visible_state carries every field of the rules' example."),
		m("wire.visible-state.history-trim", "On the wire: visible_state", "history keeps actions and messages for the last 20 finished rounds only; older entries keep reveals, winners, pot and payouts."),
		m("wire.visible-state.actions", "On the wire: visible_state", "actions and messages hold the current round's actions and table messages, as the round's events announced them."),
		m("wire.visible-state.contribution", "On the wire: visible_state", "players[].contribution is what the seat put in this round, ante plus bets."),
		m("wire.visible-state.ante", "On the wire: visible_state", "limits.ante is the current round's ante and limits.ante_ramp its schedule."),
		m("wire.visible-state.sitting-out", "On the wire: visible_state", "In the rounds a seat sits out (not dealt in, its back_in_round still to come) it is flagged sitting_out and carries back_in_round."),
		rd("wire.visible-state.sitting-out-at-once", "On the wire: visible_state", "I-INF-17",
			"A seat sat out by a timeout is flagged sitting_out, with its back_in_round, from that timeout on, while it finishes the round it timed out in."),

		// On the wire: event payloads
		m("wire.events.objects", "On the wire: event payloads", "Events are the match-log objects: round_start, deal_private (own only), ante, bust, return, message, action, timeout, showdown."),
		m("wire.events.ante-all-in", "On the wire: event payloads", "An ante that empties a short stack is flagged all_in."),
		m("wire.events.showdown", "On the wire: event payloads", "showdown carries reveals, winners, pot, payouts, and uncontested true (with no reveal) when the others all folded."),

		// Wire contract pinned in WIRE.md
		p("current-bet", "visible_state", "current_bet counts only bets above the ante: 0 when betting opens, raised by each raise amount."),
		p("to-call", "visible_state", "A seat that owes more than it holds is shown to_call capped at its credits (what its all-in call costs)."),
		p("ante-formula", "visible_state", "ante(r) is the base before from_round, else base + step × (1 + ⌊(r − from_round) / every_rounds⌋)."),
		p("log-order", "Match log", "Within a round: round_start, return, deal_private, ante (from the dealer's left), betting, showdown, bust."),
		p("log-fields", "Match log", "Each log object has exactly the pinned fields, with optional flags omitted when false."),
		p("log-line", "Match log", "Each log line is one JSON object of a known type with its required fields."),
		p("action-all-in", "Match log", "An action line is flagged all_in when the action left the seat with no credits."),
		p("sorted", "Match log", "dealt_in, reveals, winners and payouts are sorted by seat; zero payouts are omitted; bust and return lines come in seat order."),
		p("winners", "Match log", "showdown.winners lists every seat paid from at least one pot."),
		p("strikes-count", "Match log", "A timeout line's strikes counts consecutive timeouts including this one; only the seat's own move resets it."),
		p("seed-commit", "Match log", "seed_commit is the lowercase hex SHA-256 of the seed string that match_end reveals."),
		p("deal-function", "Match log", "The embedded server derives seats, the first dealer and every hidden value from the seed by a documented function."),
		p("message-code-points", "Match log", "Message length is counted in Unicode code points."),
		p("match-end", "Match log", "match_end gives the reason (rounds_complete or one_player_left), the seed and the ranking."),
		p("envelope", "Envelope", "A your_turn message carries match_id, round, turn, deadline_ms, visible_state and legal_actions."),

		// Log structure (verify).
		{ID: "inference/log.match-start-first", Level: def.Must, Doc: wire, Section: "Match log", Text: "The first line of a match log is match_start, and there is only one."},
		{ID: "inference/log.match-end-last", Level: def.Must, Doc: wire, Section: "Match log", Text: "A complete match log ends with match_end, and nothing follows it."},
		{ID: "inference/log.seats", Level: def.Must, Doc: wire, Section: "Match log", Text: "match_start lists every seat once, numbered from 0 in order, and every seat a line names is one of them."},
		{ID: "inference/log.round-sequence", Level: def.Must, Doc: wire, Section: "Match log", Text: "Rounds are numbered from 1 up by one, and every line of a round carries that round's number."},
		{ID: "inference/log.turn-sequence", Level: def.Must, Doc: wire, Section: "Match log", Text: "Turns count a round's actions from 0, one per action; message and timeout lines carry the turn of the action they precede."},
		{ID: "inference/log.message-before-action", Level: def.Must, Doc: wire, Section: "Match log", Text: "A message line comes just before the seat's own action it rides on, with the same turn and seat, at most one per move."},
		{ID: "inference/log.timeout-before-action", Level: def.Must, Doc: wire, Section: "Match log", Text: "A timeout line is followed by the server's action for that turn flagged timeout; no action is flagged timeout without one."},
		{ID: "inference/log.showdown-closes-round", Level: def.Must, Doc: wire, Section: "Match log", Text: "Each round is closed by exactly one showdown line, after its betting and before its bust lines."},
		{ID: "inference/log.deal-lines", Level: def.Must, Doc: wire, Section: "Match log", Text: "A round of a full log has one deal_private line per dealt-in seat; a public log has none."},
		{ID: "inference/log.line-length", Level: def.Must, Doc: wire, Section: "Envelope", Text: "A log line, like any message, is at most 1 MiB long."},
	}
}
