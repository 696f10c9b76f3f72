package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/harness/conform/conformtest"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/reports"
)

// readLiveFixture reads a DecisionRequest of testdata/live.
func readLiveFixture(t *testing.T, name string) ba.DecisionRequest {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "live", name))
	if err != nil {
		t.Fatal(err)
	}
	var req ba.DecisionRequest
	if err := json.Unmarshal(raw, &req); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return req
}

// withoutItem returns req's legalActions less the item id.
func withoutItem(l []ba.LegalAction, id string) []ba.LegalAction {
	return slices.DeleteFunc(slices.Clone(l), func(a ba.LegalAction) bool { return a.ActionID == id })
}

// TestLiveCompareFixture: the live comparison (I-BA-P4) of one hand-made
// DecisionRequest: seat 3 holds jail_01 and the Marshal is seat 0; the
// fixture's list offers Jail on the Marshal besides the engine's items.
func TestLiveCompareFixture(t *testing.T) {
	const extra = "equip_blue:jail_01:0"
	tests := []struct {
		name string
		edit func(r *ba.DecisionRequest)
		// want are the findings as "rule got".
		want []string
		// unchecked is the number of offered items left inconclusive;
		// undecided the commands the referee could not decide.
		unchecked int
		undecided []string
	}{
		// The referee names the rule the extra item breaks (RuleAgainst).
		{"an extra item: Jail on the Marshal", func(*ba.DecisionRequest) {}, []string{"bangarena/5.jail " + extra}, 0, nil},
		{"the engine's list", func(r *ba.DecisionRequest) { r.LegalActions = withoutItem(r.LegalActions, extra) }, nil, 0, nil},
		{"a legal item dropped", func(r *ba.DecisionRequest) {
			r.LegalActions = withoutItem(withoutItem(r.LegalActions, extra), "end_play")
		}, []string{"bangarena/server.legal-actions missing"}, 0, nil},
		{"events cut before this turn: Shots undecided, the Jail still judged", func(r *ba.DecisionRequest) {
			ev := r.Observation.Events
			last := -1
			for i, e := range ev {
				if e.Type == "turn_start" {
					last = i
				}
			}
			r.Observation.Events = ev[last+1:]
		}, []string{"bangarena/5.jail " + extra}, 2, []string{"play_shot"}},
		{"a seatId that is not the observation's seat", func(r *ba.DecisionRequest) { r.SeatID = 1 }, []string{"bangarena/12.request "}, 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := readLiveFixture(t, "jail_marshal_offered.json")
			tc.edit(&req)
			raw, _ := json.Marshal(req)
			fs, und, unchecked := baLiveCompare(baSeen{Seat: req.SeatID, Version: req.ObservationVersion, Raw: raw, Req: req})
			var have []string
			for _, f := range fs {
				got, _ := f.Got.(string)
				if f.Rule == "bangarena/12.request" {
					got = ""
				}
				have = append(have, f.Rule+" "+got)
			}
			if !slices.Equal(have, tc.want) {
				t.Errorf("findings: have %q, want %q", have, tc.want)
			}
			if unchecked != tc.unchecked {
				t.Errorf("unchecked: have %d, want %d", unchecked, tc.unchecked)
			}
			var cmds []string
			for _, u := range und {
				cmds = append(cmds, u.Command)
			}
			if !slices.Equal(cmds, tc.undecided) {
				t.Errorf("undecided: have %q, want %q", cmds, tc.undecided)
			}
		})
	}
}

// checkNamed returns the check of game's suite whose name contains part.
func checkNamed(t *testing.T, game, part string) conform.Check {
	t.Helper()
	for _, c := range conform.Checks(game) {
		if strings.Contains(c.Name, part) {
			return c
		}
	}
	t.Fatalf("no check named like %q in the %s suite", part, game)
	return conform.Check{}
}

// liveCheck returns the live legality check of the suite.
func liveCheck(t *testing.T) conform.Check {
	return conformtest.CheckNamed(t, conform.GameBangArena, "(live)")
}

