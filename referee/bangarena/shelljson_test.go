package bangarena

import (
	"bytes"
	"encoding/json"
	"testing"
)

// shellRequest builds a request of every shape the writer distinguishes
// (nil and empty lists, nil and set pointers, omitted and present
// optional fields) with s in every string.
func shellRequest(s string, k int) DecisionRequest {
	p := func() *string { v := s + "p"; return &v }
	var ints []int
	if k&1 != 0 {
		ints = []int{}
	}
	if k&2 != 0 {
		ints = append(ints, 3, -1, k)
	}
	var cards []Card
	if k&4 != 0 {
		cards = []Card{}
	}
	if k&8 != 0 {
		cards = append(cards, Card{UID: s, CardID: s + "c", Suit: "", Rank: s})
	}
	r := DecisionRequest{MatchID: s, SeatID: k, ObservationVersion: -k, DeadlineAt: s, RulesetVersion: s + "r",
		MechanicsPackHash: s, ProtocolVersion: "", Observation: PlayerView{Version: k, Phase: s, TurnSeat: -1, You: 2, Round: k * 7,
			HighNoon: k&16 != 0, RoleMode: s, ReactionQueue: ints, WinnerSeats: ints, DeckCount: 80, DiscardCount: -k}}
	if k&16 != 0 {
		r.DecisionID = p()
		r.Observation.WinnerTeam = p()
		r.Observation.PendingReaction = &PendingReaction{Kind: s, SourceSeat: 1, TargetSeat: -1, Command: s, CardID: s, CardUID: ""}
		r.Observation.PendingChoice = &PendingChoice{ChoiceID: s, Kind: s, Seat: k, Command: s, Cards: cards}
		r.Observation.KnownRoles = []KnownRole{{Seat: 1, RoleID: s}, {Seat: 0}}
	}
	if k&32 != 0 {
		r.Observation.KnownRoles = []KnownRole{}
		r.Observation.Players = []PlayerInfo{}
		r.LegalActions = []LegalAction{}
	}
	if k&64 != 0 {
		var hand []HandCard
		if k&128 != 0 {
			hand = []HandCard{{}, {UID: s}, {BackID: s}, {UID: s, CardID: s, Suit: s, Rank: s, BackID: s}, {Suit: s, Rank: s}}
		}
		r.Observation.Players = append(r.Observation.Players,
			PlayerInfo{Seat: k, Hp: 4, MaxHp: 5, Alive: true, CharacterID: s, RoleID: p(), RoleHidden: k&128 != 0, Hand: hand,
				HandCount: len(hand), InPlayCards: cards, WeaponCardID: p(), Glory: Glory{Stars: k, Range: 1, Heart: -2, Sight: 3}},
			PlayerInfo{Seat: 1, CharacterID: "", Hand: []HandCard{}})
		r.LegalActions = []LegalAction{{ActionID: s, Command: s}, {ActionID: "a", Command: "c", ArgsSchema: map[string]any{"k": s}}}
	}
	return r
}

// TestAppendRequestMatchesMarshal: the request writer gives json.Marshal's
// bytes for every shape and for strings that need escaping.
func TestAppendRequestMatchesMarshal(t *testing.T) {
	for _, s := range []string{"", "plain", `q"uote\back`, "<tag>&amp;", "ctl\x00\x1f\n\t", "bad\xffutf8", "sep\u2028\u2029", "ünï"} {
		for k := range 256 {
			checkRequestJSON(t, shellRequest(s, k))
		}
	}
}

// checkRequestJSON fails unless AppendJSON and PlayerView.AppendJSON write
// json.Marshal's bytes for r (with and without events).
func checkRequestJSON(t *testing.T, r DecisionRequest) {
	t.Helper()
	for _, events := range [][]Event{nil, {}, {newEvent("draw"), newEvent("take")}} {
		r.Observation.Events = events
		want, err := json.Marshal(&r)
		if err != nil {
			t.Fatal(err)
		}
		have, err := r.AppendJSON([]byte("x"))
		if err != nil || have[0] != 'x' || !bytes.Equal(have[1:], want) {
			t.Fatalf("AppendJSON differs from json.Marshal (%v)\nhave %s\nwant %s", err, have, want)
		}
		want, _ = json.Marshal(&r.Observation)
		have, _ = r.Observation.AppendJSON([]byte("x"))
		if !bytes.Equal(have[1:], want) {
			t.Fatalf("PlayerView.AppendJSON differs from json.Marshal\nhave %s\nwant %s", have, want)
		}
	}
}

// FuzzAppendRequest: the request writer gives json.Marshal's bytes for any
// string in any shape.
func FuzzAppendRequest(f *testing.F) {
	f.Add("plain", 0)
	f.Add(`"<\u2028>"`, 255)
	f.Add("\xff\xfe", 77)
	f.Fuzz(func(t *testing.T, s string, k int) {
		checkRequestJSON(t, shellRequest(s, k&255))
	})
}
