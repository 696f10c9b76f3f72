package certify

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/shard"
	"github.com/umpire-arena/umpire/reports"
)

// Games.
const (
	GameInference = harness.GameInference // the names are declared once, in package harness
	GameBangArena = harness.GameBangArena
)

// Defaults of a Config.
const (
	// DefaultMatches is enough matches for a verdict on the checks (each
	// check runs in every match) and a win-rate interval about ±0.15 wide.
	DefaultMatches = 30
	// DefaultSeed seeds a run when none is given.
	DefaultSeed = "umpire"
	// DefaultMaxTimeouts is how many BangArena deadlines in a row an agent
	// may miss before its seat finishes on the server's fallback answers.
	DefaultMaxTimeouts = 3
	// DefaultMinConfident is the fewest matches UntilConfident stops after.
	DefaultMinConfident = 10
	// DefaultExitGrace is how long an agent may take to exit after
	// match_end before it is signalled.
	DefaultExitGrace = 2 * time.Second
	// DefaultABMatches is the most pairs an A/B run plays when no number is
	// given: enough for the default SPRT to decide between agents about 20
	// Elo apart most of the time.
	DefaultABMatches = 400
	// DefaultElo0 and DefaultElo1 are the SPRT's default hypotheses, in
	// logistic Elo of the new agent over the baseline on pair outcomes:
	// H0 "the new agent is worse by 20 Elo", H1 "it is not worse".
	DefaultElo0, DefaultElo1 = -20.0, 0.0
	// DefaultAlpha and DefaultBeta are the SPRT's default error rates.
	DefaultAlpha, DefaultBeta = 0.05, 0.05
)

// ErrConfig is wrapped by every error about a Config (a usage error).
var ErrConfig = errors.New("certify: bad configuration")

// Agent says how to reach the agent under test: exactly one field is set.
type Agent struct {
	// Command is run as `sh -c Command`, once per match, speaking JSON Lines
	// on stdin/stdout (--agent).
	Command string
	// Connect is run as `sh -c Connect`, once per match, and connects to the
	// server itself (--agent-connect).
	Connect string
	// URL is an HTTP endpoint POSTed each decision (--agent-url).
	URL string
}

// Mode names the transport: "command", "connect" or "url" ("" when none or
// more than one is set).
func (a Agent) Mode() string {
	n, m := 0, ""
	if a.Command != "" {
		n, m = n+1, "command"
	}
	if a.Connect != "" {
		n, m = n+1, "connect"
	}
	if a.URL != "" {
		n, m = n+1, "url"
	}
	if n != 1 {
		return ""
	}
	return m
}

// Target renders the agent for a report (secrets removed).
func (a Agent) Target() string {
	switch a.Mode() {
	case "command":
		return reports.RedactString(a.Command)
	case "connect":
		return "connect: " + reports.RedactString(a.Connect)
	case "url":
		return reports.RedactString(a.URL)
	}
	return ""
}

// Name is a short name of the agent for statistics: the base name of the
// command's program, or "http-agent".
func (a Agent) Name() string {
	cmd := a.Command
	if cmd == "" {
		cmd = a.Connect
	}
	if f := strings.Fields(cmd); len(f) > 0 {
		prog := f[0]
		if (prog == "python3" || prog == "python" || prog == "node" || prog == "sh") && len(f) > 1 {
			prog = f[1]
		}
		return filepath.Base(prog)
	}
	return "http-agent"
}

