package proxy

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/game"
	baverify "github.com/umpire-arena/umpire/referee/bangarena/verify"
	"github.com/umpire-arena/umpire/referee/inference/verify"
	"github.com/umpire-arena/umpire/referee/rules"
)

// The games the relay knows (harness's names).
const (
	GameInference = harness.GameInference
	GameBangArena = harness.GameBangArena
)

// Side is what the relay holds of one game: whether its seats speak over
// a WebSocket the relay follows frame by frame, how an HTTP request of it
// is classified for judging, and how its match log is verified. Each game
// hands it to the registry (harness/game) where it is wired
// (harness/<game>/register.go); the package looks the game up there and
// branches on nothing else.
type Side struct {
	// ws is the path of the game's WebSocket ("" when it has none).
	ws string
	// classify names the kind and room of a judged HTTP request ("" for
	// one passed through unjudged); nil judges no HTTP request.
	classify func(r *http.Request) (kind, room string)
	// verifyLog reads a match log through the game's verifier.
	verifyLog func(ctx context.Context, body io.Reader, file string, h http.Header, emit func(rules.Finding)) (lines int, seedUnknown bool, err error)
}

// InferenceSide is Inference's part of the relay.
func InferenceSide() Side { return Side{ws: "/ws/inference", verifyLog: verifyInferenceLog} }

// BangArenaSide is BangArena's part of the relay.
func BangArenaSide() Side { return Side{classify: classify, verifyLog: verifyBangArenaLog} }

// sideOf returns game's part.
func sideOf(name string) (Side, error) {
	s, err := game.PartOf[Side](name)
	if err != nil {
		return Side{}, fmt.Errorf("proxy: %w", err)
	}
	return s, nil
}

// verifyInferenceLog verifies an Inference match log.
func verifyInferenceLog(ctx context.Context, body io.Reader, file string, _ http.Header, emit func(rules.Finding)) (int, bool, error) {
	sum, err := verify.NewInference(verify.Options{File: file}).Read(ctx, body, emit)
	return sum.Lines, false, err
}

// maxShownLog bounds the BangArena log the proxy holds whole to take its
// chance from; a longer one is streamed and re-simulated only from a seed.
const maxShownLog = 16 << 20

// verifyBangArenaLog verifies a BangArena room log with the one judge of
// outcomes: re-simulated with the random outcomes it shows, whatever
// generator the server draws with (the seed the server names in its
// Umpire-Seed header checking the commitment only).
func verifyBangArenaLog(ctx context.Context, body io.Reader, file string, h http.Header, emit func(rules.Finding)) (int, bool, error) {
	var seeds []string
	if s := h.Get("Umpire-Seed"); s != "" {
		seeds = []string{s}
	}
	data, err := io.ReadAll(io.LimitReader(body, maxShownLog+1))
	if err != nil {
		return 0, false, err
	}
	opts := baverify.BangArenaOptions{File: file, Seeds: seeds}
	src := io.Reader(bytes.NewReader(data))
	if len(data) > maxShownLog {
		src = io.MultiReader(src, body)
	} else {
		opts.Shown = baverify.ShownIn(data)
	}
	sum, err := baverify.NewBangArena(opts).Read(ctx, src, emit)
	return sum.Lines, sum.SeedUnknown, err
}