// TestLiveCheckOnEmbedded: the live check passes on the embedded server and
// fails on the fault that offers an illegal item (Jail on the Marshal),
// citing the rule the item breaks (bangarena/5.jail) and naming the item.
func TestLiveCheckOnEmbedded(t *testing.T) {
	if testing.Short() {
		t.Skip("plays sessions on two servers")
	}
	for _, tc := range []struct {
		fault string
		fail  bool
	}{{"", false}, {"jail-marshal", true}} {
		t.Run("fault="+tc.fault, func(t *testing.T) {
			t.Parallel()
			var faults []string
			if tc.fault != "" {
				faults = []string{tc.fault}
			}
			e, err := conform.StartEmbedded(conform.GameBangArena, faults)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			// The live check is proven on the planned rooms alone (no playing
			// on); TestEmbeddedConforms and the dialect suites judge the rooms
			// played on.
			tg := &conform.Target{Game: conform.GameBangArena, URL: e.URL, Create: true, Budget: -1}
			if err := tg.Validate(); err != nil {
				t.Fatal(err)
			}
			rc := conform.Run(context.Background(), tg, liveCheck(t))
			t.Logf("%v: %s", rc.Status, rc.Reason)
			if !tc.fail {
				if rc.Status != reports.Pass {
					t.Fatalf("have %v (%s) %v, want pass", rc.Status, rc.Reason, rc.Findings)
				}
				return
			}
			if rc.Status != reports.Fail {
				t.Fatalf("have %v (%s), want fail", rc.Status, rc.Reason)
			}
			for _, f := range rc.Findings {
				got, _ := f.Got.(string)
				if f.Rule != "bangarena/5.jail" || !strings.HasPrefix(got, "equip_blue:jail_") {
					t.Errorf("have finding %s %v (%s), want bangarena/5.jail on a Jail item", f.Rule, f.Got, f.Message)
				}
			}
		})
	}
}

// TestLiveCheckOnGivenRoom: on a room the suite did not create (no seed,
// so no replay) the live check still compares every request it is
// offered, and passes on the embedded server.
func TestLiveCheckOnGivenRoom(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a room")
	}
	e, err := conform.StartEmbedded(conform.GameBangArena, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	maker := &conform.Target{Game: conform.GameBangArena, URL: e.URL, Create: true, DeadlineMS: 5000}
	if err := maker.Validate(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r, err := baCreate(ctx, maker, "given-live")
	if err != nil {
		t.Fatal(err)
	}
	tg := &conform.Target{Game: conform.GameBangArena, URL: e.URL, Match: r.id, Seats: r.tokens}
	if err := tg.Validate(); err != nil {
		t.Fatal(err)
	}
	rc := conform.Run(ctx, tg, liveCheck(t))
	if rc.Status != reports.Pass || !strings.Contains(rc.Reason, "compared") {
		t.Fatalf("live: have %v (%s) %v, want pass with counts", rc.Status, rc.Reason, rc.Findings)
	}
	t.Logf("live: %s", rc.Reason)
}

// TestLiveCompareCappedEvents: over requests of seeded self-play in every
// role mode, with the observation's events capped to their last k (as a
// server may send them), the engine's own list gives no finding, whatever
// is undecided; the same list less one item gives exactly one finding
// unless that item's command is undecided. The counts of inconclusive
// items per cap are logged.
func TestLiveCompareCappedEvents(t *testing.T) {
	t.Parallel() // computation alone: beside the suites played in the pool
	games := 8
	if testing.Short() || conformtest.RaceEnabled {
		games = 2
	}
	caps := []int{-1, 30, 8, 0} // -1: every event
	modes := []string{ba.ModeClassic, ba.ModePartners, ba.ModeImpostor, ba.ModeLegacy}
	lives := make([]baLive, len(caps))
	for i := range games {
		g, err := ba.NewGame(ba.Config{Seats: 4 + i%5, RoleMode: modes[i%4]}, fmt.Sprint("live-capped-", i))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 4))
		for n := 0; !g.Over() && n < 300; n++ {
			seat, _ := g.Decider()
			full := g.Request(seat, "1970-01-01T00:00:30.000Z")
			for ci, k := range caps {
				req := full
				if ev := full.Observation.Events; k >= 0 && len(ev) > k {
					req.Observation.Events = ev[len(ev)-k:]
				}
				x := baSeen{Seat: seat, Version: req.ObservationVersion, Req: req}
				before := len(lives[ci].Findings)
				lives[ci].add(x)
				if fs := lives[ci].Findings[before:]; len(fs) > 0 {
					t.Fatalf("game %d step %d cap %d: the engine's list gives findings %v", i, n, k, fs[0].Message)
				}
				drop := req.LegalActions[0]
				req.LegalActions = req.LegalActions[1:]
				fs, und, _ := baLiveCompare(baSeen{Seat: seat, Version: req.ObservationVersion, Req: req})
				want := 1
				for _, u := range und {
					if u.Command == drop.Command {
						want = 0
					}
				}
				if len(fs) != want {
					t.Fatalf("game %d step %d cap %d: without %s have %d finding(s), want %d", i, n, k, drop.ActionID, len(fs), want)
				}
			}
			g.PlayRandom(r)
		}
	}
	for ci, k := range caps {
		t.Logf("events cap %d: %s", k, lives[ci].summary())
	}
	if lives[0].Unchecked != 0 || lives[0].Partial != 0 {
		t.Errorf("with every event: have %d inconclusive items, want 0", lives[0].Unchecked)
	}
	if lives[len(caps)-1].Unchecked == 0 {
		t.Errorf("with no events: nothing was inconclusive; the comparison cannot tell a cut list")
	}
}

