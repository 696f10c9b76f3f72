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
		both("only-when-asked", Must, cli, "certify", ba, "§12", "The agent answers only what asks for an answer: nothing when it is not its turn, nothing unsolicited."),
		both("survives-server-error", Must, cli, "certify", ba, "§14", "After an error from the server that it did not cause, the agent keeps playing: it does not stop, and it answers the next decision (the answer's legality is the legal-answer rule's)."),
		// A crashed or hung agent misses every deadline after it: the
		// documents' deadlines are the basis, not a pin of ours.
		both("no-crash", Must, inf, "Timeouts", ba, "§14", "The agent's process stays alive and connected until the match ends."),
		both("no-hang", Must, inf, "Timeouts", ba, "§14", "The agent never stops answering altogether and never has to be killed with SIGKILL."),
		both("hygiene", Must, cli, "certify", cli, "certify", "Every line the agent writes on stdout is one JSON object within the size cap, and it does not flood."),
		both("no-survivors", Must, cli, "certify", cli, "certify", "Nothing the agent starts outlives its match: no process of it is left outside its process group once the group has been ended (setsid, setpgid or a daemon's double fork do not escape)."),
		both("exit-after-end", Should, cli, "certify", cli, "certify", "After match_end the agent exits by itself within the grace period, without being signalled."),
		{
			{ID: "inference/agent.recover-after-error", Level: Must, Doc: wire, Section: "Envelope", Text: "After an error for its move the same turn is still open and the agent answers it again legally before the deadline."},
			{ID: "inference/agent.turn-echo", Level: Must, Doc: wire, Section: "Envelope", Text: "A move is of type move and echoes the match_id and turn of the your_turn it answers."},
			{ID: "inference/agent.message-length", Level: Must, Doc: inf, Section: "On the wire: move", Text: "The optional table message of a move is at most 280 characters (code points)."},
			{ID: "bangarena/agent.recover-after-reask", Level: Must, Doc: ba, Section: "§14", Text: "After a 400 answer with reask true the agent answers the same decision again with a legal item."},
			{ID: "bangarena/agent.command-id-unique", Level: Must, Doc: ba, Section: "§12", Text: "Each decision gets a fresh commandId; one is sent again only to retry the same decision."},
			{ID: "bangarena/agent.version-echo", Level: Must, Doc: ba, Section: "§12", Text: "A decision echoes the observationVersion (or basedOnVersion) of the DecisionRequest it answers, and the seat asked."},
		},
	} {
		out = append(out, l...)
	}
	return out
}
