package bangarena

// cardFaults lists the faults played inside the engine for card effects (§5), the reaction queue (§7), checks (§8) and the characters of checks and shots (§6):
// each is a referee deviation of the same name (referee/bangarena
// deviations_cards.go), turned on for every room while the fault is on.
func cardFaults() []FaultInfo {
	return nil
}
