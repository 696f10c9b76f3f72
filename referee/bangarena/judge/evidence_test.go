package judge

import (
	"slices"
	"strings"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// evidenceOf is what the seats of a match saw when every seat is handed
// over and the server's log deals nothing: each seat's role, character and
// opening hand, and the events after the deal (no match_start, role, deal
// or decision lines), private copies included.
func evidenceOf(log []ba.Event) Evidence {
	cfg, _ := ba.ConfigOf(log)
	ev := Evidence{Config: ba.Config{Seats: cfg.Seats, RoleMode: cfg.RoleMode}}
	ev.Roles, ev.Chars, ev.Hands = make([]string, cfg.Seats), make([]string, cfg.Seats), make([][]string, cfg.Seats)
	for _, e := range log {
		switch {
		case e.Type == "role":
			ev.Roles[e.Seat] = e.RoleID
		case e.Type == "deal":
			ev.Chars[e.Seat] = e.CharacterID
		case e.Type == "draw" && e.Reason == "deal":
			for _, c := range e.Cards {
				ev.Hands[e.Seat] = append(ev.Hands[e.Seat], c.UID)
			}
		case e.Type == "marshal_briefing":
			for _, k := range e.Known {
				ev.Briefed = append(ev.Briefed, k.Seat)
			}
		case e.Type == "match_start", e.Type == "decision", e.Type == "team_briefing":
		default:
			ev.Events = append(ev.Events, e)
		}
	}
	return ev
}

func replaySeen(t *testing.T, log []ba.Event, ev Evidence) (*ba.Game, *Shown) {
	t.Helper()
	s, why := NewSeen(ev)
	if why != "" {
		t.Fatalf("evidence incomplete: %s", why)
	}
	g, err := ba.NewGameWith(ev.Config, "any", s)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ba.DecisionsOf(log) {
		if g.Apply(d.Seat, d.ActionID, d.Args) != nil {
			break
		}
	}
	return g, s
}

// TestSeenReplaysFromEvidence: a match of a foreign generator replays
// event for event from the seats' evidence alone (no deal in any log).
func TestSeenReplaysFromEvidence(t *testing.T) {
	for i := range 30 {
		cfg := configs[i%len(configs)]
		if cfg.StagedCharacters {
			continue
		}
		log := foreignLog(t, cfg, 500+i)
		g, s := replaySeen(t, log, evidenceOf(log))
		if p := s.Problems(); len(p) > 0 {
			t.Fatalf("match %d %+v: problems %v", i, cfg, p)
		}
		if !sameEvents(g.Log(), log) {
			t.Fatalf("match %d %+v: the replay differs from the log", i, cfg)
		}
	}
}

// TestSeenMissingOrWrong: an opening hand whose size nothing shows makes
// the evidence incomplete (never guessed); an unseen draw is carried as
// unknown cards (issue 27) and the replay goes on alike; a card drawn twice
// is a problem.
func TestSeenMissingOrWrong(t *testing.T) {
	log := foreignLog(t, ba.Config{Seats: 5}, 900)
	ev := evidenceOf(log)
	ev.Hands[2] = nil
	if _, why := NewSeen(ev); !strings.Contains(why, "seat 2's opening hand") {
		t.Errorf("an unseen opening hand of no known size: why %q", why)
	}
	ev = evidenceOf(log)
	i := slices.IndexFunc(ev.Events, func(e ba.Event) bool { return e.Type == "draw" && len(e.Cards) > 0 })
	ev.Events[i].Cards = nil
	full, _ := replay(t, log)
	if g, s := replaySeen(t, log, ev); len(s.Problems()) > 0 || s.Unseen() != "" || !sameEvents(g.View(-1).Events, full.View(-1).Events) {
		t.Errorf("an unseen draw: problems %v, unseen %q, or the replay differs from the public view", s.Problems(), s.Unseen())
	}
	ev = evidenceOf(log)
	cards := slices.Clone(ev.Events[i].Cards)
	cards[0] = ba.Card{UID: ev.Hands[0][0]}
	ev.Events[i].Cards = cards
	_, s := replaySeen(t, log, ev)
	if len(s.Problems()) == 0 || s.Problems()[0].Rule != "bangarena/5.deck" {
		t.Errorf("a card of an opening hand drawn again: problems %v", s.Problems())
	}
}

// TestOpeningHand: the cards drawn since the deal are taken out; a hand
// that lost a card is not the opening hand.
func TestOpeningHand(t *testing.T) {
	ev := []ba.Event{{Seq: 1, Type: "turn_start", Seat: 0, FromSeat: -1}, {Seq: 2, Type: "draw", Seat: 0, FromSeat: -1, Count: 2, Cards: []ba.Card{{UID: "shot_01"}, {UID: "miss_01"}}}}
	if h, ok := OpeningHand([]string{"duel_01", "shot_01", "miss_01"}, 0, ev, 2); !ok || !slices.Equal(h, []string{"duel_01"}) {
		t.Errorf("got %v %v", h, ok)
	}
	if _, ok := OpeningHand([]string{"duel_01"}, 0, append(ev, ba.Event{Seq: 3, Type: "card_played", Seat: 0, FromSeat: -1}), 3); ok {
		t.Error("a hand that played a card is taken for the opening hand")
	}
	if _, ok := OpeningHand([]string{"duel_01"}, 1, []ba.Event{{Seq: 1, Type: "draw", Seat: 1, FromSeat: -1, Count: 2}}, 1); ok {
		t.Error("a draw whose cards were not seen is taken out blindly")
	}
}

// TestMergeEventsOneStream: a lone stream is merged as many are (seqs
// below 1 dropped, one event a seq, in seq order), whether it is a full
// log already in order (taken as it is, not copied) or not.
func TestMergeEventsOneStream(t *testing.T) {
	ev := func(seqs ...int) []ba.Event {
		var out []ba.Event
		for _, s := range seqs {
			out = append(out, ba.Event{Seq: s, Type: "x"})
		}
		return out
	}
	seqs := func(es []ba.Event) []int {
		var out []int
		for _, e := range es {
			out = append(out, e.Seq)
		}
		return out
	}
	for _, tc := range []struct {
		name    string
		streams [][]ba.Event
		want    []int
	}{
		{"in order", [][]ba.Event{ev(1, 2, 3)}, []int{1, 2, 3}},
		{"in order, empty streams beside it", [][]ba.Event{nil, ev(2, 5), {}}, []int{2, 5}},
		{"out of order", [][]ba.Event{ev(3, 1, 2)}, []int{1, 2, 3}},
		{"a repeat", [][]ba.Event{ev(1, 2, 2, 3)}, []int{1, 2, 3}},
		{"a seq 0", [][]ba.Event{ev(0, 1, 2)}, []int{1, 2}},
		{"two streams", [][]ba.Event{ev(1, 3), ev(2, 3)}, []int{1, 2, 3}},
	} {
		if got := MergeEvents(tc.streams...); !slices.Equal(seqs(got), tc.want) {
			t.Errorf("%s: seqs %v, want %v", tc.name, seqs(got), tc.want)
		}
	}
}

// TestHorizon: the last seq every stream shows is the smallest of their
// last seqs; a stream shown nothing makes it 0, no stream -1; Until cuts
// the events after it and leaves the evidence it was given alone.
func TestHorizon(t *testing.T) {
	evs := func(seqs ...int) []ba.Event {
		var out []ba.Event
		for _, s := range seqs {
			out = append(out, ba.Event{Seq: s, Type: "turn_start"})
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		seats []SeatStream
		want  int
	}{
		{"no seats", nil, -1},
		{"one seat", []SeatStream{{Events: [][]ba.Event{evs(1, 2), evs(1, 2, 3)}}}, 3},
		{"the shorter", []SeatStream{{Events: [][]ba.Event{evs(1, 2, 9)}}, {Events: [][]ba.Event{evs(1, 5), evs(2)}}}, 5},
		{"one shown nothing", []SeatStream{{Events: [][]ba.Event{evs(1, 2)}}, {Seat: 1}}, 0},
	} {
		if got := Horizon(tc.seats); got != tc.want {
			t.Errorf("%s: Horizon = %d, want %d", tc.name, got, tc.want)
		}
	}
	ev := Evidence{Events: evs(1, 2, 3, 4)}
	if got := ev.Until(2).Events; len(got) != 2 || got[1].Seq != 2 {
		t.Errorf("Until(2) = %v, want seqs 1 and 2", got)
	}
	if len(ev.Events) != 4 {
		t.Errorf("Until changed the evidence it was given: %d events left", len(ev.Events))
	}
}
