package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// ruleFaultRules are the game-rule faults (faults_rules.go) and the rule
// each breaks.
func ruleFaultRules() map[Fault]string {
	return map[Fault]string{
		FaultSecondShot:          "bangarena/3.shot-limit",
		FaultRangePlusOne:        "bangarena/4.range",
		FaultPassShadowNoHorse:   "bangarena/6.char-09-pass-shadow",
		FaultHorseIgnored:        "bangarena/5.horse-scope",
		FaultSnatchFar:           "bangarena/4.steal-distance",
		FaultDuelSelf:            "bangarena/4.self-target",
		FaultJailSelf:            "bangarena/4.targets",
		FaultBlueTwice:           "bangarena/5.blue-offer",
		FaultHealAtNoon:          "bangarena/8.high-noon",
		FaultMissAgainstRaid:     "bangarena/7.reactions",
		FaultEndPlayInReaction:   "bangarena/3.phases",
		FaultLookTopHandCard:     "bangarena/13.choices",
		FaultMadDogOneShot:       "bangarena/6.char-16-mad-dog",
		FaultLeakLookTop:         "bangarena/11.look-top",
		FaultLeakDraws:           "bangarena/11.events",
		FaultLeakHandTakes:       "bangarena/11.events",
		FaultNoReactionQueue:     "bangarena/7.pending-shape",
		FaultDeckCountOff:        "bangarena/11.fields",
		FaultLawWinnersLiving:    "bangarena/10.law-wins",
		FaultRaiderWinnersLiving: "bangarena/10.marshal-dead",
		FaultArgsIgnored:         "bangarena/12.args-contradict",
		FaultGloryDefaultRange:   "bangarena/13.glory-default",
		FaultDiscardHealAnyone:   "bangarena/6.char-12-bonesetter",
		FaultFlaskFullHp:         "bangarena/5.flask",
		FaultTwoFacedForAll:      "bangarena/6.char-03-two-faced",
		FaultTurnSeatOfDecider:   "bangarena/3.turn-order",
	}
}

// brokenRequest reports whether after (the request with the fault on)
// shows fault's departure from before (the engine's request), g being the
// match at that point: an added item the engine refuses under the fault's
// rule, a left-out item, or the field the fault computes wrongly.
func brokenRequest(t *testing.T, fault Fault, rule string, g *ref.Game, seat int, before, after ref.DecisionRequest) bool {
	t.Helper()
	had := map[string]bool{}
	for _, a := range before.LegalActions {
		had[a.ActionID] = true
	}
	broken := false
	for _, a := range after.LegalActions {
		if had[a.ActionID] {
			continue
		}
		err := g.Clone().Apply(seat, a.ActionID, nil)
		if got := rules.RuleOf(err); got != rule {
			t.Fatalf("%s adds %q, which the engine refuses under %q (%v), not %s", fault, a.ActionID, got, err, rule)
		}
		broken = true
	}
	if len(after.LegalActions) < len(before.LegalActions) {
		broken = true
	}
	ob, oa := before.Observation, after.Observation
	switch fault {
	case FaultLeakLookTop:
		broken = broken || oa.PendingChoice != nil && oa.PendingChoice.Seat != seat && len(oa.PendingChoice.Cards) > 0
	case FaultLeakDraws:
		for _, e := range oa.Events {
			broken = broken || e.Type == "draw" && e.Seat != seat && len(e.Cards) > 0
		}
	case FaultLeakHandTakes:
		for _, e := range oa.Events {
			broken = broken || e.Type == "take" && e.Seat != seat && e.FromSeat != seat && e.Card != nil && e.Zone == "inPlay" && !slices.ContainsFunc(ob.Events, func(b ref.Event) bool { return b.Seq == e.Seq && b.Card != nil })
		}
	case FaultNoReactionQueue:
		broken = broken || !slices.Equal(ob.ReactionQueue, oa.ReactionQueue)
	case FaultDeckCountOff:
		broken = broken || ob.DeckCount != oa.DeckCount
	case FaultTurnSeatOfDecider:
		broken = broken || ob.TurnSeat != oa.TurnSeat
	case FaultLawWinnersLiving, FaultRaiderWinnersLiving:
		broken = broken || !slices.Equal(ob.WinnerSeats, oa.WinnerSeats)
	}
	return broken
}

