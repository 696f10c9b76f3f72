package proxytest

import (
	"bytes"
	"context"
	"slices"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/reports"
)

// FaultCase is one fault of a game's embedded server and the rule the
// relay must cite for it; Also are the other rules it may cite (which the
// fault also breaks).
type FaultCase struct {
	Fault, Rule string
	Also        []string
}

// ServerFaults plays a match of g's embedded server through the relay
// for each case, with its fault on and seats 0 and 1 played by the game's
// own players, and fails unless the report cites the case's rule and no
// rule the fault does not explain.
func ServerFaults(t *testing.T, g Game, cases []FaultCase) {
	for _, tc := range cases {
		t.Run(tc.Fault, func(t *testing.T) {
			ctx := Context(t, 2*time.Minute)
			r := New(t, g, tc.Fault)
			m := r.Create("proxy-fault", g.Seats, []int{0, 1}, 3000)
			r.Play(ctx, r.Front.URL, m)
			rep := r.Report(ctx, 1)
			got := Rules(rep)
			if !got[tc.Rule] {
				Dump(t, rep)
				t.Fatalf("no finding cites %s; findings %v", tc.Rule, Failing(rep))
			}
			for rule := range got {
				if rule != tc.Rule && !slices.Contains(tc.Also, rule) {
					Dump(t, rep)
					t.Errorf("a finding cites %s, which fault %s does not explain", rule, tc.Fault)
				}
			}
		})
	}
}

// BrokenAgent plays seat 0 of a match of g's embedded server through the
// relay with the example agent "broken" in mode illegal (answers never
// offered), carried over by bridge, and fails unless the report fails at
// MUST by rule at seat 0, a finding carries the seat's transcript, and no
// token reaches the report.
func BrokenAgent(t *testing.T, g Game, rule string, bridge func(ctx context.Context, t *testing.T, base string, m Match, a *Stdio)) {
	t.Run(rule, func(t *testing.T) {
		ctx := Context(t, 2*time.Minute)
		r := New(t, g)
		m := r.Create("proxy-broken", g.Seats, []int{0}, 300)
		a := StartStdio(t, "broken", "-mode", "illegal")
		bridge(ctx, t, r.Front.URL, m, a)
		rep := r.Report(ctx, 1)
		if testing.Verbose() {
			Dump(t, rep)
		}
		if rep.ExitCode() != 1 {
			t.Errorf("exit code %d, want 1", rep.ExitCode())
		}
		if !slices.Contains(Failing(rep), rule+"@0[MUST]") {
			Dump(t, rep)
			t.Fatalf("no MUST finding of %s at seat 0; findings %v", rule, Failing(rep))
		}
		var buf bytes.Buffer
		if err := reports.WriteJSON(&buf, rep); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(buf.Bytes(), []byte(`"transcript"`)) {
			t.Error("no finding carries a transcript")
		}
		if bytes.Contains(buf.Bytes(), []byte(m.Tokens[0])) {
			t.Error("the report holds the seat's token")
		}
	})
}

// StreamsCase is a run of a server that offers no log and draws its chance
// its own way (dialects other-chance and no-log), with Faults on; Rule is
// the one rule its MUST findings may cite ("": the check must pass).
type StreamsCase struct {
	Name   string
	Faults []string
	Rule   string
}

// Streams plays each case through the relay, seats 0 and 1 carried, and
// holds the seats' streams check (server-seats-streams, I-BA-V10) to it:
// a pass with no finding for a right server, a failure at MUST by the
// case's rule alone for a fault.
func Streams(t *testing.T, g Game, cases []StreamsCase) {
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			ctx := Context(t, 2*time.Minute)
			r := NewDialects(t, g, tc.Faults, []string{"other-chance", "no-log"})
			m := r.Create("proxy-streams", g.Seats, []int{0, 1}, 3000)
			r.Play(ctx, r.Front.URL, m)
			rep := r.Report(ctx, 1)
			var streams *reports.Check
			for i, ch := range rep.Checks {
				if ch.Name == "server-seats-streams" {
					streams = &rep.Checks[i]
				}
			}
			if streams == nil {
				t.Fatal("no server-seats-streams check in the report")
			}
			switch {
			case tc.Rule == "" && streams.Status != reports.Pass:
				Dump(t, rep)
				t.Fatalf("streams check: %s (%s) %v, want pass", streams.Status, streams.Reason, streams.Findings)
			case tc.Rule != "":
				if streams.Status != reports.Fail || len(streams.Findings) == 0 {
					Dump(t, rep)
					t.Fatalf("streams check: %s (%s), want a failure by %s", streams.Status, streams.Reason, tc.Rule)
				}
				for _, f := range streams.Findings {
					if f.Level == "MUST" && f.Rule != tc.Rule {
						t.Errorf("finding %v, want MUST by %s alone", f, tc.Rule)
					}
				}
			}
		})
	}
}
