package inference

import (
	"fmt"
	"sort"
	"strings"
)

// Fault names one deliberately broken behaviour of the server, used to test
// that the conformance suite notices it. Each fault breaks exactly one rule
// (FaultInfo.Rule). Faults are off unless listed in Options.Faults.
type Fault string

// The closed list of faults.
const (
	// FaultAcceptIllegalRaise accepts a raise once the round's raises are
	// used up (the engine runs with one more raise than limits announce;
	// legal_actions still follow the announced cap).
	FaultAcceptIllegalRaise Fault = "accept-illegal-raise"
	// FaultConsumeTurnOnIllegal answers an illegal move with its error and
	// then plays the default action for the seat, ending its turn.
	FaultConsumeTurnOnIllegal Fault = "consume-turn-on-illegal"
	// FaultLeakValue adds players[].value, the hidden value of every other
	// seat dealt in, to each visible_state during the round.
	FaultLeakValue Fault = "leak-value"
	// FaultContributionNoAnte shows players[].contribution without the
	// ante, so the pot no longer adds up.
	FaultContributionNoAnte Fault = "contribution-without-ante"
	// FaultAnteNotRaised keeps limits.ante at the base ante after the ramp
	// has raised it (the antes charged still follow the ramp).
	FaultAnteNotRaised Fault = "ante-not-raised"
	// FaultOddChipWrongSeat gives the odd credit of a split pot to the tied
	// winner that should not get it (the showdown line and the seats'
	// credits agree from the next round on, so not in the ranking when it
	// happens in the last round; visible_state.history keeps the engine's
	// payouts).
	FaultOddChipWrongSeat Fault = "odd-chip-wrong-seat"
	// FaultNoTimeoutDefault folds a timed-out seat even when it owes
	// nothing. The engine cannot fold on a timeout, so the server applies a
	// fold, writes the timeout line itself and restores the strikes (and a
	// sit-out) the fold cleared when the round ends; until then the seat's
	// sitting_out does not show in visible_state.
	FaultNoTimeoutDefault Fault = "no-timeout-default"
	// FaultWrongBackInRound announces back_in_round one round later than
	// the round the seat is in fact dealt in again (timeout line, events,
	// visible_state).
	FaultWrongBackInRound Fault = "wrong-back-in-round"
	// FaultSkipDealPrivate never sends a seat its deal_private event (the
	// log keeps the line).
	FaultSkipDealPrivate Fault = "skip-deal-private"
	// FaultShortDeadline times a turn out after half the announced deadline.
	FaultShortDeadline Fault = "short-deadline"
	// FaultWrongSeedCommit publishes a seed_commit that is not the hash of
	// the seed match_end reveals.
	FaultWrongSeedCommit Fault = "wrong-seed-commit"
	// FaultDropDeadlineMS leaves deadline_ms out of your_turn.
	FaultDropDeadlineMS Fault = "drop-deadline-ms"
	// FaultRevealUncontested shows the winner's value in an uncontested
	// showdown.
	FaultRevealUncontested Fault = "reveal-uncontested"
	// FaultAcceptWrongToken lets a WebSocket hello with a wrong token take
	// its seat: whoever holds no token is sent the seat's hidden values.
	FaultAcceptWrongToken Fault = "accept-wrong-token"
)

// FaultInfo describes a fault: its name, the catalogue rule it breaks and
// what it does.
type FaultInfo struct {
	Name Fault  `json:"name"`
	Rule string `json:"rule"`
	Doc  string `json:"doc"`
}

