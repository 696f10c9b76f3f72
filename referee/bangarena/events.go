package bangarena

import (
	"encoding/json"
	"github.com/umpire-arena/umpire/referee/internal/jsonw"
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
	return e.appendJSON(make([]byte, 0, 192)), nil
}

// appendJSON appends the event's JSON object to b, fields in a fixed order,
// strings escaped exactly as encoding/json escapes them (HTML characters
// included), so views and logs are the same bytes json.Marshal would give.
func (e *Event) appendJSON(b []byte) []byte {
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, int64(e.Seq), 10)
	b = append(b, `,"type":`...)
	b = jsonw.AppendString(b, e.Type)
	b = appendSeat(b, `,"to":`, e.To)
	b = appendSeat(b, `,"seat":`, e.Seat)
	b = appendSeat(b, `,"targetSeat":`, e.TargetSeat)
	b = appendSeat(b, `,"sourceSeat":`, e.SourceSeat)
	b = appendSeat(b, `,"killerSeat":`, e.KillerSeat)
	b = appendSeat(b, `,"fromSeat":`, e.FromSeat)
	b = appendNonZero(b, `,"round":`, e.Round)
	b = appendNonZero(b, `,"amount":`, e.Amount)
	if e.Count != 0 || e.Type == "draw" || e.Type == "glory_bounty" || e.Type == "kill_reward" {
		b = append(b, `,"count":`...)
		b = strconv.AppendInt(b, int64(e.Count), 10)
	}
	b = appendNonZero(b, `,"stars":`, e.Stars)
	b = appendNonZero(b, `,"maxHp":`, e.MaxHp)
	b = appendNonZero(b, `,"observationVersion":`, e.Version)
	b = appendNonEmpty(b, `,"cardId":`, e.CardID)
	b = appendNonEmpty(b, `,"uid":`, e.UID)
	b = appendNonEmpty(b, `,"command":`, e.Command)
	b = appendNonEmpty(b, `,"playedAs":`, e.PlayedAs)
	b = appendNonEmpty(b, `,"kind":`, e.Kind)
	b = appendNonEmpty(b, `,"roleId":`, e.RoleID)
	b = appendNonEmpty(b, `,"perk":`, e.Perk)
	b = appendNonEmpty(b, `,"zone":`, e.Zone)
	b = appendNonEmpty(b, `,"reason":`, e.Reason)
	b = appendNonEmpty(b, `,"result":`, e.Result)
	b = appendNonEmpty(b, `,"actionId":`, e.ActionID)
	b = appendNonEmpty(b, `,"winnerTeam":`, e.WinnerTeam)
	b = appendNonEmpty(b, `,"roleMode":`, e.RoleMode)
	b = appendNonEmpty(b, `,"rulesetVersion":`, e.Ruleset)
	b = appendNonEmpty(b, `,"characterId":`, e.CharacterID)
	b = appendNonEmpty(b, `,"seedCommit":`, e.SeedCommit)
	if e.Coin {
		b = append(b, `,"coin":true`...)
	}
	if e.Type == "game_over" {
		// Always present: null and [] after an early end.
		if e.WinnerTeam == "" {
			b = append(b, `,"winnerTeam":null`...)
		}
		if e.WinnerSeats == nil {
			b = append(b, `,"winnerSeats":[]`...)
		}
	}
	if e.Config != nil {
		b = append(b, `,"config":`...)
		b = appendMarshal(b, e.Config)
	}
	if e.Card != nil {
		b = append(b, `,"card":`...)
		b = appendCard(b, e.Card)
	}
	if e.Cards != nil {
		b = append(b, `,"cards":[`...)
		for i := range e.Cards {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendCard(b, &e.Cards[i])
		}
		b = append(b, ']')
	}
	if e.UIDs != nil {
		b = append(b, `,"uids":[`...)
		for i, u := range e.UIDs {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.AppendString(b, u)
		}
		b = append(b, ']')
	}
	if e.Flips != nil {
		b = append(b, `,"flips":[`...)
		for i, f := range e.Flips {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendBool(b, f)
		}
		b = append(b, ']')
	}
	if e.Known != nil {
		b = append(b, `,"known":[`...)
		for i, k := range e.Known {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"seat":`...)
			b = strconv.AppendInt(b, int64(k.Seat), 10)
			b = append(b, `,"roleId":`...)
			b = jsonw.AppendString(b, k.RoleID)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if e.WinnerSeats != nil {
		b = append(b, `,"winnerSeats":[`...)
		for i, s := range e.WinnerSeats {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(s), 10)
		}
		b = append(b, ']')
	}
	if len(e.Args) > 0 {
		b = append(b, `,"args":`...)
		b = appendMarshal(b, e.Args)
	}
	if e.secret {
		b = append(b, `,"secret":true`...)
	}
	return append(b, '}')
}

func appendSeat(b []byte, key string, v int) []byte {
	if v < 0 {
		return b
	}
	return strconv.AppendInt(append(b, key...), int64(v), 10)
}

func appendNonZero(b []byte, key string, v int) []byte {
	if v == 0 {
		return b
	}
	return strconv.AppendInt(append(b, key...), int64(v), 10)
}

func appendNonEmpty(b []byte, key, v string) []byte {
	if v == "" {
		return b
	}
	return jsonw.AppendString(append(b, key...), v)
}

func appendCard(b []byte, c *Card) []byte {
	b = append(b, `{"uid":`...)
	b = jsonw.AppendString(b, c.UID)
	b = append(b, `,"cardId":`...)
	b = jsonw.AppendString(b, c.CardID)
	b = append(b, `,"suit":`...)
	b = jsonw.AppendString(b, c.Suit)
	b = append(b, `,"rank":`...)
	b = jsonw.AppendString(b, c.Rank)
	return append(b, '}')
}

// appendMarshal appends json.Marshal's encoding of v (null if it fails):
// for the rare fields (config, args) whose encoding is not worth writing out.
func appendMarshal(b []byte, v any) []byte {
	out, err := json.Marshal(v)
	if err != nil {
		return append(b, "null"...)
	}
	return append(b, out...)
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

// VisibleTo reports whether seat (-1: a spectator) may see e at all, and
// returns the copy it may see: what a seat's stream, or a public log for
// -1, shows of the full log's event.
func (e Event) VisibleTo(seat int) (Event, bool) { return e.visibleTo(seat) }

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