// TestLiveAddOnceEach: a request polled again at the same version is
// compared once, and only the first finding of a kind carries the request
// as evidence.
func TestLiveAddOnceEach(t *testing.T) {
	req := readLiveFixture(t, "jail_marshal_offered.json")
	x := baSeen{Seat: req.SeatID, Version: req.ObservationVersion, Req: req}
	var l baLive
	l.add(x)
	l.add(x)
	if l.Compared != 1 || len(l.Findings) != 1 {
		t.Fatalf("the same request twice: have %d compared, %d findings, want 1 and 1", l.Compared, len(l.Findings))
	}
	x.Version++
	l.add(x)
	if l.Compared != 2 || len(l.Findings) != 2 {
		t.Fatalf("a later version: have %d compared, %d findings, want 2 and 2", l.Compared, len(l.Findings))
	}
	if len(l.Findings[0].Transcript) == 0 || len(l.Findings[1].Transcript) != 0 {
		t.Errorf("have transcripts of %d and %d messages, want the first finding's only", len(l.Findings[0].Transcript), len(l.Findings[1].Transcript))
	}
	x.Req.LegalActions = withoutItem(withoutItem(x.Req.LegalActions, "equip_blue:jail_01:0"), "end_play")
	x.Version++
	l.add(x)
	if f := l.Findings[len(l.Findings)-1]; f.Got != "missing" || len(f.Transcript) == 0 {
		t.Errorf("the first missing item: have %v with %d messages, want missing with the request", f.Got, len(f.Transcript))
	}
}

// BenchmarkLiveCompare times the live comparison of one request (what the
// session adds to each decision it is offered).
func BenchmarkLiveCompare(b *testing.B) {
	raw, err := os.ReadFile(filepath.Join("testdata", "live", "jail_marshal_offered.json"))
	if err != nil {
		b.Fatal(err)
	}
	var req ba.DecisionRequest
	if err := json.Unmarshal(raw, &req); err != nil {
		b.Fatal(err)
	}
	x := baSeen{Seat: req.SeatID, Version: req.ObservationVersion, Raw: raw, Req: req}
	b.ReportAllocs()
	for b.Loop() {
		if fs, _, _ := baLiveCompare(x); len(fs) != 1 {
			b.Fatalf("have %d findings, want 1", len(fs))
		}
	}
}
