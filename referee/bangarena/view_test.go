package bangarena

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestReactionOnlyHeadDecides(t *testing.T) {
	covers(t, "bangarena/7.reactions", "bangarena/7.pending-shape", "bangarena/7.queue-order")
	g := five(t)
	u := g.give(t, 0, "aoe_shot")
	g.mustApply(t, 0, "aoe_shot:"+u[0])
	for s := range g.seats {
		if (len(g.Legal(s)) > 0) != (s == 1) {
			t.Fatalf("%s: seat %d legal %v", "bangarena/7.reactions", s, ids(g.Legal(s)))
		}
	}
	// A seat further down the queue answering before the head breaks the
	// queue's order (I-BA-67); the attacker, not in it, may not act
	// during the reaction (§3).
	g.mustReject(t, 2, "pass_reaction", nil, "bangarena/7.queue-order")
	g.mustReject(t, 0, "end_play", nil, "bangarena/7.reactions")
	v := g.View(3)
	pr := v.PendingReaction
	if pr == nil || pr.Kind != "aoe_shot" || pr.SourceSeat != 0 || pr.TargetSeat != 1 || pr.CardUID != u[0] || pr.Command != "play_aoe_shot" {
		t.Fatalf("%s: %+v", "bangarena/7.pending-shape", pr)
	}
	if len(v.ReactionQueue) != 4 || v.ReactionQueue[0] != 1 || v.Phase != PhaseReaction {
		t.Fatalf("%s: queue %v phase %s", "bangarena/7.pending-shape", v.ReactionQueue, v.Phase)
	}
	g.mustReject(t, 1, "miss:shot_01", nil, "bangarena/7.reactions")
}

func TestViewRedaction(t *testing.T) {
	covers(t, "bangarena/11.redaction", "bangarena/11.events", "bangarena/1.what-you-see")
	g, err := NewGame(Config{Seats: 6, RoleMode: ModeImpostor}, "view")
	if err != nil {
		t.Fatal(err)
	}
	for s := range g.seats {
		v := g.View(s)
		b, _ := json.Marshal(v)
		for o, st := range g.seats {
			p := v.Players[o]
			if o == s {
				if p.RoleID == nil || *p.RoleID != st.role || len(p.Hand) != len(st.hand) || p.Hand[0].UID == "" {
					t.Fatalf("%s: seat %d does not see its own hand and role", "bangarena/1.what-you-see", s)
				}
				continue
			}
			if st.role != RoleMarshal && (p.RoleID != nil || !p.RoleHidden) {
				t.Fatalf("%s: seat %d sees the role of %d", "bangarena/11.redaction", s, o)
			}
			for _, c := range st.hand {
				// The deal's private draw events must not leak the card either.
				if strings.Contains(string(b), `"`+uidTable[c]+`"`) {
					t.Fatalf("%s: seat %d's view names %s from seat %d's hand", "bangarena/11.events", s, uidTable[c], o)
				}
			}
		}
		for _, e := range v.Events {
			if e.To >= 0 && e.To != s {
				t.Fatalf("%s: private event of %d shown to %d", "bangarena/11.events", e.To, s)
			}
		}
	}
	// Roles stay hidden after an early end, revealed after a normal one.
	g.Abort("force_end")
	v := g.View(1)
	hidden := 0
	for _, p := range v.Players {
		if p.RoleID == nil {
			hidden++
		}
	}
	if hidden == 0 || v.Phase != PhaseEnded || v.WinnerTeam != nil {
		t.Fatalf("%s: force_end revealed roles (%d hidden) or named winners", "bangarena/11.redaction", hidden)
	}
}

