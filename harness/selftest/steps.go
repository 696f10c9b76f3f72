package selftest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/certify"
	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// Step timeouts: generous against the run's usual figures (a few seconds
// each on two cores), tight enough that a stuck step leaves time for the rest.
const (
	conformTimeout = 90 * time.Second
	certifyTimeout = 2 * time.Minute
	verifyTimeout  = time.Minute
)

// Certification settings of the demo: the tables are the games' defaults,
// the Inference matches shorter than the rules' 40 rounds so that a handful
// of matches per agent fits in seconds.
const (
	certifyInferenceRounds = 12
	// pythonDeadline is the Python agent's decision deadline: its first
	// answer waits for the interpreter to start, which takes seconds on a
	// loaded machine (the same allowance the certify tests give it).
	pythonDeadline = 15 * time.Second
)

// conformStep runs the server conformance suite against the embedded
// reference server of game, as "umpire conform --embedded" does.
func conformStep(o Options, g *games.Game) Step {
	game := g.Name
	return Step{
		Name: "conform-" + game, Game: game, Timeout: conformTimeout,
		Title: g.Title + ": server conformance suite against the embedded server",
		Run: func(ctx context.Context, env Env) (*reports.Report, error) {
			srv, err := g.StartEmbedded(nil, nil)
			if err != nil {
				return nil, fmt.Errorf("starting the embedded %s server: %w", g.Title, err)
			}
			defer srv.Close()
			t := conform.Target{Game: game, URL: srv.URL, Create: true, Strict: true}
			if err := t.Validate(); err != nil {
				return nil, err
			}
			cfg := t.Redacted()
			cfg["embedded"] = true
			start := time.Now()
			rep := reports.New(reports.Meta{Version: o.Version, Kind: reports.KindConform, Games: []string{game},
				RulesVersions: g.RulesVersions, Target: srv.URL + " (embedded)", Config: reports.Redact(cfg), Started: start, Strict: true},
				reports.ApplicableRules(reports.KindConform, rules.Default()))
			checks := g.Checks()
			rep.Checks = conform.RunAll(ctx, &t, checks, func(i int, _ reports.Check) { env.Progress(i+1, len(checks)) })
			rep.Meta.Duration = time.Since(start)
			return rep, nil
		},
	}
}

// certifyGoStep certifies the Go example agent, built once per run.
func certifyGoStep(o Options, g *games.Game, gb *goBuild) Step {
	game := g.Name
	title := g.Title + ": certification of the Go example agent"
	if gb.src.root == "" && o.SelfAgent != "" {
		title = g.Title + ": certification of the agent built into umpire (heuristic player; the Go example's sources are not here)"
	}
	return Step{
		Name: "certify-" + game + "-go", Game: game, Timeout: certifyTimeout,
		Title: title,
		Run: func(ctx context.Context, env Env) (*reports.Report, error) {
			if gb.src.root == "" && o.SelfAgent != "" {
				return certifySelf(ctx, o, g, "heuristic", env)
			}
			path, err := gb.agent(ctx)
			if err != nil {
				return nil, err
			}
			return certifyAgent(ctx, o, g, shellQuote(path)+" -seed 1", env, 0)
		},
	}
}

// certifySelf certifies the agent built into umpire's binary with one of
// its players, for a run where the example sources are not at hand; the
// report says so.
func certifySelf(ctx context.Context, o Options, g *games.Game, player string, env Env) (*reports.Report, error) {
	rep, err := certifyAgent(ctx, o, g, o.SelfAgent+" --game "+g.Name+" --player "+player+" --seed 1", env, 0)
	if rep != nil {
		rep.Warnings = append(rep.Warnings, "the example agents' sources are not here: this step certified the agent built into umpire (umpire example-agent, "+player+" player) instead")
	}
	return rep, err
}

