package rulebook

import "github.com/umpire-arena/umpire/referee/rules/def"

// AgentRules returns the Inference rules umpire's certification checks of
// an agent under test: the rules every game's agents share
// (def.SharedAgentRules) and Inference's own protocol hygiene (recovery
// after an error, the turn echo, the table message's length, moves only
// when asked).
func AgentRules() []def.Rule {
	const (
		inf  = "inference-0.4"
		cli  = "CLI.md"
		wire = "WIRE.md"
	)
	return append(def.SharedAgentRules("inference", map[string]def.Source{
		"legal-answer":   {Doc: inf, Section: "Illegal moves"},
		"answer-in-time": {Doc: inf, Section: "Timeouts"},
	}), []def.Rule{
		{ID: "inference/agent.recover-after-error", Level: def.Must, Doc: wire, Section: "Envelope", Text: "After an error for its move the same turn is still open and the agent answers it again legally before the deadline."},
		{ID: "inference/agent.turn-echo", Level: def.Must, Doc: wire, Section: "Envelope", Text: "A move is of type move and echoes the match_id and turn of the your_turn it answers."},
		// The limit is the document's, its unit is not: "≤ 280 chars".
		// Over 280 even as user-perceived characters breaks the
		// document; over 280 code points only, WIRE.md's count.
		{ID: "inference/agent.message-length", Level: def.Must, Doc: inf, Section: "Round 4", Text: "The optional table message of a move is at most 280 characters, however characters are counted (more than 280 even as user-perceived characters is too long)."},
		{ID: "inference/agent.message-code-points", Level: def.Must, Doc: wire, Section: "Match log", Text: "The optional table message of a move is at most 280 Unicode code points (WIRE.md counts a message's length in code points)."},
		// The document says only that a move out of turn is answered
		// with an error: not answering unasked is CLI.md's.
		{ID: "inference/agent.only-when-asked", Level: def.Must, Doc: cli, Section: "certify", Text: "The agent writes a move only for its open your_turn (again after the error for its move): none when it is not its turn, nothing unsolicited."},
	}...)
}
