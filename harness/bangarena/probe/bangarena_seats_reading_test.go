package probe

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// TestSeatsJudgeGoesOnPastAReading (issue 27): an item a server withholds
// on its own reading of a gap (here a Snatch, Toss, Wagon, Caravan,
// Bazaar, Raid, Buckshot or Saloon item, I-BA-30 / I-BA-35) is reported
// at SHOULD, and the judge of the seats' evidence goes on judging the
// room to its end: the state did not part, only the list did. (It used to
// stop there, leaving the rest of the room, its end included, unjudged.)
func TestSeatsJudgeGoesOnPastAReading(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a room on the embedded server")
	}
	e, err := conform.StartEmbedded(conform.GameBangArena, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	tg := &conform.Target{Game: conform.GameBangArena, URL: e.URL, Create: true, Budget: -1}
	if err := tg.Validate(); err != nil {
		t.Fatal(err)
	}
	s, err := baPlaySessionMode(context.Background(), tg, "seats-reading", baMode{mode: ba.ModeClassic})
	if err != nil {
		t.Fatal(err)
	}
	if res := baCheckSeatsOne(s); len(res.Findings) > 0 || len(res.NotExercised) > 0 {
		t.Fatalf("the room as played: %v %v", res.Findings, res.NotExercised)
	}
	reading := map[string]bool{"play_steal": true, "play_discard_any": true, "play_draw": true, "play_market": true, "play_raid": true, "play_aoe_shot": true, "play_heal_all": true}
	k, drop := -1, -1
	for i, x := range s.sent[:len(s.sent)/2] {
		applied, _, _ := baApplied(x)
		for j, a := range x.seen.Req.LegalActions {
			if reading[a.Command] && a.ActionID != applied {
				k, drop = i, j
				break
			}
		}
		if k >= 0 {
			break
		}
	}
	if k < 0 {
		t.Fatal("no decision of the room's first half offered a Snatch, Toss or brown card it did not take")
	}
	x := &s.sent[k].seen
	x.Req.LegalActions = slices.Delete(slices.Clone(x.Req.LegalActions), drop, drop+1)
	res := baCheckSeatsOne(s)
	if len(res.Findings) == 0 {
		t.Fatalf("the withheld item at decision %d is not reported", k)
	}
	for _, f := range res.Findings {
		if g := rules.Default().Grade(f.Finding, false); g.Level != rules.Should {
			t.Errorf("%s at %s: %s (%s), want SHOULD (a reading)", f.Rule, g.Level, f.Message, f.Ref)
		}
	}
	for id, why := range res.NotExercised {
		if strings.Contains(why, "stopped") {
			t.Errorf("%s: %s — the judge stopped at the reading", id, why)
		}
	}
	if !s.final.Observation.Players[0].Alive && s.final.Observation.WinnerTeam == nil {
		return
	}
	team, seats := "", []int(nil)
	if s.final.Observation.WinnerTeam != nil {
		team, seats = *s.final.Observation.WinnerTeam, s.final.Observation.WinnerSeats
	}
	if team != "" && res.Evaluated[baWinRule(team, seats)] == 0 {
		t.Errorf("the room's end (%s) is not judged", team)
	}
}

// TestOnOtherReadingChargesNoGuess (issue 27): a room judged again on the
// server's reading of I-BA-27 keeps its findings while they are SHOULD;
// one that charges a MUST past the point where the readings part is not
// kept (the engine's model of the server's reading is umpire's guess):
// the first judgment stands, inconclusive, saying why. (It used to report
// the MUST: a false failure of a correct server.)
func TestOnOtherReadingChargesNoGuess(t *testing.T) {
	decider := conform.NewFinding("bangarena/12.one-decider", rules.Where{}, "seat 1 decides first", "seat 3 asked", baOtherDeciderMsg+"3 while seat 1's pending choice is open")
	decider.Basis, decider.Ref = rules.BasisReading, "I-BA-27"
	first := conform.Result{NotExercised: map[string]string{"bangarena/10.win-order": "the judge of the seats' evidence stopped, inconclusive: at decision 40 the engine's decider is not seat 3"}}
	should := conform.NewFinding("bangarena/server.legal-actions", rules.Where{}, "no such item", "heal:heal_self_03", "the server offers it")
	should.Basis, should.Ref = rules.BasisReading, "I-BA-7"
	must := conform.NewFinding("bangarena/3.turn-order", rules.Where{}, 1, 2, "the observation's turnSeat differs from the state the seats' evidence re-derives")

	kept := baOnOtherReading(first, conform.Result{Findings: []reports.Finding{should}}, decider)
	if len(kept.Findings) != 2 || kept.Findings[0].Rule != "bangarena/12.one-decider" {
		t.Fatalf("a SHOULD-only judgment again: have %v, want the decider's finding and the SHOULD", kept.Findings)
	}
	first = conform.Result{NotExercised: map[string]string{"bangarena/10.win-order": "stopped at decision 40"}}
	got := baOnOtherReading(first, conform.Result{Findings: []reports.Finding{decider, must}}, decider)
	for _, f := range got.Findings {
		if rules.Default().Grade(f.Finding, false).Level == rules.Must {
			t.Errorf("a MUST past the other reading is charged: %s %s", f.Rule, f.Message)
		}
	}
	if why := got.NotExercised["bangarena/10.win-order"]; !strings.Contains(why, "not charged") {
		t.Errorf("the rules left do not say why: %q", why)
	}
}

// TestDealtOnOtherReadingChargesNoGuess (issue 27): a room the judge deals
// again on the server's reading of the 8-seat impostor deal (I-BA-4)
// follows umpire's model of that reading; a state that parts from it later
// is not charged at MUST (the BangArena peer failed on 11.fields,
// 3.phases, 3.turn-order and 6.char-15-scavenger at one decision of such a
// room): its rule is inconclusive, saying why, and the SHOULD stays.
func TestDealtOnOtherReadingChargesNoGuess(t *testing.T) {
	deal := conform.NewFinding("bangarena/2.impostor-8-seats", rules.Where{}, 6, 5, "seat 1 is dealt 5 max hp, not the 6 the deal gives")
	deal.Basis, deal.Ref = rules.BasisReading, "I-BA-4"
	must := conform.NewFinding("bangarena/3.turn-order", rules.Where{}, 1, 2, "the observation's turnSeat differs from the state the seats' evidence re-derives")
	if !baDealtOnOtherReading([]reports.Finding{deal, must}) || baDealtOnOtherReading([]reports.Finding{must}) {
		t.Fatal("baDealtOnOtherReading does not tell a room dealt on the server's reading")
	}
	got := baUncharged(conform.Result{Findings: []reports.Finding{deal, must}}, "the room was judged on umpire's model of the server's reading of the deal")
	if len(got.Findings) != 1 || got.Findings[0].Rule != "bangarena/2.impostor-8-seats" {
		t.Errorf("findings kept: %v, want the deal's SHOULD alone", got.Findings)
	}
	if why := got.NotExercised["bangarena/3.turn-order"]; !strings.Contains(why, "not charged") {
		t.Errorf("3.turn-order does not say why it is not charged: %q", why)
	}
}
