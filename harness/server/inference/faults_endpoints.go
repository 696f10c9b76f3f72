package inference

import "net/http"

// The faults of the endpoints beside the match (issue 29).
const (
	// FaultNoRules answers GET /rules/inference with 404.
	FaultNoRules Fault = "no-rules"
)

// endpointFaultList is faultList's part for the faults of this file.
func endpointFaultList() []FaultInfo {
	return []FaultInfo{
		{FaultNoRules, "inference/server.rules-served", "GET /rules/inference answers 404"},
	}
}

// serveRulesOrFault serves the rules, or 404 with FaultNoRules on.
func (s *Server) serveRulesOrFault(w http.ResponseWriter, r *http.Request) {
	if s.faults.on(FaultNoRules) {
		http.NotFound(w, r)
		return
	}
	s.serveRules(w, r)
}
