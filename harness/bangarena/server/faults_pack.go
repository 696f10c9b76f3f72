package server

import (
	"bytes"
	"encoding/json"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

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

// The fault of the decision's version field (§12 "observationVersion (or
// basedOnVersion)").
const (
	// FaultBasedOnIgnored reads no basedOnVersion: a decision that carries
	// its version only there is refused as malformed.
	FaultBasedOnIgnored Fault = "based-on-ignored"
)

// basedOnFaults lists the fault above (appended in FaultList).
func basedOnFaults() []FaultInfo {
	return []FaultInfo{
		{FaultBasedOnIgnored, "bangarena/server.based-on-version", "§12 observationVersion (or basedOnVersion)", "basedOnVersion is not read: a decision carrying only it is refused as malformed"},
	}
}

// basedOnFault hides basedOnVersion from the decision body, with
// FaultBasedOnIgnored on.
func (s *Server) basedOnFault(body []byte) []byte {
	if !s.faults.on(FaultBasedOnIgnored) {
		return body
	}
	return bytes.ReplaceAll(body, []byte(`"basedOnVersion"`), []byte(`"basedOnVersionNotRead"`))
}

// The fault of the observation's version (§11 version: also the
// request's observationVersion).
const (
	// FaultVersionMismatch shows the observation's version one above the
	// request's observationVersion.
	FaultVersionMismatch Fault = "version-mismatch"
)

// versionFaults lists the fault above (appended in FaultList).
func versionFaults() []FaultInfo {
	return []FaultInfo{
		{FaultVersionMismatch, "bangarena/11.version", "§11 version: also observationVersion of the request", "observation.version is one above observationVersion"},
	}
}

// versionFaultLocked raises the observation's version, with
// FaultVersionMismatch on.
func (r *room) versionFaultLocked(req *ref.DecisionRequest) {
	if r.s.faults.on(FaultVersionMismatch) {
		req.Observation.Version = req.ObservationVersion + 1
	}
}

// The fault of a pending decision's deadline (§1.5 every decision has a
// deadline; §12 deadlineAt).
const (
	// FaultDeadlineNullPending sends deadlineAt null while a decision is
	// pending (the deadline still runs).
	FaultDeadlineNullPending Fault = "deadline-null-pending"
)

// deadlineFaults lists the fault above (appended in FaultList).
func deadlineFaults() []FaultInfo {
	return []FaultInfo{
		{FaultDeadlineNullPending, "bangarena/12.deadline-at", "§1.5 every decision has a deadline; §12 deadlineAt", "deadlineAt is null while a decision is pending"},
	}
}

// deadlineFault returns the deadlineAt to send: dl, or null with
// FaultDeadlineNullPending on.
func (s faultSet) deadlineFault(dl *string) *string {
	if s.on(FaultDeadlineNullPending) {
		return nil
	}
	return dl
}

// The fault of a free-text channel (§1.4: there is none over REST / MCP).
const (
	// FaultRelayMessage relays a decision body's message field to every
	// seat's next requests (tableTalk).
	FaultRelayMessage Fault = "relay-message"
)

// relayFaults lists the fault above (appended in FaultList).
func relayFaults() []FaultInfo {
	return []FaultInfo{
		{FaultRelayMessage, "bangarena/1.no-free-text", "§1.4 there is no free-text channel", "a decision's message is shown to every seat as tableTalk"},
	}
}

// relayFaultLocked keeps a decision body's message, with FaultRelayMessage
// on.
func (r *room) relayFaultLocked(body []byte) {
	if !r.s.faults.on(FaultRelayMessage) {
		return
	}
	var m struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(body, &m) == nil && m.Message != "" {
		r.talk = m.Message
	}
}
