package server

import ref "github.com/umpire-arena/umpire/referee/inference"

// The faults of the deal's distribution (inference/round.1.fair): values
// that stay within 1–100 but are not uniform and independent. A match
// with either names no deal function in match_start (its values are not
// umpire's DealValue), as DialectOtherChance does.
const (
	// FaultValuesSkewed deals values of 1–70 only: each value of the
	// match's chance scaled down into that range.
	FaultValuesSkewed Fault = "values-skewed"
	// FaultValuesShared deals every seat of a round the value of seat 0.
	FaultValuesShared Fault = "values-shared"
)

// valuesFaultList describes the faults of this file.
func valuesFaultList() []FaultInfo {
	return []FaultInfo{
		{FaultValuesSkewed, "inference/round.1.fair", "hidden values are dealt from 1–70 only"},
		{FaultValuesShared, "inference/round.1.fair", "every seat of a round is dealt the same hidden value"},
	}
}

// skewedValues scales its base's values into 1–70.
type skewedValues struct{ ref.Chance }

func (c skewedValues) Value(round, seat int) int {
	return ref.ValueMin + (c.Chance.Value(round, seat)-ref.ValueMin)*70/(ref.ValueMax-ref.ValueMin+1)
}

// sharedValues deals every seat of a round its base's value of seat 0.
type sharedValues struct{ ref.Chance }

func (c sharedValues) Value(round, _ int) int { return c.Chance.Value(round, 0) }

// valuesFault wraps m's chance for the distribution faults that are on,
// unless the creation fixed the values (the fixed-values capability).
func (m *match) valuesFault(fixed bool) {
	if fixed {
		return
	}
	if m.faults.on(FaultValuesSkewed) {
		m.chance, m.dealFn = skewedValues{m.chance}, false
	}
	if m.faults.on(FaultValuesShared) {
		m.chance, m.dealFn = sharedValues{m.chance}, false
	}
}
