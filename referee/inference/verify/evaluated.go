package verify

// The rules the Inference verifier evaluates, as indexes of a fixed array:
// each check the verifier makes counts one evaluation of its rule (passed
// or failed), so a report can tell a rule the log exercised from one it
// never reached (no tie arose, no seat sat out…), at the cost of one
// increment per check (BenchmarkVerifyRatio).
type evalRule uint8

// The evaluated rules, in id order.
const (
	eLineLength evalRule = iota
	eDealLines
	eMatchEndLast
	eMatchStartFirst
	eMessageBefore
	eRoundSequence
	eSeats
	eShowdownCloses
	eTimeoutBefore
	eTurnSequence
	eMatchEnd
	eMatchRanking
	eRankNumbering
	eMatchRounds
	eActionAllIn
	eDealFunction
	eLogFields
	eLogLine
	eLogOrder
	eProtoMatchEnd
	eMessageCodePoints
	eSeedCommit
	eSorted
	eStrikesCount
	eWinners
	eDeal
	eSeedCommitRule
	eAnte
	eAnteRamp
	eBust
	eShortAnte
	eAllIn
	eCall
	eFold
	eOrder
	eRaise
	eRaiseBounds
	eRaiseCap
	eRaiseCovered
	eMessageLength
	eTableTalk
	eEndOfBetting
	eOddChips
	eShowdown
	eSidePots
	eTies
	eUncontested
	eTableButton
	eTableSize
	eBackInRound
	eClearOnMove
	eDefaultAction
	eLastStrike
	eTimeoutsLogged
	eSitOut
	eStrikes
	eNoPeek
	eAnteAllIn
	eMoveAction
	eMoveAmount
	numEval
)

// evalIDs returns the rule id of each evaluated rule, by index.
func evalIDs() [numEval]string {
	return [numEval]string{
		eLineLength:        "inference/log.line-length",
		eDealLines:         "inference/log.deal-lines",
		eMatchEndLast:      "inference/log.match-end-last",
		eMatchStartFirst:   "inference/log.match-start-first",
		eMessageBefore:     "inference/log.message-before-action",
		eRoundSequence:     "inference/log.round-sequence",
		eSeats:             "inference/log.seats",
		eShowdownCloses:    "inference/log.showdown-closes-round",
		eTimeoutBefore:     "inference/log.timeout-before-action",
		eTurnSequence:      "inference/log.turn-sequence",
		eMatchEnd:          "inference/match.end",
		eMatchRanking:      "inference/match.ranking",
		eRankNumbering:     "inference/match.ranking-numbering",
		eMatchRounds:       "inference/match.rounds",
		eActionAllIn:       "inference/protocol.action-all-in",
		eDealFunction:      "inference/protocol.deal-function",
		eLogFields:         "inference/protocol.log-fields",
		eLogLine:           "inference/protocol.log-line",
		eLogOrder:          "inference/protocol.log-order",
		eProtoMatchEnd:     "inference/protocol.match-end",
		eMessageCodePoints: "inference/protocol.message-code-points",
		eSeedCommit:        "inference/protocol.seed-commit",
		eSorted:            "inference/protocol.sorted",
		eStrikesCount:      "inference/protocol.strikes-count",
		eWinners:           "inference/protocol.winners",
		eDeal:              "inference/round.1.deal",
		eSeedCommitRule:    "inference/round.1.seed-commit",
		eAnte:              "inference/round.2.ante",
		eAnteRamp:          "inference/round.2.ante-ramp",
		eBust:              "inference/round.2.bust",
		eShortAnte:         "inference/round.2.short-ante",
		eAllIn:             "inference/round.3.all-in",
		eCall:              "inference/round.3.call",
		eFold:              "inference/round.3.fold",
		eOrder:             "inference/round.3.order",
		eRaise:             "inference/round.3.raise",
		eRaiseBounds:       "inference/round.3.raise-bounds",
		eRaiseCap:          "inference/round.3.raise-cap",
		eRaiseCovered:      "inference/round.3.raise-covered",
		eMessageLength:     "inference/round.4.message-length",
		eTableTalk:         "inference/round.4.table-talk",
		eEndOfBetting:      "inference/round.5.end-of-betting",
		eOddChips:          "inference/round.6.odd-chips",
		eShowdown:          "inference/round.6.showdown",
		eSidePots:          "inference/round.6.side-pots",
		eTies:              "inference/round.6.ties",
		eUncontested:       "inference/round.7.uncontested",
		eTableButton:       "inference/table.button",
		eTableSize:         "inference/table.size",
		eBackInRound:       "inference/timeouts.back-in-round",
		eClearOnMove:       "inference/timeouts.clear-on-move",
		eDefaultAction:     "inference/timeouts.default-action",
		eLastStrike:        "inference/timeouts.last-strike",
		eTimeoutsLogged:    "inference/timeouts.logged",
		eSitOut:            "inference/timeouts.sit-out",
		eStrikes:           "inference/timeouts.strikes",
		eNoPeek:            "inference/visibility.no-peek",
		eAnteAllIn:         "inference/wire.events.ante-all-in",
		eMoveAction:        "inference/wire.move.action",
		eMoveAmount:        "inference/wire.move.amount",
	}
}

// InferenceRuleIDs returns the ids of every rule the Inference verifier can
// evaluate, in id order: what a log replay can cover.
func InferenceRuleIDs() []string {
	ids := evalIDs()
	return append([]string(nil), ids[:]...)
}

// eval counts one evaluation of rule e.
func (v *Verifier) eval(e evalRule) { v.evals[e]++ }

// evalID counts one evaluation of the rule with id (findings name their
// rule by id; they are rare, so a linear search is cheap enough).
func (v *Verifier) evalID(id string) {
	ids := evalIDs()
	for i := range ids {
		if ids[i] == id {
			v.evals[i]++
			return
		}
	}
	if v.evalOther == nil {
		v.evalOther = map[string]int{}
	}
	v.evalOther[id]++
}

// evaluated returns the evaluation counts by rule id, the rules never
// evaluated left out.
func (v *Verifier) evaluated() map[string]int {
	ids := evalIDs()
	m := make(map[string]int, int(numEval)+len(v.evalOther))
	for id, n := range v.evalOther {
		m[id] = n
	}
	for i, n := range v.evals {
		if n > 0 {
			m[ids[i]] = int(n)
		}
	}
	return m
}
