package main

import (
	"fmt"
	"strings"

	"github.com/umpire-arena/umpire/harness/probe"
	infsrv "github.com/umpire-arena/umpire/harness/server/inference"
)

// inferenceDialectNames lists the Inference server's dialects for flag help.
func inferenceDialectNames() string {
	var names []string
	for _, d := range infsrv.Dialects() {
		names = append(names, string(d.Name))
	}
	return strings.Join(names, ", ")
}

// conformDialects reads conform's --dialect list for the embedded server
// of game: names the server knows (an unknown one is a usage error).
func conformDialects(game, list string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	if game != gameInference {
		return nil, fmt.Errorf("--dialect: the embedded %s server has no dialects", game)
	}
	ds, err := infsrv.ParseDialects(list)
	if err != nil {
		return nil, fmt.Errorf("--dialect: %v", err)
	}
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = string(d)
	}
	return out, nil
}

// startEmbedded starts the embedded server of game with faults and
// dialects.
func startEmbedded(game string, faults, dialects []string) (*probe.Embedded, error) {
	if game == gameInference && len(dialects) > 0 {
		return probe.StartEmbeddedInference(dialects, faults)
	}
	return probe.StartEmbedded(game, faults)
}
