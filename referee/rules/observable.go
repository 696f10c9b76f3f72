package rules

import "fmt"

// Observability says where a departure from a rule can be seen, and so
// which runs can check it:
//
//   - Live: a message of a live server (an event, a your_turn, an
//     observation, an answer) can reveal it; a conformance run checks it
//     from what the server says.
//   - LogOnly: only the match log (the file, GET /r/{id}.jsonl) can show it:
//     the log's own form, or what is re-derived from a whole log.
//   - AgentOnly: the rule binds agents, not servers; certification judges
//     it, and no server message can break it.
//
// The coverage figure of a conformance run is the share of live MUST rules
// it checked; log-only and agent-only rules are counted apart.
type Observability string

// The three observabilities.
const (
	Live      Observability = "live"
	LogOnly   Observability = "log-only"
	AgentOnly Observability = "agent-only"
)

// Valid reports whether o is one of the three observabilities.
func (o Observability) Valid() bool {
	switch o {
	case Live, LogOnly, AgentOnly:
		return true
	}
	return false
}

// The reasons NewCatalogue gives the rules whose observability follows
// from their area.
const (
	whyAgent = "the rule binds agents: certification judges it, no server message can break it"
	whyLog   = "the rule is about the match log file itself (GET /r/{id}.jsonl or a saved log); no live message carries it"
)

// logOnly lists the rules outside the "log" areas that only a whole match
// log shows, with why.
func logOnly() map[string]string {
	return map[string]string{
		"bangarena/server.replay":          "only the room's full log, replayed through the engine from its seed, shows it",
		"inference/protocol.log-fields":    "the exact field set is pinned for log lines; live events may carry more and are read tolerantly",
		"inference/protocol.log-order":     "the order of a round's lines is the log's; live events reach each seat in its own view",
		"inference/protocol.sorted":        "the sort order of lists and of bust and return lines is pinned for the log file",
		"inference/protocol.deal-function": "a property of umpire's embedded server, re-derived from the whole log once the seed is revealed",
	}
}

// defaultObservable fills in a rule's observability when it names none:
// agent rules are agent-only, log rules log-only, a few named rules
// log-only (logOnly), every other rule live.
func defaultObservable(r Rule, logs map[string]string) Rule {
	if r.Observable != "" {
		return r
	}
	switch {
	case r.Area() == "agent":
		r.Observable, r.ObservableWhy = AgentOnly, whyAgent
	case r.Area() == "log":
		r.Observable, r.ObservableWhy = LogOnly, whyLog
	case logs[r.ID] != "":
		r.Observable, r.ObservableWhy = LogOnly, logs[r.ID]
	default:
		r.Observable = Live
	}
	return r
}

// checkObservable rejects an unknown observability, and a log-only or
// agent-only rule that does not say why.
func checkObservable(r Rule) error {
	if !r.Observable.Valid() {
		return fmt.Errorf("rules: rule %s has unknown observability %q", r.ID, r.Observable)
	}
	if r.Observable != Live && r.ObservableWhy == "" {
		return fmt.Errorf("rules: %s rule %s must say why no live message shows it", r.Observable, r.ID)
	}
	return nil
}

// ServerObservable reports whether a live server's messages can reveal a
// departure from r (an empty observability, from an old report, counts as
// live).
func (r Rule) ServerObservable() bool { return r.Observable == Live || r.Observable == "" }
