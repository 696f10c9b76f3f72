package bangarena

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestReactionOnlyHeadDecides(t *testing.T) {
	// "bangarena/7.reactions", "bangarena/12.decider", "bangarena/7.pending-shape"
	g := five(t)
	u := g.give(t, 0, "aoe_shot")
	g.mustApply(t, 0, "aoe_shot:"+u[0])
	for s := range g.seats {
		if (len(g.Legal(s)) > 0) != (s == 1) {
			t.Fatalf("bangarena/7.reactions: seat %d legal %v", s, ids(g.Legal(s)))
		}
	}
	g.mustReject(t, 2, "pass_reaction", nil, "bangarena/12.decider")
	v := g.View(3)
	pr := v.PendingReaction
	if pr == nil || pr.Kind != "aoe_shot" || pr.SourceSeat != 0 || pr.TargetSeat != 1 || pr.CardUID != u[0] || pr.Command != "play_aoe_shot" {
		t.Fatalf("bangarena/7.pending-shape: %+v", pr)
	}
	if len(v.ReactionQueue) != 4 || v.ReactionQueue[0] != 1 || v.Phase != PhaseReaction {
		t.Fatalf("bangarena/7.pending-shape: queue %v phase %s", v.ReactionQueue, v.Phase)
	}
	g.mustReject(t, 1, "miss:shot_01", nil, "bangarena/7.reactions")
}

func TestViewRedaction(t *testing.T) {
	// "bangarena/11.redaction", "bangarena/11.events", "bangarena/1.what-you-see"
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
					t.Fatalf("bangarena/1.what-you-see: seat %d does not see its own hand and role", s)
				}
				continue
			}
			if st.role != RoleMarshal && (p.RoleID != nil || !p.RoleHidden) {
				t.Fatalf("bangarena/11.redaction: seat %d sees the role of %d", s, o)
			}
			for _, c := range st.hand {
				// The deal's private draw events must not leak the card either.
				if strings.Contains(string(b), `"`+uidTable[c]+`"`) {
					t.Fatalf("bangarena/11.events: seat %d's view names %s from seat %d's hand", s, uidTable[c], o)
				}
			}
		}
		for _, e := range v.Events {
			if e.To >= 0 && e.To != s {
				t.Fatalf("bangarena/11.events: private event of %d shown to %d", e.To, s)
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
		t.Fatalf("bangarena/11.redaction: force_end revealed roles (%d hidden) or named winners", hidden)
	}
}

func TestViewFieldsAndRequest(t *testing.T) {
	// "bangarena/11.fields", "bangarena/12.request"
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
			t.Fatalf("bangarena/12.request: no %s", k)
		}
	}
	if m["rulesetVersion"] != RulesetVersion || m["protocolVersion"] != ProtocolVersion || m["mechanicsPackHash"] != MechanicsPackHash || m["matchId"] != "m-test" {
		t.Fatalf("bangarena/12.request: %v", m)
	}
	obs := m["observation"].(map[string]any)
	for _, k := range []string{"version", "phase", "turnSeat", "you", "players", "deckCount", "discardCount", "events",
		"pendingReaction", "reactionQueue", "pendingChoice", "roleMode", "winnerTeam", "winnerSeats"} {
		if _, ok := obs[k]; !ok {
			t.Fatalf("bangarena/11.fields: observation has no %s", k)
		}
	}
	p := obs["players"].([]any)[0].(map[string]any)
	for _, k := range []string{"hp", "maxHp", "alive", "characterId", "roleId", "hand", "handCount", "inPlayCards", "weaponCardId", "glory"} {
		if _, ok := p[k]; !ok {
			t.Fatalf("bangarena/11.fields: player has no %s", k)
		}
	}
	if int(obs["version"].(float64)) != r.ObservationVersion || r.DecisionID == nil {
		t.Fatal("bangarena/12.request: versions or decisionId")
	}
	other := (seat + 1) % 5
	ro := g.Request(other, "x")
	if ro.DecisionID != nil || len(ro.LegalActions) != 0 {
		t.Fatal("bangarena/12.request: a non-deciding seat got a decision")
	}
	for _, e := range r.Observation.Events {
		if e.Seq <= 0 || e.Type == "" {
			t.Fatalf("bangarena/11.events: event without seq/type %+v", e)
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
