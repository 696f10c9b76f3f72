package server

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-arena/umpire/referee/rules"
)

// Fault names one deliberately broken behaviour of the server, used to test
// that the conformance suite notices it. Each fault breaks exactly one rule
// (FaultInfo.Rule). Faults are off unless listed in Options.Faults.
type Fault string

// The closed list of faults.
const (
	// FaultAcceptIllegalRaise accepts a raise once the round's raises are
	// used up (the engine runs with one more raise than limits announce;
	// legal_actions still follow the announced cap).
	FaultAcceptIllegalRaise Fault = "accept-illegal-raise"
	// FaultConsumeTurnOnIllegal answers an illegal move with its error and
	// then plays the default action for the seat, ending its turn.
	FaultConsumeTurnOnIllegal Fault = "consume-turn-on-illegal"
	// FaultLeakValue adds players[].value, the hidden value of every other
	// seat dealt in, to each visible_state during the round.
	FaultLeakValue Fault = "leak-value"
	// FaultContributionNoAnte shows players[].contribution without the
	// ante, so the pot no longer adds up.
	FaultContributionNoAnte Fault = "contribution-without-ante"
	// FaultAnteNotRaised keeps limits.ante at the base ante after the ramp
	// has raised it (the antes charged still follow the ramp).
	FaultAnteNotRaised Fault = "ante-not-raised"
	// FaultOddChipWrongSeat gives the odd credit of a split pot to the tied
	// winner that should not get it (the showdown line and the seats'
	// credits agree from the next round on, so not in the ranking when it
	// happens in the last round; visible_state.history keeps the engine's
	// payouts).
	FaultOddChipWrongSeat Fault = "odd-chip-wrong-seat"
	// FaultNoTimeoutDefault folds a timed-out seat even when it owes
	// nothing. The engine cannot fold on a timeout, so the server applies a
	// fold, writes the timeout line itself and restores the strikes (and a
	// sit-out) the fold cleared when the round ends; until then the seat's
	// sitting_out does not show in visible_state.
	FaultNoTimeoutDefault Fault = "no-timeout-default"
	// FaultWrongBackInRound announces back_in_round one round later than
	// the round the seat is in fact dealt in again (timeout line, events,
	// visible_state).
	FaultWrongBackInRound Fault = "wrong-back-in-round"
	// FaultSkipDealPrivate never sends a seat its deal_private event (the
	// log keeps the line).
	FaultSkipDealPrivate Fault = "skip-deal-private"
	// FaultShortDeadline times a turn out after half the announced deadline.
	FaultShortDeadline Fault = "short-deadline"
	// FaultWrongSeedCommit publishes a seed_commit that is not the hash of
	// the seed match_end reveals.
	FaultWrongSeedCommit Fault = "wrong-seed-commit"
	// FaultLimitsDeadlineDoubled announces twice the enforced deadline in
	// visible_state.limits.turn_deadline_ms (your_turn's deadline_ms and
	// the timeouts stay right).
	FaultLimitsDeadlineDoubled Fault = "limits-deadline-doubled"
	// FaultDropDeadlineMS leaves deadline_ms out of your_turn.
	FaultDropDeadlineMS Fault = "drop-deadline-ms"
	// FaultRevealUncontested shows the winner's value in an uncontested
	// showdown.
	FaultRevealUncontested Fault = "reveal-uncontested"
	// FaultAcceptWrongToken lets a WebSocket hello with a wrong token take
	// its seat: whoever holds no token is sent the seat's hidden values.
	FaultAcceptWrongToken Fault = "accept-wrong-token"
	// FaultFoldedNotShown never sets players[].folded in visible_state.
	FaultFoldedNotShown Fault = "folded-not-shown"
	// FaultHistoryNewestFirst lists visible_state.history newest first.
	FaultHistoryNewestFirst Fault = "history-newest-first"
	// FaultSittingOutNoBackIn flags a sitting-out seat sitting_out in
	// visible_state but leaves out its back_in_round.
	FaultSittingOutNoBackIn Fault = "sitting-out-without-back-in"
	// FaultCurrentBetNotRaised leaves visible_state.current_bet at 0 after
	// raises (to_call and legal_actions stay right).
	FaultCurrentBetNotRaised Fault = "current-bet-not-raised"
	// FaultBreakevenNull sends call_breakeven_value null even when a call
	// is owed.
	FaultBreakevenNull Fault = "breakeven-null"
	// FaultShowdownUnflagged sends an uncontested showdown event without
	// its uncontested flag (the log keeps it).
	FaultShowdownUnflagged Fault = "showdown-unflagged"
	// FaultAnteAllInUnflagged leaves all_in out of an ante that empties a
	// stack (log and events).
	FaultAnteAllInUnflagged Fault = "ante-all-in-unflagged"
	// FaultStrikesNotCounted writes strikes 1 on every timeout line, however
	// many came in a row.
	FaultStrikesNotCounted Fault = "strikes-not-counted"
	// FaultNoBustLine never writes a bust line (log and events).
	FaultNoBustLine Fault = "no-bust-line"
	// FaultRankFromZero numbers match_end's ranking from 0.
	FaultRankFromZero Fault = "rank-from-zero"
	// FaultErrorCodeGeneric answers every refusal with code illegal_move.
	FaultErrorCodeGeneric Fault = "error-code-generic"
	// FaultSilentIllegal answers an illegal move with nothing: the turn
	// stays open, but no error says the move was refused.
	FaultSilentIllegal Fault = "silent-illegal"
	// FaultAcceptOversizedRaise accepts a raise one above max_raise (the
	// engine runs with a raise bound of one more than limits announce).
	FaultAcceptOversizedRaise Fault = "accept-oversized-raise"
	// FaultRoundsOffByOne plays one round more than the match was created
	// with (match_start and rounds_total say so).
	FaultRoundsOffByOne Fault = "rounds-off-by-one"
	// FaultTimeoutLineDropped writes no timeout line for a timeout that does
	// not sit the seat out (log and events); the action stays flagged.
	FaultTimeoutLineDropped Fault = "timeout-line-dropped"
	// FaultStrikesExcludeCurrent writes on each timeout line the strikes
	// before it, not counting this one.
	FaultStrikesExcludeCurrent Fault = "strikes-exclude-current"
	// FaultStrikesKeptAfterMove counts a seat's timeouts on its timeout
	// lines without resetting the count when the seat moves itself.
	FaultStrikesKeptAfterMove Fault = "strikes-kept-after-move"
	// FaultAcceptOutOfTurn plays a move from a seat that is not to act as
	// the move of the seat that is.
	FaultAcceptOutOfTurn Fault = "accept-out-of-turn"
	// FaultMessageAfterAction sends a move's table message after its
	// action event (the log keeps the order).
	FaultMessageAfterAction Fault = "message-after-action"
	// FaultFoldNotOffered leaves fold out of legal_actions when nothing is
	// owed.
	FaultFoldNotOffered Fault = "fold-not-offered"
	// FaultCallIgnoresOwnBet shows the call item's amount as the current
	// bet, without taking off what the seat already bet this round.
	FaultCallIgnoresOwnBet Fault = "call-ignores-own-bet"
	// FaultRaiseMaxShort offers a raise item whose max is one below the
	// largest raise the seat can make.
	FaultRaiseMaxShort Fault = "raise-max-short"
	// FaultYourValueStale shows, from round 2 on, the seat's hidden value
	// of the previous round as your_value.
	FaultYourValueStale Fault = "your-value-stale"
	// FaultNoMessagesField leaves messages out of visible_state.
	FaultNoMessagesField Fault = "no-messages-field"
	// FaultBadMessageIgnored answers a malformed message with nothing.
	FaultBadMessageIgnored Fault = "bad-message-ignored"
	// FaultAuthSilent closes a connection whose hello has a wrong token
	// without the unauthorized error.
	FaultAuthSilent Fault = "auth-silent"
	// FaultYourTurnNoMatchID leaves match_id out of the your_turn envelope.
	FaultYourTurnNoMatchID Fault = "your-turn-no-match-id"
	// FaultSeedNotRevealed leaves the seed out of match_end (log and
	// message).
	FaultSeedNotRevealed Fault = "seed-not-revealed"
	// FaultLongMessageTruncated cuts a table message over the limit down
	// to it and plays the move, instead of refusing it.
	FaultLongMessageTruncated Fault = "long-message-truncated"
	// FaultMessageLengthInBytes refuses a table message whose UTF-8 form is
	// longer than the limit, though its code points are within it.
	FaultMessageLengthInBytes Fault = "message-length-in-bytes"
	// FaultWinnersOmitSplit lists only the first of the seats a showdown
	// pays in winners (log and events).
	FaultWinnersOmitSplit Fault = "winners-omit-split"
	// FaultEndReasonSwapped gives match_end the other reason
	// (rounds_complete for one_player_left and back).
	FaultEndReasonSwapped Fault = "end-reason-swapped"
	// FaultWelcomeDefaultCredits shows the default 100 credits for every
	// seat in visible_state before round 1, whatever the match's stack.
	FaultWelcomeDefaultCredits Fault = "welcome-default-credits"
	// FaultAcceptCheck plays a move with action "check" as a call.
	FaultAcceptCheck Fault = "accept-check"
	// FaultRaiseAmountDefault plays a raise without amount as a raise of 1.
	FaultRaiseAmountDefault Fault = "raise-amount-default"
	// FaultTieToFirst pays a pot shared by tied values to the first tied
	// seat alone (the showdown line and the credits agree from the next
	// round on; visible_state.history keeps the engine's payouts).
	FaultTieToFirst Fault = "tie-to-first"
	// FaultLowestWins pays a single contested pot to the lowest value shown,
	// as FaultTieToFirst does.
	FaultLowestWins Fault = "lowest-wins"
	// FaultSitOutFourRounds sits a seat out for 4 rounds, not 5, and
	// announces that back_in_round (consistently).
	FaultSitOutFourRounds Fault = "sit-out-four-rounds"
	// FaultRampLate raises the ante one round later than the announced
	// ante_ramp says (match_start and visible_state show the announced
	// ramp).
	FaultRampLate Fault = "ramp-late"
	// FaultAntePreviousRound shows as limits.ante the previous round's ante.
	FaultAntePreviousRound Fault = "ante-previous-round"
	// FaultOwnLineType logs (and sends) a line of a type of its own,
	// round_note, after each round_start.
	FaultOwnLineType Fault = "own-line-type"
	// FaultActionAllInUnflagged leaves all_in out of an action that
	// empties a stack (log and events).
	FaultActionAllInUnflagged Fault = "action-all-in-unflagged"
	// FaultToCallUncapped shows to_call as the whole amount owed, even when
	// it is more than the seat's credits.
	FaultToCallUncapped Fault = "to-call-uncapped"
	// FaultToCallOneMore shows a seat that can cover one more credit a
	// to_call of one more than it owes; its call item stays right.
	FaultToCallOneMore Fault = "to-call-one-more"
	// FaultAllInCallRefused refuses a call the seat cannot cover in full
	// ("not enough credits") instead of playing it all-in.
	FaultAllInCallRefused Fault = "all-in-call-refused"
	// FaultMoveAfterEnd keeps the connection of a seat that joins a
	// finished match open, and records a move it sends then as an action
	// (appended to the log, sent back as an event).
	FaultMoveAfterEnd Fault = "move-after-end"
	// FaultButtonStays keeps the dealer button where it was from round 2
	// on, instead of moving it left. The engine is told the dealer through
	// SetNextDealer before each round, so the order of antes and betting
	// and the odd credits follow the dealer announced.
	FaultButtonStays Fault = "button-stays"
	// FaultStrikesResetOnReturn clears the strikes of a seat dealt in again
	// after a sit-out (SetStrikes before its round), so its next timeout
	// counts 1 and does not sit it out again.
	FaultStrikesResetOnReturn Fault = "strikes-reset-on-return"
	// FaultEndReasonUnknown gives match_end a reason of its own,
	// "finished", instead of rounds_complete or one_player_left (log and
	// event; match_end is the last line, so nothing follows it).
	FaultEndReasonUnknown Fault = "end-reason-unknown"
	// FaultShortAnteToppedUp tops a seat up to the ante (SetCredits before
	// its round) when it holds less, so it posts the whole ante and is
	// all-in, rather than posting everything it has.
	FaultShortAnteToppedUp Fault = "short-ante-topped-up"
	// FaultAnteUndercharged charges every seat one credit less than the
	// round's ante: the engine runs with a base ante one lower, while
	// match_start, round_start and limits.ante announce the real one.
	FaultAnteUndercharged Fault = "ante-undercharged"
	// FaultDealSkipsSeat leaves the last seat out of the deal of every
	// even round although it is live: the engine is told it sits out that
	// round (SetSittingOut before it), so it posts no ante, does not play,
	// and returns the next round.
	FaultDealSkipsSeat Fault = "deal-skips-seat"
	// FaultBestTakesSidePots pays the whole of a showdown with side pots to
	// the single best value shown, even the layers it did not pay into,
	// as FaultTieToFirst does.
	FaultBestTakesSidePots Fault = "best-takes-side-pots"
)

