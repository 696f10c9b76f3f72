package server

import (
	"net/http"

	ref "github.com/umpire-arena/umpire/referee/inference"
)

// The faults of the endpoints beside the match and of the documents'
// defaults (issue 29).
const (
	// FaultNoRules answers GET /rules/inference with 404.
	FaultNoRules Fault = "no-rules"
	// FaultDefaultRounds30 gives a match created without a round count 30
	// rounds instead of the default 40.
	FaultDefaultRounds30 Fault = "default-rounds-30"
	// FaultDefaultDeadline30s gives a match created without a deadline
	// 30 s turns instead of the default 10 s.
	FaultDefaultDeadline30s Fault = "default-deadline-30s"
)

// endpointFaultList is faultList's part for the faults of this file.
func endpointFaultList() []FaultInfo {
	return []FaultInfo{
		{FaultNoRules, "inference/server.rules-served", "GET /rules/inference answers 404"},
		{FaultDefaultRounds30, "inference/match.rounds", "a match created without a round count has 30 rounds"},
		{FaultDefaultDeadline30s, "inference/timeouts.default-deadline", "a match created without a deadline has 30 s turns"},
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

// defaultsFault applies FaultDefaultRounds30 and FaultDefaultDeadline30s to the configuration of a
// match created from spec.
func (s *Server) defaultsFault(spec MatchSpec, cfg ref.Config) ref.Config {
	if s.faults.on(FaultDefaultRounds30) && spec.Rounds == 0 {
		cfg.Rounds = 30
	}
	if s.faults.on(FaultDefaultDeadline30s) && spec.DeadlineMS == 0 {
		cfg.TurnDeadlineMS = 30000
	}
	return cfg
}
