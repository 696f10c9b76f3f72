package bangarena

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// KnownRole is a role a seat learned privately (impostor briefings, peeks).
type KnownRole struct {
	Seat   int    `json:"seat"`
	RoleID string `json:"roleId"`
}

// Event is one entry of the match log (WIRE.md vocabulary; I-BA-20). Integer seat
// fields hold -1 when absent. An event with To >= 0 is private to that seat;
// otherwise it is public, except that the card details of "draw",
// "take" and "glory_bounty" events (Cards, and Card for hand takes) are shown
// only to the seats involved (Seat and FromSeat). The full log keeps
// everything; View redacts.
type Event struct {
	Seq         int
	Type        string
	To          int
	Seat        int
	TargetSeat  int
	SourceSeat  int
	KillerSeat  int
	FromSeat    int
	Round       int
	Amount      int
	Count       int
	Stars       int
	CardID      string
	UID         string
	Command     string
	PlayedAs    string
	Kind        string
	RoleID      string
	Perk        string
	Zone        string
	Reason      string
	Result      string
	ActionID    string
	WinnerTeam  string
	RoleMode    string
	Ruleset     string
	CharacterID string
	// SeedCommit (match_start) is the hex SHA-256 of the seed string.
	SeedCommit string
	// Version (decision) is the observationVersion the decision answered.
	Version int
	// Config (match_start) is the table's config, so a log replays alone.
	Config      *Config
	MaxHp       int
	Card        *Card
	Cards       []Card
	UIDs        []string
	Flips       []bool
	Known       []KnownRole
	WinnerSeats []int
	Args        json.RawMessage
	// Coin marks a cover_check decided by a coin (never by a card).
	Coin bool
	// Private card details shown only to Seat and FromSeat.
	secret bool
}

func newEvent(typ string) Event {
	return Event{Type: typ, To: -1, Seat: -1, TargetSeat: -1, SourceSeat: -1, KillerSeat: -1, FromSeat: -1}
}

// MarshalJSON writes the event as one JSON object with only its present
// fields: {"seq":…, "type":…, …}.
func (e Event) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"seq":`)
	b.WriteString(strconv.Itoa(e.Seq))
	b.WriteString(`,"type":`)
	writeJSON(&b, e.Type)
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
			writeJSON(&b, f.v)
		}
	}
	if e.Coin {
		b.WriteString(`,"coin":true`)
	}
	if e.Type == "game_over" {
		// Always present: null and [] after an early end.
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
			writeJSON(&b, f.v)
		}
	}
	if e.secret {
		b.WriteString(`,"secret":true`)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func writeJSON(b *bytes.Buffer, v any) {
	out, err := json.Marshal(v)
	if err != nil {
		b.WriteString("null")
		return
	}
	b.Write(out)
}

// UnmarshalJSON reads an event written by MarshalJSON.
func (e *Event) UnmarshalJSON(data []byte) error {
	var a struct {
		Seq                                                    int
		Type                                                   string
		To, Seat, TargetSeat, SourceSeat, KillerSeat, FromSeat *int
		Round, Amount, Count, Stars                            int
		CardID, UID, Command, PlayedAs, Kind, RoleID, Perk     string
		Zone, Reason, Result, ActionID, WinnerTeam, RoleMode   string
		RulesetVersion, CharacterID                            string
		SeedCommit                                             string
		Config                                                 *Config
		ObservationVersion                                     int
		MaxHp                                                  int
		Card                                                   *Card
		Cards                                                  []Card
		UIDs                                                   []string
		Flips                                                  []bool
		Known                                                  []KnownRole
		WinnerSeats                                            []int
		Args                                                   json.RawMessage
		Coin, Secret                                           bool
	}
	if err := json.Unmarshal(data, &a); err != nil {
		return err
	}
	*e = newEvent(a.Type)
	opt := func(p *int) int {
		if p == nil {
			return -1
		}
		return *p
	}
	e.Seq = a.Seq
	e.To, e.Seat, e.TargetSeat, e.SourceSeat = opt(a.To), opt(a.Seat), opt(a.TargetSeat), opt(a.SourceSeat)
	e.KillerSeat, e.FromSeat = opt(a.KillerSeat), opt(a.FromSeat)
	e.Round, e.Amount, e.Count, e.Stars = a.Round, a.Amount, a.Count, a.Stars
	e.CardID, e.UID, e.Command, e.PlayedAs, e.Kind, e.RoleID, e.Perk = a.CardID, a.UID, a.Command, a.PlayedAs, a.Kind, a.RoleID, a.Perk
	e.Zone, e.Reason, e.Result, e.ActionID, e.WinnerTeam, e.RoleMode = a.Zone, a.Reason, a.Result, a.ActionID, a.WinnerTeam, a.RoleMode
	e.Ruleset, e.CharacterID, e.MaxHp = a.RulesetVersion, a.CharacterID, a.MaxHp
	e.SeedCommit, e.Version, e.Config = a.SeedCommit, a.ObservationVersion, a.Config
	e.Card, e.Cards, e.UIDs, e.Flips, e.Known, e.WinnerSeats, e.Args = a.Card, a.Cards, a.UIDs, a.Flips, a.Known, a.WinnerSeats, a.Args
	e.Coin, e.secret = a.Coin, a.Secret
	return nil
}

// visibleTo reports whether seat may see e at all, and returns the copy it
// may see (card details of other seats' draws and takes removed).
func (e Event) visibleTo(seat int) (Event, bool) {
	if e.To >= 0 && e.To != seat {
		return Event{}, false
	}
	if e.secret && (seat < 0 || (seat != e.Seat && seat != e.FromSeat)) {
		e.Cards = nil
		e.Card = nil
		e.UIDs = nil
		e.secret = false
	}
	if e.secret {
		e.secret = false
	}
	return e, true
}
