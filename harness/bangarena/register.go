package bangarena

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"

	baprobe "github.com/umpire-arena/umpire/harness/bangarena/probe"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/bangarena/certifyside"
	bacli "github.com/umpire-arena/umpire/harness/bangarena/cli"
	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	baproxy "github.com/umpire-arena/umpire/harness/bangarena/proxyside"
	basrv "github.com/umpire-arena/umpire/harness/bangarena/server"
	"github.com/umpire-arena/umpire/harness/bangarena/viewer"
	"github.com/umpire-arena/umpire/harness/certify"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/game"
	"github.com/umpire-arena/umpire/harness/games"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	baverify "github.com/umpire-arena/umpire/referee/bangarena/verify"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// init hands each mode its part of the game (registered with its facts
// by package harness): this file is where the game is wired.
func init() {
	game.Extend(harness.GameBangArena, bangarena(),
		baprobe.Suite(),
		certifyside.Game(),
		baproxy.Side(),
		bacli.Part(),
		conform.CertifyRules(certifyside.Game().CheckRules),
		conform.VerifyRules(baverify.BangArenaRuleIDs),
	)
	// The HTML report's match viewer learns the game's messages from
	// here (package reports keeps no list of games).
	facts, _ := harness.Lookup(harness.GameBangArena)
	reports.RegisterViewerShape(facts.Order, viewer.Shape())
}

// bangarena describes BangArena (krug_rules@0.1.0, krug-decision/1).
func bangarena() *games.Game {
	facts, _ := harness.Lookup(harness.GameBangArena)
	return &games.Game{
		Facts:  facts,
		Checks: func() []conform.Check { return conform.Checks(harness.GameBangArena) },
		StartEmbedded: func(faults, dialects []string) (*conform.Embedded, error) {
			return conform.StartEmbeddedDialects(harness.GameBangArena, faults, dialects)
		},
		Faults: func(getenv func(string) string, unsafe bool) ([]string, error) {
			fs, err := basrv.FaultsFromEnv(getenv, unsafe)
			return games.Names(fs), err
		},
		Dialects: func() []string {
			var out []string
			for _, d := range basrv.DialectList() {
				out = append(out, string(d.Name))
			}
			return out
		},
		ParseDialects: func(list string) ([]string, error) {
			ds, err := basrv.ParseDialects(list)
			return games.Names(ds), err
		},
		Adversaries:     basrv.AdversaryKinds,
		CertifyRules:    func() map[string]string { return certify.CheckRules(harness.GameBangArena) },
		Verify:          verifyBangArena,
		VerifyRules:     baverify.BangArenaRuleIDs,
		SampleLogs:      bangarenaSampleLogs,
		SampleLogsTitle: "fresh match logs",
		ViewerSample:    `{"observationVersion":3,"observation":{"phase":"play","you":1,"players":[{"seat":1,"hp":3}]},"legalActions":[]}`,
		SelfCheck:       bangarenaSelfCheck,
	}
}

// maxShownLog bounds the BangArena log verify holds whole to take its
// chance from (a played room's log is a few hundred kilobytes): a longer
// input is streamed as before, without the chance it shows, so memory stays
// bounded whatever the input.
const maxShownLog = 16 << 20

// verifyBangArena re-simulates one BangArena log with the engine from its
// config and seed and compares it event by event (referee/bangarena/verify). A log
// up to maxShownLog is read whole first: it is re-simulated with the random
// outcomes it shows (I-BA-V8), its seed, when given, checking the
// commitment. A longer one is streamed and not re-simulated.
func verifyBangArena(ctx context.Context, r io.Reader, opts games.VerifyOptions, emit func(rules.Finding)) (games.VerifySummary, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxShownLog+1))
	if err != nil {
		return games.VerifySummary{}, err
	}
	// Judged with the chance the log shows; a seed checks the commitment,
	// and --deal umpire (the log's server declares umpire's generator)
	// compares the chance with it too (bangarena/log.chance).
	vo := baverify.BangArenaOptions{File: opts.File, Seeds: opts.Seeds, Unfinished: opts.Unfinished}
	src := io.Reader(bytes.NewReader(data))
	if len(data) > maxShownLog {
		src = io.MultiReader(src, r)
	} else {
		vo.Shown = baverify.ShownIn(data)
	}
	if opts.Deal == "umpire" {
		vo.Chance = baverify.ChanceUmpire
	}
	sum, err := baverify.VerifyBangArenaReader(ctx, src, vo, emit)
	return games.VerifySummary{Lines: sum.Lines, Units: sum.Events, Inconclusive: sum.Inconclusive, Evaluated: sum.Evaluated,
		SeedUnknown: sum.SeedUnknown, Public: sum.Public, Detail: sum}, err
}

// bangarenaSampleKinds are the scripted players of simulated BangArena
// matches, dealt round-robin.
func bangarenaSampleKinds() []string { return []string{"heuristic", "random"} }

// bangarenaSampleLogs simulates BangArena match i (4 to 6 seats) and
// returns its log.
func bangarenaSampleLogs(ctx context.Context, id, seed string, i int) ([]games.SampleLog, error) {
	cfg := ba.Config{Seats: 4 + i%3, MatchID: id}
	kinds := bangarenaSampleKinds()
	players := make([]baadv.Player, cfg.Seats)
	for j := range players {
		p, err := baadv.New(kinds[(i+j)%len(kinds)], fmt.Sprintf("%s/seat-%d", seed, j))
		if err != nil {
			return nil, err
		}
		players[j] = p
	}
	var log bytes.Buffer
	if _, err := baadv.Simulate(ctx, cfg, seed, players, &log); err != nil {
		return nil, fmt.Errorf("simulating match %s: %w", id, err)
	}
	return []games.SampleLog{{Name: id + ".jsonl", What: "full log", Data: log.Bytes()}}, nil
}

// bangarenaSelfCheck plays match i (every role mode, 4 to 8 seats) with a
// random player through the engine's invariant walk.
func bangarenaSelfCheck(seed string, i int) error {
	modes := []string{ba.ModeClassic, ba.ModePartners, ba.ModeImpostor, ba.ModeLegacy}
	cfg := ba.Config{Seats: 4 + i%5, RoleMode: modes[i%len(modes)], StagedCharacters: i%3 == 0}
	_, err := ba.PlaySelfChecked(cfg, seed, rand.New(rand.NewPCG(uint64(i), uint64(len(seed)))), nil)
	return err
}
