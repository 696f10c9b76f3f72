package def

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
