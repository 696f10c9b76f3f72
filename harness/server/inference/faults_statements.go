package inference

// The fault of the events and the match log (the document: events are the
// match log's objects).
const (
	// FaultLiveEventNotLogLine sends each round_start event with a field
	// its log line lacks ("live": true): the event is no longer the log's
	// object.
	FaultLiveEventNotLogLine Fault = "live-event-not-log-line"
)

// statementFaultList lists the fault above (appended in faultList).
func statementFaultList() []FaultInfo {
	return []FaultInfo{
		{FaultLiveEventNotLogLine, "inference/wire.events.objects", "a round_start event carries a field its log line lacks"},
	}
}

// liveLine is the event sent for the log line of a round_start: the line
// itself, or with FaultLiveEventNotLogLine on, the line with "live": true.
func (m *match) liveLine(line []byte) []byte {
	if !m.faults.on(FaultLiveEventNotLogLine) || len(line) == 0 || line[len(line)-1] != '}' {
		return line
	}
	return append(append([]byte(nil), line[:len(line)-1]...), `,"live":true}`...)
}