// faultList is the closed list, in name order.
func faultList() []FaultInfo {
	l := []FaultInfo{
		{FaultAcceptIllegalRaise, "inference/round.3.raise-cap", "accepts a raise after the round's raises are used up"},
		{FaultConsumeTurnOnIllegal, "inference/illegal.no-consume", "an illegal move gets its error, then the turn is played by default"},
		{FaultLeakValue, "inference/visibility.no-peek", "visible_state.players[].value shows other seats' hidden values"},
		{FaultContributionNoAnte, "inference/wire.visible-state.contribution", "players[].contribution leaves out the ante, so the pot does not add up"},
		{FaultAnteNotRaised, "inference/protocol.ante-formula", "limits.ante stays at the base ante after the ramp raised it"},
		{FaultOddChipWrongSeat, "inference/round.6.odd-chips", "the odd credit of a split pot goes to the wrong tied winner"},
		{FaultNoTimeoutDefault, "inference/timeouts.default-action", "a timeout folds even when nothing is owed"},
		{FaultWrongBackInRound, "inference/timeouts.back-in-round", "back_in_round is announced one round late"},
		{FaultSkipDealPrivate, "inference/wire.events.objects", "a seat is never sent its deal_private event"},
		{FaultShortDeadline, "inference/timeouts.deadline", "turns time out after half the announced deadline"},
		{FaultWrongSeedCommit, "inference/protocol.seed-commit", "seed_commit is not the hash of the revealed seed"},
		{FaultDropDeadlineMS, "inference/timeouts.deadline", "your_turn lacks deadline_ms"},
		{FaultRevealUncontested, "inference/round.7.uncontested", "an uncontested winner's value is revealed"},
		{FaultAcceptWrongToken, "inference/visibility.no-peek", "a hello with a wrong token takes the seat and is sent its hidden values"},
	}
	sort.Slice(l, func(i, j int) bool { return l[i].Name < l[j].Name })
	return l
}

// Faults returns every fault the server knows, sorted by name.
func Faults() []FaultInfo { return faultList() }

// LookupFault returns the description of the fault named name.
func LookupFault(name string) (FaultInfo, bool) {
	for _, f := range faultList() {
		if string(f.Name) == name {
			return f, true
		}
	}
	return FaultInfo{}, false
}

// FaultsEnv is the environment variable umpire serve reads, together with
// its --unsafe-faults flag, to enable faults: a comma-separated list.
const FaultsEnv = "UMPIRE_UNSAFE_FAULTS"

// ParseFaults reads a comma-separated list of fault names (spaces around
// names are ignored, empty items skipped). An unknown name is an error that
// lists the known ones.
func ParseFaults(list string) ([]Fault, error) {
	var out []Fault
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if _, ok := LookupFault(item); !ok {
			return nil, fmt.Errorf("unknown fault %q (known: %s)", item, faultNames())
		}
		out = append(out, Fault(item))
	}
	return out, nil
}

func faultNames() string {
	var names []string
	for _, f := range faultList() {
		names = append(names, string(f.Name))
	}
	return strings.Join(names, ", ")
}

// FaultsFromEnv returns the faults named in the FaultsEnv variable (read
// with getenv) when enabled (the --unsafe-faults flag) is set. Both must be
// given together: the variable without the flag, the flag without the
// variable, or an unknown name is an error, so faults are never switched on
// by accident.
func FaultsFromEnv(getenv func(string) string, enabled bool) ([]Fault, error) {
	list := strings.TrimSpace(getenv(FaultsEnv))
	switch {
	case list == "" && !enabled:
		return nil, nil
	case list == "":
		return nil, fmt.Errorf("--unsafe-faults needs %s=name,... (known: %s)", FaultsEnv, faultNames())
	case !enabled:
		return nil, fmt.Errorf("%s is set but faults are only enabled together with --unsafe-faults", FaultsEnv)
	}
	fs, err := ParseFaults(list)
	if err == nil && len(fs) == 0 {
		err = fmt.Errorf("%s names no fault", FaultsEnv)
	}
	return fs, err
}

// faultSet is the set of enabled faults.
type faultSet map[Fault]bool

func newFaultSet(fs []Fault) (faultSet, error) {
	set := faultSet{}
	for _, f := range fs {
		if _, ok := LookupFault(string(f)); !ok {
			return nil, fmt.Errorf("unknown fault %q (known: %s)", f, faultNames())
		}
		set[f] = true
	}
	return set, nil
}

func (s faultSet) on(f Fault) bool { return s[f] }
