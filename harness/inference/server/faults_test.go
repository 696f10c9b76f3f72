package server

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// faultRun is what one match under a fault left to observe.
type faultRun struct {
	log   []byte
	cl    *client // seat 0's agent, nil when every seat is scripted
	clock *recordingClock
	// faults are the faults the match ran with (for a case that plays a
	// scenario of its own).
	faults []Fault
}

// runFault plays one match with faults enabled; seat 0 is an agent
// answering with policy when spec.Agents lists it (saying hello with a
// wrong token when the policy is wrongToken).
func runFault(t *testing.T, faults []Fault, spec MatchSpec, policy func(frame) *MoveMsg) faultRun {
	t.Helper()
	clk := &recordingClock{}
	opts := Options{Clock: clk, Faults: faults}
	impostor := policy == nil
	if impostor || len(spec.Agents) > 1 {
		// A refused seat 0, and agent seats other than 0, never say
		// hello: they play as silent seats from the start timeout on.
		opts.StartTimeout = time.Second
	}
	s, ts := testServer(t, opts)
	c := create(t, ts, spec)
	run := faultRun{clock: clk, faults: faults}
	if len(spec.Agents) > 0 {
		token := c.Tokens["0"]
		if impostor {
			token += "-wrong" // it never moves
			policy = func(frame) *MoveMsg { return nil }
		}
		run.cl = dial(t, ts, c.MatchID, 0, token)
		if err := run.cl.play(policy); err != nil && !impostor {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := s.Wait(ctx, c.MatchID); err != nil {
		t.Fatal(err)
	}
	run.log = fetchLog(t, ts, c.MatchID)
	return run
}

func move(f frame, action string, amount int) *MoveMsg {
	return &MoveMsg{Type: TypeMove, MatchID: f.env.MatchID, Turn: *f.env.Turn, Action: action, Amount: amount}
}

// owedAt maps (round, turn) of seat 0's your_turn messages to to_call.
func owedAt(cl *client) map[[2]int]int {
	m := map[[2]int]int{}
	for _, f := range cl.frames {
		if f.env.Type == TypeYourTurn {
			m[[2]int{f.env.Round, *f.env.Turn}] = f.env.VisibleState.ToCall
		}
	}
	return m
}

// faultTest is one case of TestFaults: a match that shows the fault's break,
// and the observation of it.
type faultTest struct {
	fault   Fault
	rule    string
	spec    func(seed string) MatchSpec
	policy  func(frame) *MoveMsg
	seeds   int // seeds to try for a match that shows the break
	observe func(t *testing.T, r faultRun) bool
}

// TestFaults: each fault, enabled, visibly breaks its one behaviour, and
// the same observation does not fire on the same match without the fault.
func TestFaults(t *testing.T) {
	agent := func(seed string, seats, rounds, deadline int, kinds ...string) MatchSpec {
		return MatchSpec{Seats: seats, Rounds: rounds, DeadlineMS: deadline, Seed: strp(seed), Agents: []int{0}, Adversaries: kinds}
	}
	scripted := func(seed string, seats, rounds int, kinds ...string) MatchSpec {
		return MatchSpec{Seats: seats, Rounds: rounds, Seed: strp(seed), Agents: []int{}, Adversaries: kinds}
	}
	silent := func(frame) *MoveMsg { return nil }
	call := func(f frame) *MoveMsg { return move(f, ref.ActionCall, 0) }
	noStep := ref.AnteRamp{FromRound: 1, EveryRounds: 1, Step: 0}
	ante3 := 3
	tests := []faultTest{
		{
			fault: FaultAcceptIllegalRaise, rule: "inference/round.3.raise-cap",
			spec: func(seed string) MatchSpec { return agent(seed, 3, 6, 250, "aggressive") },
			policy: func(f frame) *MoveMsg {
				if f.env.VisibleState.RaisesUsed >= 3 {
					return move(f, ref.ActionRaise, 1) // over the cap
				}
				return move(f, ref.ActionCall, 0)
			},
			seeds: 5,
			observe: func(t *testing.T, r faultRun) bool {
				raises := map[int]int{}
				for _, e := range parseLog(t, r.log) {
					if e.Type == ref.EventAction && e.Action == ref.ActionRaise {
						raises[e.Round]++
						if raises[e.Round] > 3 {
							return true
						}
					}
				}
				return false
			},
		},
		{
			fault: FaultConsumeTurnOnIllegal, rule: "inference/illegal.no-consume",
			spec:   func(seed string) MatchSpec { return agent(seed, 3, 3, 300, "passive") },
			policy: func(f frame) *MoveMsg { return move(f, ref.ActionRaise, 99) },
			observe: func(t *testing.T, r faultRun) bool {
				for _, e := range parseLog(t, r.log) {
					if e.Type == ref.EventAction && e.Seat == 0 && !e.Timeout {
						return true // an action seat 0 never legally made
					}
				}
				return false
			},
		},
		{
			fault: FaultLeakValue, rule: "inference/visibility.no-peek",
			spec:    func(seed string) MatchSpec { return agent(seed, 4, 3, 10000, "passive") },
			policy:  call,
			observe: func(t *testing.T, r faultRun) bool { return leaks(r.cl) != "" },
		},
		{
			fault: FaultContributionNoAnte, rule: "inference/wire.visible-state.contribution",
			spec:   func(seed string) MatchSpec { return agent(seed, 3, 2, 10000, "passive") },
			policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					if vs := f.env.VisibleState; f.env.Type == TypeYourTurn && vs != nil {
						sum := 0
						for _, p := range vs.Players {
							sum += p.Contribution
						}
						if sum != vs.Pot {
							return true
						}
					}
				}
				return false
			},
		},
		{
			fault: FaultAnteNotRaised, rule: "inference/protocol.ante-formula",
			spec: func(seed string) MatchSpec {
				s := agent(seed, 3, 4, 10000, "passive")
				ramp := ref.AnteRamp{FromRound: 2, EveryRounds: 1, Step: 1}
				s.AnteRamp = &ramp
				return s
			},
			policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					if vs := f.env.VisibleState; f.env.Type == TypeYourTurn && vs != nil && vs.Round >= 2 && vs.Limits.Ante == 2 {
						return true // the ramp raised it to 3 or more
					}
				}
				return false
			},
		},
		{
			fault: FaultOddChipWrongSeat, rule: "inference/round.6.odd-chips",
			spec: func(seed string) MatchSpec {
				s := scripted(seed, 3, 150, "passive")
				s.Ante, s.AnteRamp = &ante3, &noStep // pots of 9: a two-way tie leaves an odd credit
				return s
			},
			seeds: 20,
			observe: func(t *testing.T, r faultRun) bool {
				got, _ := replay(t, r.log)
				_, typ := divergence(engineLog(r.log), got)
				return typ == ref.EventShowdown
			},
		},
		{
			fault: FaultNoTimeoutDefault, rule: "inference/timeouts.default-action",
			spec:   func(seed string) MatchSpec { return agent(seed, 4, 4, 10, "passive") },
			policy: silent,
			observe: func(t *testing.T, r faultRun) bool {
				owed := owedAt(r.cl)
				evs := parseLog(t, r.log)
				for i, e := range evs {
					if e.Type == ref.EventTimeout && e.Seat == 0 && owed[[2]int{e.Round, e.Turn}] == 0 && evs[i+1].Action == ref.ActionFold {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultWrongBackInRound, rule: "inference/timeouts.back-in-round",
			spec:   func(seed string) MatchSpec { return agent(seed, 4, 12, 10, "passive") },
			policy: silent,
			observe: func(t *testing.T, r faultRun) bool {
				back := 0
				for _, e := range parseLog(t, r.log) {
					switch {
					case e.Type == ref.EventTimeout && e.Seat == 0 && e.SitOut:
						back = e.BackInRound
					case e.Type == ref.EventReturn && e.Seat == 0:
						if e.Round != back {
							return true
						}
					}
				}
				return false
			},
		},
		{
			fault: FaultSkipDealPrivate, rule: "inference/wire.events.objects",
			spec:   func(seed string) MatchSpec { return agent(seed, 3, 3, 10000, "passive") },
			policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				logged := bytes.Count(r.log, []byte(`{"type":"deal_private","round":1,"seat":0,`))
				for _, e := range r.cl.events() {
					if e.Type == ref.EventDealPrivate {
						return false
					}
				}
				return logged == 1
			},
		},
		{
			fault: FaultShortDeadline, rule: "inference/timeouts.deadline",
			spec:   func(seed string) MatchSpec { return agent(seed, 3, 2, 40, "passive") },
			policy: silent,
			observe: func(t *testing.T, r faultRun) bool {
				return slices.Contains(r.clock.durations(), 20*time.Millisecond) && !slices.Contains(r.clock.durations(), 40*time.Millisecond)
			},
		},
		{
			fault: FaultWrongSeedCommit, rule: "inference/protocol.seed-commit",
			spec: func(seed string) MatchSpec { return scripted(seed, 3, 2, "random") },
			observe: func(t *testing.T, r faultRun) bool {
				evs := parseLog(t, r.log)
				return evs[0].SeedCommit != ref.SeedCommit(evs[len(evs)-1].Seed)
			},
		},
		{
			fault: FaultDropDeadlineMS, rule: "inference/timeouts.deadline",
			spec:   func(seed string) MatchSpec { return agent(seed, 3, 2, 10000, "passive") },
			policy: call,
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					if f.env.Type == TypeYourTurn && f.env.DeadlineMS == nil {
						return true
					}
				}
				return false
			},
		},
		{
			// A nil policy says hello with a wrong token: refused, the
			// impostor sees nothing; let in, it is sent seat 0's values.
			fault: FaultAcceptWrongToken, rule: "inference/visibility.no-peek",
			spec:   func(seed string) MatchSpec { return agent(seed, 3, 1, 50, "passive") },
			policy: nil,
			observe: func(t *testing.T, r faultRun) bool {
				for _, f := range r.cl.frames {
					if f.env.Type == TypeEvent && strings.Contains(string(f.env.Event), `"deal_private"`) {
						return true
					}
				}
				return false
			},
		},
		{
			fault: FaultRevealUncontested, rule: "inference/round.7.uncontested",
			spec: func(seed string) MatchSpec { return scripted(seed, 6, 30, "heuristic", "aggressive") },
			observe: func(t *testing.T, r faultRun) bool {
				for _, e := range parseLog(t, r.log) {
					if e.Type == ref.EventShowdown && e.Uncontested && len(e.Reveals) > 0 {
						return true
					}
				}
				return false
			},
		},
	}
	tests = append(tests, moreFaultCases()...)
	tests = append(tests, playFaultCases()...)
	covered := map[Fault]bool{}
	for _, tc := range tests {
		covered[tc.fault] = true
		t.Run(string(tc.fault)+" "+tc.rule, func(t *testing.T) {
			info, ok := LookupFault(string(tc.fault))
			if !ok || info.Rule != tc.rule {
				t.Fatalf("LookupFault(%s) = %+v, want rule %s", tc.fault, info, tc.rule)
			}
			if _, ok := rules.Default().Lookup(info.Rule); !ok {
				t.Fatalf("rule %s is not in the catalogue", info.Rule)
			}
			seed := ""
			for i := range max(1, tc.seeds) {
				s := fmt.Sprintf("fault-%s-%d", tc.fault, i)
				if tc.observe(t, runFault(t, []Fault{tc.fault}, tc.spec(s), tc.policy)) {
					seed = s
					break
				}
			}
			if seed == "" {
				t.Fatalf("with %s enabled the break was not observed", tc.fault)
			}
			if tc.observe(t, runFault(t, nil, tc.spec(seed), tc.policy)) {
				t.Fatalf("the observation fires without the fault (seed %s)", seed)
			}
		})
	}
	// Faults proven by a test of their own: a table of 9 seats cannot be
	// created without its fault, which this table's shape needs.
	covered[FaultNineSeats] = true           // TestNineSeatsFault
	covered[FaultNoRules] = true             // TestNoRulesFault
	covered[FaultDefaultRounds30] = true     // TestDefaultRounds30Fault
	covered[FaultDefaultDeadline30s] = true  // TestDefaultDeadline30sFault
	covered[FaultReconnectEndsSitOut] = true // TestFaultReconnectEndsSitOut (a reconnect)
	for _, f := range Faults() {
		if !covered[f.Name] {
			t.Errorf("fault %s has no case", f.Name)
		}
	}
}

