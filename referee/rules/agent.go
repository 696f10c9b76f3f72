package rules

// Agent rules are what umpire's certification checks of an agent under test:
// protocol hygiene on top of the game rules (legal answers, deadlines, reask
// recovery, commandId use, version echo). Their ids live under the game they
// concern, e.g. "inference/agent.answer-in-time" or
// "bangarena/agent.command-id-unique".

// AgentRules returns the agent-certification part of the catalogue.
func AgentRules() []Rule {
	const (
		inf  = "inference-0.4"
		ba   = "krug_rules@0.1.0"
		cli  = "CLI.md"
		wire = "WIRE.md"
	)
	// both makes the rule of one slug for the two games.
	both := func(slug string, level Level, infDoc, infSec, baDoc, baSec, text string) []Rule {
		return []Rule{
			{ID: "inference/agent." + slug, Level: level, Doc: infDoc, Section: infSec, Text: text},
			{ID: "bangarena/agent." + slug, Level: level, Doc: baDoc, Section: baSec, Text: text},
		}
	}
	var out []Rule
	for _, l := range [][]Rule{
		both("legal-answer", Must, inf, "Illegal moves", ba, "§1", "Every answer of the agent is one of the legal actions it was offered, with arguments inside their bounds."),
		both("answer-in-time", Must, inf, "Timeouts", ba, "§14", "The agent answers every decision before its deadline."),
		both("survives-server-error", Must, cli, "certify", ba, "§14", "After an error from the server that it did not cause, the agent keeps playing: it does not stop, and it answers the next decision (the answer's legality is the legal-answer rule's)."),
		// The documents know no process: that the agent's program lives
		// until the match ends and answers SIGTERM is umpire's harness
		// (CLI.md, the agent's side of --agent). A request a crashed or hung
		// agent leaves unanswered is answer-in-time's finding, on the
		// documents' deadline.
		both("no-crash", Must, cli, "certify", cli, "certify", "The agent's process stays alive and connected until the match ends (a request it leaves unanswered is answer-in-time's)."),
		both("no-hang", Must, cli, "certify", cli, "certify", "The agent never falls silent past the watchdog and never has to be killed with SIGKILL (a request it leaves unanswered is answer-in-time's)."),
		both("hygiene", Must, cli, "certify", cli, "certify", "Every line the agent writes on stdout is one JSON object within the size cap, and it does not flood."),
		both("no-survivors", Must, cli, "certify", cli, "certify", "Nothing the agent starts outlives its match: no process of it is left outside its process group once the group has been ended (setsid, setpgid or a daemon's double fork do not escape)."),
		both("exit-after-end", Should, cli, "certify", cli, "certify", "After match_end the agent exits by itself within the grace period, without being signalled."),
		{
			{ID: "inference/agent.recover-after-error", Level: Must, Doc: wire, Section: "Envelope", Text: "After an error for its move the same turn is still open and the agent answers it again legally before the deadline."},
			{ID: "inference/agent.turn-echo", Level: Must, Doc: wire, Section: "Envelope", Text: "A move is of type move and echoes the match_id and turn of the your_turn it answers."},
			// The limit is the document's, its unit is not: "≤ 280 chars".
			// Over 280 even as user-perceived characters breaks the
			// document; over 280 code points only, WIRE.md's count.
			{ID: "inference/agent.message-length", Level: Must, Doc: inf, Section: "Round 4", Text: "The optional table message of a move is at most 280 characters, however characters are counted (more than 280 even as user-perceived characters is too long)."},
			{ID: "inference/agent.message-code-points", Level: Must, Doc: wire, Section: "Match log", Text: "The optional table message of a move is at most 280 Unicode code points (WIRE.md counts a message's length in code points)."},
			// The document says only that a move out of turn is answered
			// with an error: not answering unasked is CLI.md's.
			{ID: "inference/agent.only-when-asked", Level: Must, Doc: cli, Section: "certify", Text: "The agent writes a move only for its open your_turn (again after the error for its move): none when it is not its turn, nothing unsolicited."},
			{ID: "bangarena/agent.recover-after-reask", Level: Must, Doc: ba, Section: "§14", Text: "After a 400 answer with reask true the agent answers the same decision again with a legal item."},
			// §1: act only by choosing exactly one item of the current
			// DecisionRequest. What is not a decision at all (no actionId)
			// is the hygiene pin's.
			{ID: "bangarena/agent.only-when-asked", Level: Must, Doc: ba, Section: "§1", Text: "The agent decides only on the current DecisionRequest, once: no decision when none is pending for it, no second decision for a request it already answered."},
			{ID: "bangarena/agent.command-id-unique", Level: Must, Doc: ba, Section: "§12", Text: "Each decision gets a fresh commandId; one is sent again only to retry the same decision."},
			// §16: "no attempts to read hidden state". What umpire can see
			// of an attempt is a request for another seat than the one
			// the agent's token opens (its observation, its decision).
			{ID: "bangarena/agent.own-seat-only", Level: Must, Doc: ba, Section: "§16", Text: "The agent asks only for its own seat: it never requests another seat's observation or decision request with its token (no attempt to read hidden state)."},
			{ID: "bangarena/agent.version-echo", Level: Must, Doc: ba, Section: "§12", Text: "A decision echoes the observationVersion (or basedOnVersion) of the DecisionRequest it answers, and the seat asked."},
		},
	} {
		out = append(out, l...)
	}
	return out
}
