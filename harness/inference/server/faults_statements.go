package server

import (
	"bytes"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// The faults of the events and the match log (the document: events are the
// match log's objects), of the trimming of history (the last 20 rounds in
// full) and of the round's actions in a view.
const (
	// FaultLiveEventNotLogLine sends the match_start event with the seats
	// named otherwise than its log line names them: the event is no longer
	// the log's object.
	FaultLiveEventNotLogLine Fault = "live-event-not-log-line"
	// FaultHistoryTrims20th trims the 20th latest finished round of
	// visible_state.history too: only 19 rounds keep their actions and
	// messages.
	FaultHistoryTrims20th Fault = "history-trims-20th"
	// FaultViewDropsAction leaves the round's latest action out of
	// visible_state.actions (the events and the log stay right).
	FaultViewDropsAction Fault = "view-drops-action"
)

// statementFaultList lists the fault above (appended in faultList).
func statementFaultList() []FaultInfo {
	return []FaultInfo{
		{FaultLiveEventNotLogLine, "inference/wire.events.objects", "the match_start event names the seats otherwise than its log line"},
		{FaultHistoryTrims20th, "inference/wire.visible-state.history-trim", "visible_state.history keeps only the last 19 rounds in full"},
		{FaultViewDropsAction, "inference/wire.visible-state.actions", "visible_state.actions leaves out the round's latest action"},
	}
}

// liveLine is the event sent for the log line of a match_start: the line
// itself, or with FaultLiveEventNotLogLine on, the line with every seat's
// name prefixed by "live-".
func (m *match) liveLine(line []byte) []byte {
	if !m.faults.on(FaultLiveEventNotLogLine) {
		return line
	}
	return bytes.ReplaceAll(line, []byte(`"name":"`), []byte(`"name":"live-`))
}

// trimTwentieth trims the 20th latest round of a view's history (its own
// copy of the records) with FaultHistoryTrims20th on; it reports whether it
// changed anything.
func (m *match) trimTwentieth(vs *ref.VisibleState) bool {
	i := len(vs.History) - ref.HistoryFullRounds
	if !m.faults.on(FaultHistoryTrims20th) || i < 0 {
		return false
	}
	vs.History[i].Actions, vs.History[i].Messages = nil, nil
	return true
}

// dropAction leaves the round's latest action out of a view's actions (its
// own copy) with FaultViewDropsAction on; it reports whether it changed
// anything.
func (m *match) dropAction(vs *ref.VisibleState) bool {
	if !m.faults.on(FaultViewDropsAction) || len(vs.Actions) == 0 {
		return false
	}
	vs.Actions = vs.Actions[:len(vs.Actions)-1]
	return true
}
