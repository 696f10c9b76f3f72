package bangarena

import ref "github.com/umpire-arena/umpire/referee/bangarena"

// The fault of the pack a DecisionRequest names (§0 packId; the §12
// example's mechanicsPackHash; I-BA-F3).
const (
	// FaultPackHashOther names another pack in mechanicsPackHash.
	FaultPackHashOther Fault = "pack-hash-other"
)

// packFaults lists the faults of this file (appended in FaultList).
func packFaults() []FaultInfo {
	return []FaultInfo{
		{FaultPackHashOther, "bangarena/12.pack-hash", "§0 packId PACK_DEFAULT_V0; I-BA-F3", "mechanicsPackHash names PACK_OTHER_V1"},
	}
}

// packFaultsLocked renames the pack, with FaultPackHashOther on.
func (r *room) packFaultsLocked(req *ref.DecisionRequest) {
	if r.s.faults.on(FaultPackHashOther) {
		req.MechanicsPackHash = "PACK_OTHER_V1"
	}
}
