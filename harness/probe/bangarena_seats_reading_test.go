package probe

import (
	"context"
	"slices"
	"strings"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
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
	e, err := StartEmbedded(GameBangArena, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	tg := &Target{Game: GameBangArena, URL: e.URL, Create: true, Budget: -1}
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
