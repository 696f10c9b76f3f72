package server

import ref "github.com/umpire-arena/umpire/referee/inference"

// The faults played inside the engine: each has the name of an engine
// deviation (referee/inference deviations.go), which the server passes on
// when the fault is on (faultSet.deviations), so the engine plays the rule
// wrongly and every view, event and log line follows that play.
const (
	// FaultBettingStartsLate opens each round's betting at the second seat
	// due to act left of the dealer.
	FaultBettingStartsLate Fault = ref.DevBettingStartsLate
	// FaultBettingOverruns gives, once a round, one more turn after the
	// betting is over while two or more seats are still in.
	FaultBettingOverruns Fault = ref.DevBettingOverruns
	// FaultCheckCostsOne makes a check (a call with nothing owed) cost one
	// credit for a seat holding two or more.
	FaultCheckCostsOne Fault = ref.DevCheckCostsOne
	// FaultFoldRefunds gives a folding seat back all it put in this
	// round, ante and bets, out of the pot.
	FaultFoldRefunds Fault = ref.DevFoldRefunds
	// FaultRaiseForgetsOwnBets charges a raise the whole new bet, the
	// raiser's own bets of the round forgotten (so paid again), for a
	// raiser that keeps credits either way.
	FaultRaiseForgetsOwnBets Fault = ref.DevRaiseForgetsOwnBets
	// FaultRaiseUncovered accepts a raise the seat can pay without the
	// call but not with it; the seat puts in all it has.
	FaultRaiseUncovered Fault = ref.DevRaiseUncovered
	// FaultNineSeats creates and plays a table of 9 seats when asked.
	FaultNineSeats Fault = ref.DevNineSeats
)

// engineFaultList is faultList's part for the faults played inside the
// engine.
func engineFaultList() []FaultInfo {
	return []FaultInfo{
		{FaultBettingStartsLate, "inference/round.3.order", "betting opens at the second seat left of the dealer"},
		{FaultBettingOverruns, "inference/round.5.end-of-betting", "a seat is given a turn after the betting is over"},
		{FaultCheckCostsOne, "inference/round.3.call", "a check costs one credit"},
		{FaultFoldRefunds, "inference/round.3.fold", "a folding seat takes what it put in this round back out of the pot"},
		{FaultRaiseForgetsOwnBets, "inference/round.3.raise", "a raise is charged the whole new bet, the raiser's own bets of the round paid again"},
		{FaultRaiseUncovered, "inference/round.3.raise-covered", "a raise the seat cannot cover with the call is accepted, for all it has"},
		{FaultNineSeats, "inference/table.size", "a table of 9 seats is created and played"},
	}
}
