package bangarena

// gloryFaults lists the faults played inside the engine for damage, elimination, glory and kill rewards (§9), the win (§10), the protocol rules (§1, §12–§14) and the characters of damage and elimination (§6):
// each is a referee deviation of the same name (referee/bangarena
// deviations_glory.go), turned on for every room while the fault is on.
func gloryFaults() []FaultInfo {
	return nil
}
