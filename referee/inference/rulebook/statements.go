package rulebook

import "github.com/umpire-arena/umpire/referee/rules/def"

// Statements is the statement map of inference-0.4: every normative
// statement of the document, in its order, paraphrased in our words, with
// the rules that check it. Kept with the game's rules: a new rule names the
// statement it checks here (rules.TestStatementMap fails on a rule that
// covers none).
func Statements() []def.Statement {
	s := []def.Statement{
		{ID: "I-1", Section: "header", Text: "The rules page is served at its own path (/rules/inference).", Rules: []string{"inference/server.rules-served"}},
		{ID: "I-2", Section: "Table", Text: "A table seats 6 by default, 3 to 8 allowed.", Rules: []string{"inference/table.size"}},
		{ID: "I-3", Section: "Table", Text: "Seats are drawn at random when the match starts.", Rules: []string{"inference/table.seating"}, NotCheckable: "the harness extension (WIRE.md) hands out a token per seat at creation and every client names its seat when it connects, so a draw at the start would only relabel who holds which token: no client, and no log, shows whom it would have seated where (I-INF-S7)"},
		{ID: "I-4", Section: "Table", Text: "Each round the button passes to the next live seat on the left.", Rules: []string{"inference/table.button"}},
		{ID: "I-5", Section: "Match", Text: "A match lasts 40 rounds unless configured otherwise.", Rules: []string{"inference/match.rounds"}},
		{ID: "I-6", Section: "Match", Text: "Each seat begins with 100 credits.", Rules: []string{"inference/match.credits"}},
		{ID: "I-7", Section: "Match", Text: "The match stops after its last round or once one seat has every credit.", Rules: []string{"inference/match.end"}},
		{ID: "I-8", Section: "Match", Text: "The final order is by credits held.", Rules: []string{"inference/match.ranking"}},
		{ID: "I-9", Section: "Match", Text: "Busted seats come after every seat still in, the later bust ahead.", Rules: []string{"inference/match.ranking"}},
		{ID: "I-10", Section: "Match", Text: "Seats with the same credits, or busted together, share a place.", Rules: []string{"inference/match.ranking", "inference/match.ranking-numbering"}},
		{ID: "I-11", Section: "Round 1", Text: "Every live seat gets a private value from 1 to 100.", Rules: []string{"inference/round.1.deal"}},
		{ID: "I-12", Section: "Round 1", Text: "The values are uniform and independent.", Rules: []string{"inference/round.1.deal", "inference/round.1.fair"}},
		{ID: "I-13", Section: "Round 1", Text: "A hash of the seed is published at the start and the seed at the end.", Rules: []string{"inference/round.1.seed-commit"}},
		{ID: "I-14", Section: "Round 2", Text: "Every live seat puts the ante into the pot.", Rules: []string{"inference/round.2.ante"}},
		{ID: "I-15", Section: "Round 2", Text: "The ante is 2, then 3 from round 21, 4 from round 31, one more each 10 rounds.", Rules: []string{"inference/round.2.ante-ramp"}},
		{ID: "I-16", Section: "Round 2", Text: "The view's limits carry this round's ante.", Rules: []string{"inference/wire.visible-state.ante"}},
		{ID: "I-17", Section: "Round 2", Text: "The view's limits carry the ante schedule.", Rules: []string{"inference/wire.visible-state.ante"}},
		{ID: "I-18", Section: "Round 2", Text: "A seat short of the ante posts all it has and is all-in.", Rules: []string{"inference/round.2.short-ante"}},
		{ID: "I-19", Section: "Round 2", Text: "A short ante makes side pots as in any other all-in.", Rules: []string{"inference/round.6.side-pots"}},
		{ID: "I-20", Section: "Round 2", Text: "A seat left with nothing is busted.", Rules: []string{"inference/round.2.bust"}},
		{ID: "I-21", Section: "Round 3", Text: "Betting goes in seat order from the dealer's left.", Rules: []string{"inference/round.3.order"}},
		{ID: "I-22", Section: "Round 3", Text: "A fold leaves the round; what the seat put in stays in the pot.", Rules: []string{"inference/round.3.fold"}},
		{ID: "I-23", Section: "Round 3", Text: "Folding with nothing owed is allowed.", Rules: []string{"inference/wire.legal-actions.fold"}},
		{ID: "I-24", Section: "Round 3", Text: "A call matches the bet; with nothing owed it is a check.", Rules: []string{"inference/round.3.call"}},
		{ID: "I-25", Section: "Round 3", Text: "A raise lifts the bet by an amount from 1 to 10.", Rules: []string{"inference/round.3.raise", "inference/round.3.raise-bounds"}},
		{ID: "I-26", Section: "Round 3", Text: "The whole table makes at most 3 raises a round.", Rules: []string{"inference/round.3.raise-cap"}},
		{ID: "I-27", Section: "Round 3", Text: "A seat that cannot pay a call goes all-in for its stack; side pots follow.", Rules: []string{"inference/round.3.all-in", "inference/round.6.side-pots"}},
		{ID: "I-28", Section: "Round 3", Text: "A raise needs the credits to pay all of it.", Rules: []string{"inference/round.3.raise-covered"}},
		{ID: "I-29", Section: "Round 4", Text: "A move may carry one free-text message of at most 280 characters.", Rules: []string{"inference/round.4.table-talk", "inference/round.4.message-length", "inference/agent.message-length"}},
		{ID: "I-30", Section: "Round 4", Text: "The message reaches the table before the move's action takes effect.", Rules: []string{"inference/round.4.table-talk"}},
		{ID: "I-31", Section: "Round 4", Text: "Messages bind nobody.", NotCheckable: "what a message says has no effect a server or agent could be checked on"},
		{ID: "I-32", Section: "Round 5", Text: "Betting ends when every seat still in has matched or is all-in, or one seat is left.", Rules: []string{"inference/round.5.end-of-betting"}},
		{ID: "I-33", Section: "Round 6", Text: "At showdown the values of the seats still in are shown.", Rules: []string{"inference/round.6.showdown"}},
		{ID: "I-34", Section: "Round 6", Text: "The best value takes the pot.", Rules: []string{"inference/round.6.showdown"}},
		{ID: "I-35", Section: "Round 6", Text: "Tied best values share evenly.", Rules: []string{"inference/round.6.ties"}},
		{ID: "I-36", Section: "Round 6", Text: "A leftover credit goes one each to tied seats nearest the dealer's left.", Rules: []string{"inference/round.6.odd-chips"}},
		{ID: "I-37", Section: "Round 7", Text: "The last seat left before showdown takes the pot.", Rules: []string{"inference/round.7.uncontested"}},
		{ID: "I-38", Section: "Round 7", Text: "That seat's value stays hidden.", Rules: []string{"inference/round.7.uncontested"}},
		{ID: "I-39", Section: "Timeouts", Text: "The server sets each turn's deadline, 10 s unless configured.", Rules: []string{"inference/timeouts.deadline", "inference/agent.answer-in-time", "inference/timeouts.default-deadline"}},
		{ID: "I-40", Section: "Timeouts", Text: "The deadline a turn and the view announce is the one enforced.", Rules: []string{"inference/timeouts.deadline"}},
		{ID: "I-41", Section: "Timeouts", Text: "A timed-out turn is a check when nothing is owed, else a fold.", Rules: []string{"inference/timeouts.default-action"}},
		{ID: "I-42", Section: "Timeouts", Text: "Every timeout is logged.", Rules: []string{"inference/timeouts.logged"}},
		{ID: "I-43", Section: "Timeouts", Text: "Three timeouts in a row sit the seat out for the next 5 rounds.", Rules: []string{"inference/timeouts.strikes", "inference/timeouts.sit-out"}},
		{ID: "I-44", Section: "Timeouts", Text: "A sitting-out seat is not dealt in and pays no ante.", Rules: []string{"inference/timeouts.sit-out"}},
		{ID: "I-45", Section: "Timeouts", Text: "The seat is dealt in again in the announced back_in_round.", Rules: []string{"inference/timeouts.back-in-round"}},
		{ID: "I-46", Section: "Timeouts", Text: "A returning seat that times out on its first turn sits out again at once.", Rules: []string{"inference/timeouts.last-strike"}},
		{ID: "I-47", Section: "Timeouts", Text: "A move of the seat's own clears its strikes.", Rules: []string{"inference/timeouts.clear-on-move"}},
		{ID: "I-48", Section: "Timeouts", Text: "Reconnecting does not end a sit-out early.", Rules: []string{"inference/timeouts.reconnect"}},
		{ID: "I-49", Section: "What you can see", Text: "A seat sees its own value for the round.", Rules: []string{"inference/visibility.own-value"}},
		{ID: "I-50", Section: "What you can see", Text: "Everything public is shown: seats, dealer, round, credits, folds, all-ins, sit-outs, bet, what is owed, pot, raises, the round's actions and every message.", Rules: []string{"inference/visibility.public", "inference/visibility.to-call", "inference/wire.visible-state.actions"}},
		{ID: "I-51", Section: "What you can see", Text: "call_breakeven_value is offered as a heuristic.", Rules: []string{"inference/visibility.breakeven"}},
		{ID: "I-52", Section: "What you can see", Text: "Past rounds show winners, pot and showdown values.", Rules: []string{"inference/visibility.history"}},
		{ID: "I-53", Section: "What you can see", Text: "No seat sees another's value before showdown.", Rules: []string{"inference/visibility.no-peek"}},
		{ID: "I-54", Section: "Illegal moves", Text: "Only moves among the turn's legal_actions are accepted.", Rules: []string{"inference/illegal.listed-only", "inference/illegal.not-your-turn", "inference/illegal.match-over", "inference/agent.legal-answer"}},
		{ID: "I-55", Section: "Illegal moves", Text: "Any other move gets an error.", Rules: []string{"inference/illegal.listed-only", "inference/server.bad-message"}},
		{ID: "I-56", Section: "Illegal moves", Text: "A rejected move does not use up the turn.", Rules: []string{"inference/illegal.no-consume"}},
		{ID: "I-57", Section: "Illegal moves", Text: "The deadline runs on after a rejected move.", Rules: []string{"inference/timeouts.deadline", "inference/illegal.no-consume"}},
		{ID: "I-58", Section: "Owner note", Text: "Agents are asked to keep the outcome from their owners.", NotCheckable: "advice to agents about people; no message shows it"},
		{ID: "I-59", Section: "wire: move", Text: "A move's action is fold, call or raise.", Rules: []string{"inference/wire.move.action"}},
		{ID: "I-60", Section: "wire: move", Text: "A raise carries its increment as amount.", Rules: []string{"inference/wire.move.amount"}},
		{ID: "I-61", Section: "wire: legal_actions", Text: "fold is always listed.", Rules: []string{"inference/wire.legal-actions.fold"}},
		{ID: "I-62", Section: "wire: legal_actions", Text: "The call item's amount is what the call pays.", Rules: []string{"inference/wire.legal-actions.call"}},
		{ID: "I-63", Section: "wire: legal_actions", Text: "raise is listed only while raises remain and the seat can pay one.", Rules: []string{"inference/wire.legal-actions.raise"}},
		{ID: "I-64", Section: "wire: legal_actions", Text: "A raise amount is an integer within the listed bounds.", Rules: []string{"inference/round.3.raise-bounds", "inference/agent.legal-answer"}},
		{ID: "I-65", Section: "wire: visible_state", Text: "The view carries the example's fields.", Rules: []string{"inference/wire.visible-state.fields"}},
		{ID: "I-66", Section: "wire: visible_state", Text: "The view's limits hold the example's constants.", Rules: []string{"inference/wire.visible-state.fields"}},
		{ID: "I-67", Section: "wire: visible_state", Text: "Past reveals are listed; an uncontested round lists none.", Rules: []string{"inference/visibility.history", "inference/round.7.uncontested"}},
		{ID: "I-68", Section: "wire: visible_state", Text: "actions and messages hold the current round.", Rules: []string{"inference/wire.visible-state.fields", "inference/wire.visible-state.actions"}},
		{ID: "I-69", Section: "wire: visible_state", Text: "history lists every finished round, oldest first.", Rules: []string{"inference/visibility.history"}},
		{ID: "I-70", Section: "wire: visible_state", Text: "Only the last 20 rounds keep their actions and messages in history.", Rules: []string{"inference/wire.visible-state.history-trim"}},
		{ID: "I-71", Section: "wire: visible_state", Text: "contribution is what the seat put in this round, ante and bets.", Rules: []string{"inference/wire.visible-state.contribution"}},
		{ID: "I-72", Section: "wire: visible_state", Text: "call_breakeven_value is null with nothing owed, else the break-even value with no further raises.", Rules: []string{"inference/visibility.breakeven"}},
		{ID: "I-73", Section: "wire: visible_state", Text: "limits.ante is this round's and follows the ramp.", Rules: []string{"inference/wire.visible-state.ante"}},
		{ID: "I-74", Section: "wire: visible_state", Text: "A sitting-out seat is flagged with back_in_round and skipped until then.", Rules: []string{"inference/wire.visible-state.sitting-out", "inference/wire.visible-state.sitting-out-at-once"}},
		{ID: "I-75", Section: "wire: events", Text: "Events are the match log's objects.", Rules: []string{"inference/wire.events.objects"}},
		{ID: "I-76", Section: "wire: events", Text: "The event types are the log's, deal_private to its own seat only.", Rules: []string{"inference/wire.events.objects"}},
		{ID: "I-77", Section: "wire: events", Text: "A short ante's event says all_in.", Rules: []string{"inference/wire.events.ante-all-in"}},
		{ID: "I-78", Section: "wire: events", Text: "The third strike's timeout event says sit_out and back_in_round.", Rules: []string{"inference/timeouts.sit-out", "inference/timeouts.back-in-round"}},
		{ID: "I-79", Section: "wire: events", Text: "The showdown event carries reveals, winners, pot, payouts and the uncontested flag.", Rules: []string{"inference/wire.events.showdown"}},
	}
	for i := range s {
		s[i].Doc = "inference-0.4"
	}
	return s
}

// SchemaClauses are the bases the inference schemas name besides the
// document (x-basis with x-ref; rules.SchemaClauses).
func SchemaClauses() []def.Clause {
	return []def.Clause{
		{Basis: def.BasisContract, Ref: "WIRE.md Envelope"}, {Basis: def.BasisContract, Ref: "WIRE.md Match log"},
		{Basis: def.BasisReading, Ref: "I-INF-11"}, {Basis: def.BasisReading, Ref: "I-INF-40"}, {Basis: def.BasisReading, Ref: "I-INF-41"},
	}
}
