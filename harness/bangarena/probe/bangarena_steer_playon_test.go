package probe

import (
	"context"
	"slices"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// TestPlayOnWave: a wave takes the missing situations played on for least
// first, one room each, never one that rides on the others' rooms alone,
// and a situation that arose unjudged once only.
func TestPlayOnWave(t *testing.T) {
	st := newBaSteer()
	for _, x := range baSituations() {
		switch x.key {
		case "sole survivor", "raiders win", "law wins", "tosses from a hand", "empty piles":
		default:
			st.reach(x.key)
		}
	}
	st.unjudged["sole survivor"] = "it arose in room r, whose judging stopped before its rule"
	keys := func(xs []baSituation) []string {
		var out []string
		for _, x := range xs {
			out = append(out, x.key)
		}
		return out
	}
	wave, _ := st.nextWave(map[string]int{}, 4)
	if got, want := keys(wave), []string{"sole survivor", "raiders win", "law wins"}; !slices.Equal(got, want) {
		t.Errorf("first wave %v, want %v", got, want)
	}
	wave, _ = st.nextWave(map[string]int{"sole survivor": 1, "raiders win": 1, "law wins": 1}, 4)
	if got, want := keys(wave), []string{"raiders win", "law wins"}; !slices.Equal(got, want) {
		t.Errorf("second wave %v, want %v (the unjudged situation once only)", got, want)
	}
	wave, _ = st.nextWave(map[string]int{"law wins": 0, "raiders win": 1}, 1)
	if got, want := keys(wave), []string{"sole survivor"}; !slices.Equal(got, want) {
		t.Errorf("a wave of one %v, want %v (played on for least, in order)", got, want)
	}
	st.reach("sole survivor")
	st.reach("raiders win")
	st.reach("law wins")
	if wave, why := st.nextWave(map[string]int{}, 4); len(wave) != 0 || why == "" {
		t.Errorf("only a riding situation left: wave %v (%q), want none and why", keys(wave), why)
	}
}

// TestPlayOnConfirm: a situation a room reached joins the session's record
// only once a judge evaluated its rule there (or found a breach); one
// whose judging says nothing stays missing, unjudged with why; a room
// dealt other characters than it asked for marks the server as dealing
// its own.
func TestPlayOnConfirm(t *testing.T) {
	own := newBaSteer()
	own.reach("law wins")
	room := &baRoom{id: "r-1", tokens: map[int]string{0: "a", 1: "b", 2: "c", 3: "d"}, steer: newBaRoomSteer(own, ba.ModeClassic)}
	m := baMode{mode: ba.ModeClassic, charFrom: 1}
	view := steerView(4, 0, nil)
	for i := range view.Players {
		view.Players[i].CharacterID = "char_02" // asked for char_08, char_14, …
	}
	// A room the judges have nothing to go on in: no opening observation,
	// no log.
	st := newBaSteer()
	st.confirm(context.Background(), &baSession{room: room, mode: m})
	if st.has("law wins") {
		t.Error("a situation no judge evaluated counts as reached")
	}
	if st.unjudged["law wins"] == "" {
		t.Error("the unjudged situation has no why")
	}
	s := &baSession{room: room, mode: m, opening: []baSeen{{Seat: 0, Req: ba.DecisionRequest{Observation: view}}}}
	st.confirm(context.Background(), s)
	if !st.ownDealt() {
		t.Error("a room dealt other characters than asked: the server's own deal not noted")
	}
}

// TestSteerTosses: the seats' own Tosses at a hand of several cards count
// toward the situation, and in a room played on a seat tosses at such a
// hand while the situation is wanted.
func TestSteerTosses(t *testing.T) {
	st := newBaSteer()
	r := newBaRoomSteer(st, ba.ModeClassic)
	r.ends = true
	view := steerView(4, 0, nil, ba.HandCard{UID: "t1", CardID: "discard_any"})
	view.Players[1].HandCount = baTossHand
	view.Players[2].HandCount = 1
	toss := func(id string, target int) ba.LegalAction {
		return steerItem(id, "play_discard_any", map[string]any{"cardUid": "t1", "targetSeat": target, "pick": map[string]any{"zone": "hand"}})
	}
	req := ba.DecisionRequest{Observation: view, LegalActions: []ba.LegalAction{steerItem("end", "end_play", nil), toss("small", 2), toss("big", 1)}}
	if k := r.force(&req); k < 0 || req.LegalActions[k].ActionID != "big" {
		t.Fatalf("forced %d, want the Toss at the hand of %d cards", k, baTossHand)
	}
	r.chose(&req, "small")
	r.chose(&req, "big")
	if st.has("tosses from a hand") {
		t.Fatal("reached after one Toss at a big hand")
	}
	r.chose(&req, "big")
	if !st.has("tosses from a hand") {
		t.Fatalf("not reached after %d Tosses at a big hand", baTossesWanted)
	}
}