// FaultInfo describes a fault: its name, the catalogue rule it breaks and
// what it does.
type FaultInfo struct {
	Name Fault  `json:"name"`
	Rule string `json:"rule"`
	Doc  string `json:"doc"`
}

// faultList is the closed list, in name order.
func faultList() []FaultInfo {
	l := []FaultInfo{
		{FaultAcceptIllegalRaise, "inference/round.3.raise-cap", "accepts a raise after the round's raises are used up"},
		{FaultConsumeTurnOnIllegal, "inference/illegal.no-consume", "an illegal move gets its error, then the turn is played by default"},
		{FaultLeakValue, "inference/visibility.no-peek", "visible_state.players[].value shows other seats' hidden values"},
		{FaultContributionNoAnte, "inference/wire.visible-state.contribution", "players[].contribution leaves out the ante, so the pot does not add up"},
		{FaultAnteNotRaised, "inference/protocol.ante-formula", "limits.ante stays at the base ante after the ramp raised it"},
		{FaultOddChipWrongSeat, "inference/round.6.odd-chips", "the odd credit of a split pot goes to the wrong tied winner"},
		{FaultNoTimeoutDefault, "inference/timeouts.default-action", "a timeout folds even when nothing is owed"},
		{FaultWrongBackInRound, "inference/timeouts.back-in-round", "back_in_round is announced one round late"},
		{FaultSkipDealPrivate, "inference/wire.events.objects", "a seat is never sent its deal_private event"},
		{FaultShortDeadline, "inference/timeouts.deadline", "turns time out after half the announced deadline"},
		{FaultWrongSeedCommit, "inference/protocol.seed-commit", "seed_commit is not the hash of the revealed seed"},
		{FaultDropDeadlineMS, "inference/timeouts.deadline", "your_turn lacks deadline_ms"},
		{FaultLimitsDeadlineDoubled, "inference/timeouts.deadline", "limits.turn_deadline_ms announces twice the deadline your_turn's deadline_ms announces and the server enforces"},
		{FaultRevealUncontested, "inference/round.7.uncontested", "an uncontested winner's value is revealed"},
		{FaultAcceptWrongToken, "inference/visibility.no-peek", "a hello with a wrong token takes the seat and is sent its hidden values"},
		{FaultFoldedNotShown, "inference/visibility.public", "visible_state.players[].folded is never set"},
		{FaultHistoryNewestFirst, "inference/visibility.history", "visible_state.history lists the newest round first"},
		{FaultSittingOutNoBackIn, "inference/wire.visible-state.sitting-out", "a sitting-out seat's back_in_round is left out of visible_state"},
		{FaultCurrentBetNotRaised, "inference/protocol.current-bet", "current_bet stays 0 after raises"},
		{FaultBreakevenNull, "inference/visibility.breakeven", "call_breakeven_value is always null"},
		{FaultShowdownUnflagged, "inference/wire.events.showdown", "an uncontested showdown event lacks uncontested: true"},
		{FaultAnteAllInUnflagged, "inference/wire.events.ante-all-in", "an ante that empties a stack is not flagged all_in"},
		{FaultStrikesNotCounted, "inference/timeouts.strikes", "every timeout line counts 1 strike"},
		{FaultNoBustLine, "inference/round.2.bust", "a seat left with no credits gets no bust line"},
		{FaultRankFromZero, "inference/match.ranking-numbering", "match_end's ranking starts at rank 0"},
		{FaultErrorCodeGeneric, "inference/server.error-code", "every error carries code illegal_move"},
		{FaultSilentIllegal, "inference/illegal.listed-only", "an illegal move gets no error"},
		{FaultAcceptOversizedRaise, "inference/round.3.raise-bounds", "a raise one above max_raise is accepted"},
		{FaultRoundsOffByOne, "inference/match.rounds", "the match plays one round more than it was created with"},
		{FaultTimeoutLineDropped, "inference/log.timeout-before-action", "a timeout that does not sit the seat out has no timeout line (its action is still flagged timeout)"},
		{FaultStrikesExcludeCurrent, "inference/protocol.strikes-count", "a timeout line's strikes leave out the timeout itself"},
		{FaultStrikesKeptAfterMove, "inference/timeouts.clear-on-move", "timeout lines keep counting strikes across the seat's own moves"},
		{FaultAcceptOutOfTurn, "inference/illegal.not-your-turn", "a move from a seat not to act is played for the seat to act"},
		{FaultMessageAfterAction, "inference/round.4.table-talk", "a table message reaches the seats after the action it rides on"},
		{FaultFoldNotOffered, "inference/wire.legal-actions.fold", "legal_actions lack fold when nothing is owed"},
		{FaultCallIgnoresOwnBet, "inference/wire.legal-actions.call", "the call item's amount ignores the seat's own bets"},
		{FaultRaiseMaxShort, "inference/wire.legal-actions.raise", "the raise item's max is one too low"},
		{FaultYourValueStale, "inference/visibility.own-value", "your_value shows the previous round's value"},
		{FaultNoMessagesField, "inference/wire.visible-state.fields", "visible_state lacks messages"},
		{FaultBadMessageIgnored, "inference/server.bad-message", "a malformed message gets no answer"},
		{FaultAuthSilent, "inference/server.auth", "a wrong token's connection is closed without an unauthorized error"},
		{FaultYourTurnNoMatchID, "inference/protocol.envelope", "your_turn lacks match_id"},
		{FaultSeedNotRevealed, "inference/round.1.seed-commit", "match_end does not reveal the seed"},
		{FaultLongMessageTruncated, "inference/round.4.message-length", "a message over the limit is cut down and the move played"},
		{FaultMessageLengthInBytes, "inference/protocol.message-code-points", "a message is measured in bytes, not code points"},
		{FaultWinnersOmitSplit, "inference/protocol.winners", "showdown.winners lists only the first seat paid"},
		{FaultEndReasonSwapped, "inference/match.end", "match_end gives the other reason"},
		{FaultWelcomeDefaultCredits, "inference/match.credits", "before round 1 every seat shows 100 credits, whatever the match's stack"},
		{FaultAcceptCheck, "inference/wire.move.action", "an action \"check\" is played as a call"},
		{FaultRaiseAmountDefault, "inference/wire.move.amount", "a raise without amount is played as a raise of 1"},
		{FaultTieToFirst, "inference/round.6.ties", "a tied pot goes to the first tied seat alone"},
		{FaultLowestWins, "inference/round.6.showdown", "a contested pot goes to the lowest value shown"},
		{FaultSitOutFourRounds, "inference/timeouts.sit-out", "a third strike sits the seat out for 4 rounds"},
		{FaultRampLate, "inference/round.2.ante-ramp", "the ante rises one round after the announced ramp says"},
		{FaultAntePreviousRound, "inference/wire.visible-state.ante", "limits.ante is the previous round's ante"},
		{FaultOwnLineType, "inference/protocol.log-line", "a log line of an unknown type, round_note"},
		{FaultActionAllInUnflagged, "inference/protocol.action-all-in", "an action that empties a stack is not flagged all_in"},
		{FaultToCallUncapped, "inference/protocol.to-call", "to_call is not capped at the seat's credits"},
		{FaultToCallOneMore, "inference/visibility.to-call", "to_call is one more than the seat owes (its call item is right)"},
		{FaultAllInCallRefused, "inference/round.3.all-in", "a call the seat cannot cover is refused"},
		{FaultMoveAfterEnd, "inference/illegal.match-over", "a move sent after match_end is recorded as an action"},
		{FaultButtonStays, "inference/table.button", "the dealer button never moves after round 1"},
		{FaultEndReasonUnknown, "inference/protocol.match-end", "match_end's reason is neither rounds_complete nor one_player_left"},
		{FaultShortAnteToppedUp, "inference/round.2.short-ante", "a seat short of the ante is topped up and posts it whole"},
		{FaultAnteUndercharged, "inference/round.2.ante", "every seat posts one credit less than the announced ante"},
		{FaultDealSkipsSeat, "inference/round.1.deal", "a live seat is left out of the deal of every even round"},
		{FaultBestTakesSidePots, "inference/round.6.side-pots", "the best value shown takes every pot layer, even those it did not pay into"},
		{FaultStrikesResetOnReturn, "inference/timeouts.last-strike", "a seat back from a sit-out starts again with no strikes"},
	}
	l = append(l, engineFaultList()...)
	l = append(l, valuesFaultList()...)
	l = append(l, rejoinFaultList()...)
	l = append(l, endpointFaultList()...)
	l = append(l, statementFaultList()...)
	sort.Slice(l, func(i, j int) bool { return l[i].Name < l[j].Name })
	return l
}

