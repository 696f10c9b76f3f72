package rules

import "fmt"

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
