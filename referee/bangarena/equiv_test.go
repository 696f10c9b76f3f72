package bangarena

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"testing"
)

// The projections and encoders of the engine are tuned for speed; the
// reference versions below are the straightforward ones they replaced. The
// test checks, for many seeds in every mode, that both give byte-identical
// requests and logs.

// refEvent encodes an event the straightforward way (the encoder the fast
// one replaced).
type refEvent Event

func (re refEvent) MarshalJSON() ([]byte, error) {
	e := Event(re)
	var b bytes.Buffer
	b.WriteString(`{"seq":`)
	b.WriteString(strconv.Itoa(e.Seq))
	b.WriteString(`,"type":`)
	refWriteJSON(&b, e.Type)
	ints := []struct {
		k string
		v int
	}{{"to", e.To}, {"seat", e.Seat}, {"targetSeat", e.TargetSeat}, {"sourceSeat", e.SourceSeat},
		{"killerSeat", e.KillerSeat}, {"fromSeat", e.FromSeat}}
	for _, f := range ints {
		if f.v >= 0 {
			b.WriteString(`,"` + f.k + `":` + strconv.Itoa(f.v))
		}
	}
	pos := []struct {
		k string
		v int
	}{{"round", e.Round}, {"amount", e.Amount}, {"count", e.Count}, {"stars", e.Stars}, {"maxHp", e.MaxHp}, {"observationVersion", e.Version}}
	for _, f := range pos {
		if f.v != 0 || (f.k == "count" && (e.Type == "draw" || e.Type == "glory_bounty" || e.Type == "kill_reward")) {
			b.WriteString(`,"` + f.k + `":` + strconv.Itoa(f.v))
		}
	}
	strs := []struct{ k, v string }{{"cardId", e.CardID}, {"uid", e.UID}, {"command", e.Command},
		{"playedAs", e.PlayedAs}, {"kind", e.Kind}, {"roleId", e.RoleID}, {"perk", e.Perk}, {"zone", e.Zone},
		{"reason", e.Reason}, {"result", e.Result}, {"actionId", e.ActionID}, {"winnerTeam", e.WinnerTeam},
		{"roleMode", e.RoleMode}, {"rulesetVersion", e.Ruleset}, {"characterId", e.CharacterID}, {"seedCommit", e.SeedCommit}}
	for _, f := range strs {
		if f.v != "" {
			b.WriteString(`,"` + f.k + `":`)
			refWriteJSON(&b, f.v)
		}
	}
	if e.Coin {
		b.WriteString(`,"coin":true`)
	}
	if e.Type == "game_over" {
		if e.WinnerTeam == "" {
			b.WriteString(`,"winnerTeam":null`)
		}
		if e.WinnerSeats == nil {
			b.WriteString(`,"winnerSeats":[]`)
		}
	}
	any := []struct {
		k  string
		v  any
		ok bool
	}{{"config", e.Config, e.Config != nil}, {"card", e.Card, e.Card != nil}, {"cards", e.Cards, e.Cards != nil}, {"uids", e.UIDs, e.UIDs != nil},
		{"flips", e.Flips, e.Flips != nil}, {"known", e.Known, e.Known != nil},
		{"winnerSeats", e.WinnerSeats, e.WinnerSeats != nil}, {"args", e.Args, len(e.Args) > 0}}
	for _, f := range any {
		if f.ok {
			b.WriteString(`,"` + f.k + `":`)
			refWriteJSON(&b, f.v)
		}
	}
	if e.secret {
		b.WriteString(`,"secret":true`)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func refWriteJSON(b *bytes.Buffer, v any) {
	out, err := json.Marshal(v)
	if err != nil {
		b.WriteString("null")
		return
	}
	b.Write(out)
}

// refView mirrors PlayerView field for field, events encoded by refEvent.
type refView struct {
	Version         int              `json:"version"`
	Phase           string           `json:"phase"`
	TurnSeat        int              `json:"turnSeat"`
	You             int              `json:"you"`
	Round           int              `json:"round"`
	HighNoon        bool             `json:"highNoon"`
	RoleMode        string           `json:"roleMode"`
	PendingReaction *PendingReaction `json:"pendingReaction"`
	ReactionQueue   []int            `json:"reactionQueue"`
	PendingChoice   *PendingChoice   `json:"pendingChoice"`
	Players         []PlayerInfo     `json:"players"`
	DeckCount       int              `json:"deckCount"`
	DiscardCount    int              `json:"discardCount"`
	KnownRoles      []KnownRole      `json:"knownRoles,omitempty"`
	Events          []refEvent       `json:"events"`
	WinnerTeam      *string          `json:"winnerTeam"`
	WinnerSeats     []int            `json:"winnerSeats"`
}

// refRequest mirrors DecisionRequest with a refView.
type refRequest struct {
	MatchID            string        `json:"matchId"`
	SeatID             int           `json:"seatId"`
	DecisionID         *string       `json:"decisionId"`
	ObservationVersion int           `json:"observationVersion"`
	DeadlineAt         string        `json:"deadlineAt"`
	RulesetVersion     string        `json:"rulesetVersion"`
	MechanicsPackHash  string        `json:"mechanicsPackHash"`
	ProtocolVersion    string        `json:"protocolVersion"`
	Observation        refView       `json:"observation"`
	LegalActions       []LegalAction `json:"legalActions"`
}

// refEvents is the straightforward projection: every event of the log,
// filtered and redacted for seat, copied.
func refEvents(g *Game, seat int) []refEvent {
	out := make([]refEvent, 0, len(g.events))
	for _, e := range g.Log() {
		if ve, ok := e.visibleTo(seat); ok {
			out = append(out, refEvent(ve))
		}
	}
	return out
}

// refRequestJSON encodes seat's request with the reference projection and
// encoder; the non-event parts come from the engine.
func refRequestJSON(t *testing.T, g *Game, seat int, deadline string) []byte {
	t.Helper()
	r := g.Request(seat, deadline)
	v := r.Observation
	rv := refView{Version: v.Version, Phase: v.Phase, TurnSeat: v.TurnSeat, You: v.You, Round: v.Round, HighNoon: v.HighNoon,
		RoleMode: v.RoleMode, PendingReaction: v.PendingReaction, ReactionQueue: v.ReactionQueue, PendingChoice: v.PendingChoice,
		Players: v.Players, DeckCount: v.DeckCount, DiscardCount: v.DiscardCount, KnownRoles: v.KnownRoles,
		Events: refEvents(g, seat), WinnerTeam: v.WinnerTeam, WinnerSeats: v.WinnerSeats}
	rr := refRequest{MatchID: r.MatchID, SeatID: r.SeatID, DecisionID: r.DecisionID, ObservationVersion: r.ObservationVersion,
		DeadlineAt: r.DeadlineAt, RulesetVersion: r.RulesetVersion, MechanicsPackHash: r.MechanicsPackHash,
		ProtocolVersion: r.ProtocolVersion, Observation: rv, LegalActions: r.LegalActions}
	b, err := json.Marshal(rr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// refLog encodes the full log with the reference encoder, one line each.
func refLog(t *testing.T, g *Game) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, e := range g.Log() {
		line, err := json.Marshal(refEvent(e))
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// sameRequests fails unless every seat's (and a spectator's) request is
// byte-identical to the reference, checking the seats in a varying order so
// the per-seat projections are extended at different times.
func sameRequests(t *testing.T, g *Game, step int, r *rand.Rand) {
	t.Helper()
	seats := append(r.Perm(len(g.seats)), -1, len(g.seats)+3)
	for _, s := range seats {
		if r.IntN(3) == 0 && s >= 0 && s < len(g.seats) {
			continue // skip some views so projections catch up over several decisions
		}
		have, err := json.Marshal(g.Request(s, "1970-01-01T00:00:30.000Z"))
		if err != nil {
			t.Fatal(err)
		}
		want := refRequestJSON(t, g, s, "1970-01-01T00:00:30.000Z")
		if !bytes.Equal(have, want) {
			t.Fatalf("%s: seed %q step %d seat %d: request differs from the reference projection\nhave %s\nwant %s",
				"bangarena/11.events", g.seed, step, s, have, want)
		}
		req := g.Request(s, "1970-01-01T00:00:30.000Z")
		direct, err := req.AppendJSON([]byte("x"))
		if err != nil || !bytes.Equal(direct[1:], want) || direct[0] != 'x' {
			t.Fatalf("%s: seed %q step %d seat %d: AppendJSON differs from the reference (%v)\nhave %s\nwant %s",
				"bangarena/11.events", g.seed, step, s, err, direct, want)
		}
		view, err := req.Observation.AppendJSON(nil)
		wantView, _ := json.Marshal(req.Observation)
		if err != nil || !bytes.Equal(view, wantView) {
			t.Fatalf("seed %q step %d seat %d: PlayerView.AppendJSON differs from json.Marshal (%v)\nhave %s\nwant %s",
				g.seed, step, s, err, view, wantView)
		}
	}
}

func TestRequestsAndLogMatchReference(t *testing.T) {
	covers(t, "bangarena/11.events", "bangarena/11.redaction")
	seeds := 10
	if testing.Short() {
		seeds = 2
	}
	for _, mode := range []string{ModeClassic, ModePartners, ModeImpostor, ModeLegacy} {
		for i := range seeds {
			n := 4 + i%5
			name := mode + "-" + strconv.Itoa(n) + "-" + strconv.Itoa(i)
			t.Run(name, func(t *testing.T) {
				cfg := Config{Seats: n, RoleMode: mode, StagedCharacters: i%2 == 1}
				g, err := NewGame(cfg, "equiv-"+name)
				if err != nil {
					t.Fatal(err)
				}
				r := rand.New(rand.NewPCG(uint64(i), 11))
				var clone *Game
				for step := 0; !g.Over() && step < decisionCap; step++ {
					if step%6 == 0 || step < 8 {
						sameRequests(t, g, step, r)
					}
					if step == 40 {
						clone = g.Clone() // shares projections with g
					}
					if i%7 == 3 && step == 60 {
						g.Abort([]string{"abandoned", "force_end"}[i%2])
						break
					}
					if step%2 == 0 {
						g.PlayRandom(r)
						continue
					}
					seat, _ := g.Decider()
					a, _ := g.RandomLegal(seat, FromRand(r))
					if err := g.Apply(seat, a.ActionID, nil); err != nil {
						t.Fatalf("seed %q step %d: %v", g.seed, step, err)
					}
				}
				sameRequests(t, g, -1, r)
				if have, want := EncodeLog(g.Log()), refLog(t, g); !bytes.Equal(have, want) {
					t.Fatalf("%s: log of seed %q differs from the reference encoding", "bangarena/11.events", g.seed)
				}
				if clone != nil {
					for step := 0; !clone.Over() && step < decisionCap; step++ {
						if step%10 == 0 {
							sameRequests(t, clone, step, r)
						}
						clone.PlayRandom(r)
					}
					sameRequests(t, clone, -1, r)
					sameRequests(t, g, -2, r) // the original is untouched by its clone
				}
			})
		}
	}
}

// FuzzEventJSONMatchesReference checks the event encoder against the
// reference on events with arbitrary strings (escapes, HTML characters,
// invalid UTF-8, U+2028) and field combinations.
func FuzzEventJSONMatchesReference(f *testing.F) {
	f.Add("draw", "a<b>&\"\\\n\t\x01\x7f", "\u2028\u2029\xff\xfe", 3, -1, true, []byte(`{"x": 1}`))
	f.Add("game_over", "", "", 0, 2, false, []byte(nil))
	f.Add("kill_reward", "é", "\b\f\r", -5, 0, true, []byte(`[1, 2 ]`))
	f.Add("card_played", "shot", "shot_01", 7, 4, false, []byte(`not json`))
	f.Fuzz(func(t *testing.T, typ, s1, s2 string, n, seat int, flag bool, args []byte) {
		e := newEvent(typ)
		e.Seq, e.Seat, e.TargetSeat, e.FromSeat = n, seat, n, seat-1
		e.Round, e.Amount, e.Count, e.Stars, e.MaxHp, e.Version = n, -n, n%3, seat, n, seat
		e.CardID, e.UID, e.Command, e.PlayedAs, e.Kind, e.RoleID = s1, s2, s1, s2, s1, s2
		e.Perk, e.Zone, e.Reason, e.Result, e.ActionID, e.Ruleset = s2, s1, s2, s1, s2, s1
		e.CharacterID, e.SeedCommit, e.RoleMode = s1, s2, s1
		e.Coin, e.secret, e.Args = flag, !flag, args
		if flag {
			e.WinnerTeam = s2
			e.Card = &Card{UID: s1, CardID: s2, Suit: s1, Rank: s2}
			e.Cards = []Card{{UID: s2}, {CardID: s1, Rank: "10"}}
			e.UIDs = []string{s1, s2}
			e.Flips = []bool{true, false}
			e.Known = []KnownRole{{Seat: seat, RoleID: s1}}
			e.WinnerSeats = []int{seat, n}
			e.Config = &Config{Seats: n, RoleMode: s1, MatchID: s2, Characters: []string{s1}}
		} else if n%2 == 0 {
			e.Cards, e.UIDs, e.Flips, e.Known, e.WinnerSeats = []Card{}, []string{}, []bool{}, []KnownRole{}, []int{}
		}
		have, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(refEvent(e))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(have, want) {
			t.Fatalf("event encoding differs from the reference\nhave %s\nwant %s", have, want)
		}
		direct, _ := e.MarshalJSON()
		wantDirect, _ := refEvent(e).MarshalJSON()
		if !bytes.Equal(direct, wantDirect) {
			t.Fatalf("MarshalJSON differs from the reference\nhave %s\nwant %s", direct, wantDirect)
		}
	})
}