// Config is a certification run.
type Config struct {
	// Game is "inference" or "bangarena".
	Game string
	// Agent is the agent under test.
	Agent Agent
	// Baseline, when set, makes the run an A/B comparison: every match is
	// played again, same seed, seat, table and adversaries, by the
	// baseline, and the SPRT decides (see the package documentation).
	Baseline Agent
	// Elo0 and Elo1 are the SPRT's hypotheses H0 and H1 (both 0: the
	// defaults DefaultElo0, DefaultElo1). A/B runs only.
	Elo0, Elo1 float64
	// Alpha and Beta are the SPRT's error rates (DefaultAlpha, DefaultBeta
	// when 0).
	Alpha, Beta float64
	// Gate is reports.GateStrict (when "") or reports.GateLenient: what an
	// undecided test exits with.
	Gate string
	// Keep starts each JSON Lines agent once per worker instead of once
	// per match, with a match_start line before each match (--agent-keep).
	Keep bool
	// AgentMemory limits the memory of each agent process and everything
	// it starts, in bytes (agent.DefaultMemory when 0, none when negative),
	// where the system allows it (agent.MemorySupport).
	AgentMemory int64
	// Matches is the number of matches of the whole run (DefaultMatches when 0).
	Matches int
	// Seed is the run seed (DefaultSeed when "").
	Seed string
	// Seats per table: 0 means the game's DefaultSeats (6 for both
	// Inference, 3–8, and BangArena, 4–8).
	Seats int
	// Rounds per Inference match: 0 means 40. Ignored by BangArena.
	Rounds int
	// Mode is BangArena's role mode (classic, partners, impostor, legacy;
	// "" is classic). Inference has none.
	Mode string
	// Deadline is the decision deadline: 0 means the game's (Inference 10 s,
	// BangArena 15 s).
	Deadline time.Duration
	// Adversaries are the scripted kinds, one per match in turn (default
	// the game's ScriptedKinds: random and heuristic for both games).
	Adversaries []string
	// Shard is the part of the run to play; the zero value is the whole run.
	Shard shard.Shard
	// Workers bounds the matches played at once (GOMAXPROCS when 0).
	Workers int
	// RunBudget bounds the whole run (0: none but the caller's context;
	// RunBudgetAuto: derived from the run, DefaultRunBudget). Matches not
	// started by then are not played; running ones end as harness errors.
	RunBudget time.Duration
	// MatchBudget is the per-match watchdog (0: derived from the deadline
	// and the match size).
	MatchBudget time.Duration
	// ExitGrace is how long an agent may take to exit after match_end
	// (DefaultExitGrace when 0).
	ExitGrace time.Duration
	// MaxTimeouts: BangArena deadlines missed in a row before the seat
	// finishes on fallback answers (DefaultMaxTimeouts when 0).
	MaxTimeouts int
	// MaxDecisions force-ends a BangArena match after that many decisions
	// (0: the server's default).
	MaxDecisions int
	// NoInject turns off the injected server-side error.
	NoInject bool
	// UntilConfident stops early once the win rate's interval excludes
	// 1/seats (see the package documentation). Not with a shard.
	UntilConfident bool
	// MaxFailures, when not 0, stops the run once that many matches have
	// failed (in plan order): a broken agent need not play every match.
	MaxFailures int
	// MinConfident is the fewest matches an early stop needs
	// (DefaultMinConfident when 0).
	MinConfident int
	// Strict keeps findings on umpire's readings and pins at MUST; by
	// default they count as SHOULD (rules.Grade).
	Strict bool
	// KnownFailing lists rules the agent is known to break: reported, not
	// failing, and stale when they pass (reports.Meta.KnownFailing).
	KnownFailing []reports.Known
	// Version is umpire's version, for the report.
	Version string
	// Args is the command line, recorded (redacted) in the report's config.
	Args []string
	// Record holds more facts for the report's config (what was judged:
	// the digests of the agent's files, umpire's build); a key the run
	// sets itself wins.
	Record map[string]any
	// Progress, when not nil, is called after each match in match order
	// (from the goroutine that called Run).
	Progress func(done, total int, r *MatchResult)
	// Started, when not nil, is called as each match begins, with its plan
	// and side ("" in a plain run; reports.SideNew or SideBaseline in an A/B
	// run), from the goroutine that called Run: a live status can then say
	// which matches it waits for.
	Started func(p Planned, side string)
}

// MatchSeed returns the seed of match i of a run seeded seed: "seed/i".
func MatchSeed(seed string, i int) string { return fmt.Sprintf("%s/%d", seed, i) }

