package server

// The fault of a reconnect during a sit-out (inference/timeouts.reconnect):
// "Reconnecting (see /protocol) does not shorten the sit-out" (Timeouts).
const (
	// FaultReconnectEndsSitOut ends a seat's sit-out when it reconnects
	// (a hello on a new connection after the match started): the seat is
	// dealt in again at the next round, before its back_in_round.
	FaultReconnectEndsSitOut Fault = "reconnect-ends-sit-out"
)

// rejoinFaultList describes the faults of this file.
func rejoinFaultList() []FaultInfo {
	return []FaultInfo{
		{FaultReconnectEndsSitOut, "inference/timeouts.reconnect", "a seat that reconnects during its sit-out is dealt in again at the next round"},
	}
}

// noteRejoin records, with the fault on, that seat said hello again on a
// new connection after the match started.
func (m *match) noteRejoin(seat int, again bool) {
	if !again || !m.started || !m.faults.on(FaultReconnectEndsSitOut) {
		return
	}
	if m.rejoined == nil {
		m.rejoined = map[int]bool{}
	}
	m.rejoined[seat] = true
}

// rejoinFaults ends, before round r is dealt, the sit-out of every seat
// that reconnected while sitting out (FaultReconnectEndsSitOut).
func (m *match) rejoinFaults(r int) {
	for seat := range m.rejoined {
		if p := m.st.Seat(seat); p.SittingOut && !p.DealtIn(r) {
			_ = m.st.SetSittingOut(seat, 0)
		}
		delete(m.rejoined, seat)
	}
}
