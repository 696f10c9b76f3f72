package probe

// endpointFaultCases are the faults of the MCP tools and the rules
// endpoints (harness/bangarena/server/faults_mcp.go,
// harness/inference/server/faults_endpoints.go), each with the rule the
// suite must report for it (see faultTable).
func endpointFaultCases() []faultCase {
	return []faultCase{
		{GameBangArena, "mcp-legal-short", "bangarena/server.mcp-twins", nil},
		{GameBangArena, "no-rules-summary", "bangarena/server.rules-summary", nil},
		{GameBangArena, "default-deadline-60s", "bangarena/14.default-deadline", nil},
		{GameInference, "no-rules", "inference/server.rules-served", nil},
		{GameInference, "default-rounds-30", "inference/match.rounds", nil},
		{GameInference, "default-deadline-30s", "inference/timeouts.default-deadline", nil},
	}
}
