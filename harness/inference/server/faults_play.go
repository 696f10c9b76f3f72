package server

import ref "github.com/umpire-arena/umpire/referee/inference"

// The faults that make the server play wrongly rather than say something
// wrong: each perturbs what the server asks of the engine through the
// engine's own entry points (SetNextDealer, ...), so the engine's state and
// everything emitted afterwards follow the wrong play consistently. The
// engine itself stays correct; nothing here runs with the faults off.

// playFaults applies, between rounds, the faults that change how round r
// is set up.
func (m *match) playFaults(r int) {
	if r >= 2 && m.faults.on(FaultButtonStays) {
		_ = m.st.SetNextDealer(m.st.Dealer())
	}
	if m.faults.on(FaultShortAnteToppedUp) {
		ante := ref.AnteFor(m.cfg.Ante, m.cfg.AnteRamp, r)
		for seat := range m.st.NumSeats() {
			if p := m.st.Seat(seat); p.DealtIn(r) && p.Credits > 0 && p.Credits < ante {
				_ = m.st.SetCredits(seat, ante)
			}
		}
	}
	m.rejoinFaults(r) // faults_rejoin.go
	// FaultDealSkipsSeat is played inside the engine (a deviation).
	if m.faults.on(FaultStrikesResetOnReturn) {
		for seat := range m.st.NumSeats() {
			if p := m.st.Seat(seat); p.SittingOut && p.DealtIn(r) {
				_ = m.st.SetStrikes(seat, 0)
			}
		}
	}
}
