package rulebook

import "github.com/umpire-arena/umpire/referee/rules/def"

// ServerRules returns what umpire's conformance suite checks of a live
// BangArena server on top of the game rules: the REST and MCP contract,
// error answers, idempotency, versions and tokens. Where a game rule already
// says what a probe checks (illegal moves, timeouts, redaction), the probe
// cites that rule instead of a server rule.
func ServerRules() []def.Rule {
	const wire = "WIRE.md"
	const krug = "krug_rules@0.1.0"
	return []def.Rule{
		{ID: "bangarena/server.answer-shape", Level: def.Must, Doc: wire, Section: "Decision answers",
			Text: "Decision answers and error bodies have the pinned shapes: {ok, observationVersion, …} and {error:{code, message, …}}."},
		{ID: "bangarena/server.duplicate-command", Level: def.Must, Doc: krug, Section: "§12",
			Text: "A decision repeating an accepted commandId of the seat gets the stored answer again, marked duplicate, and is not applied twice."},
		{ID: "bangarena/server.legal-actions", Level: def.Must, Doc: krug, Section: "§13",
			Text: "The legalActions a server offers are the engine's for the same state: the same set of actionIds."},
		{ID: "bangarena/server.malformed-body", Level: def.Must, Doc: wire, Section: "Errors",
			Text: "A malformed decision body is refused (4xx, never 2xx or 5xx) and changes nothing; which 4xx is bangarena/server.status-code."},
		{ID: "bangarena/server.mcp-tools", Level: def.Must, Doc: krug, Section: "§12",
			Text: "A server that offers MCP at /mcp lists and answers the five arena tools."},
		{ID: "bangarena/server.mcp-twins", Level: def.Must, Doc: krug, Section: "§12", Basis: def.BasisReading, Ref: "I-BA-M1",
			Text: "Each MCP tool answers what its REST twin answers for the same seat and state: the observation, the legalActions, the DecisionRequest of observe, the rules summary (I-BA-M1)."},
		{ID: "bangarena/server.rules-summary", Level: def.Must, Doc: krug, Section: "§12",
			Text: "GET /api/arena/rules answers 200 with the rules summary as a JSON object."},
		{ID: "bangarena/server.rules-summary-shape", Level: def.Must, Doc: wire, Section: "Rules summary",
			Text: "The rules summary has umpire's pinned shape (schemas/bangarena/rules_summary.json: versions, pack id, roles, cards, characters, commands, perks)."},
		{ID: "bangarena/server.reask", Level: def.Must, Doc: krug, Section: "§14",
			Text: "The first illegal answer to a decision is refused with HTTP 400 and reask true, and nothing is applied."},
		{ID: "bangarena/server.replay", Level: def.Must, Doc: wire, Section: "Harness extension",
			Text: "The room's full log replays through the engine from its seed and decisions, to the winners the observations showed."},
		{ID: "bangarena/server.status-code", Level: def.Must, Doc: wire, Section: "Errors",
			Text: "A refusal answers umpire's pinned HTTP status: 401 for a missing or wrong token, 403 for another seat's, 409 for a stale version or nothing pending, 422 for a malformed body (400 with reask is the document's own)."},
		{ID: "bangarena/server.based-on-version", Level: def.Must, Doc: krug, Section: "§12",
			Text: "A decision may carry its version as basedOnVersion in place of observationVersion: one on the current version is accepted and applied."},
		{ID: "bangarena/server.stale-version", Level: def.Must, Doc: krug, Section: "§12", Basis: def.BasisReading, Ref: "I-BA-63",
			Text: "A decision based on an observationVersion older than the current one is rejected and not applied (I-BA-63: §12 lets the server reject it)."},
		{ID: "bangarena/server.future-version", Level: def.Must, Doc: krug, Section: "§12", Basis: def.BasisReading, Ref: "I-BA-63",
			Text: "A decision based on an observationVersion above the current one is rejected too, and not applied (I-BA-63)."},
		{ID: "bangarena/server.token", Level: def.Must, Doc: krug, Section: "§12",
			Text: "observe and decision need the seat's own x-agent-token: a missing, wrong or other seat's token is refused and nothing is shown or applied (which 4xx is bangarena/server.status-code)."},
	}
}
