package rules

import (
	"fmt"
	"maps"
)

// The reasons NewCatalogue gives the rules whose observability follows
// from their area.
const (
	whyAgent = "the rule binds agents: certification judges it, no server message can break it"
	whyLog   = "the rule is about the match log file itself (GET /r/{id}.jsonl or a saved log); no live message carries it"
)

// logOnly lists the rules outside the "log" areas that only a whole match
// log shows, with why: every game's (def.Book.LogOnly).
func logOnly() map[string]string {
	out := map[string]string{}
	for _, b := range books() {
		if b.LogOnly != nil {
			maps.Copy(out, b.LogOnly())
		}
	}
	return out
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