// withDefaults fills the zero fields and validates the result.
func (c Config) withDefaults() (Config, error) {
	bad := func(format string, a ...any) (Config, error) {
		return c, fmt.Errorf("%w: %s", ErrConfig, fmt.Sprintf(format, a...))
	}
	g, ok := gameOf(c.Game)
	if !ok {
		return bad("unknown game %q (want %s)", c.Game, harness.NameList())
	}
	if c.Agent.Mode() == "" {
		return bad("give exactly one of an agent command, a connect command or an agent URL")
	}
	if c.Matches == 0 {
		c.Matches = DefaultMatches
	}
	if c.Matches < 1 {
		return bad("matches must be at least 1")
	}
	if c.Seed == "" {
		c.Seed = DefaultSeed
	}
	if c.Seats == 0 {
		c.Seats = g.DefaultSeats
	}
	if c.Rounds == 0 {
		c.Rounds = 40
	}
	if c.Deadline == 0 {
		c.Deadline = g.DefaultDeadline
	}
	if c.Deadline < time.Millisecond {
		return bad("the deadline must be at least 1ms")
	}
	if len(c.Adversaries) == 0 {
		c.Adversaries = append([]string(nil), g.ScriptedKinds...)
	}
	if c.Seats < g.MinSeats || c.Seats > g.MaxSeats {
		return bad("%s seats must be %d-%d, not %d", g.Name, g.MinSeats, g.MaxSeats, c.Seats)
	}
	if err := g.validate(c); err != nil {
		return bad("%v", err)
	}
	if c.Shard == (shard.Shard{}) {
		c.Shard = shard.Shard{K: 1, N: 1}
	}
	if err := c.Shard.Valid(); err != nil {
		return bad("%v", err)
	}
	if c.Baseline != (Agent{}) {
		if c.Baseline.Mode() == "" {
			return bad("give exactly one of a baseline command, a connect command or a URL")
		}
		if c.Elo0 == 0 && c.Elo1 == 0 {
			c.Elo0, c.Elo1 = DefaultElo0, DefaultElo1
		}
		if !(c.Elo0 < c.Elo1) || math.Abs(c.Elo0) > reports.MaxElo || math.Abs(c.Elo1) > reports.MaxElo {
			return bad("the SPRT needs elo0 < elo1, both within ±%d, not %v, %v", reports.MaxElo, c.Elo0, c.Elo1)
		}
		if c.Alpha == 0 {
			c.Alpha = DefaultAlpha
		}
		if c.Beta == 0 {
			c.Beta = DefaultBeta
		}
		if !(c.Alpha > 0 && c.Alpha < 0.5) || !(c.Beta > 0 && c.Beta < 0.5) {
			return bad("alpha and beta must lie between 0 and 0.5, not %v, %v", c.Alpha, c.Beta)
		}
		switch c.Gate {
		case "":
			c.Gate = reports.GateStrict
		case reports.GateStrict, reports.GateLenient:
		default:
			return bad("unknown gate %q (strict or lenient)", c.Gate)
		}
		if c.UntilConfident {
			return bad("an A/B run stops on its SPRT; --until-confident is for runs without a baseline")
		}
	} else if c.Elo0 != 0 || c.Elo1 != 0 || c.Alpha != 0 || c.Beta != 0 || c.Gate != "" {
		return bad("the SPRT settings need a baseline")
	}
	if c.Keep && c.Agent.Mode() != "command" && c.Baseline.Mode() != "command" {
		return bad("keeping agents across matches needs a JSON Lines agent (--agent or --baseline)")
	}
	if c.UntilConfident && c.Shard.N > 1 {
		return bad("an early stop needs the whole run; it cannot be combined with a shard")
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	if c.ExitGrace == 0 {
		c.ExitGrace = DefaultExitGrace
	}
	if c.MaxTimeouts == 0 {
		c.MaxTimeouts = DefaultMaxTimeouts
	}
	if c.MinConfident == 0 {
		c.MinConfident = DefaultMinConfident
	}
	if c.MatchBudget == 0 {
		c.MatchBudget = c.defaultBudget()
	}
	if c.RunBudget < 0 {
		c.RunBudget = c.DefaultRunBudget()
	}
	return c, nil
}

// RunBudgetAuto as Config.RunBudget asks for DefaultRunBudget.
const RunBudgetAuto time.Duration = -1

// DefaultRunBudget is the budget of a run that gives none (of a Config
// whose defaults are filled): its matches (each twice in an A/B run; a
// shard's part of them) played Workers at once, each taking its whole
// watchdog (MatchBudget) and exit grace, plus two minutes for starting and
// ending. A run whose matches keep to their watchdog never meets it, however
// many matches it asks; it ends a run in which something waits past every
// bound.
func (c Config) DefaultRunBudget() time.Duration {
	jobs := c.Matches
	if c.Shard.N > 1 {
		jobs = (c.Matches + c.Shard.N - 1) / c.Shard.N
	}
	if c.Baseline != (Agent{}) {
		jobs *= 2
	}
	waves := (jobs + max(1, c.Workers) - 1) / max(1, c.Workers)
	return time.Duration(waves)*(c.MatchBudget+c.ExitGrace) + 2*time.Minute
}

// defaultBudget bounds one match generously: every decision the agent could
// be asked, each taking its whole deadline, plus a minute.
func (c Config) defaultBudget() time.Duration {
	g, _ := gameOf(c.Game)
	return time.Duration(g.decisions(c))*c.Deadline + time.Minute
}

// Planned is one match of a run before it is played.
type Planned struct {
	Index     int
	Seed      string
	Seat      int
	Adversary string
}

// plan lists every match of the whole run.
func (c Config) plan() []Planned {
	out := make([]Planned, c.Matches)
	for i := range out {
		out[i] = Planned{Index: i, Seed: MatchSeed(c.Seed, i), Seat: i % c.Seats, Adversary: c.Adversaries[i%len(c.Adversaries)]}
	}
	return out
}
