package def

// Source is where a rule is stated: a document and its section.
type Source struct{ Doc, Section string }

// SharedAgentRules returns the agent rules certification checks of every
// game, under game's ids ("game/agent.slug"): legal answers, deadlines,
// surviving a server's error, and the process hygiene of umpire's harness.
// at gives the document and section where the game's own rules state a
// slug (legal-answer and answer-in-time at least); a slug it does not name
// rests on CLI.md's certify section.
func SharedAgentRules(game string, at map[string]Source) []Rule {
	rule := func(slug string, level Level, text string) Rule {
		src, ok := at[slug]
		if !ok {
			// umpire's harness, where the documents know no process
			src = Source{Doc: "CLI.md", Section: "certify"}
		}
		return Rule{ID: game + "/agent." + slug, Level: level, Doc: src.Doc, Section: src.Section, Text: text}
	}
	return []Rule{
		rule("legal-answer", Must, "Every answer of the agent is one of the legal actions it was offered, with arguments inside their bounds."),
		rule("answer-in-time", Must, "The agent answers every decision before its deadline."),
		rule("survives-server-error", Must, "After an error from the server that it did not cause, the agent keeps playing: it does not stop, and it answers the next decision (the answer's legality is the legal-answer rule's)."),
		// The documents know no process: that the agent's program lives
		// until the match ends and answers SIGTERM is umpire's harness
		// (CLI.md, the agent's side of --agent). A request a crashed or hung
		// agent leaves unanswered is answer-in-time's finding, on the
		// documents' deadline.
		rule("no-crash", Must, "The agent's process stays alive and connected until the match ends (a request it leaves unanswered is answer-in-time's)."),
		rule("no-hang", Must, "The agent never falls silent past the watchdog and never has to be killed with SIGKILL (a request it leaves unanswered is answer-in-time's)."),
		rule("hygiene", Must, "Every line the agent writes on stdout is one JSON object within the size cap, and it does not flood."),
		rule("no-survivors", Must, "Nothing the agent starts outlives its match: no process of it is left outside its process group once the group has been ended (setsid, setpgid or a daemon's double fork do not escape)."),
		rule("exit-after-end", Should, "After match_end the agent exits by itself within the grace period, without being signalled."),
	}
}
