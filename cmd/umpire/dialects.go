package main

import (
	"fmt"
	"strings"

	"github.com/umpire-arena/umpire/harness/conform"
)

// dialectNames lists game's embedded server's dialects for flag help.
func dialectNames(game string) string { return strings.Join(mustGame(game).Dialects(), ", ") }

// conformDialects reads conform's --dialect list for the embedded server
// of game: names the server knows (an unknown one is a usage error).
func conformDialects(game, list string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	ds, err := gameOf(game).ParseDialects(list)
	if err != nil {
		return nil, fmt.Errorf("--dialect: %v", err)
	}
	return ds, nil
}

// startEmbedded starts the embedded server of game with faults and
// dialects.
func startEmbedded(game string, faults, dialects []string) (*conform.Embedded, error) {
	return gameOf(game).StartEmbedded(faults, dialects)
}

// allDialectNames lists every game's dialects for flag help:
// "Inference: a, b; BangArena: c, d" (a game without dialects left out).
func allDialectNames() string {
	var parts []string
	for _, g := range cliGames() {
		if ds := g.Dialects(); len(ds) > 0 {
			parts = append(parts, g.Title+": "+strings.Join(ds, ", "))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "; ")
}
