package wire

import (
	"strconv"
	"strings"
)

// Violation is what SchemaRule reads of a schema violation (the schemas
// package's Violation, which the pure side does not import).
type Violation struct {
	// Location is the JSON Pointer of the offending value ("" for the
	// whole message).
	Location string
	// Keyword is the failing keyword ("required", "minimum", …).
	Keyword string
	// Message says what is wrong (a missing field is named in it, quoted).
	Message string
	// Binding is true when the violated shape rests on the rules document.
	Binding bool
}

// SchemaRule names the rule a schema violation of an Inference server
// message of the given kind breaks (I-INF-P3): deadline_ms of a your_turn
// is the rules' deadline, an error's code umpire's error-code pin,
// visible_state the rules' fields, an event the log contract unless the
// clause is the rules document's own (a showdown's fields, a hidden value's
// range, the flags the document names: the event rules), anything else the
// envelope. evType is an event's type.
func SchemaRule(kind, evType string, v Violation) string {
	loc := v.Location
	missing := func(field string) bool {
		return loc == "" && v.Keyword == "required" && strings.Contains(v.Message, strconv.Quote(field))
	}
	switch {
	case kind == "your_turn" && (loc == "/deadline_ms" || missing("deadline_ms")):
		return "inference/timeouts.deadline"
	case kind == "error" && (loc == "/code" || missing("code")):
		return "inference/server.error-code"
	case kind == "event" && v.Binding && evType == "showdown":
		return "inference/wire.events.showdown"
	case kind == "event" && v.Binding && evType == "deal_private" && loc == "/event/value":
		return "inference/round.1.deal" // an integer from 1 to 100
	case kind == "event" && v.Binding && evType == "ante" && loc == "/event/all_in":
		return "inference/wire.events.ante-all-in"
	case kind == "event" && v.Binding:
		return "inference/wire.events.objects"
	case kind == "event":
		return "inference/protocol.log-line"
	case kind == "your_turn" && loc == "/legal_actions" && v.Keyword == "contains":
		return "inference/wire.legal-actions.fold" // fold is always listed
	case kind == "your_turn" && (strings.HasPrefix(loc, "/visible_state") || missing("visible_state")):
		return "inference/wire.visible-state.fields"
	}
	return "inference/protocol.envelope"
}
