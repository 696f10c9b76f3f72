package probe

import (
	"encoding/json"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestBALiveFindingBasis: an extra item that only a reading rules out is
// SHOULD (MUST with --strict); one the document rules out stays MUST.
func TestBALiveFindingBasis(t *testing.T) {
	g, err := ba.NewGame(ba.Config{Seats: 4, MatchID: "basis"}, "basis")
	if err != nil {
		t.Fatal(err)
	}
	seat, _ := g.Decider()
	req := g.Request(seat, "2026-10-09T12:00:30.000Z")
	req.LegalActions = append(req.LegalActions,
		ba.LegalAction{ActionID: "shot:miss_12:1", Command: "play_shot", ArgsSchema: map[string]any{"cardUid": "miss_12", "targetSeat": 1, "playedAs": "shot"}},
		ba.LegalAction{ActionID: "weapon:weapon_volcanic_99", Command: "play_weapon"})
	raw, _ := json.Marshal(req)
	r, gaps, err := ba.ReadRequest(raw)
	if err != nil {
		t.Fatal(err)
	}
	fs, _, _ := baLiveCompare(baSeen{Seat: seat, Version: req.ObservationVersion, Raw: raw, Req: r, Gaps: gaps})
	cat := rules.Default()
	levels := map[string]rules.Level{}
	for _, f := range fs {
		levels[f.Got.(string)] = cat.Grade(f.Finding, false).Level
		if cat.Grade(f.Finding, true).Level != rules.Must {
			t.Errorf("%v: not MUST under --strict", f.Got)
		}
	}
	if levels["shot:miss_12:1"] != rules.Should || levels["weapon:weapon_volcanic_99"] != rules.Must {
		t.Fatalf("levels %v: want the Two-Faced item SHOULD (I-BA-29), the unknown card MUST", levels)
	}
}

// TestKnownTo: the roles a seat legitimately knows are read from
// knownRoles in umpire's list form and keyed by seat alike.
func TestKnownTo(t *testing.T) {
	tests := []struct {
		raw  string
		seat int
		want bool
	}{
		{`{"observation":{"knownRoles":[{"seat":2,"roleId":"aide"}]}}`, 2, true},
		{`{"observation":{"knownRoles":[{"seat":2,"roleId":"aide"}]}}`, 3, false},
		{`{"observation":{"knownRoles":{"2":"aide","0":"marshal"}}}`, 2, true},
		{`{"observation":{"knownRoles":{"2":"aide"}}}`, 1, false},
		{`{"observation":{"knownRoles":"none"}}`, 2, false},
		{`{"observation":{}}`, 2, false},
	}
	for _, tc := range tests {
		req, _, err := ba.ReadRequest([]byte(tc.raw))
		if err != nil {
			t.Fatal(err)
		}
		if got := knownTo(req.Observation, []byte(tc.raw), tc.seat); got != tc.want {
			t.Errorf("%s seat %d: have %v, want %v", tc.raw, tc.seat, got, tc.want)
		}
	}
}