// Faults returns every fault the server knows, sorted by name.
func Faults() []FaultInfo { return faultList() }

// LookupFault returns the description of the fault named name.
func LookupFault(name string) (FaultInfo, bool) {
	for _, f := range faultList() {
		if string(f.Name) == name {
			return f, true
		}
	}
	return FaultInfo{}, false
}

// FaultsEnv is the environment variable umpire serve reads, together with
// its --unsafe-faults flag, to enable faults: a comma-separated list.
const FaultsEnv = "UMPIRE_UNSAFE_FAULTS"

// ParseFaults reads a comma-separated list of fault names (spaces around
// names are ignored, empty items skipped). An unknown name is an error that
// lists the known ones.
func ParseFaults(list string) ([]Fault, error) {
	var out []Fault
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if _, ok := LookupFault(item); !ok {
			return nil, fmt.Errorf("unknown fault %q (known: %s)", item, faultNames())
		}
		out = append(out, Fault(item))
	}
	return out, nil
}

func faultNames() string {
	var names []string
	for _, f := range faultList() {
		names = append(names, string(f.Name))
	}
	return strings.Join(names, ", ")
}

// FaultsFromEnv returns the faults named in the FaultsEnv variable (read
// with getenv) when enabled (the --unsafe-faults flag) is set. Both must be
// given together: the variable without the flag, the flag without the
// variable, or an unknown name is an error, so faults are never switched on
// by accident.
func FaultsFromEnv(getenv func(string) string, enabled bool) ([]Fault, error) {
	list := strings.TrimSpace(getenv(FaultsEnv))
	switch {
	case list == "" && !enabled:
		return nil, nil
	case list == "":
		return nil, fmt.Errorf("--unsafe-faults needs %s=name,... (known: %s)", FaultsEnv, faultNames())
	case !enabled:
		return nil, fmt.Errorf("%s is set but faults are only enabled together with --unsafe-faults", FaultsEnv)
	}
	fs, err := ParseFaults(list)
	if err == nil && len(fs) == 0 {
		err = fmt.Errorf("%s names no fault", FaultsEnv)
	}
	return fs, err
}

// faultSet is the set of enabled faults.
type faultSet map[Fault]bool

func newFaultSet(fs []Fault) (faultSet, error) {
	set := faultSet{}
	for _, f := range fs {
		if _, ok := LookupFault(string(f)); !ok {
			return nil, fmt.Errorf("unknown fault %q (known: %s)", f, faultNames())
		}
		set[f] = true
	}
	return set, nil
}

func (s faultSet) on(f Fault) bool { return s[f] }

// deviations returns the engine deviations of the faults that are on: a
// fault played inside the engine (referee Deviations) has the name of its
// engine hook, so every fault name is passed on and the engine ignores the
// ones it does not know.
func (s faultSet) deviations() rules.Deviations {
	if len(s) == 0 {
		return nil
	}
	d := make(rules.Deviations, len(s))
	for f, on := range s {
		if on {
			d[string(f)] = true
		}
	}
	return d
}
