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

	"github.com/umpire-arena/umpire/harness"
	baadv "github.com/umpire-arena/umpire/harness/adversaries/bangarena"
	infadv "github.com/umpire-arena/umpire/harness/adversaries/inference"
	"github.com/umpire-arena/umpire/harness/certify"
	"github.com/umpire-arena/umpire/harness/probe"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/referee/verify"
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

// rulesVersions names the documents a game is judged against.

// gameTitle is a game's name for people.
func gameTitle(game string) string {
	if game == GameBangArena {
		return "BangArena"
	}
	return "Inference"
}

// conformStep runs the server conformance suite against the embedded
// reference server of game, as "umpire conform --embedded" does.
func conformStep(o Options, game string) Step {
	return Step{
		Name: "conform-" + game, Game: game, Timeout: conformTimeout,
		Title: gameTitle(game) + ": server conformance suite against the embedded server",
		Run: func(ctx context.Context, env Env) (*reports.Report, error) {
			srv, err := probe.StartEmbedded(game, nil)
			if err != nil {
				return nil, fmt.Errorf("starting the embedded %s server: %w", gameTitle(game), err)
			}
			defer srv.Close()
			t := probe.Target{Game: game, URL: srv.URL, Create: true, Strict: true}
			if err := t.Validate(); err != nil {
				return nil, err
			}
			cfg := t.Redacted()
			cfg["embedded"] = true
			start := time.Now()
			rep := reports.New(reports.Meta{Version: o.Version, Kind: reports.KindConform, Games: []string{game},
				RulesVersions: harness.RulesVersions(game), Target: srv.URL + " (embedded)", Config: reports.Redact(cfg), Started: start, Strict: true},
				reports.ApplicableRules(reports.KindConform, rules.Default()))
			checks := probe.Checks(game)
			rep.Checks = probe.RunAll(ctx, &t, checks, func(i int, _ reports.Check) { env.Progress(i+1, len(checks)) })
			rep.Meta.Duration = time.Since(start)
			return rep, nil
		},
	}
}

// certifyGoStep certifies the Go example agent, built once per run.
func certifyGoStep(o Options, game string, gb *goBuild) Step {
	title := gameTitle(game) + ": certification of the Go example agent"
	if gb.src.root == "" && o.SelfAgent != "" {
		title = gameTitle(game) + ": certification of the agent built into umpire (heuristic player; the Go example's sources are not here)"
	}
	return Step{
		Name: "certify-" + game + "-go", Game: game, Timeout: certifyTimeout,
		Title: title,
		Run: func(ctx context.Context, env Env) (*reports.Report, error) {
			if gb.src.root == "" && o.SelfAgent != "" {
				return certifySelf(ctx, o, game, "heuristic", env)
			}
			path, err := gb.agent(ctx)
			if err != nil {
				return nil, err
			}
			return certifyAgent(ctx, o, game, shellQuote(path)+" -seed 1", env, 0)
		},
	}
}

// certifySelf certifies the agent built into umpire's binary with one of
// its players, for a run where the example sources are not at hand; the
// report says so.
func certifySelf(ctx context.Context, o Options, game, player string, env Env) (*reports.Report, error) {
	rep, err := certifyAgent(ctx, o, game, o.SelfAgent+" --game "+game+" --player "+player+" --seed 1", env, 0)
	if rep != nil {
		rep.Warnings = append(rep.Warnings, "the example agents' sources are not here: this step certified the agent built into umpire (umpire example-agent, "+player+" player) instead")
	}
	return rep, err
}