// certifyPythonStep certifies the Python example agent with python3.
func certifyPythonStep(o Options, g *games.Game, src sources) Step {
	game := g.Name
	title := g.Title + ": certification of the Python example agent"
	if src.root == "" && o.SelfAgent != "" {
		title = g.Title + ": certification of the agent built into umpire (random player; the Python example's sources are not here)"
	}
	return Step{
		Name: "certify-" + game + "-python", Game: game, Timeout: certifyTimeout,
		Title: title,
		Run: func(ctx context.Context, env Env) (*reports.Report, error) {
			if src.root == "" && o.SelfAgent != "" {
				return certifySelf(ctx, o, g, "random", env)
			}
			if src.root == "" {
				return nil, Skip(src.why)
			}
			py, err := o.LookPath("python3")
			if err != nil {
				return nil, Skip("python3 is not on PATH, so the Python example agent cannot run (install Python 3 to certify it)")
			}
			script := filepath.Join(src.root, filepath.FromSlash(pythonAgent))
			if _, err := os.Stat(script); err != nil {
				return nil, Skip("the Python example agent is missing: " + err.Error())
			}
			py, err = pythonExecutable(ctx, py)
			if err != nil && ctx.Err() != nil {
				return nil, ctx.Err() // interrupted, not a broken python3
			}
			if err != nil {
				return nil, Skip("python3 on PATH does not run: " + err.Error())
			}
			return certifyAgent(ctx, o, g, shellQuote(py)+" "+shellQuote(script)+" --seed 1", env, pythonDeadline)
		},
	}
}

// pythonExecutable asks the interpreter found on PATH for its own path,
// so each match starts it directly rather than through a wrapper script
// (version managers put slow shell shims on PATH). It also proves that the
// interpreter runs.
func pythonExecutable(ctx context.Context, py string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, py, "-c", "import sys; print(sys.executable)").Output()
	if err != nil {
		return "", err
	}
	exe := strings.TrimSpace(string(out))
	if exe == "" {
		return py, nil
	}
	return exe, nil
}

// certifyAgent runs a certification of command on game with the decision
// deadline given (0: the game's).
func certifyAgent(ctx context.Context, o Options, g *games.Game, command string, env Env, deadline time.Duration) (*reports.Report, error) {
	game := g.Name
	cfg := certify.Config{
		Game: game, Agent: certify.Agent{Command: command}, Matches: o.Matches, Seed: Seed, Deadline: deadline,
		Version: o.Version, Args: []string{"umpire", "selftest", "--game", game, "--matches", fmt.Sprint(o.Matches)}, Strict: true,
		Progress: func(done, total int, _ *certify.MatchResult) { env.Progress(done, total) },
	}
	if g.Rounds {
		cfg.Rounds = certifyInferenceRounds
	}
	return certify.Run(ctx, cfg)
}

// verifyStep simulates o.Matches matches of game between scripted
// adversaries on the referee (Game.SampleLogs), keeps their logs in the
// step's directory under logs/, and replays each through the game's
// verifier: the full log and, for Inference, its public version.
func verifyStep(o Options, g *games.Game) Step {
	game := g.Name
	return Step{
		Name: "verify-" + game, Game: game, Timeout: verifyTimeout, Title: g.Title + ": " + g.SampleLogsTitle + " replayed by the verifier",
		Run: func(ctx context.Context, env Env) (*reports.Report, error) {
			logs := filepath.Join(env.Dir, "logs")
			if err := os.MkdirAll(logs, 0o755); err != nil {
				return nil, err
			}
			start := time.Now()
			rep := reports.New(reports.Meta{Version: o.Version, Kind: reports.KindVerify, Games: []string{game},
				RulesVersions: g.RulesVersions, Target: "simulated match logs in " + filepath.ToSlash(filepath.Join(filepath.Base(env.Dir), "logs")),
				Config: map[string]any{"matches": o.Matches, "seed": Seed}, Started: start, Strict: true},
				reports.ApplicableRules(reports.KindVerify, rules.Default()))
			covered := logRules(game)
			for i := range o.Matches {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				seed := fmt.Sprintf("%s/%d", Seed, i)
				rep.Meta.Seeds = append(rep.Meta.Seeds, seed)
				id := fmt.Sprintf("selftest-%s-%04d", game, i)
				checks, err := verifyLogs(ctx, g, logs, id, seed, i)
				if err != nil {
					return nil, err
				}
				for _, c := range checks {
					c.Section, c.Seed, c.Rules = "Match logs", seed, covered
					rep.Checks = append(rep.Checks, c)
				}
				env.Progress(i+1, o.Matches)
			}
			rep.Meta.Duration = time.Since(start)
			return rep, nil
		},
	}
}