// TestRuleFaultsBreakTheirRule plays random 8-seat matches with every
// character on some table and, at every decision of every seat, compares
// the engine's DecisionRequest with the one each game-rule fault gives:
// with the fault on, some request shows the fault's departure (and every
// item it adds is one the engine refuses under the fault's rule); with no
// fault, no request changes.
func TestRuleFaultsBreakTheirRule(t *testing.T) {
	play := func(i int, each func(g *ref.Game, r *room, seat int) bool) bool {
		chars := make([]string, 8)
		for s := range chars {
			chars[s] = fmt.Sprintf("char_%02d", (i*8+s)%16+1)
		}
		mode := []string{ref.ModeClassic, ref.ModeImpostor}[i%2]
		g, err := ref.NewGame(ref.Config{Seats: 8, RoleMode: mode, Characters: chars}, fmt.Sprintf("rule-faults-%d", i))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 9))
		for {
			for seat := range 8 {
				if each(g, nil, seat) {
					return true
				}
			}
			if _, ok := g.PlayRandom(rng); !ok {
				return false
			}
		}
	}
	for fault, rule := range ruleFaultRules() {
		if fault == FaultArgsIgnored || fault == FaultGloryDefaultRange {
			continue // TestFaultArgsIgnored, TestFaultGloryDefaultRange
		}
		t.Run(string(fault), func(t *testing.T) {
			s, err := New(Options{Faults: []Fault{fault}})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Shutdown(t.Context())
			broken := false
			for i := 0; i < 60 && !broken; i++ {
				broken = play(i, func(g *ref.Game, _ *room, seat int) bool {
					r := &room{s: s, g: g}
					before := g.Request(seat, "")
					after := g.Request(seat, "")
					r.ruleFaultsLocked(seat, &after)
					return brokenRequest(t, fault, rule, g, seat, before, after)
				})
			}
			if !broken {
				t.Fatalf("fault %s on, but no request of 60 matches shows it", fault)
			}
		})
	}
	t.Run("off", func(t *testing.T) {
		s, err := New(Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Shutdown(t.Context())
		for i := range 4 {
			play(i, func(g *ref.Game, _ *room, seat int) bool {
				r := &room{s: s, g: g}
				before, after := g.Request(seat, ""), g.Request(seat, "")
				r.ruleFaultsLocked(seat, &after)
				if !reflect.DeepEqual(before, after) {
					t.Fatalf("no fault on, yet seat %d's request changed", seat)
				}
				return false
			})
		}
	})
}

// TestFaultArgsIgnored: with the fault on, an item answered with args that
// contradict its argsSchema is applied; off, it is refused (400 reask).
func TestFaultArgsIgnored(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := Options{}
		if on {
			opts.Faults = []Fault{FaultArgsIgnored}
		}
		f := newFixture(t, opts)
		c := agentsRoom(t, f, RoomConfig{})
		seat, w := f.waitDecider(c)
		var item *ref.LegalAction
		for i, a := range w.LegalActions {
			if _, ok := a.ArgsSchema["cardUid"]; ok {
				item = &w.LegalActions[i]
				break
			}
		}
		if item == nil {
			t.Fatal("the first decision offers no item with a cardUid")
		}
		d := decision(seat, item.ActionID, cmdID(seat, 1), w.ObservationVersion)
		d["args"] = json.RawMessage(`{"cardUid":"not-this-card"}`)
		st, _, body := f.post(c.RoomID, c.Tokens[seat], d)
		if applied := st == http.StatusOK; applied != on {
			t.Fatalf("fault %v: contradicting args applied = %v (%d %s)", on, applied, st, body)
		}
	}
}

// TestFaultGloryDefaultRange: a glory choice's default answer is heart
// (§13); with the fault on it is the range perk, and any other default is
// left as it is.
func TestFaultGloryDefaultRange(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range 40 {
		g, err := ref.NewGame(ref.Config{Seats: 6}, fmt.Sprintf("glory-default-%d", i))
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			seat, _ := g.Decider()
			def, ok := g.DefaultAction(seat)
			if !ok {
				break
			}
			got := gloryFirstLocked(g, seat, def)
			if def.Command != "choose_glory" {
				if got.ActionID != def.ActionID {
					t.Fatalf("%s changed to %s", def.ActionID, got.ActionID)
				}
				g.PlayRandom(rng)
				continue
			}
			if !strings.HasSuffix(def.ActionID, ":heart") || !strings.HasSuffix(got.ActionID, ":range") {
				t.Fatalf("glory default %s, with the fault %s; want heart, range", def.ActionID, got.ActionID)
			}
			return
		}
	}
	t.Fatal("no glory choice arose in 40 matches")
}
