package players

import (
	"encoding/json"
	"testing"

	"github.com/umpire-arena/umpire/referee/bangarena"
)

// request builds a play-phase request for seat `me` (role) at a table of
// n living seats with the Marshal at seat 0, holding hand, offered legal.
func request(me int, role string, n int, hand []bangarena.HandCard, events []bangarena.Event, legal ...bangarena.LegalAction) *bangarena.DecisionRequest {
	v := bangarena.PlayerView{You: me, Phase: bangarena.PhasePlay, TurnSeat: me, Events: events}
	for s := range n {
		p := bangarena.PlayerInfo{Seat: s, Hp: 4, MaxHp: 4, Alive: true, HandCount: 3, CharacterID: "char_07"}
		if s == 0 {
			r := bangarena.RoleMarshal
			p.RoleID = &r
		}
		if s == me {
			r := role
			p.RoleID = &r
			p.Hand, p.HandCount = hand, len(hand)
		}
		v.Players = append(v.Players, p)
	}
	return &bangarena.DecisionRequest{Observation: v, LegalActions: legal}
}

func shot(uid string, target int) bangarena.LegalAction {
	return bangarena.LegalAction{ActionID: "shot:" + uid + ":" + string(rune('0'+target)), Command: "play_shot",
		ArgsSchema: map[string]any{"cardUid": uid, "targetSeat": target}}
}

var endPlay = bangarena.LegalAction{ActionID: "end_play", Command: "end_play"}

func decide(t *testing.T, req *bangarena.DecisionRequest) Decision {
	t.Helper()
	p, _ := New("heuristic", "h")
	d, err := p.Decide(req)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestHeuristicTargets(t *testing.T) {
	hand := []bangarena.HandCard{{UID: "shot_01", CardID: "shot"}}
	attackOnMarshal := []bangarena.Event{{Seq: 1, Type: "card_played", To: -1, Seat: 3, TargetSeat: 0, SourceSeat: -1, KillerSeat: -1, FromSeat: -1, Command: "play_shot", CardID: "shot", UID: "shot_09"}}
	tests := []struct {
		name   string
		role   string
		me, n  int
		events []bangarena.Event
		offer  []bangarena.LegalAction
		want   string
	}{
		{"raider focuses the Marshal", bangarena.RoleRaider, 1, 5, nil, []bangarena.LegalAction{shot("shot_01", 2), shot("shot_01", 0), endPlay}, "shot:shot_01:0"},
		{"deputy never shoots the Marshal", bangarena.RoleAide, 1, 5, nil, []bangarena.LegalAction{shot("shot_01", 0), endPlay}, "end_play"},
		{"deputy shoots the Marshal's attacker", bangarena.RoleAide, 4, 5, attackOnMarshal, []bangarena.LegalAction{shot("shot_01", 0), shot("shot_01", 3), endPlay}, "shot:shot_01:3"},
		{"loner spares the Marshal while others live", bangarena.RoleLone, 1, 5, nil, []bangarena.LegalAction{shot("shot_01", 0), endPlay}, "end_play"},
		{"loner shoots the Marshal when alone with him", bangarena.RoleLone, 1, 2, nil, []bangarena.LegalAction{shot("shot_01", 0), endPlay}, "shot:shot_01:0"},
		{"marshal shoots his attacker", bangarena.RoleMarshal, 0, 5, attackOnMarshal, []bangarena.LegalAction{shot("shot_01", 1), shot("shot_01", 3), endPlay}, "shot:shot_01:3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if d := decide(t, request(tc.me, tc.role, tc.n, hand, tc.events, tc.offer...)); d.ActionID != tc.want {
				t.Fatalf("have %s, want %s", d.ActionID, tc.want)
			}
		})
	}
}

func TestHeuristicMarshalKeepsRicochets(t *testing.T) {
	// Two-Faced Marshal: a Ricochet offered as a Shot is not fired.
	hand := []bangarena.HandCard{{UID: "miss_01", CardID: "miss"}, {UID: "raid_01", CardID: "raid"}, {UID: "duel_01", CardID: "duel"}}
	as := shot("miss_01", 2)
	as.ArgsSchema["playedAs"] = "shot"
	if d := decide(t, request(0, bangarena.RoleMarshal, 5, hand, nil, as, endPlay)); d.ActionID != "end_play" {
		t.Fatalf("the Marshal fired his Ricochet: %s", d.ActionID)
	}
	// Discarding, the Ricochet is kept.
	req := request(0, bangarena.RoleMarshal, 5, hand, nil, bangarena.LegalAction{ActionID: "discard", Command: "discard",
		ArgsSchema: map[string]any{"cardUids": []string{"miss_01", "raid_01"}}})
	req.Observation.Phase = bangarena.PhaseDiscard
	req.Observation.Players[0].Hp = 1
	d := decide(t, req)
	var args struct{ CardUids []string }
	if err := json.Unmarshal(d.Args, &args); err != nil || len(args.CardUids) != 2 {
		t.Fatalf("discard args %s", d.Args)
	}
	for _, u := range args.CardUids {
		if u == "miss_01" {
			t.Fatalf("the Marshal discarded his Ricochet: %v", args.CardUids)
		}
	}
}

func TestHeuristicAnswers(t *testing.T) {
	hand := []bangarena.HandCard{{UID: "miss_01", CardID: "miss"}}
	req := request(2, bangarena.RoleRaider, 5, hand, nil,
		bangarena.LegalAction{ActionID: "pass_reaction", Command: "pass_reaction"},
		bangarena.LegalAction{ActionID: "miss:miss_01", Command: "play_miss", ArgsSchema: map[string]any{"cardUid": "miss_01"}})
	req.Observation.Phase = bangarena.PhaseReaction
	if d := decide(t, req); d.ActionID != "miss:miss_01" {
		t.Fatalf("have %s, want the Ricochet", d.ActionID)
	}
	low := request(2, bangarena.RoleRaider, 5, nil, nil,
		bangarena.LegalAction{ActionID: "glory:ch1:range", Command: "choose_glory", ArgsSchema: map[string]any{"perk": "range"}},
		bangarena.LegalAction{ActionID: "glory:ch1:heart", Command: "choose_glory", ArgsSchema: map[string]any{"perk": "heart"}})
	low.Observation.Players[2].Hp = 1
	if d := decide(t, low); d.ActionID != "glory:ch1:heart" {
		t.Fatalf("have %s, want heart at 1 hp", d.ActionID)
	}
	if _, err := (&heuristic{}).Decide(&bangarena.DecisionRequest{}); err != ErrNoLegalActions {
		t.Fatalf("empty request: %v", err)
	}
}