// TestFaultsAreExplicit: faults are off by default, unknown names are
// errors, and the list parses as documented.
func TestFaultsAreExplicit(t *testing.T) {
	if _, err := New(Options{Faults: []Fault{"break-everything"}}); err == nil || !strings.Contains(err.Error(), "leak-value") {
		t.Fatalf("unknown fault: %v, want an error listing the known ones", err)
	}
	tests := []struct {
		name, in string
		want     []Fault
		err      bool
	}{
		{"empty", "", nil, false},
		{"two", " leak-value, short-deadline ,", []Fault{FaultLeakValue, FaultShortDeadline}, false},
		{"unknown", "leak-value,nope", nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseFaults(tc.in)
			if (err != nil) != tc.err || !slices.Equal(got, tc.want) {
				t.Fatalf("ParseFaults(%q) = %v, %v; want %v (error %v)", tc.in, got, err, tc.want, tc.err)
			}
		})
	}
	env := func(v string) func(string) string {
		return func(name string) string {
			if name == FaultsEnv {
				return v
			}
			return ""
		}
	}
	envTests := []struct {
		name  string
		value string
		flag  bool
		want  []Fault
		err   bool
	}{
		{"neither", "", false, nil, false},
		{"both", "leak-value", true, []Fault{FaultLeakValue}, false},
		{"variable without the flag", "leak-value", false, nil, true},
		{"flag without the variable", "", true, nil, true},
		{"flag with an empty list", " , ", true, nil, true},
		{"unknown name", "leak-everything", true, nil, true},
	}
	for _, tc := range envTests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FaultsFromEnv(env(tc.value), tc.flag)
			if (err != nil) != tc.err || !slices.Equal(got, tc.want) {
				t.Fatalf("FaultsFromEnv(%q, %v) = %v, %v; want %v (error %v)", tc.value, tc.flag, got, err, tc.want, tc.err)
			}
		})
	}
	s, err := New(Options{Faults: []Fault{FaultShortDeadline, FaultLeakValue}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	if got := s.Faults(); !slices.Equal(got, []Fault{FaultLeakValue, FaultShortDeadline}) {
		t.Fatalf("Faults() = %v", got)
	}
	if plain, _ := New(Options{}); len(plain.Faults()) != 0 {
		t.Fatalf("faults on by default: %v", plain.Faults())
	}
	names := map[Fault]bool{}
	for _, f := range Faults() {
		if names[f.Name] || f.Doc == "" {
			t.Fatalf("fault %+v duplicated or undocumented", f)
		}
		names[f.Name] = true
	}
}