func TestViewFieldsAndRequest(t *testing.T) {
	covers(t, "bangarena/11.fields", "bangarena/12.request")
	g, _ := NewGame(Config{Seats: 5, MatchID: "m-test"}, "request")
	seat, _ := g.Decider()
	r := g.Request(seat, "2026-10-09T12:00:30.000Z")
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	for _, k := range []string{"matchId", "seatId", "decisionId", "observationVersion", "deadlineAt", "rulesetVersion",
		"mechanicsPackHash", "protocolVersion", "observation", "legalActions"} {
		if _, ok := m[k]; !ok {
			t.Fatalf("%s: no %s", "bangarena/12.request", k)
		}
	}
	if m["rulesetVersion"] != RulesetVersion || m["protocolVersion"] != ProtocolVersion || m["mechanicsPackHash"] != MechanicsPackHash || m["matchId"] != "m-test" {
		t.Fatalf("%s: %v", "bangarena/12.request", m)
	}
	obs := m["observation"].(map[string]any)
	for _, k := range []string{"version", "phase", "turnSeat", "you", "players", "deckCount", "discardCount", "events",
		"pendingReaction", "reactionQueue", "pendingChoice", "roleMode", "winnerTeam", "winnerSeats"} {
		if _, ok := obs[k]; !ok {
			t.Fatalf("%s: observation has no %s", "bangarena/11.fields", k)
		}
	}
	p := obs["players"].([]any)[0].(map[string]any)
	for _, k := range []string{"hp", "maxHp", "alive", "characterId", "roleId", "hand", "handCount", "inPlayCards", "weaponCardId", "glory"} {
		if _, ok := p[k]; !ok {
			t.Fatalf("%s: player has no %s", "bangarena/11.fields", k)
		}
	}
	if int(obs["version"].(float64)) != r.ObservationVersion || r.DecisionID == nil {
		t.Fatal("bangarena/12.request", "versions or decisionId")
	}
	other := (seat + 1) % 5
	ro := g.Request(other, "x")
	if ro.DecisionID != nil || len(ro.LegalActions) != 0 {
		t.Fatal("bangarena/12.request", "a non-deciding seat got a decision")
	}
	for _, e := range r.Observation.Events {
		if e.Seq <= 0 || e.Type == "" {
			t.Fatalf("%s: event without seq/type %+v", "bangarena/11.events", e)
		}
	}
}

func TestEventJSONRoundTrip(t *testing.T) {
	g, _ := NewGame(Config{Seats: 6, RoleMode: ModeImpostor}, "roundtrip")
	for _, e := range g.Log() {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		var back Event
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		b2, _ := json.Marshal(back)
		if string(b) != string(b2) {
			t.Fatalf("round trip:\n%s\n%s", b, b2)
		}
	}
}

func TestSpectatorView(t *testing.T) {
	covers(t, "bangarena/11.redaction")
	g, _ := NewGame(Config{Seats: 5}, "spectator")
	v := g.View(-1)
	for _, p := range v.Players {
		if p.RoleID != nil && *p.RoleID != RoleMarshal {
			t.Fatalf("a spectator sees the role of seat %d", p.Seat)
		}
		for _, h := range p.Hand {
			if h.UID != "" {
				t.Fatal("a spectator sees a hand card")
			}
		}
	}
	for _, e := range v.Events {
		if e.To >= 0 || e.Cards != nil {
			t.Fatalf("a spectator sees %+v", e)
		}
	}
	if len(g.Events()) != len(g.Log()) {
		t.Fatal("Events and Log differ")
	}
}

// TestDeciderRules: a decision by a seat nobody asks is §12's
// (bangarena/12.decider), after the end too; the turn's seat deciding
// while another seat's choice is pending breaks only umpire's order of
// deciders (bangarena/12.one-decider, I-BA-27).
func TestDeciderRules(t *testing.T) {
	covers(t, "bangarena/12.decider", "bangarena/12.one-decider")
	g := six(t, ModeClassic)
	g.turnSeat, g.phase = 1, PhasePlay
	g.seats[3].hp = 1
	d := g.give(t, 1, "duel")
	g.mustApply(t, 1, "duel:"+d[0]+":3")
	g.mustApply(t, 3, "pass_reaction") // seat 1 kills seat 3: its glory choice
	if len(g.choices) == 0 || g.choices[0].seat != 1 {
		t.Fatalf("no glory choice for seat 1: %+v", g.choices)
	}
	g.mustReject(t, 2, "end_play", nil, "bangarena/12.decider")
	g.mustApply(t, 1, "glory:"+g.choices[0].id+":heart")
	// Seat 2's star (a last bullet, say) while seat 1 plays its turn: the
	// rules do not say whether the turn or the choice goes first.
	g.star(2, "last_bullet")
	g.mustReject(t, 1, "end_play", nil, "bangarena/12.one-decider")
	g.mustReject(t, 4, "end_play", nil, "bangarena/12.decider")
	g.Abort("force_end")
	g.mustReject(t, 1, "end_play", nil, "bangarena/12.decider")
}
