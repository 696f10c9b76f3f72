package bangarena

import (
	"fmt"
	"sort"
	"strings"
)

// Fault names one deliberately broken behaviour of the server, for testing
// the conformance suite: with it on, the server breaks exactly one rule or
// protocol behaviour. Faults are never on by default.
type Fault string

// The closed list of faults.
const (
	// FaultSkipReask applies the first illegal answer as a random legal
	// item at once instead of asking again (400 reask).
	FaultSkipReask Fault = "skip-reask"
	// FaultNoDuplicate forgets answered commandIds: a repeated commandId is
	// treated as a new decision (applied again or rejected) instead of the
	// stored answer with duplicate true.
	FaultNoDuplicate Fault = "no-duplicate"
	// FaultAcceptStale accepts a decision whose observationVersion is not
	// the current one.
	FaultAcceptStale Fault = "accept-stale"
	// FaultStaleApplied answers a decision on a stale observationVersion
	// with the 409 it should get, but applies it all the same.
	FaultStaleApplied Fault = "stale-applied"
	// FaultLeakHand shows the other seats' hand cards in observations.
	FaultLeakHand Fault = "leak-hand"
	// FaultLeakRole shows the other seats' hidden roles in observations.
	FaultLeakRole Fault = "leak-role"
	// FaultWrongTokenAccepted accepts any non-empty token for any seat
	// (wrong tokens and other seats' tokens).
	FaultWrongTokenAccepted Fault = "wrong-token-accepted"
	// FaultJailMarshal offers Jail on the Marshal among the legal items.
	FaultJailMarshal Fault = "jail-marshal"
	// Fault500OnMalformed answers a malformed decision body with HTTP 500
	// instead of 422.
	Fault500OnMalformed Fault = "500-on-malformed"
	// FaultIgnoreDeadline never answers for a silent seat: the deadline
	// passes and the decision stays open.
	FaultIgnoreDeadline Fault = "ignore-deadline"
	// FaultAnswerWithoutVersion answers an accepted decision without its
	// observationVersion.
	FaultAnswerWithoutVersion Fault = "answer-without-version"
	// FaultLogDropsDecision serves the room log without its last decision,
	// so it no longer replays to the end the players saw.
	FaultLogDropsDecision Fault = "log-drops-decision"
	// FaultMCPMissingTool leaves arena_submit_decision out of the MCP tools
	// (the SDK server is built without the tool).
	FaultMCPMissingTool Fault = "mcp-missing-tool"
)

// FaultInfo describes one fault: what it breaks and the rule it breaks.
type FaultInfo struct {
	// Name is the fault's name, as given in Options.Faults or
	// UMPIRE_UNSAFE_FAULTS.
	Name Fault `json:"name"`
	// Rule is the catalogue rule id the fault breaks; empty when the
	// behaviour is a protocol behaviour of §12 / WIRE.md the catalogue has
	// no id for yet (Ref says which).
	Rule string `json:"rule,omitempty"`
	// Ref names the sentence of the contract the fault breaks.
	Ref string `json:"ref"`
	// Breaks says in a few words what a client observes.
	Breaks string `json:"breaks"`
}

// FaultList returns the closed list of faults, sorted by name, each with
// the catalogue rule it breaks (a game rule, or a server-conformance rule
// for protocol behaviour) and the contract sentence in Ref. The
// conformance suite's fault table (harness/probe) proves each is caught by
// a check citing that rule.
func FaultList() []FaultInfo {
	l := []FaultInfo{
		{FaultSkipReask, "bangarena/server.reask", "§14 reask_then_random", "the first illegal answer is replaced by a random item (200 random) instead of 400 reask"},
		{FaultNoDuplicate, "bangarena/server.duplicate-command", "§12 commandId idempotency; WIRE.md decision answers", "a repeated commandId is not answered with the stored answer and duplicate true"},
		{FaultAcceptStale, "bangarena/server.stale-version", "§12 observationVersion / basedOnVersion", "a decision on a stale observationVersion is applied instead of 409"},
		{FaultStaleApplied, "bangarena/server.stale-version", "§12 observationVersion / basedOnVersion", "a decision on a stale observationVersion is answered 409 but applied all the same"},
		{FaultLeakHand, "bangarena/11.redaction", "§11 players[i].hand", "other seats' hands carry their cards instead of backs"},
		{FaultLeakRole, "bangarena/11.redaction", "§11 players[i].roleId", "other seats' hidden roles are shown"},
		{FaultWrongTokenAccepted, "bangarena/server.token", "§12 x-agent-token; WIRE.md errors 401/403", "a wrong token or another seat's token is accepted"},
		{FaultJailMarshal, "bangarena/5.jail", "§5 Jail, §13 play_equip_blue", "Jail on the Marshal is offered in legalActions"},
		{Fault500OnMalformed, "bangarena/server.malformed-body", "WIRE.md errors: 422 for a malformed body", "a malformed decision body gets HTTP 500"},
		{FaultIgnoreDeadline, "bangarena/14.default-action", "§14 fallbacks", "a silent seat is never answered for at its deadline"},
		{FaultAnswerWithoutVersion, "bangarena/server.answer-shape", "WIRE.md decision answers {ok, observationVersion, …}", "an accepted decision is answered without observationVersion"},
		{FaultLogDropsDecision, "bangarena/server.replay", "WIRE.md harness extension: the room log re-simulates the match", "the served log lacks its last decision event"},
		{FaultMCPMissingTool, "bangarena/server.mcp-tools", "§12 MCP tools", "tools/list lacks arena_submit_decision and calling it fails"},
	}
	sort.Slice(l, func(i, j int) bool { return l[i].Name < l[j].Name })
	return l
}

// FaultsEnv is the environment variable that names faults for the command
// line, honoured only together with the flag --unsafe-faults.
const FaultsEnv = "UMPIRE_UNSAFE_FAULTS"

// ParseFaults parses a comma-separated list of fault names. Unknown names
// are an error; blanks around names are ignored; duplicates are merged.
func ParseFaults(list string) ([]Fault, error) {
	var out []Fault
	seen := map[Fault]bool{}
	for _, part := range strings.Split(list, ",") {
		name := Fault(strings.TrimSpace(part))
		if name == "" {
			continue
		}
		if !knownFault(name) {
			return nil, fmt.Errorf("unknown fault %q (known: %s)", name, faultNames())
		}
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	return out, nil
}

// FaultsFromEnv returns the faults the command line enables: the names of
// FaultsEnv when unsafe (the --unsafe-faults flag) is true. unsafe without
// the variable, or the variable without unsafe, is an error, so faults are
// never on by accident.
func FaultsFromEnv(getenv func(string) string, unsafe bool) ([]Fault, error) {
	v := strings.TrimSpace(getenv(FaultsEnv))
	switch {
	case !unsafe && v == "":
		return nil, nil
	case !unsafe:
		return nil, fmt.Errorf("%s is set but --unsafe-faults is not given; refusing to start with faults", FaultsEnv)
	case v == "":
		return nil, fmt.Errorf("--unsafe-faults needs %s=name,... (known: %s)", FaultsEnv, faultNames())
	}
	return ParseFaults(v)
}

func knownFault(f Fault) bool {
	for _, i := range FaultList() {
		if i.Name == f {
			return true
		}
	}
	return false
}

func faultNames() string {
	var n []string
	for _, i := range FaultList() {
		n = append(n, string(i.Name))
	}
	return strings.Join(n, ", ")
}

type faultSet map[Fault]bool

func (s faultSet) on(f Fault) bool { return s[f] }
