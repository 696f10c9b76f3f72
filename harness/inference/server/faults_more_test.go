package server

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// moreFaultCases are TestFaults' cases of the faults of the views, the
// events, the errors and the match's length.
func moreFaultCases() []faultTest {
	agent := func(seed string, seats, rounds, deadline int, kinds ...string) MatchSpec {
		return MatchSpec{Seats: seats, Rounds: rounds, DeadlineMS: deadline, Seed: strp(seed), Agents: []int{0}, Adversaries: kinds}
	}
	scripted := func(seed string, seats, rounds int, kinds ...string) MatchSpec {
		return MatchSpec{Seats: seats, Rounds: rounds, Seed: strp(seed), Agents: []int{}, Adversaries: kinds}
	}
	short := func(s MatchSpec) MatchSpec {
		ante := 2
		s.StartingCredits, s.Ante = 3, &ante
		return s
	}
	call := func(f frame) *MoveMsg { return move(f, ref.ActionCall, 0) }
	silent := func(frame) *MoveMsg { return nil }
	views := func(r faultRun, pick func(vs *ref.VisibleState) bool) bool {
		for _, f := range r.cl.frames {
			if vs := f.env.VisibleState; f.env.Type == TypeYourTurn && vs != nil && pick(vs) {
				return true
			}
		}
		return false
	}
	cites := func(rule string) func(t *testing.T, r faultRun) bool {
		return func(t *testing.T, r faultRun) bool {
			_, by := verifyLog(t, r.log)
			return by[rule] > 0
		}
	}
	return []faultTest{
		{
			fault: FaultFoldedNotShown, rule: "inference/visibility.public",
			spec: func(seed string) MatchSpec { return agent(seed, 5, 6, 10000, "random") }, policy: call, seeds: 5,
			observe: func(t *testing.T, r faultRun) bool {
				return views(r, func(vs *ref.VisibleState) bool {
					for _, a := range vs.Actions {
						if a.Action == ref.ActionFold && !vs.Players[a.Seat].Folded {
							return true
						}
					}
					return false
				})
			},
		},
		{
			fault: FaultHistoryNewestFirst, rule: "inference/visibility.history",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 4, 10000, "passive") }, policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				return views(r, func(vs *ref.VisibleState) bool {
					return len(vs.History) > 1 && vs.History[0].Round > vs.History[1].Round
				})
			},
		},
		{
			// Seat 1 is an agent that never connects: it times out and sits out.
			fault: FaultSittingOutNoBackIn, rule: "inference/wire.visible-state.sitting-out",
			spec: func(seed string) MatchSpec {
				s := agent(seed, 3, 8, 10, "passive")
				s.Agents = []int{0, 1}
				return s
			},
			policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				return views(r, func(vs *ref.VisibleState) bool { return vs.Players[1].SittingOut && vs.Players[1].BackInRound == 0 })
			},
		},
		{
			fault: FaultCurrentBetNotRaised, rule: "inference/protocol.current-bet",
			spec: func(seed string) MatchSpec { return agent(seed, 4, 4, 10000, "aggressive") }, policy: call, seeds: 3,
			observe: func(t *testing.T, r faultRun) bool {
				return views(r, func(vs *ref.VisibleState) bool { return vs.RaisesUsed > 0 && vs.CurrentBet == 0 })
			},
		},
		{
			fault: FaultBreakevenNull, rule: "inference/visibility.breakeven",
			spec: func(seed string) MatchSpec { return agent(seed, 4, 4, 10000, "aggressive") }, policy: call, seeds: 3,
			observe: func(t *testing.T, r faultRun) bool {
				return views(r, func(vs *ref.VisibleState) bool { return vs.ToCall > 0 && vs.CallBreakevenValue == nil })
			},
		},
		{
			fault: FaultShowdownUnflagged, rule: "inference/wire.events.showdown",
			spec:   func(seed string) MatchSpec { return agent(seed, 3, 6, 10000, "aggressive", "random") },
			policy: func(f frame) *MoveMsg { return move(f, ref.ActionFold, 0) }, seeds: 5,
			observe: func(t *testing.T, r faultRun) bool {
				logged := map[int]bool{}
				for _, e := range parseLog(t, r.log) {
					if e.Type == ref.EventShowdown && e.Uncontested {
						logged[e.Round] = true
					}
				}
				for _, e := range r.cl.events() {
					if e.Type == ref.EventShowdown && logged[e.Round] && !e.Uncontested {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultAnteAllInUnflagged, rule: "inference/wire.events.ante-all-in",
			spec:    func(seed string) MatchSpec { return short(scripted(seed, 3, 4, "passive")) },
			observe: cites("inference/wire.events.ante-all-in"),
		},
		{
			fault: FaultStrikesNotCounted, rule: "inference/timeouts.strikes",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 6, 10, "passive") }, policy: silent,
			observe: func(t *testing.T, r faultRun) bool {
				for _, e := range parseLog(t, r.log) {
					if e.Type == ref.EventTimeout && e.SitOut && e.Strikes < 3 {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultNoBustLine, rule: "inference/round.2.bust",
			spec:    func(seed string) MatchSpec { return short(scripted(seed, 3, 6, "passive")) },
			observe: cites("inference/round.2.bust"),
		},
		{
			fault: FaultRankFromZero, rule: "inference/match.ranking-numbering",
			spec: func(seed string) MatchSpec { return scripted(seed, 3, 2, "passive") },
			observe: func(t *testing.T, r faultRun) bool {
				evs := parseLog(t, r.log)
				end := evs[len(evs)-1]
				return end.Type == ref.EventMatchEnd && len(end.Ranking) > 0 && end.Ranking[0].Rank == 0
			},
		},
		{
			// A move for a turn that is not open: stale_turn, not illegal_move.
			fault: FaultErrorCodeGeneric, rule: "inference/server.error-code",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 1, 50, "passive") },
			policy: func(f frame) *MoveMsg {
				mv := move(f, ref.ActionCall, 0)
				mv.Turn += 7
				return mv
			},
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					if f.env.Type == TypeError && f.env.Code == CodeIllegalMove {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultSilentIllegal, rule: "inference/illegal.listed-only",
			spec:   func(seed string) MatchSpec { return agent(seed, 3, 1, 50, "passive") },
			policy: func(f frame) *MoveMsg { return move(f, ref.ActionRaise, 99) },
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					if f.env.Type == TypeError {
						return false
					}
				}
				return true // raises of 99 were sent, and never refused aloud
			},
		},
		{
			fault: FaultAcceptOversizedRaise, rule: "inference/round.3.raise-bounds",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 2, 10000, "passive") },
			policy: func(f frame) *MoveMsg {
				for _, la := range f.env.LegalActions {
					if la.Action == ref.ActionRaise {
						return move(f, ref.ActionRaise, la.Max+1)
					}
				}
				return move(f, ref.ActionCall, 0)
			},
			observe: func(t *testing.T, r faultRun) bool {
				for _, e := range parseLog(t, r.log) {
					if e.Type == ref.EventAction && e.Action == ref.ActionRaise && e.Amount > ref.DefaultConfig().MaxRaise {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultTimeoutLineDropped, rule: "inference/log.timeout-before-action",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 2, 10, "passive") }, policy: silent,
			observe: func(t *testing.T, r faultRun) bool {
				evs := parseLog(t, r.log)
				for i, e := range evs {
					if e.Type == ref.EventAction && e.Timeout && (i == 0 || evs[i-1].Type != ref.EventTimeout) {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultStrikesExcludeCurrent, rule: "inference/protocol.strikes-count",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 2, 10, "passive") }, policy: silent,
			observe: func(t *testing.T, r faultRun) bool {
				for _, e := range parseLog(t, r.log) {
					if e.Type == ref.EventTimeout && e.Strikes == 0 {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultStrikesKeptAfterMove, rule: "inference/timeouts.clear-on-move",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 4, 10, "passive") },
			policy: func() func(frame) *MoveMsg {
				n := 0
				return func(f frame) *MoveMsg {
					if n++; n == 2 {
						return move(f, ref.ActionCall, 0) // one move of its own between timeouts
					}
					return nil
				}
			}(),
			observe: func(t *testing.T, r faultRun) bool {
				moved := false
				for _, e := range parseLog(t, r.log) {
					switch {
					case e.Type == ref.EventAction && e.Seat == 0 && !e.Timeout:
						moved = true
					case e.Type == ref.EventTimeout && e.Seat == 0 && moved:
						return e.Strikes > 1 // the first timeout after the move
					}
				}
				return false
			},
		},
		{
			fault: FaultAcceptOutOfTurn, rule: "inference/illegal.not-your-turn",
			spec:    func(seed string) MatchSpec { return scripted(seed, 3, 1, "passive") },
			observe: func(t *testing.T, r faultRun) bool { return outOfTurnPlayed(t, r.faults) },
		},
		{
			fault: FaultMessageAfterAction, rule: "inference/round.4.table-talk",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 2, 10000, "passive") },
			policy: func(f frame) *MoveMsg {
				mv := move(f, ref.ActionCall, 0)
				mv.Message = "hello"
				return mv
			},
			observe: func(t *testing.T, r faultRun) bool {
				acted := map[[2]int]bool{}
				for _, e := range r.cl.events() {
					switch e.Type {
					case ref.EventAction:
						acted[[2]int{e.Round, e.Turn}] = true
					case ref.EventMessage:
						if acted[[2]int{e.Round, e.Turn}] {
							return true
						}
					}
				}
				return false
			},
		},
		{
			fault: FaultFoldNotOffered, rule: "inference/wire.legal-actions.fold",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 2, 10000, "passive") }, policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					if f.env.Type == TypeYourTurn && !slices.ContainsFunc(f.env.LegalActions, func(a ref.LegalAction) bool { return a.Action == ref.ActionFold }) {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultCallIgnoresOwnBet, rule: "inference/wire.legal-actions.call",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 8, 10000, "aggressive") }, seeds: 3,
			policy: func(f frame) *MoveMsg {
				for _, la := range f.env.LegalActions {
					if la.Action == ref.ActionRaise && f.env.VisibleState.RaisesUsed == 0 {
						return move(f, ref.ActionRaise, la.Min)
					}
				}
				return move(f, ref.ActionCall, 0)
			},
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					for _, la := range f.env.LegalActions {
						if vs := f.env.VisibleState; f.env.Type == TypeYourTurn && la.Action == ref.ActionCall && la.Amount != vs.ToCall {
							return true
						}
					}
				}
				return false
			},
		},
		{
			fault: FaultToCallOneMore, rule: "inference/visibility.to-call",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 2, 10000, "passive") }, policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					for _, la := range f.env.LegalActions {
						if vs := f.env.VisibleState; f.env.Type == TypeYourTurn && la.Action == ref.ActionCall && vs.ToCall == la.Amount+1 {
							return true
						}
					}
				}
				return false
			},
		},
		{
			fault: FaultRaiseMaxShort, rule: "inference/wire.legal-actions.raise",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 2, 10000, "passive") }, policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					for _, la := range f.env.LegalActions {
						if vs := f.env.VisibleState; f.env.Type == TypeYourTurn && la.Action == ref.ActionRaise && la.Max != min(vs.Limits.MaxRaise, vs.YourCredits-vs.ToCall) {
							return true
						}
					}
				}
				return false
			},
		},
		{
			fault: FaultYourValueStale, rule: "inference/visibility.own-value",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 3, 10000, "passive") }, policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				dealt := map[int]int{}
				for _, f := range r.cl.frames {
					switch {
					case f.env.Type == TypeEvent:
						if e, err := ref.ParseEvent(f.env.Event); err == nil && e.Type == ref.EventDealPrivate {
							dealt[e.Round] = e.Value
						}
					case f.env.Type == TypeYourTurn && f.env.VisibleState.YourValue != nil:
						if v, ok := dealt[f.env.Round]; ok && v != *f.env.VisibleState.YourValue {
							return true
						}
					}
				}
				return false
			},
		},
		{
			fault: FaultNoMessagesField, rule: "inference/wire.visible-state.fields",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 1, 10000, "passive") }, policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					if f.env.Type == TypeYourTurn && !bytes.Contains(f.raw, []byte(`"messages":`)) {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultBadMessageIgnored, rule: "inference/server.bad-message",
			spec:    func(seed string) MatchSpec { return scripted(seed, 3, 1, "passive") },
			observe: func(t *testing.T, r faultRun) bool { return !badMessageAnswered(t, r.faults) },
		},
		{
			// A nil policy says hello with a wrong token.
			fault: FaultAuthSilent, rule: "inference/server.auth",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 1, 50, "passive") }, policy: nil,
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					if f.env.Type == TypeError && f.env.Code == CodeUnauthorized {
						return false
					}
				}
				return true
			},
		},
		{
			fault: FaultYourTurnNoMatchID, rule: "inference/protocol.envelope",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 1, 10000, "passive") }, policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					if f.env.Type == TypeYourTurn && f.env.MatchID == "" {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultSeedNotRevealed, rule: "inference/round.1.seed-commit",
			spec: func(seed string) MatchSpec { return scripted(seed, 3, 1, "passive") },
			observe: func(t *testing.T, r faultRun) bool {
				evs := parseLog(t, r.log)
				return evs[len(evs)-1].Type == ref.EventMatchEnd && evs[len(evs)-1].Seed == ""
			},
		},
		{
			fault: FaultLongMessageTruncated, rule: "inference/round.4.message-length",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 1, 50, "passive") },
			policy: func(f frame) *MoveMsg {
				mv := move(f, ref.ActionCall, 0)
				mv.Message = strings.Repeat("a", 281)
				return mv
			},
			observe: func(t *testing.T, r faultRun) bool { return saidInLog(t, r.log) },
		},
		{
			fault: FaultMessageLengthInBytes, rule: "inference/protocol.message-code-points",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 1, 50, "passive") },
			policy: func(f frame) *MoveMsg {
				mv := move(f, ref.ActionCall, 0)
				mv.Message = strings.Repeat("✓", 280)
				return mv
			},
			observe: func(t *testing.T, r faultRun) bool { return !saidInLog(t, r.log) },
		},
		{
			// Pots of 9 among three seats: two-way ties pay two seats.
			fault: FaultWinnersOmitSplit, rule: "inference/protocol.winners",
			spec: func(seed string) MatchSpec {
				s := scripted(seed, 3, 150, "passive")
				ante := 3
				s.Ante = &ante
				return s
			},
			observe: cites("inference/protocol.winners"),
		},
		{
			fault: FaultEndReasonSwapped, rule: "inference/match.end",
			spec:    func(seed string) MatchSpec { return scripted(seed, 3, 2, "passive") },
			observe: cites("inference/match.end"),
		},
		{
			fault: FaultWelcomeDefaultCredits, rule: "inference/match.credits",
			spec: func(seed string) MatchSpec {
				s := agent(seed, 3, 1, 10000, "passive")
				s.StartingCredits = 40
				return s
			},
			policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					if vs := f.env.VisibleState; f.env.Type == TypeWelcome && vs != nil && vs.Round == 0 && vs.YourCredits != 40 {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultAcceptCheck, rule: "inference/wire.move.action",
			spec:   func(seed string) MatchSpec { return agent(seed, 3, 1, 50, "passive") },
			policy: func(f frame) *MoveMsg { return move(f, "check", 0) },
			observe: func(t *testing.T, r faultRun) bool {
				for _, e := range parseLog(t, r.log) {
					if e.Type == ref.EventAction && e.Seat == 0 && !e.Timeout {
						return true // "check" was played
					}
				}
				return false
			},
		},
		{
			fault: FaultRaiseAmountDefault, rule: "inference/wire.move.amount",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 1, 50, "passive") },
			// Amount 0 is left out of the JSON: a raise without amount.
			policy: func(f frame) *MoveMsg { return move(f, ref.ActionRaise, 0) },
			observe: func(t *testing.T, r faultRun) bool {
				for _, e := range parseLog(t, r.log) {
					if e.Type == ref.EventAction && e.Seat == 0 && e.Action == ref.ActionRaise {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultTieToFirst, rule: "inference/round.6.ties",
			spec: func(seed string) MatchSpec {
				s := scripted(seed, 3, 150, "passive")
				ante := 3
				s.Ante = &ante
				return s
			},
			observe: func(t *testing.T, r faultRun) bool {
				for _, e := range parseLog(t, r.log) {
					if e.Type == ref.EventShowdown && len(e.Payouts) == 1 && tiedBest(e.Reveals) > 1 {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultLowestWins, rule: "inference/round.6.showdown",
			spec: func(seed string) MatchSpec { return scripted(seed, 3, 6, "passive") },
			observe: func(t *testing.T, r faultRun) bool {
				for _, e := range parseLog(t, r.log) {
					if e.Type != ref.EventShowdown || e.Uncontested || len(e.Payouts) != 1 {
						continue
					}
					for _, rv := range e.Reveals {
						if rv.Seat == e.Payouts[0].Seat && tiedBest(e.Reveals) == 1 && rv.Value != bestValue(e.Reveals) {
							return true
						}
					}
				}
				return false
			},
		},
		{
			fault: FaultSitOutFourRounds, rule: "inference/timeouts.sit-out",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 6, 10, "passive") }, policy: silent,
			observe: func(t *testing.T, r faultRun) bool {
				for _, e := range parseLog(t, r.log) {
					if e.Type == ref.EventTimeout && e.SitOut && e.BackInRound == e.Round+5 {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultRampLate, rule: "inference/round.2.ante-ramp",
			spec: func(seed string) MatchSpec {
				s := scripted(seed, 3, 4, "passive")
				s.AnteRamp = &ref.AnteRamp{FromRound: 2, EveryRounds: 1, Step: 1}
				return s
			},
			observe: cites("inference/round.2.ante-ramp"),
		},
		{
			fault: FaultLimitsDeadlineDoubled, rule: "inference/timeouts.deadline",
			spec:   func(seed string) MatchSpec { return agent(seed, 3, 1, 10000, "passive") },
			policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				return views(r, func(vs *ref.VisibleState) bool { return vs.Limits.TurnDeadlineMS != 10000 })
			},
		},
		{
			fault: FaultAntePreviousRound, rule: "inference/wire.visible-state.ante",
			spec: func(seed string) MatchSpec {
				s := agent(seed, 3, 3, 10000, "passive")
				s.AnteRamp = &ref.AnteRamp{FromRound: 2, EveryRounds: 1, Step: 1}
				return s
			},
			policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				return views(r, func(vs *ref.VisibleState) bool {
					return vs.Round >= 2 && vs.Limits.Ante != ref.AnteFor(2, vs.Limits.AnteRamp, vs.Round)
				})
			},
		},
		{
			fault: FaultLiveEventNotLogLine, rule: "inference/wire.events.objects",
			spec:   func(seed string) MatchSpec { return agent(seed, 3, 1, 10000, "passive") },
			policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					if f.env.Type == TypeEvent && bytes.Contains(f.raw, []byte(`"type":"match_start"`)) {
						return bytes.Contains(f.raw, []byte(`"name":"live-`)) && !bytes.Contains(r.log, []byte(`"name":"live-`))
					}
				}
				return false
			},
		},
		{
			fault: FaultHistoryTrims20th, rule: "inference/wire.visible-state.history-trim",
			spec:   func(seed string) MatchSpec { return agent(seed, 3, ref.HistoryFullRounds+1, 10000, "passive") },
			policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				return views(r, func(vs *ref.VisibleState) bool {
					n := len(vs.History)
					return n >= ref.HistoryFullRounds && vs.History[n-ref.HistoryFullRounds].Actions == nil
				})
			},
		},
		{
			// Turn n of a round comes after n actions: a view shows fewer.
			fault: FaultViewDropsAction, rule: "inference/wire.visible-state.actions",
			spec:   func(seed string) MatchSpec { return agent(seed, 3, 4, 10000, "passive") },
			policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				return views(r, func(vs *ref.VisibleState) bool {
					return vs.Turn != nil && vs.Turn.Turn > 0 && len(vs.Actions) < vs.Turn.Turn
				})
			},
		},
		{
			fault: FaultOwnLineType, rule: "inference/protocol.log-line",
			spec:    func(seed string) MatchSpec { return scripted(seed, 3, 1, "passive") },
			observe: func(t *testing.T, r faultRun) bool { return bytes.Contains(r.log, []byte(`"type":"round_note"`)) },
		},
		{
			fault: FaultActionAllInUnflagged, rule: "inference/protocol.action-all-in",
			spec: func(seed string) MatchSpec { return short(scripted(seed, 3, 4, "aggressive")) }, seeds: 5,
			observe: cites("inference/protocol.action-all-in"),
		},
		{
			fault: FaultToCallUncapped, rule: "inference/protocol.to-call",
			spec: func(seed string) MatchSpec { return scripted(seed, 3, 1, "passive") },
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range allInScenario(t, r.faults) {
					if vs := f.env.VisibleState; f.env.Type == TypeYourTurn && vs.ToCall > vs.YourCredits {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultAllInCallRefused, rule: "inference/round.3.all-in",
			spec: func(seed string) MatchSpec { return scripted(seed, 3, 1, "passive") },
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range allInScenario(t, r.faults) {
					if f.env.Type == TypeError {
						return true // no move of the scenario is illegal
					}
				}
				return false
			},
		},
		{
			fault: FaultMoveAfterEnd, rule: "inference/illegal.match-over",
			spec:    func(seed string) MatchSpec { return scripted(seed, 3, 1, "passive") },
			observe: func(t *testing.T, r faultRun) bool { return lateMoveLogged(t, r.faults) },
		},
		{
			fault: FaultRoundsOffByOne, rule: "inference/match.rounds",
			spec: func(seed string) MatchSpec { return scripted(seed, 3, 3, "passive") },
			observe: func(t *testing.T, r faultRun) bool {
				n := 0
				for _, e := range parseLog(t, r.log) {
					if e.Type == ref.EventRoundStart {
						n++
					}
				}
				return n > 3
			},
		},
	}
}
