package cli

import (
	"encoding/json"
	"strings"

	"github.com/umpire-arena/umpire/harness/gamecli"
)

// legalRules are legal's rules for BangArena.
func legalRules() gamecli.LegalRules {
	return gamecli.LegalRules{
		Pointer: "/legalActions", Extra: "bangarena/1.legal-only",
		Missing:   func(json.RawMessage) string { return "bangarena/1.legal-only" },
		Different: func(string) string { return "bangarena/13.args-schema" },
		Fields:    "bangarena/11.fields", LineLength: "bangarena/log.line-length",
		IDs: []string{"bangarena/1.legal-only", "bangarena/11.fields", "bangarena/13.args-schema", "bangarena/log.line-length"},
	}
}

// validateRules maps BangArena's schema violations to rules.
func validateRules() gamecli.ValidateRules {
	return gamecli.ValidateRules{
		Rules: func() []string {
			return []string{"bangarena/log.json", "bangarena/11.event-shape", "bangarena/11.fields", "bangarena/11.role-mode", "bangarena/12.request",
				"bangarena/13.args-schema", "bangarena/13.action-ids", "bangarena/agent.legal-answer", "bangarena/server.answer-shape",
				"bangarena/server.status-code", "bangarena/server.mcp-tools"}
		},
		Rule: func(kind string, at gamecli.ViolationPlace) string {
			loc := at.Loc
			switch {
			case kind == "" || kind == "event":
				return "bangarena/log.json"
			case strings.HasPrefix(kind, "mcp_"):
				return "bangarena/server.mcp-tools"
			case kind == "decision_answer":
				return "bangarena/server.answer-shape"
			case kind == "error":
				return "bangarena/server.status-code"
			case kind == "decision":
				return "bangarena/agent.legal-answer"
			case kind == "observation" && at.Under("/events"), kind == "decision_request" && at.Under("/observation/events"):
				// The schema judges an event's shape, not whom it shows.
				return "bangarena/11.event-shape"
			case kind == "observation" && at.Under("/roleMode"), kind == "decision_request" && at.Under("/observation/roleMode"):
				return "bangarena/11.role-mode"
			case kind == "observation" || kind == "card", kind == "decision_request" && at.Under("/observation"):
				return "bangarena/11.fields"
			case kind == "legal_action" && at.Under("/actionId"):
				return "bangarena/13.action-ids"
			case kind == "legal_action" && at.Under("/argsSchema"):
				return "bangarena/13.args-schema"
			case kind == "decision_request" && strings.HasPrefix(loc, "/legalActions/") && strings.HasSuffix(loc, "/actionId"):
				return "bangarena/13.action-ids"
			case kind == "decision_request" && strings.HasPrefix(loc, "/legalActions/") && strings.Contains(loc, "/argsSchema"):
				return "bangarena/13.args-schema"
			}
			return "bangarena/12.request"
		},
	}
}