// logRules lists the rules of game a match log can show: all but the
// agent's, the server's and the wire's.
func logRules(game string) []string {
	var out []string
	for _, r := range rules.Default().ForGame(game) {
		rest := strings.TrimPrefix(r.ID, game+"/")
		if strings.HasPrefix(rest, "agent.") || strings.HasPrefix(rest, "server.") || strings.HasPrefix(rest, "wire.") {
			continue
		}
		out = append(out, r.ID)
	}
	return out
}

// verifyLogs simulates match i of game, writes its logs into dir and
// verifies each: one check per log.
func verifyLogs(ctx context.Context, g *games.Game, dir, id, seed string, i int) ([]reports.Check, error) {
	logs, err := g.SampleLogs(ctx, id, seed, i)
	if err != nil {
		return nil, err
	}
	var checks []reports.Check
	for _, lg := range logs {
		if err := os.WriteFile(filepath.Join(dir, lg.Name), lg.Data, 0o644); err != nil {
			return nil, err
		}
		checks = append(checks, checkLog(ctx, g, lg, []string{seed}))
	}
	return checks, nil
}

// checkLog verifies one log of umpire's own: a check that passes when the
// verifier finds nothing, and is an error when the log is not what umpire
// meant to write (a harness fault, not a finding about the rules).
func checkLog(ctx context.Context, g *games.Game, lg games.SampleLog, seeds []string) reports.Check {
	start := time.Now()
	c := reports.Check{Name: lg.Name + ": " + lg.What}
	var fs []rules.Finding
	sum, err := g.Verify(ctx, bytes.NewReader(lg.Data), games.VerifyOptions{File: lg.Name, Seeds: seeds}, func(f rules.Finding) { fs = append(fs, f) })
	c.Duration = time.Since(start)
	c.Rules, c.Evaluated = g.VerifyRules(), evaluated(sum.Evaluated)
	switch {
	case err != nil:
		c.Status, c.Reason = reports.Error, "the verifier stopped: "+err.Error()
	case sum.SeedUnknown:
		c.Status, c.Reason = reports.Error, "the verifier did not recognise the seed the match was dealt from"
	case g.Rounds && len(fs) == 0 && sum.Public != lg.Public:
		c.Status, c.Reason = reports.Error, fmt.Sprintf("the verifier read the %s as public=%v", lg.What, sum.Public)
	case g.Rounds && len(fs) == 0 && !lg.Public && sum.Rederived == 0:
		c.Status, c.Reason = reports.Error, "no hidden value of the full log was re-derived from its seed"
	default:
		c.Status, c.Findings = statusOf(fs)
	}
	return c
}

// statusOf is Pass without findings, Fail with any (a failed check whose
// findings are all SHOULD or INFO is a warning, see reports.Check).
func statusOf(fs []rules.Finding) (reports.Status, []reports.Finding) {
	if len(fs) == 0 {
		return reports.Pass, nil
	}
	out := make([]reports.Finding, len(fs))
	for i, f := range fs {
		out[i] = reports.Finding{Finding: f}
	}
	return reports.Fail, out
}

// evaluated is a verifier's evaluation counts as a check reports them:
// never nil, so the coverage matrix attributes rules from them.
func evaluated(m map[string]int) map[string]int {
	if m == nil {
		return map[string]int{}
	}
	return m
}
