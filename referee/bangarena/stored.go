package bangarena

import "math"

// stored is the engine's compact form of an emitted Event (240 bytes
// instead of 536): the fields most events carry, with narrow integers, and
// the whole event behind rare when it carries anything else (or a value the
// narrow fields cannot hold). event() gives back exactly the Event emitted.
type stored struct {
	seq, version, round, amount, count int32

	to, seat, targetSeat, sourceSeat, killerSeat, fromSeat int8
	coin, secret                                           bool

	typ, command, actionID, reason, cardID, uid, kind, zone, playedAs string

	card  *Card
	cards []Card
	uids  []string
	rare  *Event
}

func fits8(v int) bool  { return v >= math.MinInt8 && v <= math.MaxInt8 }
func fits32(v int) bool { return v >= math.MinInt32 && v <= math.MaxInt32 }

// pack stores e compactly.
func pack(e *Event) stored {
	var s stored
	s.set(e)
	return s
}

// set stores e compactly in s (a zero stored).
func (s *stored) set(e *Event) {
	if e.Stars != 0 || e.MaxHp != 0 || e.Config != nil || e.Flips != nil || e.Known != nil ||
		e.WinnerSeats != nil || e.Args != nil || e.RoleID != "" || e.Perk != "" || e.Result != "" ||
		e.WinnerTeam != "" || e.RoleMode != "" || e.Ruleset != "" || e.CharacterID != "" || e.SeedCommit != "" ||
		!fits32(e.Seq) || !fits32(e.Version) || !fits32(e.Round) || !fits32(e.Amount) || !fits32(e.Count) ||
		!fits8(e.To) || !fits8(e.Seat) || !fits8(e.TargetSeat) || !fits8(e.SourceSeat) || !fits8(e.KillerSeat) || !fits8(e.FromSeat) {
		r := new(Event)
		*r = *e
		s.rare = r
		return
	}
	s.seq, s.version, s.round, s.amount, s.count = int32(e.Seq), int32(e.Version), int32(e.Round), int32(e.Amount), int32(e.Count)
	s.to, s.seat, s.targetSeat, s.sourceSeat = int8(e.To), int8(e.Seat), int8(e.TargetSeat), int8(e.SourceSeat)
	s.killerSeat, s.fromSeat, s.coin, s.secret = int8(e.KillerSeat), int8(e.FromSeat), e.Coin, e.secret
	s.typ, s.command, s.actionID, s.reason, s.cardID, s.uid = e.Type, e.Command, e.ActionID, e.Reason, e.CardID, e.UID
	s.kind, s.zone, s.playedAs, s.card, s.cards, s.uids = e.Kind, e.Zone, e.PlayedAs, e.Card, e.Cards, e.UIDs
}

// event returns the Event s stores.
func (s *stored) event() Event {
	if s.rare != nil {
		return *s.rare
	}
	return Event{
		Seq: int(s.seq), Version: int(s.version), Round: int(s.round), Amount: int(s.amount), Count: int(s.count),
		To: int(s.to), Seat: int(s.seat), TargetSeat: int(s.targetSeat), SourceSeat: int(s.sourceSeat),
		KillerSeat: int(s.killerSeat), FromSeat: int(s.fromSeat), Coin: s.coin, secret: s.secret,
		Type: s.typ, Command: s.command, ActionID: s.actionID, Reason: s.reason, CardID: s.cardID, UID: s.uid,
		Kind: s.kind, Zone: s.zone, PlayedAs: s.playedAs, Card: s.card, Cards: s.cards, UIDs: s.uids,
	}
}

// audience returns the fields that decide who sees the event: To, Seat,
// FromSeat and whether its card details are secret.
func (s *stored) audience() (to, seat, from int, secret bool) {
	if r := s.rare; r != nil {
		return r.To, r.Seat, r.FromSeat, r.secret
	}
	return int(s.to), int(s.seat), int(s.fromSeat), s.secret
}
