package server

import (
	"time"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// The faults of the MCP tools and the rules summary (issue 29: the tools
// and endpoints §12 names, each called and compared with its REST twin).
const (
	// FaultMCPLegalShort answers arena_list_legal_actions without the last
	// item of the seat's legalActions, which observe still offers.
	FaultMCPLegalShort Fault = "mcp-legal-short"
	// FaultNoRulesSummary answers GET /api/arena/rules with 404.
	FaultNoRulesSummary Fault = "no-rules-summary"
	// FaultDefaultDeadline60s gives a room created without deadlineMs 60 s
	// per decision, neither of the documents' defaults.
	FaultDefaultDeadline60s Fault = "default-deadline-60s"
)

// mcpFaults lists the faults of this file (appended in FaultList).
func mcpFaults() []FaultInfo {
	return []FaultInfo{
		{FaultMCPLegalShort, "bangarena/server.mcp-twins", "§12 MCP arena_list_legal_actions; I-BA-M1", "arena_list_legal_actions lacks the last item observe offers"},
		{FaultNoRulesSummary, "bangarena/server.rules-summary", "§12 rules summary as JSON: GET /api/arena/rules", "GET /api/arena/rules answers 404"},
		{FaultDefaultDeadline60s, "bangarena/14.default-deadline", "§14 decision deadline 30 s, an AI seat's 15 s; I-BA-D2", "a room created without deadlineMs gives 60 s per decision"},
	}
}

// mcpLegal returns the items arena_list_legal_actions answers: legal, or,
// with FaultMCPLegalShort on, legal without its last item.
func (s *Server) mcpLegal(legal []ref.LegalAction) []ref.LegalAction {
	if s.faults.on(FaultMCPLegalShort) && len(legal) > 0 {
		return legal[: len(legal)-1 : len(legal)-1]
	}
	return legal
}

// defaultDeadline is the deadline of a room created without deadlineMs:
// the server's (15 s unless configured), or 60 s with
// FaultDefaultDeadline60s on.
func (s *Server) defaultDeadline() time.Duration {
	if s.faults.on(FaultDefaultDeadline60s) {
		return 60 * time.Second
	}
	return s.opts.Deadline
}
