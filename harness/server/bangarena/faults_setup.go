package bangarena

// setupFaults lists the faults played inside the engine for the deal and setup (§2, §6 deal and max hp), the pack (§5 deck, §8 suits), the turn's draw and discard steps (§3) and distance (§4):
// each is a referee deviation of the same name (referee/bangarena
// deviations_setup.go), turned on for every room while the fault is on.
func setupFaults() []FaultInfo {
	return nil
}
