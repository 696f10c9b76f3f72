package server

import ref "github.com/umpire-arena/umpire/referee/bangarena"

// The fault of the roles shown after a normal end (§1.3, §11 roleId:
// everyone once the match has ended normally).
const (
	// FaultRolesHiddenAtEnd keeps the other seats' hidden roles hidden
	// after a normal end, as if the room had ended early.
	FaultRolesHiddenAtEnd Fault = "roles-hidden-at-end"
)

// revealFaults lists the faults of this file (appended in FaultList).
func revealFaults() []FaultInfo {
	return []FaultInfo{
		{FaultRolesHiddenAtEnd, "bangarena/11.redaction", "§11 roleId: everyone once the match has ended normally", "after a normal end the living seats' hidden roles stay hidden from the others"},
	}
}

// revealFaultsLocked hides, with FaultRolesHiddenAtEnd on, the roles the
// end revealed: those of the other living seats but the Marshal.
func (r *room) revealFaultsLocked(seat int, req *ref.DecisionRequest) {
	if !r.s.faults.on(FaultRolesHiddenAtEnd) || req.Observation.Phase != ref.PhaseEnded {
		return
	}
	players := append([]ref.PlayerInfo(nil), req.Observation.Players...)
	for p := range players {
		if p == seat || !players[p].Alive || players[p].RoleID == nil || *players[p].RoleID == ref.RoleMarshal {
			continue
		}
		players[p].RoleID, players[p].RoleHidden = nil, true
	}
	req.Observation.Players = players
}
