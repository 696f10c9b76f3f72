package proxy

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/referee/verify"
)

// The games the relay knows (harness's names).
const (
	GameInference = harness.GameInference
	GameBangArena = harness.GameBangArena
)

// side is what the relay holds of one game: whether its seats speak over
// a WebSocket the relay follows frame by frame, how an HTTP request of it
// is classified for judging, and how its match log is verified. One entry
// per game (sides); the rest of the package looks the game up and branches
// on nothing else.
type side struct {
	// ws is the path of the game's WebSocket ("" when it has none).
	ws string
	// classify names the kind and room of a judged HTTP request ("" for
	// one passed through unjudged); nil judges no HTTP request.
	classify func(r *http.Request) (kind, room string)
	// verifyLog reads a match log through the game's verifier.
	verifyLog func(ctx context.Context, body io.Reader, file string, h http.Header, emit func(rules.Finding)) (lines int, seedUnknown bool, err error)
}

// sides lists the games the relay knows, by name.
func sides() map[string]side {
	return map[string]side{
		GameInference: {ws: "/ws/inference", verifyLog: verifyInferenceLog},
		GameBangArena: {classify: classify, verifyLog: verifyBangArenaLog},
	}
}

// sideOf returns game's entry.
func sideOf(game string) (side, error) {
	s, ok := sides()[game]
	if !ok {
		return side{}, fmt.Errorf("proxy: unknown game %q (want inference or bangarena)", game)
	}
	return s, nil
}

// verifyInferenceLog verifies an Inference match log.
func verifyInferenceLog(ctx context.Context, body io.Reader, file string, _ http.Header, emit func(rules.Finding)) (int, bool, error) {
	sum, err := verify.NewInference(verify.Options{File: file}).Read(ctx, body, emit)
	return sum.Lines, false, err
}

// verifyBangArenaLog verifies a BangArena room log, with the seed the
// server names in its Umpire-Seed header.
func verifyBangArenaLog(ctx context.Context, body io.Reader, file string, h http.Header, emit func(rules.Finding)) (int, bool, error) {
	var seeds []string
	if s := h.Get("Umpire-Seed"); s != "" {
		seeds = []string{s}
	}
	sum, err := verify.NewBangArena(verify.BangArenaOptions{File: file, Seeds: seeds}).Read(ctx, body, emit)
	return sum.Lines, sum.SeedUnknown, err
}
