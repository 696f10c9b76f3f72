package bangarena

import (
	"strconv"

	"github.com/umpire-arena/umpire/referee/internal/jsonw"
)

// The request around its events and legal actions, written without
// reflection: the same bytes encoding/json writes for these types (field
// order, omitempty, null for nil pointers and slices, its string escaping),
// checked against json.Marshal by TestAppendRequestMatchesMarshal,
// FuzzAppendRequest and the AppendJSON* tests over seeded matches.

// appendRequest appends r's encoding to b, its event list written by
// events (which appends the JSON array, or null) and its legalActions by
// appendLegal.
func (r *DecisionRequest) appendRequest(b []byte, events func([]byte) []byte) ([]byte, error) {
	return r.appendRequestItems(b, events, nil)
}

// appendRequestItems is appendRequest with the legalActions written from
// *items (appendItems) when items is not nil.
func (r *DecisionRequest) appendRequestItems(b []byte, events func([]byte) []byte, items *[]Item) ([]byte, error) {
	start := len(b)
	b = append(b, `{"matchId":`...)
	b = jsonw.AppendString(b, r.MatchID)
	b = strconv.AppendInt(append(b, `,"seatId":`...), int64(r.SeatID), 10)
	b = appendStringPtr(append(b, `,"decisionId":`...), r.DecisionID)
	b = strconv.AppendInt(append(b, `,"observationVersion":`...), int64(r.ObservationVersion), 10)
	b = jsonw.AppendString(append(b, `,"deadlineAt":`...), r.DeadlineAt)
	b = jsonw.AppendString(append(b, `,"rulesetVersion":`...), r.RulesetVersion)
	b = jsonw.AppendString(append(b, `,"mechanicsPackHash":`...), r.MechanicsPackHash)
	b = jsonw.AppendString(append(b, `,"protocolVersion":`...), r.ProtocolVersion)
	b = r.Observation.appendView(append(b, `,"observation":`...), events)
	b = append(b, `,"legalActions":`...)
	if items != nil {
		return append(appendItems(b, *items), '}'), nil
	}
	b, err := appendLegal(b, r.LegalActions)
	if err != nil {
		return b[:start], err
	}
	return append(b, '}'), nil
}

