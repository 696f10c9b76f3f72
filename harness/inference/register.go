package inference

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"

	infprobe "github.com/umpire-arena/umpire/harness/inference/probe"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/certify"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/game"
	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/harness/inference/certifyside"
	infcli "github.com/umpire-arena/umpire/harness/inference/cli"
	infadv "github.com/umpire-arena/umpire/harness/inference/players"
	infproxy "github.com/umpire-arena/umpire/harness/inference/proxyside"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
	"github.com/umpire-arena/umpire/harness/inference/viewer"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/verify"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// init hands each mode its part of the game (registered with its facts
// by package harness): this file is where the game is wired.
func init() {
	game.Extend(harness.GameInference, inference(),
		infprobe.Suite(),
		certifyside.Game(),
		infproxy.Side(),
		infcli.Part(),
		conform.CertifyRules(certifyside.Game().CheckRules),
		conform.VerifyRules(verify.InferenceRuleIDs),
	)
	// The HTML report's match viewer learns the game's messages from
	// here (package reports keeps no list of games).
	facts, _ := harness.Lookup(harness.GameInference)
	reports.RegisterViewerShape(facts.Order, viewer.Shape())
}

// inference describes Inference (rules inference-0.4).
func inference() *games.Game {
	facts, _ := harness.Lookup(harness.GameInference)
	return &games.Game{
		Facts:  facts,
		Checks: func() []conform.Check { return conform.Checks(harness.GameInference) },
		StartEmbedded: func(faults, dialects []string) (*conform.Embedded, error) {
			if len(dialects) > 0 {
				return infprobe.StartEmbedded(dialects, faults)
			}
			return conform.StartEmbedded(harness.GameInference, faults)
		},
		Faults: func(getenv func(string) string, unsafe bool) ([]string, error) {
			fs, err := infsrv.FaultsFromEnv(getenv, unsafe)
			return games.Names(fs), err
		},
		Dialects: func() []string {
			var out []string
			for _, d := range infsrv.Dialects() {
				out = append(out, string(d.Name))
			}
			return out
		},
		ParseDialects: func(list string) ([]string, error) {
			ds, err := infsrv.ParseDialects(list)
			return games.Names(ds), err
		},
		Adversaries:     infadv.Kinds,
		CertifyRules:    func() map[string]string { return certify.CheckRules(harness.GameInference) },
		Verify:          verifyInference,
		VerifyRules:     verify.InferenceRuleIDs,
		SampleLogs:      inferenceSampleLogs,
		SampleLogsTitle: "fresh match logs (full and public)",
		ViewerSample:    `{"type":"your_turn","visible_state":{"your_seat":1,"players":[{"seat":1,"name":"me"}]}}`,
		SelfCheck:       inferenceSelfCheck,
	}
}

// verifyInference replays one Inference log (referee/inference/verify), streaming in
// constant memory. It is the one judge's check of a log alone
// (referee/inference/judge: Judge of FromLog gives the same findings,
// TestJudgeSameFindings); the judge merges a log with the seats' streams
// where a suite holds them.
func verifyInference(ctx context.Context, r io.Reader, opts games.VerifyOptions, emit func(rules.Finding)) (games.VerifySummary, error) {
	modes := map[string]verify.DealMode{"": verify.DealAuto, "auto": verify.DealAuto, "umpire": verify.DealUmpire, "other": verify.DealOther}
	mode, ok := modes[opts.Deal]
	if !ok {
		return games.VerifySummary{}, fmt.Errorf("unknown deal mode %q (want auto, umpire or other)", opts.Deal)
	}
	v := verify.NewInference(verify.Options{File: opts.File, Deal: mode, Unfinished: opts.Unfinished})
	sum, err := v.Read(ctx, r, emit)
	return games.VerifySummary{Lines: sum.Lines, Units: sum.Rounds, Inconclusive: sum.Inconclusive, Evaluated: sum.Evaluated,
		Public: sum.Public, Rederived: sum.DealsRederived, Detail: sum}, err
}

// inferenceSampleKinds are the scripted players of simulated Inference
// matches, dealt round-robin from the match's index.
func inferenceSampleKinds() []string { return []string{"random", "passive", "aggressive", "heuristic"} }

// inferenceSampleLogs simulates Inference match i at the default table
// and returns its full log and its public version (no deal_private lines).
func inferenceSampleLogs(ctx context.Context, id, seed string, i int) ([]games.SampleLog, error) {
	cfg := ref.DefaultConfig()
	kinds := inferenceSampleKinds()
	players := make([]infadv.Player, cfg.TableSize)
	for j := range players {
		p, err := infadv.New(kinds[(i+j)%len(kinds)], infadv.PlayerSeed(seed, j))
		if err != nil {
			return nil, err
		}
		players[j] = p
	}
	var full bytes.Buffer
	if _, err := infadv.Simulate(ctx, cfg, id, seed, players, &full); err != nil {
		return nil, fmt.Errorf("simulating match %s: %w", id, err)
	}
	return []games.SampleLog{
		{Name: id + ".jsonl", What: "full log", Data: full.Bytes()},
		{Name: id + ".public.jsonl", What: "public log", Data: PublicInferenceLog(full.Bytes()), Public: true},
	}, nil
}

// PublicInferenceLog returns log without its deal_private lines: the
// public version of a full Inference match log (WIRE.md).
func PublicInferenceLog(log []byte) []byte {
	var out []byte
	for line := range bytes.Lines(log) {
		if bytes.Contains(line, []byte(`"type":"`+ref.EventDealPrivate+`"`)) {
			continue
		}
		out = append(out, line...)
	}
	return out
}

// inferenceSelfCheck plays match i (3 to 8 seats, short stacks now and
// then, timeouts) with a random player through the engine's invariant walk,
// every view checked.
func inferenceSelfCheck(seed string, i int) error {
	cfg := ref.DefaultConfig()
	cfg.TableSize = 3 + i%6
	cfg.Rounds = 10 + i%20
	if i%2 == 1 {
		cfg.StartingCredits = 12
	}
	rng := rand.New(rand.NewPCG(uint64(i), uint64(len(seed))))
	_, err := ref.PlaySelfChecked(cfg, seed, rng, ref.SelfPlay{Timeouts: []float64{0, 0.05, 0.3}[i%3], CheckViews: true})
	return err
}