// certifyPythonStep certifies the Python example agent with python3.
func certifyPythonStep(o Options, game string, src sources) Step {
	title := gameTitle(game) + ": certification of the Python example agent"
	if src.root == "" && o.SelfAgent != "" {
		title = gameTitle(game) + ": certification of the agent built into umpire (random player; the Python example's sources are not here)"
	}
	return Step{
		Name: "certify-" + game + "-python", Game: game, Timeout: certifyTimeout,
		Title: title,
		Run: func(ctx context.Context, env Env) (*reports.Report, error) {
			if src.root == "" && o.SelfAgent != "" {
				return certifySelf(ctx, o, game, "random", env)
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
			return certifyAgent(ctx, o, game, shellQuote(py)+" "+shellQuote(script)+" --seed 1", env, pythonDeadline)
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
func certifyAgent(ctx context.Context, o Options, game, command string, env Env, deadline time.Duration) (*reports.Report, error) {
	cfg := certify.Config{
		Game: game, Agent: certify.Agent{Command: command}, Matches: o.Matches, Seed: Seed, Deadline: deadline,
		Version: o.Version, Args: []string{"umpire", "selftest", "--game", game, "--matches", fmt.Sprint(o.Matches)}, Strict: true,
		Progress: func(done, total int, _ *certify.MatchResult) { env.Progress(done, total) },
	}
	if game == GameInference {
		cfg.Rounds = certifyInferenceRounds
	}
	return certify.Run(ctx, cfg)
}

// verifyStep simulates o.Matches matches of game between scripted
// adversaries on the referee, keeps their logs in the step's directory
// under logs/, and replays each through the shadow referee: the full log
// and, for Inference, its public version (without deal_private lines).
func verifyStep(o Options, game string) Step {
	title := gameTitle(game) + ": fresh match logs replayed by the verifier"
	if game == GameInference {
		title = gameTitle(game) + ": fresh match logs (full and public) replayed by the verifier"
	}
	return Step{
		Name: "verify-" + game, Game: game, Timeout: verifyTimeout, Title: title,
		Run: func(ctx context.Context, env Env) (*reports.Report, error) {
			logs := filepath.Join(env.Dir, "logs")
			if err := os.MkdirAll(logs, 0o755); err != nil {
				return nil, err
			}
			start := time.Now()
			rep := reports.New(reports.Meta{Version: o.Version, Kind: reports.KindVerify, Games: []string{game},
				RulesVersions: harness.RulesVersions(game), Target: "simulated match logs in " + filepath.ToSlash(filepath.Join(filepath.Base(env.Dir), "logs")),
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
				var checks []reports.Check
				var err error
				if game == GameInference {
					checks, err = verifyInference(ctx, logs, id, seed, i)
				} else {
					checks, err = verifyBangArena(ctx, logs, id, seed, i)
				}
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

// logRules are the rules a log verification covers: the replay re-derives
// the whole match, so every rule of the game but those about agents,
// servers and wire messages (which only a live exchange shows).
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

// inferenceKinds are the scripted players of the simulated Inference
// matches, dealt round-robin.
var inferenceKinds = [...]string{"random", "passive", "aggressive", "heuristic"}

// verifyInference simulates Inference match i, writes its full and public
// logs, and verifies both.
func verifyInference(ctx context.Context, dir, id, seed string, i int) ([]reports.Check, error) {
	cfg := inference.DefaultConfig()
	players := make([]infadv.Player, cfg.TableSize)
	for j := range players {
		p, err := infadv.New(inferenceKinds[(i+j)%len(inferenceKinds)], infadv.PlayerSeed(seed, j))
		if err != nil {
			return nil, err
		}
		players[j] = p
	}
	var full bytes.Buffer
	if _, err := infadv.Simulate(ctx, cfg, id, seed, players, &full); err != nil {
		return nil, fmt.Errorf("simulating match %s: %w", id, err)
	}
	public := publicLog(full.Bytes())
	var checks []reports.Check
	for _, lg := range []struct {
		name, what string
		data       []byte
		public     bool
	}{{id + ".jsonl", "full log", full.Bytes(), false}, {id + ".public.jsonl", "public log", public, true}} {
		if err := os.WriteFile(filepath.Join(dir, lg.name), lg.data, 0o644); err != nil {
			return nil, err
		}
		checks = append(checks, checkInferenceLog(ctx, lg.name, lg.what, lg.data, lg.public))
	}
	return checks, nil
}

// checkInferenceLog verifies one Inference log: a check that passes when
// the verifier finds nothing.
func checkInferenceLog(ctx context.Context, name, what string, data []byte, public bool) reports.Check {
	start := time.Now()
	c := reports.Check{Name: name + ": " + what}
	var fs []rules.Finding
	v := verify.NewInference(verify.Options{File: name})
	sum, err := v.Read(ctx, bytes.NewReader(data), func(f rules.Finding) { fs = append(fs, f) })
	c.Duration = time.Since(start)
	c.Rules, c.Evaluated = verify.InferenceRuleIDs(), evaluated(sum.Evaluated)
	switch {
	case err != nil:
		c.Status, c.Reason = reports.Error, "the verifier stopped: "+err.Error()
	case len(fs) == 0 && sum.Public != public:
		// The log umpire wrote is not the kind it meant to write: a
		// harness fault, not a finding about the rules.
		c.Status, c.Reason = reports.Error, fmt.Sprintf("the verifier read the %s as public=%v", what, sum.Public)
	case len(fs) == 0 && !public && sum.DealsRederived == 0:
		c.Status, c.Reason = reports.Error, "no hidden value of the full log was re-derived from its seed"
	default:
		c.Status, c.Findings = statusOf(fs)
	}
	return c
}

// publicLog returns log without its deal_private lines: the public version
// of a full Inference match log (WIRE.md).
func publicLog(log []byte) []byte {
	var out []byte
	for line := range bytes.Lines(log) {
		if bytes.Contains(line, []byte(`"type":"`+inference.EventDealPrivate+`"`)) {
			continue
		}
		out = append(out, line...)
	}
	return out
}

// bangArenaKinds are the scripted players of the simulated BangArena
// matches, dealt round-robin.
var bangArenaKinds = [...]string{"heuristic", "random"}

// verifyBangArena simulates BangArena match i, writes its log and verifies it.
func verifyBangArena(ctx context.Context, dir, id, seed string, i int) ([]reports.Check, error) {
	cfg := ba.Config{Seats: 4 + i%3, MatchID: id}
	players := make([]baadv.Player, cfg.Seats)
	for j := range players {
		p, err := baadv.New(bangArenaKinds[(i+j)%len(bangArenaKinds)], fmt.Sprintf("%s/seat-%d", seed, j))
		if err != nil {
			return nil, err
		}
		players[j] = p
	}
	var log bytes.Buffer
	if _, err := baadv.Simulate(ctx, cfg, seed, players, &log); err != nil {
		return nil, fmt.Errorf("simulating match %s: %w", id, err)
	}
	name := id + ".jsonl"
	if err := os.WriteFile(filepath.Join(dir, name), log.Bytes(), 0o644); err != nil {
		return nil, err
	}
	start := time.Now()
	c := reports.Check{Name: name + ": full log"}
	var fs []rules.Finding
	sum, err := verify.VerifyBangArenaReader(ctx, bytes.NewReader(log.Bytes()), verify.BangArenaOptions{File: name, Seeds: []string{seed}},
		func(f rules.Finding) { fs = append(fs, f) })
	c.Duration = time.Since(start)
	c.Rules, c.Evaluated = verify.BangArenaRuleIDs(), evaluated(sum.Evaluated)
	switch {
	case err != nil:
		c.Status, c.Reason = reports.Error, "the verifier stopped: "+err.Error()
	case sum.SeedUnknown:
		c.Status, c.Reason = reports.Error, "the verifier did not recognise the seed the match was dealt from"
	default:
		c.Status, c.Findings = statusOf(fs)
	}
	return []reports.Check{c}, nil
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