// appendView appends v's encoding, its events written by events.
func (v *PlayerView) appendView(b []byte, events func([]byte) []byte) []byte {
	b = strconv.AppendInt(append(b, `{"version":`...), int64(v.Version), 10)
	b = jsonw.AppendString(append(b, `,"phase":`...), v.Phase)
	b = strconv.AppendInt(append(b, `,"turnSeat":`...), int64(v.TurnSeat), 10)
	b = strconv.AppendInt(append(b, `,"you":`...), int64(v.You), 10)
	b = strconv.AppendInt(append(b, `,"round":`...), int64(v.Round), 10)
	b = strconv.AppendBool(append(b, `,"highNoon":`...), v.HighNoon)
	b = jsonw.AppendString(append(b, `,"roleMode":`...), v.RoleMode)
	b = append(b, `,"pendingReaction":`...)
	if p := v.PendingReaction; p == nil {
		b = append(b, "null"...)
	} else {
		b = jsonw.AppendString(append(b, `{"kind":`...), p.Kind)
		b = strconv.AppendInt(append(b, `,"sourceSeat":`...), int64(p.SourceSeat), 10)
		b = strconv.AppendInt(append(b, `,"targetSeat":`...), int64(p.TargetSeat), 10)
		b = jsonw.AppendString(append(b, `,"command":`...), p.Command)
		b = jsonw.AppendString(append(b, `,"cardId":`...), p.CardID)
		b = jsonw.AppendString(append(b, `,"cardUid":`...), p.CardUID)
		b = append(b, '}')
	}
	b = appendInts(append(b, `,"reactionQueue":`...), v.ReactionQueue)
	b = append(b, `,"pendingChoice":`...)
	if p := v.PendingChoice; p == nil {
		b = append(b, "null"...)
	} else {
		b = jsonw.AppendString(append(b, `{"choiceId":`...), p.ChoiceID)
		b = jsonw.AppendString(append(b, `,"kind":`...), p.Kind)
		b = strconv.AppendInt(append(b, `,"seat":`...), int64(p.Seat), 10)
		b = jsonw.AppendString(append(b, `,"command":`...), p.Command)
		if len(p.Cards) > 0 {
			b = appendCards(append(b, `,"cards":`...), p.Cards)
		}
		b = append(b, '}')
	}
	b = append(b, `,"players":`...)
	if v.Players == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range v.Players {
			if i > 0 {
				b = append(b, ',')
			}
			b = v.Players[i].appendInfo(b)
		}
		b = append(b, ']')
	}
	b = strconv.AppendInt(append(b, `,"deckCount":`...), int64(v.DeckCount), 10)
	b = strconv.AppendInt(append(b, `,"discardCount":`...), int64(v.DiscardCount), 10)
	if len(v.KnownRoles) > 0 {
		b = append(b, `,"knownRoles":[`...)
		for i, k := range v.KnownRoles {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(append(b, `{"seat":`...), int64(k.Seat), 10)
			b = jsonw.AppendString(append(b, `,"roleId":`...), k.RoleID)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = events(append(b, `,"events":`...))
	b = appendStringPtr(append(b, `,"winnerTeam":`...), v.WinnerTeam)
	b = appendInts(append(b, `,"winnerSeats":`...), v.WinnerSeats)
	return append(b, '}')
}

// appendInfo appends p's encoding.
func (p *PlayerInfo) appendInfo(b []byte) []byte {
	b = strconv.AppendInt(append(b, `{"seat":`...), int64(p.Seat), 10)
	b = strconv.AppendInt(append(b, `,"hp":`...), int64(p.Hp), 10)
	b = strconv.AppendInt(append(b, `,"maxHp":`...), int64(p.MaxHp), 10)
	b = strconv.AppendBool(append(b, `,"alive":`...), p.Alive)
	b = jsonw.AppendString(append(b, `,"characterId":`...), p.CharacterID)
	b = appendStringPtr(append(b, `,"roleId":`...), p.RoleID)
	if p.RoleHidden {
		b = append(b, `,"roleHidden":true`...)
	}
	b = append(b, `,"hand":`...)
	if p.Hand == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range p.Hand {
			if i > 0 {
				b = append(b, ',')
			}
			b = p.Hand[i].appendHandCard(b)
		}
		b = append(b, ']')
	}
	b = strconv.AppendInt(append(b, `,"handCount":`...), int64(p.HandCount), 10)
	b = appendCards(append(b, `,"inPlayCards":`...), p.InPlayCards)
	b = appendStringPtr(append(b, `,"weaponCardId":`...), p.WeaponCardID)
	g := &p.Glory
	b = strconv.AppendInt(append(b, `,"glory":{"stars":`...), int64(g.Stars), 10)
	b = strconv.AppendInt(append(b, `,"range":`...), int64(g.Range), 10)
	b = strconv.AppendInt(append(b, `,"heart":`...), int64(g.Heart), 10)
	b = strconv.AppendInt(append(b, `,"sight":`...), int64(g.Sight), 10)
	return append(b, "}}"...)
}

// appendHandCard appends h's encoding: its non-empty fields only.
func (h *HandCard) appendHandCard(b []byte) []byte {
	b = append(b, '{')
	first := true
	for _, f := range [...]struct{ key, v string }{{`"uid":`, h.UID}, {`"cardId":`, h.CardID}, {`"suit":`, h.Suit}, {`"rank":`, h.Rank}, {`"backId":`, h.BackID}} {
		if f.v == "" {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = jsonw.AppendString(append(b, f.key...), f.v)
	}
	return append(b, '}')
}

// appendCards appends a card list (null when nil).
func appendCards(b []byte, cards []Card) []byte {
	if cards == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range cards {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendCard(b, &cards[i])
	}
	return append(b, ']')
}

// appendInts appends an int list (null when nil).
func appendInts(b []byte, v []int) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, n := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return append(b, ']')
}

// appendStringPtr appends *s, null when s is nil.
func appendStringPtr(b []byte, s *string) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	return jsonw.AppendString(b, *s)
}
